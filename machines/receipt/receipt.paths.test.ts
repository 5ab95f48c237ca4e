import { describe, expect, it } from 'vitest';
import {
  doneEvent,
  errorEvent,
  exploreMachine,
  printCoverage,
  replayPath,
} from '../../tests/support/machine-coverage';
import { DEMO_RECEIPT, RECEIPT_UUID } from '../../tests/support/machines/receipt';
import { receiptMachine } from './receipt.machine';
import type { ReceiptEvent, ReceiptInput } from './receipt.types';

const input: ReceiptInput = { uuid: RECEIPT_UUID };
const events = [{ type: 'receipt.retry' }] satisfies ReceiptEvent[];
const actorEvents = [
  doneEvent('loadReceipt', DEMO_RECEIPT),
  errorEvent('loadReceipt', { status: 404, kind: 'http', message: 'Receipt not found.' }),
  errorEvent('loadReceipt', { status: 0, kind: 'network', message: 'Unable to connect to server.' }),
];
const { paths, coverage } = exploreMachine(receiptMachine, { input, events: [...events, ...actorEvents] });

describe('receipt paths', () => {
  it('reach every state and take every transition', () => {
    printCoverage(receiptMachine, coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it.each(paths.map((path) => [path.description, path] as const))('replays %s', async (_, path) => {
    await replayPath(receiptMachine, path, { input });
  });
});
