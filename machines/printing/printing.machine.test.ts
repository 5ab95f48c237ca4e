import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { printingMachine } from './printing.machine';
import { toPrintError } from './printing.rules';
import {
  selectCanPrintInBrowser,
  selectCanRetryPrint,
  selectIsPrinting,
  selectPrintError,
  selectPrintedBy,
  selectPrintingStatus,
} from './printing.selectors';
import type { ConnectInput, PrintConnection, PrintJob, WriteInput } from './printing.types';

const bytes = Uint8Array.from([0x1b, 0x40, 0x41]);
const receipt: PrintJob = { kind: 'receipt', transport: 'usb', bytes };

function start(outcomes: { connect?: Array<Error | null>; write?: Array<Error | null> } = {}) {
  const written: number[][] = [];
  const connects: ConnectInput[] = [];
  let browserPrints = 0;
  const connection: PrintConnection = { write: async () => {}, close: async () => {} };
  const actor = createActor(
    printingMachine.provide({
      actors: {
        connectPrinter: fromPromise<PrintConnection, ConnectInput>(async ({ input }) => {
          connects.push(input);
          const failure = outcomes.connect?.shift();
          if (failure) throw failure;
          return connection;
        }),
        writeJob: fromPromise<void, WriteInput>(async ({ input }) => {
          const failure = outcomes.write?.shift();
          if (failure) throw failure;
          written.push([...input.bytes]);
        }),
      },
      actions: { printInBrowser: () => void (browserPrints += 1) },
    }),
  ).start();
  return { actor, written, connects, browserPrints: () => browserPrints };
}

const coded = (code: string, message = code) => Object.assign(new Error(message), { code });
const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.hasTag('busy'));

describe('printing', () => {
  it('connects through the job’s transport and sends its bytes once', async () => {
    const { actor, written, connects } = start();
    actor.send({ type: 'print.start', job: receipt });
    expect(selectPrintingStatus(actor.getSnapshot())).toBe('connecting');
    expect(selectIsPrinting(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'print.start', job: receipt }); // a second tap while busy is ignored
    await settled(actor);
    expect(selectPrintingStatus(actor.getSnapshot())).toBe('done');
    expect(selectPrintedBy(actor.getSnapshot())).toBe('printer');
    expect(connects).toEqual([{ transport: 'usb' }]);
    expect(written).toEqual([[...bytes]]);
  });

  it('a failed write offers retry and browser printing; retry reconnects and sends again', async () => {
    const { actor, written, connects } = start({ write: [coded('writeFailed', 'USB transfer stall')] });
    actor.send({ type: 'print.start', job: receipt });
    await settled(actor);
    const failed = actor.getSnapshot();
    expect(selectPrintingStatus(failed)).toBe('failed');
    expect(selectPrintError(failed)).toEqual({ code: 'writeFailed', message: 'USB transfer stall' });
    expect(selectCanRetryPrint(failed)).toBe(true);
    expect(selectCanPrintInBrowser(failed)).toBe(true);
    actor.send({ type: 'print.retry' });
    await settled(actor);
    expect(selectPrintingStatus(actor.getSnapshot())).toBe('done');
    expect(connects).toHaveLength(2);
    expect(written).toEqual([[...bytes]]);
  });

  it('falls back to browser printing for a receipt only when the cashier asks', async () => {
    const { actor, browserPrints } = start({ connect: [coded('noDevice')] });
    actor.send({ type: 'print.start', job: receipt });
    await settled(actor);
    expect(browserPrints()).toBe(0);
    actor.send({ type: 'print.fallback' });
    expect(selectPrintingStatus(actor.getSnapshot())).toBe('done');
    expect(selectPrintedBy(actor.getSnapshot())).toBe('browser');
    expect(browserPrints()).toBe(1);
  });

  it('a drawer kick cannot fall back to paper, and without a printer it fails as notConfigured', async () => {
    const { actor, connects } = start({ connect: [coded('unsupported')] });
    actor.send({ type: 'print.start', job: { kind: 'drawer', transport: 'serial', bytes } });
    await settled(actor);
    expect(selectPrintError(actor.getSnapshot())?.code).toBe('unsupported');
    expect(selectCanPrintInBrowser(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'print.dismiss' });
    actor.send({
      type: 'print.start',
      job: { kind: 'drawer', transport: 'browser', bytes: new Uint8Array() },
    });
    expect(selectPrintError(actor.getSnapshot())?.code).toBe('notConfigured');
    expect(connects).toHaveLength(1);
  });

  it('with browser printing set, a receipt goes straight to window.print', () => {
    const { actor, browserPrints, connects } = start();
    actor.send({
      type: 'print.start',
      job: { kind: 'receipt', transport: 'browser', bytes: new Uint8Array() },
    });
    expect(selectPrintingStatus(actor.getSnapshot())).toBe('done');
    expect(browserPrints()).toBe(1);
    expect(connects).toEqual([]);
  });

  it('keeps a transport’s code, and calls anything else a failed write', () => {
    expect(toPrintError(coded('timeout', 'The bridge took longer than 10000 ms')).code).toBe('timeout');
    expect(toPrintError(new Error('boom'))).toEqual({ code: 'writeFailed', message: 'boom' });
    expect(toPrintError('odd').code).toBe('writeFailed');
  });
});
