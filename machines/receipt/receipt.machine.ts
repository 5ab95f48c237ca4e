/**
 * Loading a receipt (ADR 007): loading → shown | notFound | failed, and failed → loading on
 * retry. The public page /pos/receipts/:id and the sale screen's receipt after a sale both run it with the
 * sale's uuid; the load itself is the `loadReceipt` actor the client app provides (GET /api/pos/receipts/:uuid).
 *
 * Why notFound is its own state and has no retry: a link that names no receipt (mistyped, a draft, a trashed
 * sale) stays so, and a customer should read "this receipt does not exist", not be invited to try again; a
 * network failure or a busy server (failed) may pass, so that one offers a retry.
 */
import { assign, setup } from 'xstate';
import { requiredActor } from '../support/required-actor';
import type { ReceiptData } from '../../src/contracts/receipts';
import { isNotFound, receiptLoadError } from './receipt.rules';
import type { LoadReceiptInput, ReceiptContext, ReceiptEvent, ReceiptInput } from './receipt.types';

export const receiptMachine = setup({
  types: {
    context: {} as ReceiptContext,
    events: {} as ReceiptEvent,
    input: {} as ReceiptInput,
    tags: {} as 'busy',
  },
  actors: {
    loadReceipt: requiredActor<ReceiptData, LoadReceiptInput>('receipt', 'loadReceipt'),
  },
  guards: {
    isNotFound: ({ event }) => isNotFound((event as { error?: unknown }).error),
  },
  actions: {
    assignReceipt: assign({
      receipt: ({ event }) => (event as unknown as { output: ReceiptData }).output,
      error: null,
    }),
    assignError: assign({
      receipt: null,
      error: ({ event }) => receiptLoadError((event as { error?: unknown }).error),
    }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'receipt',
  initial: 'loading',
  context: ({ input }) => ({ uuid: input.uuid, receipt: null, error: null }),
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadReceipt',
        src: 'loadReceipt',
        input: ({ context }) => ({ uuid: context.uuid }),
        onDone: { target: 'shown', actions: 'assignReceipt' },
        onError: [
          { guard: 'isNotFound', target: 'notFound', actions: 'assignError' },
          { target: 'failed', actions: 'assignError' },
        ],
      },
    },
    shown: {},
    notFound: {},
    failed: {
      on: {
        'receipt.retry': { target: 'loading', actions: 'clearError' },
      },
    },
  },
});
