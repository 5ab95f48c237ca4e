/**
 * The receipt chart with its real load (docs/architecture.md: app/ is the one place that gives machines their
 * side effects): GET /api/pos/receipts/:uuid through lib/api/receipts-api.ts. The public receipt screen and
 * the sale screen's SaleReceipt both run this one.
 */
import { fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import { receiptMachine } from '../../../machines/receipt/receipt.machine';
import type { LoadReceiptInput } from '../../../machines/receipt/receipt.types';
import type { ReceiptData } from '../../contracts/receipts';
import { getReceipt } from '../lib/api/receipts-api';

export const appReceiptMachine = receiptMachine.provide({
  actors: {
    loadReceipt: fromPromise<ReceiptData, LoadReceiptInput>(({ input, signal }) =>
      getReceipt(input.uuid, { signal }),
    ),
  },
});

export type ReceiptLogic = typeof appReceiptMachine;
export type ReceiptActorRef = ActorRefFrom<typeof appReceiptMachine>;
