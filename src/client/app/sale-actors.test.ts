import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { createOrder } from '../../domain/order-editing';
import { createApiClient } from '../lib/api/client';
import { createLoadingStore } from '../lib/api/loading';
import { apiNotices, createNoticeChannel } from '../lib/api/notices';
import type { ApiNotice } from '../lib/api/notices';
import { pinApprovals } from '../lib/api/pin-approval';
import { createFakeFetch, envelope, failure } from '../../../tests/support/client/fake-fetch';
import type { FakeHandler } from '../../../tests/support/client/fake-fetch';
import { flushQueue } from '../lib/offline-queue/flush';
import { createOfflineFetch } from '../lib/offline-queue/offline-fetch';
import { createRequestQueue } from '../lib/offline-queue/request-queue';
import { createMemoryStorage } from '../lib/storage';
import {
  checkManagerPin,
  createSale,
  orderSettingsOf,
  parseSaleId,
  persistWaitingTickets,
} from './sale-actors';

function client(handler: FakeHandler) {
  const f = createFakeFetch(handler);
  return createApiClient({
    fetch: f.fetch,
    getToken: () => 'tok',
    loading: createLoadingStore(),
    notices: createNoticeChannel(),
  });
}

const answer = (role: string) => ({
  role,
  name: role === 'manager' ? 'Maria Lopez' : 'Jenny Kim',
  user_id: role === 'manager' ? 3 : 4,
  approval: `approval-${role}`,
  approval_expires_at: new Date(Date.now() + 300_000).toISOString(),
});

afterEach(() => pinApprovals.clear());

describe('checkManagerPin', () => {
  it("answers who the PIN belongs to and keeps a manager's approval for the session's calls", async () => {
    const out = await checkManagerPin('3333', { client: client(() => envelope(answer('manager'))) });
    expect(out).toEqual({ userId: 3, role: 'manager', name: 'Maria Lopez' });
    expect(pinApprovals.getSnapshot()?.approval).toBe('approval-manager');
  });

  it("never lets a cashier's PIN replace the approval held", async () => {
    await checkManagerPin('3333', { client: client(() => envelope(answer('manager'))) });
    const out = await checkManagerPin('4444', { client: client(() => envelope(answer('staff'))) });
    expect(out.role).toBe('staff');
    expect(pinApprovals.getSnapshot()?.approval).toBe('approval-manager');
  });

  it('a wrong PIN and a lock come back as the codes the sale machine keeps', async () => {
    await expect(
      checkManagerPin('1234', {
        client: client(() => failure(422, 'The PIN is not correct. 9 tries left.')),
      }),
    ).rejects.toMatchObject({ code: 'pinWrong', message: 'The PIN is not correct. 9 tries left.' });
    await expect(
      checkManagerPin('1234', { client: client(() => failure(429, 'Too many wrong PINs.')) }),
    ).rejects.toMatchObject({ code: 'pinLocked' });
  });
});

describe('persistWaitingTickets', () => {
  it('a storage that refuses the write tells the cashier instead of stopping the sale', () => {
    const full = createMemoryStorage();
    full.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const seen: ApiNotice[] = [];
    const stop = apiNotices.subscribe((notice) => seen.push(notice));
    expect(() => persistWaitingTickets({ tickets: [] as never[] }, full)).not.toThrow();
    const ticket = { id: 't', order: { orderEmployees: [] }, saved_at: 'x' } as never;
    expect(() => persistWaitingTickets({ tickets: [ticket] }, full)).not.toThrow();
    apiNotices.flush();
    stop();
    expect(seen.map((n) => n.code)).toEqual(['sale.errors.ticketsNotSaved']);
  });
});

describe('the sale machine input', () => {
  const store = {
    store_id: 1,
    store_name: 'Demo Nail Spa',
    default_home: 'dashboard' as const,
    language: 'en' as const,
    currency: 'VND',
    timezone: 'Asia/Ho_Chi_Minh',
    config_tax_on_tax: 2,
    config_indian_tax: '1' as const,
    creditcard_fee_percent: 3,
    creditcard_fee_to_customer: true,
    offline_card_limit_per_ticket: 0,
    offline_card_limit_total: 0,
  };

  it("maps the store's settings to the order arithmetic's", () => {
    expect(orderSettingsOf(store)).toEqual({
      currency: 'VND',
      config_tax_on_tax: 2,
      config_indian_tax: '1',
      creditcard_fee_percent: 3,
      creditcard_fee_to_customer: true,
    });
  });

  it('falls back to USD for a currency the money library does not know, and to the defaults without a store', () => {
    expect(orderSettingsOf({ ...store, currency: 'XXQ' }).currency).toBe('USD');
    expect(orderSettingsOf(null).currency).toBe('USD');
  });

  it('reads /pos/sales/:id as a positive whole id, anything else as none', () => {
    expect(parseSaleId('42')).toBe(42);
    for (const bad of [undefined, '0', '-1', '4.2', 'abc', '1e3', '9'.repeat(20)]) {
      expect(parseSaleId(bad)).toBeNull();
    }
  });
});

describe('createSale', () => {
  const created = { id: 41, uuid: 'sale-uuid-1', ticket_no: 7, daily_ticket_no: 3, invoice_no: 'INV-7' };

  it('sends the uuid and the time the sale was rung up, the same time on a retry of the same intent', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    const keys: Array<string | null> = [];
    const api = client((request) => {
      bodies.push(JSON.parse(String(request.body)) as Record<string, unknown>);
      keys.push(request.headers.get('idempotency-key'));
      return envelope(created, 201);
    });
    let clock = Date.parse('2026-03-07T15:04:05.000Z');
    const now = () => new Date(clock);
    const input = { order: createOrder('sale-uuid-1'), idempotencyKey: 'intent-retry-1' };
    await createSale(input, { client: api, now });
    clock += 60_000;
    await createSale(input, { client: api, now });
    expect(bodies.map((b) => [b.uuid, b.order_at])).toEqual([
      ['sale-uuid-1', '2026-03-07T15:04:05.000Z'],
      ['sale-uuid-1', '2026-03-07T15:04:05.000Z'],
    ]);
    expect(keys).toEqual(['intent-retry-1', 'intent-retry-1']);
    expect(input.order.order_at).toBeNull();
  });

  it('offline: answers the queue receipt, and the replay hours later makes one sale at the ring-up time', async () => {
    globalThis.indexedDB = new IDBFactory();
    const queue = createRequestQueue({ locks: null });
    const offline = createApiClient({
      fetch: createOfflineFetch({
        queue,
        isOnline: () => false,
        fetch: () => Promise.reject(new Error('no')),
      }),
      getToken: () => 'tok',
      loading: createLoadingStore(),
      notices: createNoticeChannel(),
    });
    const input = { order: createOrder('sale-uuid-2'), idempotencyKey: 'intent-offline-1' };
    const rungUp = () => new Date('2026-03-07T15:10:00.000Z');
    const answer = await createSale(input, { client: offline, now: rungUp });
    expect(answer).toMatchObject({ offline: true, requestId: '1' });

    const sales = new Map<string, Record<string, unknown>>();
    const server = createFakeFetch((request) => {
      const key = request.headers.get('idempotency-key') ?? '';
      if (!sales.has(key)) sales.set(key, JSON.parse(String(request.body)) as Record<string, unknown>);
      return envelope(created, 201);
    });
    await flushQueue(queue, { fetch: server.fetch, isOnline: () => true });
    await flushQueue(queue, { fetch: server.fetch, isOnline: () => true });
    expect([...sales.keys()]).toEqual(['intent-offline-1']);
    expect(sales.get('intent-offline-1')).toMatchObject({
      uuid: 'sale-uuid-2',
      order_at: '2026-03-07T15:10:00.000Z',
      status: 1,
    });
    await queue.close();
  });
});
