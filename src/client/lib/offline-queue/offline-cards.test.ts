import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_TYPE } from '../../../domain/constants';
import {
  NO_UNSYNCED_OFFLINE_CARDS,
  offlineCardsOfRequest,
  readUnsyncedOfflineCards,
  summariseOfflineCards,
} from './offline-cards';
import type { QueuedRequest } from './queue-db';
import { createRequestQueue } from './request-queue';
import type { RequestQueue } from './request-queue';

const T0 = Date.parse('2025-03-01T10:00:00.000Z');

function offlineCard(amount: number, takenAt?: string) {
  return {
    payment_type: PAYMENT_TYPE.CREDIT,
    payment_amount: amount,
    payment_info: { last4: '4242', offline: true, ...(takenAt ? { taken_at: takenAt } : {}) },
  };
}

function queued(id: number, partial: Partial<QueuedRequest> = {}): QueuedRequest {
  return {
    id,
    url: '/api/pos/sales',
    method: 'POST',
    headers: { 'idempotency-key': `k-${id}` },
    timestamp: T0,
    retryCount: 0,
    maxRetries: 3,
    priority: 'high',
    tags: ['order'],
    status: 'pending',
    priorityRank: 0,
    nextAttemptAt: T0,
    ...partial,
  };
}

const saleBody = (payments: unknown[]) => JSON.stringify({ uuid: 'u', payments });

describe('offlineCardsOfRequest', () => {
  it('finds the credit payments marked offline in a queued sale, with when they were taken', () => {
    const request = queued(7, {
      body: saleBody([
        offlineCard(3500, '2025-03-01T09:48:00.000Z'),
        { payment_type: PAYMENT_TYPE.CASH, payment_amount: 1000 },
        { payment_type: PAYMENT_TYPE.CREDIT, payment_amount: 2000, payment_info: { last4: '1111' } },
      ]),
    });
    expect(offlineCardsOfRequest(request)).toEqual([
      { requestId: 7, amount: 3500, takenAt: Date.parse('2025-03-01T09:48:00.000Z') },
    ]);
  });

  it('takes the time it was queued when the payment does not say when it was taken', () => {
    expect(offlineCardsOfRequest(queued(1, { body: saleBody([offlineCard(100)]) }))).toEqual([
      { requestId: 1, amount: 100, takenAt: T0 },
    ]);
    expect(
      offlineCardsOfRequest(queued(1, { body: saleBody([offlineCard(100, 'not a date')]) }))[0]?.takenAt,
    ).toBe(T0);
  });

  it('reads payment writes too: POST /api/payments/sale', () => {
    const request = queued(2, {
      url: '/api/payments/sale',
      tags: ['payment'],
      body: JSON.stringify({ sale_id: 5, payments: [offlineCard(2500)] }),
    });
    expect(offlineCardsOfRequest(request).map((p) => p.amount)).toEqual([2500]);
  });

  it('skips what is not a sale or payment write, bodies it cannot read and amounts that are not money', () => {
    const body = saleBody([offlineCard(100)]);
    expect(offlineCardsOfRequest(queued(1, { method: 'GET', body }))).toEqual([]);
    expect(offlineCardsOfRequest(queued(1, { url: '/api/customers', tags: ['customer'], body }))).toEqual([]);
    expect(offlineCardsOfRequest(queued(1, { body: '{not json' }))).toEqual([]);
    expect(offlineCardsOfRequest(queued(1, { body: new ArrayBuffer(4) }))).toEqual([]);
    expect(offlineCardsOfRequest(queued(1, { body: JSON.stringify({ payments: 'x' }) }))).toEqual([]);
    expect(offlineCardsOfRequest(queued(1, { body: 'null' }))).toEqual([]);
    expect(offlineCardsOfRequest(queued(1))).toEqual([]);
    expect(
      offlineCardsOfRequest(
        queued(1, { body: saleBody([offlineCard(0), offlineCard(-5), offlineCard(1.5), null, 'card']) }),
      ),
    ).toEqual([]);
  });
});

describe('summariseOfflineCards', () => {
  it('sums every unsynced offline card payment, pending, in flight or failed, oldest first', () => {
    const summary = summariseOfflineCards([
      queued(1, { body: saleBody([offlineCard(20_000, '2025-03-01T09:50:00.000Z')]) }),
      queued(2, { status: 'in-flight', body: saleBody([offlineCard(3500, '2025-03-01T09:30:00.000Z')]) }),
      queued(3, { status: 'failed', tags: ['order', 'failed'], body: saleBody([offlineCard(1000)]) }),
      queued(4, { body: saleBody([{ payment_type: PAYMENT_TYPE.CASH, payment_amount: 9999 }]) }),
    ]);
    expect(summary.total).toBe(24_500);
    expect(summary.payments.map((p) => p.requestId)).toEqual([2, 1, 3]);
  });

  it('is the shared empty summary when nothing is unsynced', () => {
    expect(summariseOfflineCards([queued(1)])).toBe(NO_UNSYNCED_OFFLINE_CARDS);
  });
});

describe('readUnsyncedOfflineCards on the real queue (IndexedDB)', () => {
  let queue: RequestQueue;
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    queue = createRequestQueue({ now: () => T0, locks: null, newKey: () => 'k' });
  });
  afterEach(() => queue.close());

  it('sums the offline card payments of the sales queued while offline', async () => {
    await queue.enqueue({
      url: '/api/pos/sales',
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'sale-1' },
      body: saleBody([offlineCard(20_000, '2025-03-01T09:40:00.000Z')]),
    });
    await queue.enqueue({
      url: '/api/pos/sales',
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'sale-2' },
      body: saleBody([offlineCard(3500)]),
    });
    await queue.enqueue({ url: '/api/customers', method: 'GET' });
    const summary = await readUnsyncedOfflineCards(queue);
    expect(summary.total).toBe(23_500);
    expect(summary.payments.map((p) => p.takenAt)).toEqual([Date.parse('2025-03-01T09:40:00.000Z'), T0]);
  });

  it('answers nothing unsynced for an empty queue', async () => {
    expect(await readUnsyncedOfflineCards(queue)).toEqual({ total: 0, payments: [] });
  });
});
