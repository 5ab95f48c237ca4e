/**
 * How a failed receipt load reads (pure: the machine's actions call these). The API client rejects with an
 * object carrying `status`, `kind` and `message` (src/client/lib/api/api-error.ts); anything else is
 * "something went wrong".
 */
import type { ReceiptLoadError } from './receipt.types';

export const RECEIPT_ERROR = {
  NOT_FOUND: 'receipt.errors.notFound',
  NETWORK: 'receipt.errors.network',
  THROTTLED: 'receipt.errors.throttled',
  FAILED: 'receipt.errors.failed',
} as const;

interface ErrorLike {
  status?: unknown;
  kind?: unknown;
  message?: unknown;
}

function statusOf(error: unknown): number {
  const status = (error as ErrorLike | null)?.status;
  return typeof status === 'number' && Number.isInteger(status) ? status : 0;
}

/** 404: the link names no receipt (unknown, mistyped, a draft or a trashed sale; ADR 007). Retrying is useless. */
export function isNotFound(error: unknown): boolean {
  return statusOf(error) === 404;
}

export function receiptLoadError(error: unknown): ReceiptLoadError {
  const status = statusOf(error);
  const raw = (error as ErrorLike | null)?.message;
  const message = typeof raw === 'string' && raw !== '' ? raw : 'The receipt could not be loaded.';
  const kind = (error as ErrorLike | null)?.kind;
  const code =
    status === 404
      ? RECEIPT_ERROR.NOT_FOUND
      : status === 429
        ? RECEIPT_ERROR.THROTTLED
        : status === 0 && (kind === 'network' || kind === 'timeout')
          ? RECEIPT_ERROR.NETWORK
          : RECEIPT_ERROR.FAILED;
  return { code, message, status };
}
