import type { ReceiptData } from '../../src/contracts/receipts';

/**
 * Why a receipt did not load. `code` is the i18n key (common namespace, `receipt.errors` group), `message` the
 * English text the server or the client gave.
 */
export interface ReceiptLoadError {
  code: string;
  message: string;
  /** HTTP status; 0 when the server was never reached. */
  status: number;
}

export interface ReceiptContext {
  /** The sale's client uuid (the receipt link's id, ADR 007). */
  uuid: string;
  receipt: ReceiptData | null;
  error: ReceiptLoadError | null;
}

export interface ReceiptInput {
  uuid: string;
}

export type ReceiptEvent = { type: 'receipt.retry' };

export interface LoadReceiptInput {
  uuid: string;
}
