import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { OFFLINE_QUEUE } from '../../../domain/constants';
import { CLAIM_LEASE_MS, CLAIM_LOCK_PREFIX, createRequestQueue, defaultRequestQueue } from './request-queue';
import type { ClaimLocks, NewRequest, QueueChange, RequestQueue, RequestQueueOptions } from './request-queue';

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
  let keys = 0;
  const queue = createRequestQueue({
    now: () => clock,
    locks: null,
    newKey: () => `key-${++keys}`,
    ...options,
  });
  queues.push(queue);
  return queue;
}

const sale = (n: number): NewRequest => ({
  url: '/api/pos/sales',
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `sale-${n}` },
  body: JSON.stringify({ uuid: `sale-${n}` }),
});
const read = (path: string): NewRequest => ({ url: path, method: 'GET' });

/** Fake Web Locks: the names a test says are held by live contexts, plus the ones this context holds. */
function fakeLocks(heldElsewhere: string[] = []) {
  const held = new Set<string>();
  const locks: ClaimLocks = {
    async request(name, callback) {
      held.add(name);
      try {
        await callback();
      } finally {
        held.delete(name);
      }
    },
    async query() {
      return { held: [...heldElsewhere, ...held].map((name) => ({ name })) };
    },
  };
  return { locks, held };
}

describe('enqueue', () => {
  it("stores every field of the spec's queued request", async () => {
    const queue = makeQueue();
    const stored = await queue.enqueue(sale(1));
    expect(stored).toMatchObject({
      id: 1,
      url: '/api/pos/sales',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'sale-1' },
      body: '{"uuid":"sale-1"}',
      timestamp: clock,
      retryCount: 0,
      maxRetries: OFFLINE_QUEUE.MAX_RETRIES,
      priority: 'high',
      tags: ['order'],
      status: 'pending',
    });
    expect(await queue.get(1)).toEqual(stored);
  });

  it('drops the body of a GET', async () => {
    const queue = makeQueue();
    const stored = await queue.enqueue({ ...read('/api/pos/customers'), body: 'ignored' });
    expect(stored).not.toHaveProperty('body');
    expect(stored.priority).toBe('low');
  });

  it('gives a write without an Idempotency-Key one, and keeps the one it has', async () => {
    const queue = makeQueue();
    const keyless = await queue.enqueue({ url: '/api/units', method: 'post', body: '{}' });
    expect(keyless.method).toBe('POST');
    expect(keyless.headers['idempotency-key']).toBe('key-1');
    expect((await queue.enqueue(sale(2))).headers['idempotency-key']).toBe('sale-2');
  });

  it('refuses the 1001st request with the spec message', async () => {
    const queue = makeQueue();
    for (let n = 1; n <= OFFLINE_QUEUE.MAX_QUEUE_SIZE; n += 1) await queue.enqueue(sale(n));
    await expect(queue.enqueue(sale(1001))).rejects.toThrow('Offline queue is full');
    expect((await queue.stats()).totalRequests).toBe(1000);
  }, 30_000);

  it('makes room for a write at a full queue by dropping the oldest low-priority read, never a write', async () => {
    const queue = makeQueue({ maxQueueSize: 3 });
    const oldRead = await queue.enqueue(read('/api/pos/customers'));
    await queue.enqueue(read('/api/report/daily'));
    await queue.enqueue(sale(1));
    const second = await queue.enqueue(sale(2));
    expect((await queue.list()).map((r) => r.url)).toEqual([
      '/api/pos/sales',
      '/api/pos/sales',
      '/api/report/daily',
    ]);
    await expect(queue.get(oldRead.id)).rejects.toThrow('Request not found');
    expect(second.id).toBeGreaterThan(oldRead.id);
    await expect(queue.enqueue(read('/api/payments'))).rejects.toThrow('Offline queue is full');
    await queue.enqueue(sale(3));
    await expect(queue.enqueue(sale(4))).rejects.toThrow('Offline queue is full');
  });

  it('does not queue a second GET of a URL already waiting', async () => {
    const queue = makeQueue();
    const first = await queue.enqueue(read('/api/pos/customers?page=1'));
    const again = await queue.enqueue(read('/api/pos/customers?page=1'));
    expect(again.id).toBe(first.id);
    expect((await queue.stats()).totalRequests).toBe(1);
  });
});

describe('list, get, remove', () => {
  it('lists high, normal, low, oldest first, and filters by status, tag and priority', async () => {
    const queue = makeQueue();
    await queue.enqueue(read('/api/pos/customers'));
    clock += 1;
    await queue.enqueue({ url: '/api/pos/customers', method: 'POST', body: '{}' });
    clock += 1;
    await queue.enqueue(sale(1));
    clock -= 10;
    await queue.enqueue({ url: '/api/payments/sale', method: 'POST', body: '{}' });
    const all = await queue.list();
    expect(all.map((r) => `${r.priority} ${r.method} ${r.url}`)).toEqual([
      'high POST /api/payments/sale',
      'high POST /api/pos/sales',
      'normal POST /api/pos/customers',
      'low GET /api/pos/customers',
    ]);
    expect((await queue.list({ tag: 'customer' })).length).toBe(2);
    expect((await queue.list({ priority: 'high' })).length).toBe(2);
    expect((await queue.list({ status: 'failed' })).length).toBe(0);
  });

  it("answers 'Request not found' for an unknown id, and takes the synthetic answer's string id", async () => {
    const queue = makeQueue();
    const stored = await queue.enqueue(sale(1));
    expect((await queue.get(String(stored.id))).id).toBe(stored.id);
    await expect(queue.get(99)).rejects.toThrow('Request not found');
    await expect(queue.get('abc')).rejects.toThrow('Request not found');
    await expect(queue.retry(99)).rejects.toThrow('Request not found');
    await expect(queue.markFailed(99)).rejects.toThrow('Request not found');
    await queue.remove(String(stored.id));
    await expect(queue.remove(stored.id)).rejects.toThrow('Request not found');
  });
});

describe('failed requests', () => {
  it('markFailed tags it failed; retry makes it pending, due now, with a fresh count', async () => {
    const queue = makeQueue();
    const stored = await queue.enqueue(sale(1));
    const failed = await queue.markFailed(stored.id, 'HTTP 500: Internal Server Error');
    expect(failed).toMatchObject({
      status: 'failed',
      tags: ['order', 'failed'],
      lastError: 'HTTP 500: Internal Server Error',
    });
    clock += 5_000;
    const retried = await queue.retry(stored.id);
    expect(retried).toMatchObject({
      status: 'pending',
      retryCount: 0,
      nextAttemptAt: clock,
      tags: ['order'],
    });
    expect(retried).not.toHaveProperty('lastError');
    expect(retried.headers['idempotency-key']).toBe('sale-1');
  });

  it('removeFailed removes failed requests in bulk but keeps payment and order writes unless asked', async () => {
    const queue = makeQueue();
    const payment = await queue.enqueue({ url: '/api/payments/sale', method: 'POST', body: '{}' });
    const customer = await queue.enqueue({ url: '/api/pos/customers', method: 'POST', body: '{}' });
    const report = await queue.enqueue(read('/api/report/daily'));
    const waiting = await queue.enqueue(sale(1));
    for (const id of [payment.id, customer.id, report.id]) await queue.markFailed(id);
    expect(await queue.removeFailed()).toBe(2);
    expect((await queue.list()).map((r) => r.id)).toEqual([payment.id, waiting.id]);
    expect(await queue.removeFailed({ includeProtected: true })).toBe(1);
    expect((await queue.list()).map((r) => r.id)).toEqual([waiting.id]);
  });

  it('retryFailed retries every failed request', async () => {
    const queue = makeQueue();
    const a = await queue.enqueue(sale(1));
    const b = await queue.enqueue(sale(2));
    await queue.markFailed(a.id);
    await queue.markFailed(b.id);
    expect(await queue.retryFailed()).toBe(2);
    expect((await queue.stats()).failedRequests).toBe(0);
  });

  it('exports failed requests as JSON with their key and body, the bearer token redacted', async () => {
    const queue = makeQueue();
    const stored = await queue.enqueue({
      ...sale(1),
      headers: { ...sale(1).headers, Authorization: 'Bearer secret' },
    });
    const bytes = new TextEncoder().encode('--b\r\n').buffer;
    const multipart = await queue.enqueue({
      url: '/api/pos/customers',
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      body: bytes,
    });
    await queue.enqueue(sale(2));
    await queue.markFailed(stored.id, 'HTTP 422: Unprocessable Entity');
    await queue.markFailed(multipart.id);
    const exported = JSON.parse(await queue.exportFailed()) as {
      exportedAt: string;
      requests: Array<Record<string, unknown>>;
    };
    expect(exported.exportedAt).toBe(new Date(clock).toISOString());
    expect(exported.requests).toHaveLength(2);
    expect(exported.requests[0]).toMatchObject({
      id: stored.id,
      method: 'POST',
      url: '/api/pos/sales',
      idempotencyKey: 'sale-1',
      body: '{"uuid":"sale-1"}',
      lastError: 'HTTP 422: Unprocessable Entity',
      tags: ['order', 'failed'],
      headers: { authorization: '[redacted]', 'idempotency-key': 'sale-1' },
    });
    expect(exported.requests[1]).toMatchObject({ bodyBase64: btoa('--b\r\n') });
  });
});

describe('purge by max age', () => {
  it('purges low-priority requests older than max age and nothing else', async () => {
    const queue = makeQueue();
    const oldRead = await queue.enqueue(read('/api/report/daily'));
    const oldCustomer = await queue.enqueue({ url: '/api/pos/customers', method: 'POST', body: '{}' });
    const oldSale = await queue.enqueue(sale(1));
    clock += OFFLINE_QUEUE.MAX_AGE_MS - 1;
    const youngRead = await queue.enqueue(read('/api/pos/customers'));
    clock += 2;
    expect(await queue.purgeExpired()).toBe(1);
    expect((await queue.list()).map((r) => r.id).sort()).toEqual(
      [oldCustomer.id, oldSale.id, youngRead.id].sort(),
    );
    await expect(queue.get(oldRead.id)).rejects.toThrow('Request not found');
  });

  it('keeps a failed payment request past max age; it can still be retried and exported', async () => {
    const queue = makeQueue();
    const payment = await queue.enqueue({
      url: '/api/payments/sale',
      method: 'POST',
      headers: { 'idempotency-key': 'pay-1' },
      body: '{"amount":4500}',
      priority: 'low',
    });
    await queue.markFailed(payment.id, 'HTTP 500: Internal Server Error');
    clock += 24 * OFFLINE_QUEUE.MAX_AGE_MS;
    expect(await queue.purgeExpired()).toBe(0);
    expect(JSON.parse(await queue.exportFailed()).requests[0].idempotencyKey).toBe('pay-1');
    expect(await queue.retry(payment.id)).toMatchObject({
      status: 'pending',
      headers: { 'idempotency-key': 'pay-1' },
    });
  });
});

describe('stats and changes', () => {
  it('counts total, pending (in flight included) and failed, and says when the next one is due', async () => {
    const queue = makeQueue();
    expect(await queue.stats()).toEqual({
      totalRequests: 0,
      pendingRequests: 0,
      failedRequests: 0,
      heldRequests: 0,
      pendingWrites: 0,
      failedWrites: 0,
      nextAttemptAt: null,
    });
    const a = await queue.enqueue(sale(1));
    await queue.enqueue(sale(2));
    await queue.enqueue(sale(3));
    await queue.markFailed(a.id);
    const claim = await queue.claim(1);
    expect(await queue.stats()).toEqual({
      totalRequests: 3,
      pendingRequests: 2,
      failedRequests: 1,
      heldRequests: 0,
      pendingWrites: 2,
      failedWrites: 1,
      nextAttemptAt: clock,
    });
    await claim.end();
  });

  it('counts the writes apart from the queued reads (the offline indicator and the logout question)', async () => {
    const queue = makeQueue();
    await queue.enqueue({ url: '/api/pos/customers?page=1', method: 'GET' });
    await queue.enqueue({ url: '/api/report/daily', method: 'GET' });
    const failedRead = await queue.enqueue({ url: '/api/report/weekly', method: 'GET' });
    await queue.markFailed(failedRead.id);
    await queue.enqueue(sale(1));
    const failedSale = await queue.enqueue(sale(2));
    await queue.markFailed(failedSale.id);
    expect(await queue.stats()).toMatchObject({
      totalRequests: 5,
      pendingRequests: 3,
      failedRequests: 2,
      pendingWrites: 1,
      failedWrites: 1,
    });
  });

  it('a request held for a sign-in (401) counts as pending, and Retry puts it back with the refusal forgotten', async () => {
    const queue = makeQueue();
    await queue.enqueue(sale(1));
    const claim = await queue.claim(1);
    const [claimed] = claim.requests;
    await claim.release(claimed?.id ?? -1, 'HTTP 401: Unauthorized', 'Bearer expired');
    await claim.end();
    expect(await queue.stats()).toMatchObject({ pendingRequests: 1, heldRequests: 1, nextAttemptAt: null });
    const [held] = await queue.list({ status: 'held' });
    expect(held).toMatchObject({ retryCount: 0, lastError: 'HTTP 401: Unauthorized' });
    const retried = await queue.retry(held?.id ?? -1);
    expect(retried).toMatchObject({ status: 'pending', retryCount: 0 });
    expect(retried).not.toHaveProperty('heldAuth');
    expect(retried).not.toHaveProperty('lastError');
  });

  it('tells subscribers what changed', async () => {
    const queue = makeQueue();
    const changes: QueueChange['type'][] = [];
    const stop = queue.subscribe((change) => changes.push(change.type));
    const stored = await queue.enqueue(sale(1));
    await queue.markFailed(stored.id);
    await queue.remove(stored.id);
    stop();
    await queue.enqueue(sale(2));
    expect(changes).toEqual(['enqueued', 'updated', 'removed']);
  });
});

describe('claims', () => {
  it('two concurrent claims never take the same request', async () => {
    const queue = makeQueue();
    for (let n = 1; n <= 7; n += 1) await queue.enqueue(sale(n));
    const claims = await Promise.all([queue.claim(3), queue.claim(3), queue.claim(3)]);
    const ids = claims.flatMap((c) => c.requests.map((r) => r.id));
    expect(ids.sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    await Promise.all(claims.map((c) => c.end()));
  });

  it('claims across two instances (two tabs, or a tab and the worker) are disjoint too', async () => {
    const tab = makeQueue();
    const worker = makeQueue();
    for (let n = 1; n <= 6; n += 1) await tab.enqueue(sale(n));
    const [a, b] = await Promise.all([tab.claim(4), worker.claim(4)]);
    const ids = [...(a?.requests ?? []), ...(b?.requests ?? [])].map((r) => r.id);
    expect(new Set(ids).size).toBe(6);
    expect(ids).toHaveLength(6);
  });

  it('does not take a request before its retry is due', async () => {
    const queue = makeQueue();
    const stored = await queue.enqueue(sale(1));
    const first = await queue.claim(1);
    await first.fail(stored.id, 'HTTP 500: Internal Server Error');
    await first.end();
    expect((await queue.claim(1)).requests).toHaveLength(0);
    clock += 5_000;
    expect((await queue.claim(1)).requests.map((r) => r.id)).toEqual([stored.id]);
  });

  it('end() puts what was not settled back, unchanged in count', async () => {
    const queue = makeQueue();
    await queue.enqueue(sale(1));
    const claim = await queue.claim(1);
    await claim.end();
    expect(await queue.get(1)).toMatchObject({ status: 'pending', retryCount: 0 });
    expect(await queue.get(1)).not.toHaveProperty('claimId');
  });

  it("takes over a dead sender's claim when its lease is over, not before", async () => {
    const dead = makeQueue();
    const alive = makeQueue();
    await dead.enqueue(sale(1));
    await dead.claim(1); // the tab closes: never settled
    expect((await alive.claim(1)).requests).toHaveLength(0);
    clock += CLAIM_LEASE_MS;
    const taken = await alive.claim(1);
    expect(taken.requests.map((r) => r.headers['idempotency-key'])).toEqual(['sale-1']);
  });

  it('with Web Locks, takes over at once a claim whose lock is gone, and never one whose lock is held', async () => {
    const gone = fakeLocks();
    const deadTab = makeQueue({ locks: gone.locks, newKey: () => 'dead-claim' });
    await deadTab.enqueue(sale(1));
    await deadTab.claim(1);
    clock += 1;
    // The claim's lock was held by the dead tab; another context's snapshot no longer lists it.
    const elsewhere = fakeLocks([]);
    const survivor = makeQueue({ locks: elsewhere.locks });
    const takenOver = await survivor.claim(1);
    expect(takenOver.requests.map((r) => r.id)).toEqual([1]);
    await takenOver.succeed(1);
    await takenOver.end();

    const stillAlive = fakeLocks([`${CLAIM_LOCK_PREFIX}live-claim`]);
    const busyTab = makeQueue({ locks: null, newKey: () => 'live-claim' });
    await busyTab.enqueue(sale(2));
    await busyTab.claim(1);
    clock += 1;
    const observer = makeQueue({ locks: stillAlive.locks });
    expect((await observer.claim(5)).requests).toHaveLength(0);
  });

  it('holds its Web Lock while the claim is open and releases it at end()', async () => {
    const { locks, held } = fakeLocks();
    const queue = makeQueue({ locks, newKey: () => 'c1' });
    await queue.enqueue(sale(1));
    const claim = await queue.claim(1);
    expect(held.has(`${CLAIM_LOCK_PREFIX}c1`)).toBe(true);
    await claim.end();
    expect(held.size).toBe(0);
  });

  it('a claim settled by someone else after a take-over leaves their outcome alone', async () => {
    const dead = makeQueue({ newKey: () => 'old' });
    const alive = makeQueue({ newKey: () => 'new' });
    await dead.enqueue(sale(1));
    const stale = await dead.claim(1);
    clock += CLAIM_LEASE_MS;
    const fresh = await alive.claim(1);
    expect(await stale.fail(1, 'HTTP 500: Internal Server Error')).toBeUndefined();
    expect(await alive.get(1)).toMatchObject({ status: 'in-flight', claimId: 'new', retryCount: 0 });
    await fresh.succeed(1);
    await expect(alive.get(1)).rejects.toThrow('Request not found');
  });
});

describe('platform fit', () => {
  it("the browser's navigator.locks is a ClaimLocks", () => {
    expectTypeOf<LockManager>().toMatchTypeOf<ClaimLocks>();
  });

  it('one default queue per context, on the database offline-queue', async () => {
    const queue = defaultRequestQueue();
    expect(defaultRequestQueue()).toBe(queue);
    await queue.enqueue({ url: '/api/pos/sales', method: 'POST', body: '{}' });
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).toContain('offline-queue');
    await queue.close();
  });
});
