/**
 * Workbox plugins of the worker's strategies (sw.ts). Typed structurally (no WebWorker-only types), so tests
 * run them with plain Request and Response objects.
 *
 * - authScopedCacheKey: an API answer belongs to the session that asked for it. The cache key is the URL plus
 *   a hash of the Authorization header, so after a logout and another person's login (same URL, other
 *   tenant or role) the cache can never answer with the first person's data, offline or not. The key changes
 *   at each login; the sale screen's first online load after a login fills it again.
 * - staleIfError: the freshness rule of cache-config.ts. A cached answer older than `freshForMs` is not used
 *   when the network is merely slow (NetworkFirst's timeout), only when the network failed.
 * - errorResponse: what a strategy answers when it has nothing, instead of a network error
 *   (docs/platform.md#caches "network-first … else a 503 response"; docs/platform.md#caches "'No cached
 *   response available', 'Network error' with status 503"), in the API's error envelope
 *   (src/contracts/envelope.ts), so the page's API client reads it like any server error and the offline
 *   queue (offline-fetch.ts) treats it as "not reached".
 * - precachedFallback: the translations route's last resort. Translation files are cached a day at run time
 *   (docs/platform.md#caches) under their build's `?v=` URL; the build precaches them too (vite.config.ts),
 *   so a reload with the network gone after that day still has text: the precached copy of the same path (the
 *   same build's file).
 */
import { offlineErrorResponse } from './offline-response';
import type { OfflineError } from './offline-response';

type PluginState = Record<string, unknown>;

export interface CacheKeyPlugin {
  cacheKeyWillBeUsed(param: { request: Request; mode: string }): Promise<Request | string>;
}

const AUTH_PARAM = '__sw_session';

async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The cache key of a request: its URL, with a session hash when it carries an Authorization header. */
export async function sessionCacheKey(request: Request): Promise<string> {
  const authorization = request.headers.get('authorization');
  if (!authorization) return request.url;
  const url = new URL(request.url);
  url.searchParams.set(AUTH_PARAM, (await sha256Hex(authorization)).slice(0, 24));
  return url.href;
}

export function authScopedCacheKey(): CacheKeyPlugin {
  return { cacheKeyWillBeUsed: async ({ request }) => sessionCacheKey(request) };
}

/** How old a cached answer is, from its Date header (Node's HTTP server always sends one); unknown: Infinity. */
export function responseAgeMs(response: Response, now: number): number {
  const date = Date.parse(response.headers.get('date') ?? '');
  return Number.isFinite(date) ? Math.max(0, now - date) : Number.POSITIVE_INFINITY;
}

export interface StaleIfErrorPlugin {
  fetchDidFail(param: { state?: PluginState }): Promise<void>;
  cachedResponseWillBeUsed(param: {
    cachedResponse?: Response;
    state?: PluginState;
  }): Promise<Response | null>;
}

export function staleIfError(freshForMs: number, now: () => number = Date.now): StaleIfErrorPlugin {
  return {
    // Workbox gives each plugin one `state` per handled request: the failure seen here is this request's.
    fetchDidFail: async ({ state }) => {
      if (state) state.networkFailed = true;
    },
    cachedResponseWillBeUsed: async ({ cachedResponse, state }) => {
      if (!cachedResponse) return null;
      if (state?.networkFailed === true) return cachedResponse;
      return responseAgeMs(cachedResponse, now()) <= freshForMs ? cachedResponse : null;
    },
  };
}

export interface ErrorResponsePlugin {
  handlerDidError(param: { request: Request; error?: unknown }): Promise<Response>;
}

export function errorResponse(error: OfflineError): ErrorResponsePlugin {
  return { handlerDidError: async () => offlineErrorResponse(error) };
}

export interface PrecachedFallbackPlugin {
  handlerDidError(param: { request: Request; error?: unknown }): Promise<Response | undefined>;
}

/** `matchPrecache` (workbox-precaching) by path: the query of the runtime URL (`?v=`) is not the precache's. */
export function precachedFallback(
  matchPrecache: (path: string) => Promise<Response | undefined>,
): PrecachedFallbackPlugin {
  return {
    handlerDidError: async ({ request }) => {
      try {
        return await matchPrecache(new URL(request.url).pathname);
      } catch {
        return undefined;
      }
    },
  };
}
