import { describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { createFakeFetch, hang } from '../../../../tests/support/client/fake-fetch';
import type { QueuedRequest } from './queue-db';
import {
  afterFailure,
  afterUnauthorized,
  authFingerprint,
  countsAsRetry,
  navigatorOnline,
  replayInit,
  replayRequest,
  retryDelayMs,
} from './replay';

function queued(overrides: Partial<QueuedRequest> = {}): QueuedRequest {
  return {
    id: 1,
    url: '/api/pos/sales',
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': 'sale-1', authorization: 'Bearer t1' },
    body: '{"uuid":"sale-1"}',
    timestamp: 0,
    retryCount: 0,
    maxRetries: 3,
    priority: 'high',
    priorityRank: 0,
    tags: ['order'],
    status: 'in-flight',
    nextAttemptAt: 0,
    claimId: 'c1',
    claimedAt: 0,
    ...overrides,
  };
}

describe('replayInit', () => {
  it('uses the original method, headers and body, same-origin credentials and cors mode', () => {
    expect(replayInit(queued())).toEqual({
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': 'sale-1',
        authorization: 'Bearer t1',
      },
      body: '{"uuid":"sale-1"}',
      credentials: 'same-origin',
      mode: 'cors',
    });
  });

  it('sends no body with a GET', () => {
    expect(replayInit(queued({ method: 'GET', body: 'x' }))).not.toHaveProperty('body');
  });

  it('puts the stored Idempotency-Key back whatever headers replace the stored ones', () => {
    const init = replayInit(queued(), { authorization: 'Bearer t2', 'Idempotency-Key': 'another' });
    expect(init.headers).toEqual({ authorization: 'Bearer t2', 'idempotency-key': 'sale-1' });
  });
});

describe('replayRequest', () => {
  it.each([200, 201, 202, 204])('any OK status (%i) is success', async (status) => {
    const fake = createFakeFetch(() => new Response(status === 204 ? null : '{}', { status }));
    expect(await replayRequest(queued(), { fetch: fake.fetch })).toEqual({ kind: 'sent', status });
  });

  it("reports a non-OK answer as 'HTTP {status}: {statusText}'", async () => {
    const fake = createFakeFetch(
      () => new Response('{}', { status: 500, statusText: 'Internal Server Error' }),
    );
    const outcome = await replayRequest(queued(), { fetch: fake.fetch });
    expect(outcome).toEqual({ kind: 'http-error', status: 500, error: 'HTTP 500: Internal Server Error' });
    expect(countsAsRetry(outcome)).toBe(true);
  });

  it("keeps the error envelope's code of a refused replay, and none for a body that is not one", async () => {
    const body = {
      success: false,
      data: null,
      code: ERROR_CODE.SALE_VOIDED,
      message: 'A voided sale cannot be changed.',
    };
    const refused = createFakeFetch(
      () => new Response(JSON.stringify(body), { status: 409, statusText: 'Conflict' }),
    );
    expect(await replayRequest(queued(), { fetch: refused.fetch })).toEqual({
      kind: 'http-error',
      status: 409,
      error: 'HTTP 409: Conflict',
      code: ERROR_CODE.SALE_VOIDED,
    });
    for (const text of ['<html>Bad gateway</html>', JSON.stringify({ code: 'from_a_newer_server' })]) {
      const other = createFakeFetch(() => new Response(text, { status: 502, statusText: 'Bad Gateway' }));
      expect(await replayRequest(queued(), { fetch: other.fetch })).toEqual({
        kind: 'http-error',
        status: 502,
        error: 'HTTP 502: Bad Gateway',
      });
    }
  });

  it('a 401 is unauthorized, which does not count as a retry (the session expired, not the request)', async () => {
    const fake = createFakeFetch(() => new Response('{}', { status: 401, statusText: 'Unauthorized' }));
    const outcome = await replayRequest(queued(), { fetch: fake.fetch });
    expect(outcome).toEqual({
      kind: 'unauthorized',
      status: 401,
      error: 'HTTP 401: Unauthorized',
      authorization: 'Bearer t1',
    });
    expect(countsAsRetry(outcome)).toBe(false);
  });

  it('a 401 names the token actually sent: the fresh one when the headers were swapped', async () => {
    const fake = createFakeFetch(() => new Response('{}', { status: 401, statusText: 'Unauthorized' }));
    const outcome = await replayRequest(queued(), {
      fetch: fake.fetch,
      headersFor: (r) => ({ ...r.headers, authorization: 'Bearer fresh' }),
    });
    expect(outcome).toMatchObject({ kind: 'unauthorized', authorization: 'Bearer fresh' });
  });

  it('sends the same Idempotency-Key, body and URL as were queued', async () => {
    const fake = createFakeFetch(() => new Response('{}'));
    await replayRequest(queued(), {
      fetch: fake.fetch,
      headersFor: (r) => ({ ...r.headers, authorization: 'Bearer fresh' }),
    });
    const [sent] = fake.requests;
    expect(sent?.url).toBe('/api/pos/sales');
    expect(sent?.headers.get('idempotency-key')).toBe('sale-1');
    expect(sent?.headers.get('authorization')).toBe('Bearer fresh');
    expect(sent?.body).toBe('{"uuid":"sale-1"}');
  });

  it('a server never reached is unreachable, which does not count as a retry', async () => {
    const fake = createFakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const outcome = await replayRequest(queued(), { fetch: fake.fetch });
    expect(outcome).toEqual({ kind: 'unreachable', error: 'Failed to fetch' });
    expect(countsAsRetry(outcome)).toBe(false);
  });

  it('no answer within the timeout is a timeout, which counts', async () => {
    const fake = createFakeFetch(hang);
    const outcome = await replayRequest(queued(), { fetch: fake.fetch, timeoutMs: 5 });
    expect(outcome).toEqual({ kind: 'timeout', error: 'The request took longer than 5 ms.' });
    expect(countsAsRetry(outcome)).toBe(true);
  });

  it('a sync stopped by its caller is aborted, which does not count', async () => {
    const controller = new AbortController();
    const fake = createFakeFetch((request) => {
      const answer = hang(request);
      controller.abort();
      return answer;
    });
    const outcome = await replayRequest(queued(), { fetch: fake.fetch, signal: controller.signal });
    expect(outcome.kind).toBe('aborted');
    expect(countsAsRetry(outcome)).toBe(false);
    expect(await replayRequest(queued(), { fetch: fake.fetch, signal: controller.signal })).toMatchObject({
      kind: 'aborted',
    });
  });
});

describe('retry schedule', () => {
  it('waits 5 s, 30 s, 2 min, the last repeated', () => {
    expect([1, 2, 3, 4, 9].map((n) => retryDelayMs(n))).toEqual([5_000, 30_000, 120_000, 120_000, 120_000]);
    expect(retryDelayMs(2, [1_000])).toBe(1_000);
  });

  it('with max retries 3: retries after 5 s, 30 s and 2 min, then the request is tagged failed', () => {
    let request = queued();
    const seen: Array<[string, number, number]> = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      request = afterFailure(request, 'HTTP 503: Service Unavailable', 1_000, [5_000, 30_000, 120_000]);
      seen.push([request.status, request.retryCount, request.nextAttemptAt - 1_000]);
    }
    expect(seen.slice(0, 3)).toEqual([
      ['pending', 1, 5_000],
      ['pending', 2, 30_000],
      ['pending', 3, 120_000],
    ]);
    expect(request).toMatchObject({ status: 'failed', retryCount: 3, tags: ['order', 'failed'] });
    expect(request.lastError).toBe('HTTP 503: Service Unavailable');
    expect(request).not.toHaveProperty('claimId');
  });

  it('more retries configured repeat the last interval', () => {
    let request = queued({ maxRetries: 5 });
    const delays: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      request = afterFailure(request, 'x', 0);
      delays.push(request.nextAttemptAt);
    }
    expect(delays).toEqual([5_000, 30_000, 120_000, 120_000, 120_000]);
    expect(afterFailure(request, 'x', 0).status).toBe('failed');
  });

  it('does not change the request it is given', () => {
    const request = queued();
    afterFailure(request, 'x', 0);
    expect(request).toEqual(queued());
  });
});

describe('held for a new sign-in', () => {
  it('keeps the retry count and the tags, remembers which token was refused, and is due no more', () => {
    const held = afterUnauthorized(queued({ retryCount: 2 }), 'HTTP 401: Unauthorized', 5_000, 'Bearer t1');
    expect(held).toMatchObject({
      status: 'held',
      retryCount: 2,
      tags: ['order'],
      lastError: 'HTTP 401: Unauthorized',
      lastAttemptAt: 5_000,
      heldAuth: authFingerprint('Bearer t1'),
    });
    expect(held).not.toHaveProperty('claimId');
    expect(held).not.toHaveProperty('claimedAt');
  });

  it('fingerprints a token without keeping it: equal tokens alike, others not', () => {
    expect(authFingerprint('Bearer t1')).toBe(authFingerprint('Bearer t1'));
    expect(authFingerprint('Bearer t1')).not.toBe(authFingerprint('Bearer t2'));
    expect(authFingerprint(undefined)).toBe(authFingerprint(''));
    expect(authFingerprint('Bearer secret-token')).not.toContain('secret');
  });
});

describe('navigatorOnline', () => {
  it('is true where there is no navigator and follows navigator.onLine where there is one', () => {
    const original = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    try {
      Object.defineProperty(globalThis, 'navigator', { value: undefined, configurable: true });
      expect(navigatorOnline()).toBe(true);
      Object.defineProperty(globalThis, 'navigator', { value: { onLine: false }, configurable: true });
      expect(navigatorOnline()).toBe(false);
    } finally {
      if (original) Object.defineProperty(globalThis, 'navigator', original);
      else Reflect.deleteProperty(globalThis, 'navigator');
    }
  });
});
