import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { DB_VERSION, openQueueDb, STORE } from './queue-db';
import type { NewQueuedRecord, QueuedRequest } from './queue-db';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

function record(overrides: Partial<NewQueuedRecord>): NewQueuedRecord {
  return {
    url: '/api/pos/sales',
    method: 'POST',
    headers: {},
    timestamp: 1000,
    retryCount: 0,
    maxRetries: 3,
    priority: 'high',
    priorityRank: 0,
    tags: ['order'],
    status: 'pending',
    nextAttemptAt: 1000,
    ...overrides,
  };
}

describe('queue database', () => {
  it('is the database offline-queue with the store requests and its indexes', async () => {
    const db = await openQueueDb();
    expect(db.name).toBe('offline-queue');
    expect(db.version).toBe(DB_VERSION);
    expect([...db.objectStoreNames]).toEqual(['requests']);
    const store = db.transaction(STORE).store;
    expect(store.autoIncrement).toBe(true);
    expect([...store.indexNames].sort()).toEqual([
      'due',
      'priority',
      'queue-order',
      'status',
      'tags',
      'timestamp',
      'url',
    ]);
    db.close();
  });

  it('gives auto-incremented ids and walks one status high, normal, low, oldest first', async () => {
    const db = await openQueueDb();
    const add = (r: Partial<NewQueuedRecord>) => db.add(STORE, record(r) as QueuedRequest);
    const lowOld = await add({ priority: 'low', priorityRank: 2, timestamp: 1 });
    const normal = await add({ priority: 'normal', priorityRank: 1, timestamp: 5 });
    const highNew = await add({ timestamp: 9 });
    const highOld = await add({ timestamp: 2 });
    const highTie = await add({ timestamp: 2 });
    await add({ status: 'failed', timestamp: 0 });
    expect([lowOld, normal, highNew, highOld, highTie]).toEqual([1, 2, 3, 4, 5]);

    const range = IDBKeyRange.bound(['pending'], ['pending', []]);
    const ids = (await db.getAllFromIndex(STORE, 'queue-order', range)).map((r) => r.id);
    expect(ids).toEqual([highOld, highTie, highNew, normal, lowOld]);
    db.close();
  });

  it('indexes each tag of a request', async () => {
    const db = await openQueueDb();
    await db.add(STORE, record({ tags: ['payment', 'order'] }) as QueuedRequest);
    expect(await db.countFromIndex(STORE, 'tags', 'payment')).toBe(1);
    expect(await db.countFromIndex(STORE, 'tags', 'order')).toBe(1);
    db.close();
  });
});

describe('idempotency key header', () => {
  it('is the name the API client and the server use', async () => {
    const { IDEMPOTENCY_KEY_HEADER } = await import('./queue-db');
    const client = await import('../api/client');
    const contracts = await import('../../../contracts/envelope');
    expect(IDEMPOTENCY_KEY_HEADER).toBe(client.IDEMPOTENCY_KEY_HEADER);
    expect(IDEMPOTENCY_KEY_HEADER).toBe(contracts.IDEMPOTENCY_KEY_HEADER);
  });
});
