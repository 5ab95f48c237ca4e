/**
 * Path tests of the printing chart (ADR 003, ADR 018): every state reached and every transition taken, from a
 * receipt or a drawer kick on a USB printer and on browser printing, through connect and write failures.
 */
import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { printingMachine } from './printing.machine';
import type { PrintingContext, PrintingEvent, PrintJob } from './printing.types';

const machine = printingMachine.provide({ actions: { printInBrowser: () => {} } });

const bytes = Uint8Array.from([0x1b, 0x40]);
const receiptOnUsb: PrintJob = { kind: 'receipt', transport: 'usb', bytes };
const drawerOnUsb: PrintJob = { kind: 'drawer', transport: 'usb', bytes };
const receiptInBrowser: PrintJob = { kind: 'receipt', transport: 'browser', bytes: new Uint8Array() };
const drawerWithoutPrinter: PrintJob = { kind: 'drawer', transport: 'browser', bytes: new Uint8Array() };
const connection = { write: async () => {}, close: async () => {} };

const events: PrintingEvent[] = [
  { type: 'print.start', job: receiptOnUsb },
  { type: 'print.start', job: drawerOnUsb },
  { type: 'print.start', job: receiptInBrowser },
  { type: 'print.start', job: drawerWithoutPrinter },
  { type: 'print.retry' },
  { type: 'print.fallback' },
  { type: 'print.dismiss' },
];

const actorEvents = [
  doneEvent('connectPrinter', connection),
  errorEvent('connectPrinter', { code: 'noDevice', message: 'No device selected.' }),
  doneEvent('writeJob'),
  errorEvent('writeJob', { code: 'writeFailed', message: 'USB transfer stall' }),
];

describeMachinePaths(machine, {
  events: [...events, ...actorEvents],
  // What the chart decides on besides its state: the job (its kind decides the fallback) and the error's code.
  facts: ({ context }: { context: PrintingContext }) => [
    context.job?.kind ?? null,
    context.job?.transport ?? null,
    context.error?.code ?? null,
    context.printedBy,
  ],
});
