/**
 * The worker's own error answers (docs/platform.md#caches "Caching: 'Caching is not supported in this
 * browser', 'No cached response available', 'Network error' with status 503"), in the API's error envelope
 * `{ success: false, data: null, message }` (src/contracts/envelope.ts).
 */
export const NETWORK_ERROR = 'Network error';
export const NO_CACHED_RESPONSE = 'No cached response available';
export const CACHING_UNSUPPORTED = 'Caching is not supported in this browser';

/** Marks an answer the worker made itself (tests and DevTools tell it from the server's). */
export const OFFLINE_RESPONSE_HEADER = 'x-sw-offline';

export function offlineErrorResponse(message: string): Response {
  return new Response(JSON.stringify({ success: false, data: null, message }), {
    status: 503,
    statusText: 'Service Unavailable',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      [OFFLINE_RESPONSE_HEADER]: '1',
    },
  });
}
