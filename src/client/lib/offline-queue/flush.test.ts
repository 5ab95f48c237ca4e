import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { OFFLINE_QUEUE } from '../../../domain/constants';
import { createFakeFetch, json } from '../../../../tests/support/client/fake-fetch';
import type { RecordedRequest } from '../../../../tests/support/client/fake-fetch';
import { drainQueue, flushQueue } from './flush';
import { CLAIM_LEASE_MS, createRequestQueue } from './request-queue';
import type { NewRequest, RequestQueue, RequestQueueOptions } from './request-queue';

let clock = 1_700_000_000_000;
let queues: RequestQueue[] = [];

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  clock = 1_700_000_000_000;
});

afterEach(async () => {
  await Promise.all(queues.map((q) => q.close()));
  queues = [];
});

function makeQueue(options: RequestQueueOptions = {}): RequestQueue {
  let claims = 0;
  const queue = createRequestQueue({
    now: () => clock,
    locks: null,
    newKey: () => `claim-${++claims}`,
    ...options,
  });
  queues.push(queue);
  return queue;
}

const write = (url: string, key: string): NewRequest => ({
  url,
  method: 'POST',
  headers: { 'content-type': 'application/json', 'idempotency-key': key },
  body: JSON.stringify({ key }),
});
const sale = (n: number): NewRequest => write('/api/pos/sales', `sale-${n}`);

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A server that keeps idempotency keys as ours does (src/server/idempotency.ts): the first request with a
 * key does the work, a repeat gets the stored answer.
 */
function fakeServer(
  behave: (request: RecordedRequest) => Response | 'lose-response' | undefined = () => undefined,
  delayMs = 0,
) {
  const effects: string[] = [];
  const answers = new Map<string, number>();
  const fake = createFakeFetch(async (request) => {
    if (delayMs) await tick(delayMs);
    const forced = behave(request);
    if (forced instanceof Response) return forced;
    const key = request.headers.get('idempotency-key') ?? '';
    if (!answers.has(key)) {
      effects.push(key);
      answers.set(key, effects.length);
    }
    if (forced === 'lose-response') throw new TypeError('Failed to fetch');
    return json({ success: true, data: { id: answers.get(key) }, message: 'OK' }, 201);
  });
  const sentKeys = () => fake.requests.map((r) => r.headers.get('idempotency-key'));
  return { fetch: fake.fetch, requests: fake.requests, effects, sentKeys };
}

const online = () => true;

describe('flushQueue', () => {
  it("refuses to run offline with 'Cannot sync while offline'", async () => {
    const queue = makeQueue();
    await queue.enqueue(sale(1));
    const server = fakeServer();
    await expect(flushQueue(queue, { fetch: server.fetch, isOnline: () => false })).rejects.toThrow(
      'Cannot sync while offline',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('sends one batch of up to N, high, normal, low, oldest first, and reports what is left', async () => {
    const queue = makeQueue();
    await queue.enqueue({ url: '/api/report/daily', method: 'GET' });
    clock += 1;
    await queue.enqueue(write('/api/pos/customers', 'customer-1'));
    clock += 1;
    await queue.enqueue(sale(2));
    clock += 1;
    await queue.enqueue(write('/api/payments/sale', 'payment-1'));
    await queue.enqueue(sale(1));
    const server = fakeServer();
    const result = await flushQueue(queue, { fetch: server.fetch, isOnline: online, batchSize: 4 });
    expect(result).toEqual({
      sent: 4,
      failed: 0,
      held: 0,
      remaining: 1,
      nextAttemptAt: clock - 3,
      reachable: true,
    });
    expect(
      server.requests.map((r) => `${r.method} ${r.url} ${r.headers.get('idempotency-key') ?? ''}`),
    ).toEqual([
      'POST /api/pos/sales sale-2',
      'POST /api/payments/sale payment-1',
      'POST /api/pos/sales sale-1',
      'POST /api/pos/customers customer-1',
    ]);
    const last = await flushQueue(queue, { fetch: server.fetch, isOnline: online });
    expect(last).toEqual({ sent: 1, failed: 0, held: 0, remaining: 0, nextAttemptAt: null, reachable: true });
    expect(server.requests[4]).toMatchObject({ method: 'GET', url: '/api/report/daily', body: undefined });
  });

  it('defaults to batches of 10 (000 §9)', async () => {
    const queue = makeQueue();
    for (let n = 1; n <= 12; n += 1) await queue.enqueue(sale(n));
    const server = fakeServer();
    const result = await flushQueue(queue, { fetch: server.fetch, isOnline: online });
    expect(result.sent).toBe(OFFLINE_QUEUE.BATCH_SIZE);
    expect(result.remaining).toBe(2);
  });

  it('retries a failing request after 5 s, 30 s and 2 min, then tags it failed and stops sending it', async () => {
    const queue = makeQueue();
    const start = clock;
    await queue.enqueue(sale(1));
    const attempts: number[] = [];
    const server = fakeServer(() => {
      attempts.push(clock - start);
      return new Response('{}', { status: 503, statusText: 'Service Unavailable' });
    });
    const flush = () => flushQueue(queue, { fetch: server.fetch, isOnline: online });

    expect(await flush()).toMatchObject({ sent: 0, failed: 1, remaining: 1, nextAttemptAt: start + 5_000 });
    for (const at of [4_999, 5_000, 34_999, 35_000, 154_999, 155_000, 10_000_000]) {
      clock = start + at;
      await flush();
    }
    expect(attempts).toEqual([0, 5_000, 35_000, 155_000]);
    const [failed] = await queue.list();
    expect(failed).toMatchObject({
      status: 'failed',
      retryCount: 3,
      tags: ['order', 'failed'],
      lastError: 'HTTP 503: Service Unavailable',
    });
    expect(await queue.stats()).toMatchObject({ pendingRequests: 0, failedRequests: 1 });
  });

  it('stores the code of the last refusal beside its text, and forgets it when a later refusal has none', async () => {
    const queue = makeQueue();
    await queue.enqueue(sale(1));
    let answer = () =>
      new Response(
        JSON.stringify({ success: false, data: null, code: ERROR_CODE.SALE_NOT_PAID, message: 'x' }),
        {
          status: 422,
          statusText: 'Unprocessable Entity',
        },
      );
    const server = fakeServer(() => answer());
    await flushQueue(queue, { fetch: server.fetch, isOnline: online });
    expect((await queue.list())[0]).toMatchObject({
      lastError: 'HTTP 422: Unprocessable Entity',
      lastErrorCode: ERROR_CODE.SALE_NOT_PAID,
    });
    answer = () => new Response(null, { status: 500, statusText: 'Internal Server Error' });
    clock += 10_000_000;
    await flushQueue(queue, { fetch: server.fetch, isOnline: online });
    const [after] = await queue.list();
    expect(after?.lastError).toBe('HTTP 500: Internal Server Error');
    expect(after).not.toHaveProperty('lastErrorCode');
  });

  it('uses the retry intervals it is given (the sync configuration)', async () => {
    const queue = makeQueue();
    await queue.enqueue(sale(1));
    const server = fakeServer(() => new Response(null, { status: 500, statusText: 'Internal Server Error' }));
    const result = await flushQueue(queue, {
      fetch: server.fetch,
      isOnline: online,
      retryIntervals: [1_000],
    });
    expect(result.nextAttemptAt).toBe(clock + 1_000);
  });

  it('stops the batch when the server cannot be reached and counts no retry', async () => {
    const queue = makeQueue();
    for (let n = 1; n <= 3; n += 1) await queue.enqueue(sale(n));
    const fake = createFakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const result = await flushQueue(queue, { fetch: fake.fetch, isOnline: online });
    expect(result).toEqual({
      sent: 0,
      failed: 1,
      held: 0,
      remaining: 3,
      nextAttemptAt: clock,
      reachable: false,
    });
    expect(fake.requests).toHaveLength(1);
    const list = await queue.list();
    expect(list.map((r) => [r.status, r.retryCount])).toEqual([
      ['pending', 0],
      ['pending', 0],
      ['pending', 0],
    ]);
    expect(list[0]?.lastError).toBe('Failed to fetch');
  });

  it('a stopped sync puts its unsent requests back untouched', async () => {
    const queue = makeQueue();
    for (let n = 1; n <= 3; n += 1) await queue.enqueue(sale(n));
    const controller = new AbortController();
    const server = fakeServer(() => {
      controller.abort();
      return undefined;
    });
    const result = await flushQueue(queue, {
      fetch: server.fetch,
      isOnline: online,
      signal: controller.signal,
    });
    expect(result.sent).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect((await queue.list()).map((r) => [r.status, r.retryCount])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
  });

  it('a failed payment request survives the max-age purge, and retried it is sent with its own key', async () => {
    const queue = makeQueue();
    await queue.enqueue(write('/api/payments/sale', 'payment-1'));
    const down = fakeServer(() => new Response(null, { status: 500, statusText: 'Internal Server Error' }));
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await flushQueue(queue, { fetch: down.fetch, isOnline: online });
      clock += 10 * 60_000;
    }
    expect((await queue.list())[0]?.status).toBe('failed');
    clock += OFFLINE_QUEUE.MAX_AGE_MS * 5;
    expect(await queue.purgeExpired()).toBe(0);
    const [failed] = await queue.list({ status: 'failed' });
    await queue.retry(failed?.id ?? -1);
    const up = fakeServer();
    expect(await flushQueue(queue, { fetch: up.fetch, isOnline: online })).toMatchObject({
      sent: 1,
      remaining: 0,
    });
    expect(up.sentKeys()).toEqual(['payment-1']);
    expect(down.sentKeys()).toEqual(['payment-1', 'payment-1', 'payment-1', 'payment-1']);
  });

  it('replays with the original Authorization unless headersFor says otherwise, and the key stays', async () => {
    const queue = makeQueue();
    await queue.enqueue({ ...sale(1), headers: { ...sale(1).headers, authorization: 'Bearer old' } });
    await queue.enqueue({ ...sale(2), headers: { ...sale(2).headers, authorization: 'Bearer old' } });
    const server = fakeServer();
    await flushQueue(queue, { fetch: server.fetch, isOnline: online, batchSize: 1 });
    await flushQueue(queue, {
      fetch: server.fetch,
      isOnline: online,
      headersFor: (r) => ({ ...r.headers, authorization: 'Bearer new', 'idempotency-key': 'forged' }),
    });
    expect(
      server.requests.map((r) => [r.headers.get('authorization'), r.headers.get('idempotency-key')]),
    ).toEqual([
      ['Bearer old', 'sale-1'],
      ['Bearer new', 'sale-2'],
    ]);
  });

  it('sends in parallel when asked', async () => {
    const queue = makeQueue();
    for (let n = 1; n <= 6; n += 1) await queue.enqueue(sale(n));
    let running = 0;
    let most = 0;
    const server = fakeServer(undefined, 5);
    const counting: typeof globalThis.fetch = async (input, init) => {
      running += 1;
      most = Math.max(most, running);
      try {
        return await server.fetch(input, init);
      } finally {
        running -= 1;
      }
    };
    expect((await flushQueue(queue, { fetch: counting, isOnline: online, concurrency: 3 })).sent).toBe(6);
    expect(most).toBe(3);
  });
});

describe('a session that expired while the sales waited (401)', () => {
  const as = (token: string, n: number, userId = 7): NewRequest => ({
    ...sale(n),
    headers: { ...sale(n).headers, authorization: `Bearer ${token}` },
    context: { userId },
  });
  const refusing = (expired: string) =>
    fakeServer((r) =>
      r.headers.get('authorization') === `Bearer ${expired}`
        ? new Response('{}', { status: 401, statusText: 'Unauthorized' })
        : undefined,
    );

  it('a 401 counts no retry and never tags failed: the sale is held, not re-sent with the refused token', async () => {
    const queue = makeQueue();
    await queue.enqueue(as('expired', 1));
    const server = refusing('expired');
    const first = await flushQueue(queue, { fetch: server.fetch, isOnline: online });
    expect(first).toMatchObject({ sent: 0, failed: 0, held: 1, remaining: 0, reachable: true });
    // A night of timers: nothing is sent again with the token the server refused, and nothing fails.
    for (let hour = 1; hour <= 12; hour += 1) {
      clock += 60 * 60_000;
      await flushQueue(queue, { fetch: server.fetch, isOnline: online });
    }
    expect(server.requests).toHaveLength(1);
    const [held] = await queue.list();
    expect(held).toMatchObject({
      status: 'held',
      retryCount: 0,
      tags: ['order'],
      lastError: 'HTTP 401: Unauthorized',
    });
    expect(await queue.stats()).toMatchObject({
      pendingRequests: 1,
      heldRequests: 1,
      failedRequests: 0,
      nextAttemptAt: null,
    });
  });

  it("the worker's drain holds every request of the refused token after ONE 401 instead of burning the batch", async () => {
    const queue = makeQueue();
    for (let n = 1; n <= 12; n += 1) await queue.enqueue(as('expired', n));
    await queue.enqueue(as('valid', 99, 8));
    const server = refusing('expired');
    const result = await drainQueue(queue, { fetch: server.fetch, isOnline: online });
    expect(result).toMatchObject({ sent: 1, failed: 0, held: 12, remaining: 0 });
    expect(server.requests.map((r) => r.headers.get('authorization'))).toEqual([
      'Bearer expired',
      'Bearer valid',
    ]);
    expect((await queue.list({ status: 'held' })).map((r) => r.retryCount)).toEqual(Array(12).fill(0));
  });

  it('the page sends them once a fresh token of the same user swaps the refused one (replayHeaders)', async () => {
    const queue = makeQueue();
    for (let n = 1; n <= 3; n += 1) await queue.enqueue(as('expired', n));
    const server = refusing('expired');
    await drainQueue(queue, { fetch: server.fetch, isOnline: online });
    expect(server.requests).toHaveLength(1);

    // Still signed out (the page has the refused token, or none for this user): they stay held, nothing sent.
    const same = (r: { headers: Record<string, string> }) => r.headers;
    expect(
      await flushQueue(queue, { fetch: server.fetch, isOnline: online, headersFor: same }),
    ).toMatchObject({ sent: 0, held: 0, remaining: 0 });
    expect(server.requests).toHaveLength(1);

    const fresh = (r: { headers: Record<string, string> }) => ({ ...r.headers, authorization: 'Bearer new' });
    const after = await flushQueue(queue, { fetch: server.fetch, isOnline: online, headersFor: fresh });
    expect(after).toMatchObject({ sent: 3, failed: 0, held: 0, remaining: 0 });
    expect(server.sentKeys()).toEqual(['sale-1', 'sale-1', 'sale-2', 'sale-3']);
    expect(server.effects).toEqual(['sale-1', 'sale-2', 'sale-3']);
    expect(await queue.stats()).toMatchObject({ totalRequests: 0, heldRequests: 0 });
  });

  it('a fresh token refused too holds them again, still with no retry counted', async () => {
    const queue = makeQueue();
    await queue.enqueue(as('expired', 1));
    const server = fakeServer(() => new Response('{}', { status: 401, statusText: 'Unauthorized' }));
    await flushQueue(queue, { fetch: server.fetch, isOnline: online });
    const fresh = (r: { headers: Record<string, string> }) => ({ ...r.headers, authorization: 'Bearer new' });
    expect(
      await flushQueue(queue, { fetch: server.fetch, isOnline: online, headersFor: fresh }),
    ).toMatchObject({ held: 1, failed: 0 });
    expect(
      await flushQueue(queue, { fetch: server.fetch, isOnline: online, headersFor: fresh }),
    ).toMatchObject({ held: 0, failed: 0 });
    expect(server.requests).toHaveLength(2);
    expect(await queue.list()).toMatchObject([{ status: 'held', retryCount: 0 }]);
  });
});

describe('exactly once', () => {
  it('concurrent flushes in one context never send a request twice', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 25 }),
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 0, max: 3 }),
        async (count, flushes, batchSize, delayMs) => {
          globalThis.indexedDB = new IDBFactory();
          const queue = makeQueue();
          for (let n = 1; n <= count; n += 1) await queue.enqueue(sale(n));
          const server = fakeServer(undefined, delayMs);
          while ((await queue.stats()).pendingRequests > 0) {
            await Promise.all(
              Array.from({ length: flushes }, () =>
                flushQueue(queue, { fetch: server.fetch, isOnline: online, batchSize }),
              ),
            );
          }
          const sent = server.sentKeys();
          expect(sent).toHaveLength(count);
          expect(new Set(sent).size).toBe(count);
          await queue.close();
        },
      ),
      { numRuns: 20 },
    );
  }, 60_000);

  it('flushes from two contexts (two tabs, a tab and the worker) never send a request twice', async () => {
    const tab = makeQueue();
    const worker = makeQueue();
    for (let n = 1; n <= 30; n += 1) await tab.enqueue(sale(n));
    const server = fakeServer(undefined, 1);
    await Promise.all([
      drainQueue(tab, { fetch: server.fetch, isOnline: online, batchSize: 3 }),
      drainQueue(worker, { fetch: server.fetch, isOnline: online, batchSize: 4 }),
      drainQueue(tab, { fetch: server.fetch, isOnline: online, batchSize: 5 }),
    ]);
    expect(server.sentKeys()).toHaveLength(30);
    expect(new Set(server.sentKeys()).size).toBe(30);
  });

  it('a response lost after the server did the work: the replay gets the first answer, one sale', async () => {
    const queue = makeQueue();
    await queue.enqueue(sale(1));
    let lose = true;
    const server = fakeServer(() => (lose ? 'lose-response' : undefined));
    expect(await flushQueue(queue, { fetch: server.fetch, isOnline: online })).toMatchObject({
      sent: 0,
      reachable: false,
      remaining: 1,
    });
    lose = false;
    expect(await flushQueue(queue, { fetch: server.fetch, isOnline: online })).toMatchObject({
      sent: 1,
      remaining: 0,
    });
    expect(server.sentKeys()).toEqual(['sale-1', 'sale-1']);
    expect(server.effects).toEqual(['sale-1']);
  });

  it('a tab closed mid-sync: its claim is taken over after the lease and the sale exists once', async () => {
    const closedTab = makeQueue();
    const survivor = makeQueue();
    for (let n = 1; n <= 3; n += 1) await closedTab.enqueue(sale(n));
    const server = fakeServer();
    // The closed tab had claimed two and sent the first; its answer never came back, its claim never ended.
    const claim = await closedTab.claim(2);
    await server.fetch('/api/pos/sales', { method: 'POST', headers: claim.requests[0]?.headers ?? {} });

    expect(await flushQueue(survivor, { fetch: server.fetch, isOnline: online })).toMatchObject({
      sent: 1,
      remaining: 2,
    });
    clock += CLAIM_LEASE_MS;
    expect(await flushQueue(survivor, { fetch: server.fetch, isOnline: online })).toMatchObject({
      sent: 2,
      remaining: 0,
    });
    expect(server.effects.sort()).toEqual(['sale-1', 'sale-2', 'sale-3']);
  });

  it('sends in queue order whatever the order of queueing', async () => {
    const priorities = fc.constantFrom(
      { url: '/api/pos/sales', method: 'POST' },
      { url: '/api/pos/customers', method: 'POST' },
      { url: '/api/pos/customers', method: 'GET' },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ kind: priorities, age: fc.integer({ min: 0, max: 5 }) }), {
          minLength: 1,
          maxLength: 15,
        }),
        async (items) => {
          globalThis.indexedDB = new IDBFactory();
          const queue = makeQueue();
          const base = clock;
          for (const [n, item] of items.entries()) {
            clock = base - item.age;
            await queue.enqueue({
              ...item.kind,
              url: `${item.kind.url}?n=${n}`,
              headers: { 'idempotency-key': `k${n}` },
              ...(item.kind.method === 'GET' ? {} : { body: '{}' }),
            });
          }
          clock = base;
          const expected = (await queue.list()).map((r) => r.url);
          const server = fakeServer();
          await drainQueue(queue, { fetch: server.fetch, isOnline: online, batchSize: 4 });
          expect(server.requests.map((r) => r.url)).toEqual(expected);
          const ranks = expected.map((url) =>
            url.startsWith('/api/pos/sales') ? 0 : url.includes('customers') ? 1 : 2,
          );
          expect(ranks).toEqual([...ranks].sort());
          await queue.close();
        },
      ),
      { numRuns: 25 },
    );
  }, 60_000);
});

describe('drainQueue', () => {
  it('sends batches until nothing due is left', async () => {
    const queue = makeQueue();
    for (let n = 1; n <= 25; n += 1) await queue.enqueue(sale(n));
    const server = fakeServer();
    expect(await drainQueue(queue, { fetch: server.fetch, isOnline: online })).toEqual({
      sent: 25,
      failed: 0,
      held: 0,
      remaining: 0,
      nextAttemptAt: null,
      reachable: true,
    });
  });

  it('stops when the server cannot be reached', async () => {
    const queue = makeQueue();
    for (let n = 1; n <= 25; n += 1) await queue.enqueue(sale(n));
    const fake = createFakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await drainQueue(queue, { fetch: fake.fetch, isOnline: online })).toMatchObject({
      sent: 0,
      remaining: 25,
      reachable: false,
    });
    expect(fake.requests).toHaveLength(1);
  });
});
