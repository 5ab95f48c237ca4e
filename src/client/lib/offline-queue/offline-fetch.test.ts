import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { OfflineQueued } from '../../../../machines/sale/sale.types';
import { ApiError } from '../api/api-error';
import { createApiClient } from '../api/client';
import { createNoticeChannel } from '../api/notices';
import type { ApiNotice } from '../api/notices';
import { createFakeFetch, envelope, json } from '../../../../tests/support/client/fake-fetch';
import type { FakeHandler } from '../../../../tests/support/client/fake-fetch';
import { flushQueue } from './flush';
import { IDEMPOTENCY_KEY_HEADER as QUEUE_KEY_HEADER } from './queue-db';
import {
  createOfflineFetch,
  IDEMPOTENCY_KEY_HEADER,
  isOfflineQueued,
  loadDefaultQueue,
  OFFLINE_QUEUED_HEADER,
  OFFLINE_QUEUED_MESSAGE,
  offlineQueuedNotice,
} from './offline-fetch';
import type { OfflineFetchOptions, OfflineQueuedAnswer } from './offline-fetch';
import { createRequestQueue } from './request-queue';
import type { RequestQueue } from './request-queue';

let queue: RequestQueue;

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  let keys = 0;
  queue = createRequestQueue({ locks: null, newKey: () => `queue-key-${++keys}` });
});

afterEach(async () => {
  await queue.close();
});

function setup(handler: FakeHandler, options: Partial<OfflineFetchOptions> & { online?: boolean } = {}) {
  const server = createFakeFetch(handler);
  const notices: ApiNotice[] = [];
  const queued: OfflineQueuedAnswer[] = [];
  let online = options.online ?? true;
  let keys = 0;
  const fetch = createOfflineFetch({
    queue,
    fetch: server.fetch,
    isOnline: () => online,
    notify: (notice) => notices.push(notice),
    onQueued: (answer) => queued.push(answer),
    newKey: () => `fetch-key-${++keys}`,
    ...options,
  });
  return {
    fetch,
    requests: server.requests,
    notices,
    queued,
    setOnline: (value: boolean) => {
      online = value;
    },
  };
}

const failToFetch: FakeHandler = () => Promise.reject(new TypeError('Failed to fetch'));
const saleInit = (key = 'sale-1'): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', 'idempotency-key': key, authorization: 'Bearer t1' },
  body: JSON.stringify({ uuid: key, total: 4500 }),
});

describe('online', () => {
  it('answers with the real response and queues nothing', async () => {
    const t = setup(() => envelope({ id: 1 }, 201));
    const response = await t.fetch('/api/pos/sales', saleInit());
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ success: true, data: { id: 1 }, message: 'OK' });
    expect(t.requests[0]?.headers.get('idempotency-key')).toBe('sale-1');
    expect((await queue.stats()).totalRequests).toBe(0);
  });

  it('gives a write without an Idempotency-Key one before the live attempt, the same one it queues', async () => {
    const t = setup(failToFetch);
    const response = await t.fetch('/api/units', { method: 'POST', body: '{}' });
    expect(response.status).toBe(202);
    expect(t.requests[0]?.headers.get('idempotency-key')).toBe('fetch-key-1');
    expect((await queue.list())[0]?.headers['idempotency-key']).toBe('fetch-key-1');
  });

  it('passes through, untouched, what it never queues', async () => {
    const t = setup(failToFetch);
    await expect(t.fetch('/api/login', { method: 'POST', body: '{}' })).rejects.toThrow('Failed to fetch');
    await expect(t.fetch('/api/pos/employees')).rejects.toThrow('Failed to fetch');
    expect(t.requests[0]?.headers.get('idempotency-key')).toBeNull();
    expect((await queue.stats()).totalRequests).toBe(0);
  });
});

describe('offline and failing requests', () => {
  it('queues a write made offline without trying it, and answers the synthetic 202', async () => {
    const t = setup(() => envelope(null), { online: false });
    const response = await t.fetch('/api/pos/sales', saleInit());
    expect(t.requests).toHaveLength(0);
    expect(response.status).toBe(202);
    expect(response.headers.get(OFFLINE_QUEUED_HEADER)).toBe('1');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ offline: true, message: OFFLINE_QUEUED_MESSAGE, requestId: '1' });
    expect(body.data).toEqual({ offline: true, message: OFFLINE_QUEUED_MESSAGE, requestId: '1' });
    expect(await queue.get(1)).toMatchObject({
      url: '/api/pos/sales',
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': 'sale-1',
        authorization: 'Bearer t1',
      },
      body: '{"uuid":"sale-1","total":4500}',
      priority: 'high',
      tags: ['order'],
    });
  });

  it('tells the notice hook and the scheduler hook', async () => {
    const t = setup(failToFetch);
    await t.fetch('/api/pos/sales', saleInit());
    expect(t.notices).toEqual([offlineQueuedNotice('1')]);
    expect(t.notices[0]).toEqual({
      kind: 'info',
      code: 'offline.queued',
      message: 'Request saved offline with ID 1. It will sync when the connection returns.',
      params: { id: '1' },
    });
    expect(t.queued).toEqual([{ offline: true, message: OFFLINE_QUEUED_MESSAGE, requestId: '1' }]);
  });

  it('queues a write whose fetch fails, or that a proxy or the worker answers 502, 503 or 504', async () => {
    const statuses = [502, 503, 504];
    const t = setup(() => new Response('down', { status: statuses.shift() ?? 500 }));
    for (let n = 1; n <= 3; n += 1)
      expect((await t.fetch('/api/pos/sales', saleInit(`s${n}`))).status).toBe(202);
    expect((await t.fetch('/api/pos/sales', saleInit('s4'))).status).toBe(500);
    expect((await queue.stats()).totalRequests).toBe(3);
  });

  it('tries a queueable read even offline (the worker may answer it from its cache)', async () => {
    const t = setup(() => envelope([{ id: 1, name: 'Ann' }]), { online: false });
    const response = await t.fetch('/api/pos/customers');
    expect(response.status).toBe(200);
    expect((await queue.stats()).totalRequests).toBe(0);
  });

  it('queues a read of those paths when nothing answers it, without the write notice', async () => {
    const t = setup(() => new Response('Network error', { status: 503 }));
    const response = await t.fetch('/api/report/daily?period=today', {
      headers: { authorization: 'Bearer t1' },
    });
    expect(response.status).toBe(202);
    expect(t.notices).toEqual([]);
    expect(t.queued).toHaveLength(1);
    expect(await queue.get(1)).toMatchObject({ method: 'GET', priority: 'low', tags: ['report'] });
    expect(await queue.get(1)).not.toHaveProperty('body');
  });

  it('does not queue a call its caller aborted or timed out', async () => {
    const controller = new AbortController();
    const t = setup(() => {
      controller.abort();
      return Promise.reject(new DOMException('aborted', 'AbortError'));
    });
    await expect(t.fetch('/api/pos/sales', { ...saleInit(), signal: controller.signal })).rejects.toThrow(
      'aborted',
    );
    expect((await queue.stats()).totalRequests).toBe(0);
  });

  it("answers a write at a full queue 507 'Offline queue is full', and fails a read as it would have", async () => {
    await queue.close();
    queue = createRequestQueue({ locks: null, maxQueueSize: 1 });
    const t = setup(failToFetch);
    expect((await t.fetch('/api/pos/sales', saleInit('s1'))).status).toBe(202);
    const full = await t.fetch('/api/pos/sales', saleInit('s2'));
    expect(full.status).toBe(507);
    expect(await full.json()).toEqual({ success: false, data: null, message: 'Offline queue is full' });
    await expect(t.fetch('/api/pos/customers')).rejects.toThrow('Failed to fetch');
  });

  it('answers with the original failure when the queue cannot store (no IndexedDB)', async () => {
    const broken: RequestQueue = { ...queue, enqueue: () => Promise.reject(new Error('QuotaExceededError')) };
    const t = setup(failToFetch, { queue: broken });
    await expect(t.fetch('/api/pos/sales', saleInit())).rejects.toThrow('Failed to fetch');
    expect(t.notices).toEqual([]);
  });

  it('stores a multipart body as its bytes with its boundary and replays those bytes', async () => {
    const t = setup(failToFetch, { online: false });
    const form = new FormData();
    form.append('first_name', 'Ann');
    form.append('avatar', new Blob(['png-bytes'], { type: 'image/png' }), 'a.png');
    await t.fetch('/api/pos/customers', { method: 'POST', body: form, headers: { 'idempotency-key': 'c1' } });
    const stored = await queue.get(1);
    expect(stored.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(stored.body).toBeInstanceOf(ArrayBuffer);
    const server = createFakeFetch(() => json({}, 201));
    await flushQueue(queue, { fetch: server.fetch, isOnline: () => true });
    const replayed = server.requests[0];
    const parsed = await new Response(replayed?.body as ArrayBuffer, {
      headers: { 'content-type': replayed?.headers.get('content-type') ?? '' },
    }).formData();
    expect(parsed.get('first_name')).toBe('Ann');
    expect(await (parsed.get('avatar') as Blob).text()).toBe('png-bytes');
  });

  it('stores URLSearchParams as form-urlencoded text', async () => {
    const t = setup(failToFetch, { online: false });
    await t.fetch('/api/units', { method: 'POST', body: new URLSearchParams({ a: '1', b: 'x y' }) });
    expect(await queue.get(1)).toMatchObject({
      body: 'a=1&b=x+y',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    });
  });

  it('takes a Request object and keeps its body for the queue', async () => {
    const t = setup(failToFetch);
    const request = new Request('http://till.local/api/pos/sales', saleInit('req-1'));
    expect((await t.fetch(request)).status).toBe(202);
    expect(await queue.get(1)).toMatchObject({
      url: 'http://till.local/api/pos/sales',
      body: '{"uuid":"req-1","total":4500}',
      headers: { 'idempotency-key': 'req-1' },
    });
  });

  it('stores what the page knows about the request (context)', async () => {
    const t = setup(failToFetch, { context: () => ({ userId: 7, tenant: 'demo' }) });
    await t.fetch('/api/pos/sales', saleInit());
    expect((await queue.get(1)).context).toEqual({ userId: 7, tenant: 'demo' });
  });
});

describe('with the API client', () => {
  function client(handler: FakeHandler, online = true) {
    const t = setup(handler, { online });
    const notices = createNoticeChannel(0);
    const shown: ApiNotice[] = [];
    notices.subscribe((n) => shown.push(n));
    const api = createApiClient({
      fetch: t.fetch,
      getToken: () => 'tok',
      notices,
      newKey: () => 'client-key',
    });
    return { api, t, shown, notices };
  }

  it("api.post resolves with the sale machine's OfflineQueued when the sale is queued", async () => {
    const { api, t } = client(failToFetch);
    const data = await api.post<unknown>('/pos/sales', { uuid: 'u1' }, { idempotencyKey: 'intent-1' });
    expect(data).toEqual({ offline: true, message: OFFLINE_QUEUED_MESSAGE, requestId: '1' });
    expect(isOfflineQueued(data)).toBe(true);
    expect(t.requests[0]?.url).toBe('/api/pos/sales');
    expect(await queue.get(1)).toMatchObject({
      url: '/api/pos/sales',
      body: '{"uuid":"u1"}',
      headers: { 'idempotency-key': 'intent-1', authorization: 'Bearer tok' },
    });
    expectTypeOf<OfflineQueuedAnswer>().toMatchTypeOf<OfflineQueued>();
  });

  it("a full queue reaches the caller as an ApiError 'Offline queue is full' with a translated error notice", async () => {
    await queue.close();
    queue = createRequestQueue({ locks: null, maxQueueSize: 0 });
    const { api, shown, notices } = client(failToFetch, false);
    const error = await api.post('/pos/sales', { uuid: 'u1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 507, message: 'Offline queue is full' });
    notices.flush();
    expect(shown).toEqual([{ kind: 'error', code: 'pwa.queue.full', message: 'Offline queue is full' }]);
  });

  it('a sale whose response was lost is queued, replayed with the same key, and exists once', async () => {
    const sales = new Map<string, number>();
    let dropResponse = true;
    const { api } = client((request) => {
      const key = request.headers.get('idempotency-key') ?? '';
      if (!sales.has(key)) sales.set(key, sales.size + 1);
      if (dropResponse) return Promise.reject(new TypeError('Failed to fetch'));
      return envelope({ id: sales.get(key) }, 201);
    });
    const data = await api.post('/pos/sales', { uuid: 'u1' }, { idempotencyKey: 'intent-1' });
    expect(isOfflineQueued(data)).toBe(true);
    dropResponse = false;
    const replayServer = createFakeFetch((request) => {
      const key = request.headers.get('idempotency-key') ?? '';
      if (!sales.has(key)) sales.set(key, sales.size + 1);
      return envelope({ id: sales.get(key) }, 201);
    });
    expect(await flushQueue(queue, { fetch: replayServer.fetch, isOnline: () => true })).toMatchObject({
      sent: 1,
      remaining: 0,
    });
    expect(replayServer.requests[0]?.headers.get('idempotency-key')).toBe('intent-1');
    expect([...sales.keys()]).toEqual(['intent-1']);
  });
});

describe('loading the queue', () => {
  it('loads the queue only when a request must be queued, once, and uses what it loaded', async () => {
    let loads = 0;
    const t = setup(
      (request) =>
        request.method === 'GET' ? envelope([]) : Promise.reject(new TypeError('Failed to fetch')),
      {
        queue: undefined,
        loadQueue: () => {
          loads += 1;
          return Promise.resolve(queue);
        },
      },
    );
    await t.fetch('/api/pos/customers');
    await t.fetch('/api/pos/employees');
    expect(loads).toBe(0);
    await t.fetch('/api/pos/sales', saleInit('s1'));
    await t.fetch('/api/pos/sales', saleInit('s2'));
    expect(loads).toBe(1);
    expect((await queue.list()).map((r) => r.headers['idempotency-key'])).toEqual(['s1', 's2']);
  });

  it('answers with the original failure when the queue cannot be loaded, and tries again next time', async () => {
    let loads = 0;
    const t = setup(failToFetch, {
      queue: undefined,
      loadQueue: () => {
        loads += 1;
        return loads === 1 ? Promise.reject(new Error('chunk load failed')) : Promise.resolve(queue);
      },
    });
    await expect(t.fetch('/api/pos/sales', saleInit('s1'))).rejects.toThrow('Failed to fetch');
    expect((await t.fetch('/api/pos/sales', saleInit('s2'))).status).toBe(202);
    expect(loads).toBe(2);
  });

  it('by default uses the app-wide queue instance that the PWA platform subscribes to', async () => {
    const { defaultRequestQueue } = await import('./request-queue');
    expect(await loadDefaultQueue()).toBe(defaultRequestQueue());
  });

  it('sends the same Idempotency-Key header name as the queue stores', () => {
    expect(IDEMPOTENCY_KEY_HEADER).toBe(QUEUE_KEY_HEADER);
  });
});

describe('isOfflineQueued', () => {
  it('recognises the synthetic answer only', () => {
    expect(isOfflineQueued({ offline: true, requestId: '3', message: 'x' })).toBe(true);
    expect(isOfflineQueued({ offline: true, requestId: 3 })).toBe(false);
    expect(isOfflineQueued({ id: 3 })).toBe(false);
    expect(isOfflineQueued(null)).toBe(false);
  });
});
