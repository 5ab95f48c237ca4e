import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR, OFFLINE_RESPONSE_HEADER } from './offline-response';
import {
  authScopedCacheKey,
  errorResponse,
  precachedFallback,
  responseAgeMs,
  sessionCacheKey,
  staleIfError,
} from './plugins';

const URL_ = 'https://till.example/api/pos/employees?page=1';
const NOW = Date.parse('2025-03-01T12:00:00Z');

function cached(ageMs: number | null): Response {
  const headers: Record<string, string> = {};
  if (ageMs !== null) headers.date = new Date(NOW - ageMs).toUTCString();
  return new Response('[]', { headers });
}

describe('sessionCacheKey', () => {
  it('keeps the URL of a request without a session', async () => {
    expect(await sessionCacheKey(new Request(URL_))).toBe(URL_);
  });

  it('gives two sessions two keys for one URL, and one session one key', async () => {
    const ann = new Request(URL_, { headers: { authorization: 'Bearer ann-token' } });
    const bob = new Request(URL_, { headers: { authorization: 'Bearer bob-token' } });
    const [a1, a2, b] = await Promise.all([
      sessionCacheKey(ann),
      sessionCacheKey(ann.clone()),
      sessionCacheKey(bob),
    ]);
    expect(a1).toBe(a2);
    expect(a1).not.toBe(b);
    expect(new URL(a1).searchParams.get('page')).toBe('1');
    expect(a1).not.toContain('ann-token');
  });

  it('is what the plugin hands Workbox for reads and writes alike', async () => {
    const request = new Request(URL_, { headers: { authorization: 'Bearer x' } });
    const plugin = authScopedCacheKey();
    expect(await plugin.cacheKeyWillBeUsed({ request, mode: 'read' })).toBe(
      await plugin.cacheKeyWillBeUsed({ request, mode: 'write' }),
    );
  });
});

describe('staleIfError', () => {
  const plugin = staleIfError(5 * 60_000, () => NOW);

  it('uses a cached answer younger than five minutes when the network is slow', async () => {
    const response = cached(4 * 60_000);
    expect(await plugin.cachedResponseWillBeUsed({ cachedResponse: response, state: {} })).toBe(response);
  });

  it('refuses an older one when the network is only slow, so the page waits for the network', async () => {
    expect(
      await plugin.cachedResponseWillBeUsed({ cachedResponse: cached(6 * 60_000), state: {} }),
    ).toBeNull();
    expect(await plugin.cachedResponseWillBeUsed({ cachedResponse: cached(null), state: {} })).toBeNull();
  });

  it('uses an older one once the network failed for this request', async () => {
    const state = {};
    await plugin.fetchDidFail({ state });
    const response = cached(3 * 60 * 60_000);
    expect(await plugin.cachedResponseWillBeUsed({ cachedResponse: response, state })).toBe(response);
  });

  it('has nothing to give when nothing was cached', async () => {
    expect(await plugin.cachedResponseWillBeUsed({ state: { networkFailed: true } })).toBeNull();
  });
});

describe('responseAgeMs', () => {
  it('reads the Date header, and calls an answer without one infinitely old', () => {
    expect(responseAgeMs(cached(90_000), NOW)).toBe(90_000);
    expect(responseAgeMs(cached(null), NOW)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('errorResponse', () => {
  it('answers 503 in the API error envelope with the spec message', async () => {
    const response = await errorResponse(NETWORK_ERROR).handlerDidError({ request: new Request(URL_) });
    expect(response.status).toBe(503);
    expect(response.headers.get(OFFLINE_RESPONSE_HEADER)).toBe('1');
    expect(await response.json()).toEqual({
      success: false,
      data: null,
      code: 'network_unreachable',
      message: 'Network error',
    });
  });
});

describe('precachedFallback (the translations route)', () => {
  const LOCALE = 'https://till.example/locales/es/common.json?v=1a2b3c4d5e6f';

  it('answers the precached copy of the file when the network is gone and the day-old copy expired', async () => {
    const asked: string[] = [];
    const plugin = precachedFallback(async (path) => {
      asked.push(path);
      return path === '/locales/es/common.json' ? new Response('{"pwa":{}}') : undefined;
    });
    const answer = await plugin.handlerDidError({
      request: new Request(LOCALE),
      error: new TypeError('offline'),
    });
    expect(asked).toEqual(['/locales/es/common.json']);
    expect(await answer?.text()).toBe('{"pwa":{}}');
  });

  it('answers nothing when the file is not precached, so the strategy fails as before', async () => {
    const plugin = precachedFallback(async () => undefined);
    expect(
      await plugin.handlerDidError({ request: new Request(LOCALE), error: new TypeError('offline') }),
    ).toBeUndefined();
  });
});
