/**
 * The public receipt call (GET /api/pos/receipts/:uuid; src/contracts/receipts.ts; ADR 007). The receipt
 * machine (machines/receipt) gets it as its loadReceipt actor through src/client/app/receipt-actors.ts.
 *
 * Anonymous: the receipt page is public (docs/sales.md#receipts) and is opened by customers without a
 * session; a till that happens to hold a token sends none either, so an expired token can never turn a
 * receipt into a logout. No notice: the receipt screen shows its own loading, not-found and retry states. The
 * answer is checked against the contract, so a receipt that does not parse fails loudly instead of printing
 * wrong figures.
 */
import { receiptSchema } from '../../../contracts/receipts';
import type { ReceiptData } from '../../../contracts/receipts';
import { api } from './api';
import type { ApiClient } from './client';

interface CallOptions {
  signal?: AbortSignal;
  client?: ApiClient;
}

export function receiptUrl(uuid: string): string {
  return `/pos/receipts/${encodeURIComponent(uuid)}`;
}

export function getReceipt(uuid: string, { signal, client = api }: CallOptions = {}): Promise<ReceiptData> {
  return client.get<ReceiptData>(receiptUrl(uuid), {
    anonymous: true,
    skipNotice: true,
    schema: receiptSchema,
    signal,
  });
}
