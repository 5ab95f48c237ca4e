import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
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

describeMachinePaths(receiptMachine, { input, events: [...events, ...actorEvents] });
