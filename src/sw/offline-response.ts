/**
 * The worker's own error answers (docs/platform.md#caches "Caching: … 'No cached response available',
 * 'Network error' with status 503"; the page says 'Caching is not supported in this browser' itself), in the API's error envelope
 * `{ success: false, data: null, code, message }` (src/contracts/envelope.ts): the code lets the page say it in
 * the user's language (docs/errors.md).
 */
import { ERROR_CODE } from '../contracts/error-codes';
import type { ErrorCode } from '../contracts/error-codes';

export interface OfflineError {
  code: ErrorCode;
  message: string;
}

export const NETWORK_ERROR: OfflineError = { code: ERROR_CODE.NETWORK_UNREACHABLE, message: 'Network error' };
export const NO_CACHED_RESPONSE: OfflineError = {
  code: ERROR_CODE.NO_CACHED_RESPONSE,
  message: 'No cached response available',
};

/** Marks an answer the worker made itself (tests and DevTools tell it from the server's). */
export const OFFLINE_RESPONSE_HEADER = 'x-sw-offline';

export function offlineErrorResponse({ code, message }: OfflineError): Response {
  return new Response(JSON.stringify({ success: false, data: null, code, message }), {
    status: 503,
    statusText: 'Service Unavailable',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      [OFFLINE_RESPONSE_HEADER]: '1',
    },
  });
}
