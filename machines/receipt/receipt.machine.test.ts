import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ReceiptData } from '../../src/contracts/receipts';
import { DEMO_RECEIPT, RECEIPT_UUID } from '../../tests/support/machines/receipt';
import { receiptMachine } from './receipt.machine';
import { RECEIPT_ERROR, receiptLoadError } from './receipt.rules';
import {
  selectCanRetry,
  selectIsLoading,
  selectReceipt,
  selectReceiptError,
  selectReceiptStatus,
} from './receipt.selectors';

function start(load: (uuid: string) => Promise<ReceiptData>) {
  const asked: string[] = [];
  const actor = createActor(
    receiptMachine.provide({
      actors: {
        loadReceipt: fromPromise(({ input }: { input: { uuid: string } }) => {
          asked.push(input.uuid);
          return load(input.uuid);
        }),
      },
    }),
    { input: { uuid: RECEIPT_UUID } },
  ).start();
  return { actor, asked };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.hasTag('busy'));

describe('receipt', () => {
  it('loads the receipt of its uuid and shows it', async () => {
    const { actor, asked } = start(async () => DEMO_RECEIPT);
    expect(selectReceiptStatus(actor.getSnapshot())).toBe('loading');
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    await settled(actor);
    const snapshot = actor.getSnapshot();
    expect(asked).toEqual([RECEIPT_UUID]);
    expect(selectReceiptStatus(snapshot)).toBe('shown');
    expect(selectReceipt(snapshot)).toEqual(DEMO_RECEIPT);
    expect(selectReceiptError(snapshot)).toBeNull();
    expect(selectCanRetry(snapshot)).toBe(false);
  });

  it('says "not found" for a 404 and offers no retry: the link names no receipt', async () => {
    const { actor } = start(async () => {
      throw { status: 404, kind: 'http', message: 'Receipt not found.' };
    });
    await settled(actor);
    const snapshot = actor.getSnapshot();
    expect(selectReceiptStatus(snapshot)).toBe('notFound');
    expect(selectReceiptError(snapshot)).toEqual({
      code: RECEIPT_ERROR.NOT_FOUND,
      message: 'Receipt not found.',
      status: 404,
    });
    expect(selectCanRetry(snapshot)).toBe(false);
  });

  it('after a network failure offers a retry, which loads again and shows the receipt', async () => {
    let calls = 0;
    const { actor, asked } = start(async () => {
      calls += 1;
      if (calls === 1) throw { status: 0, kind: 'network', message: 'Unable to connect to server.' };
      return DEMO_RECEIPT;
    });
    await settled(actor);
    expect(selectReceiptStatus(actor.getSnapshot())).toBe('failed');
    expect(selectReceiptError(actor.getSnapshot())?.code).toBe(RECEIPT_ERROR.NETWORK);
    expect(selectCanRetry(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'receipt.retry' });
    expect(selectReceiptStatus(actor.getSnapshot())).toBe('loading');
    expect(selectReceiptError(actor.getSnapshot())).toBeNull();
    await settled(actor);
    expect(selectReceiptStatus(actor.getSnapshot())).toBe('shown');
    expect(asked).toEqual([RECEIPT_UUID, RECEIPT_UUID]);
  });

  it('ignores a retry while loading or once shown', async () => {
    const { actor, asked } = start(async () => DEMO_RECEIPT);
    actor.send({ type: 'receipt.retry' });
    await settled(actor);
    actor.send({ type: 'receipt.retry' });
    expect(selectReceiptStatus(actor.getSnapshot())).toBe('shown');
    expect(asked).toHaveLength(1);
  });
});

describe('receiptLoadError', () => {
  it('names throttling, timeouts and anything unexpected with their own codes', () => {
    expect(receiptLoadError({ status: 429, kind: 'http', message: 'Rate limit exceeded' }).code).toBe(
      RECEIPT_ERROR.THROTTLED,
    );
    expect(receiptLoadError({ status: 0, kind: 'timeout', message: 'slow' }).code).toBe(
      RECEIPT_ERROR.NETWORK,
    );
    expect(receiptLoadError({ status: 500, kind: 'http', message: 'boom' }).code).toBe(RECEIPT_ERROR.FAILED);
    expect(receiptLoadError(new Error(''))).toEqual({
      code: RECEIPT_ERROR.FAILED,
      message: 'The receipt could not be loaded.',
      status: 0,
    });
    expect(receiptLoadError(null).code).toBe(RECEIPT_ERROR.FAILED);
  });
});
