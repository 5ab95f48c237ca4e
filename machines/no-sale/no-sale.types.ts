/** The "no sale" chart's data (docs/printing.md "The cash drawer"). */

/** `code` is the i18n key under `common.noSale.errors` (or the server's error code), `message` the English. */
export interface NoSaleError {
  code: string;
  message: string;
}

export interface NoSaleContext {
  /** The till's id of this open (crypto.randomUUID): the same on every retry, so the server records it once. */
  uuid: string;
  reason: string;
  /** The manager's approval while it is used; dropped once the open is recorded. */
  approval: string | null;
  error: NoSaleError | null;
}

export interface NoSaleInput {
  uuid: string;
}

export type NoSaleEvent =
  | { type: 'noSale.submit'; reason: string; pin: string }
  | { type: 'noSale.retry' }
  | { type: 'noSale.cancel' };

export interface CheckPinInput {
  code: string;
}
export interface CheckPinOutput {
  approval: string;
}
export interface RecordNoSaleInput {
  uuid: string;
  reason: string;
  approval: string;
}
