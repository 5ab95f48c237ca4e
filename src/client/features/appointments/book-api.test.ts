import { describe, expect, it } from 'vitest';
import { createFakeFetch, envelope, failure, json } from '../../../../tests/support/client/fake-fetch';
import type { FakeHandler } from '../../../../tests/support/client/fake-fetch';
import type { Booking } from '../../../contracts/bookings';
import { createApiClient } from '../../lib/api/client';
import { createLoadingStore } from '../../lib/api/loading';
import { createNoticeChannel } from '../../lib/api/notices';
import { offlineQueuedResponse } from '../../lib/offline-queue/offline-fetch';
import { createMemoryStorage } from '../../lib/storage';
import { loadBookRange, saveBooking, workingWindowOf } from './book-api';

const RANGE = {
  from: '2026-11-27T05:00:00.000Z',
  to: '2026-11-28T05:00:00.000Z',
  fromDate: '2026-11-27',
  days: 1,
};

const BOOKING: Booking = {
  id: 1,
  uuid: '6f1c1a3e-5f86-4b6b-9d3b-0b7b9b1b2c01',
  store_id: 1,
  customer_id: null,
  customer_name: 'Mai Tran',
  telephone: null,
  notes: null,
  status: 'booked',
  version: 3,
  starts_at: '2026-11-27T15:00:00.000Z',
  ends_at: '2026-11-27T16:00:00.000Z',
  booking_appt_service: [
    {
      id: 11,
      service_id: 100,
      service_name: 'Gel manicure',
      taxes: '',
      unit_price: 3000,
      user_id: 2,
      starts_at: '2026-11-27T15:00:00.000Z',
      ends_at: '2026-11-27T16:00:00.000Z',
      duration_minutes: 60,
      processing_offset_minutes: null,
      processing_minutes: 0,
      buffer_before_minutes: 0,
      buffer_after_minutes: 0,
    },
  ],
  attributes: { color: 'pink' },
  walk_in_id: null,
  sale_id: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

const EMPLOYEES = [{ id: 2, name: 'Binh Tran', hours: [], own_hours: false, days_off: [] }];

function fake(handler: FakeHandler) {
  const f = createFakeFetch(handler);
  const client = createApiClient({
    fetch: f.fetch,
    getToken: () => 'tok-1',
    loading: createLoadingStore(),
    notices: createNoticeChannel(),
  });
  return { client, requests: f.requests };
}

const pathOf = (url: string) => new URL(url, 'http://till').pathname;

function server(request: { url: string }): Response {
  switch (pathOf(request.url)) {
    case '/api/pos/bookingAppt':
      return envelope([BOOKING]);
    case '/api/pos/employees/enable-booking':
      return envelope(EMPLOYEES);
    case '/api/pos/bookingAppt/count-in-days':
      return envelope([{ date: '2026-11-27', count: 1 }]);
    default:
      return failure(500, 'Server error.');
  }
}

describe('book calls', () => {
  it('loads the range with the contract paths and keeps a copy; a failing badge read is left out', async () => {
    const { client, requests } = fake(server);
    const storage = createMemoryStorage();
    const data = await loadBookRange(RANGE, { client, storage });
    expect(data.bookings.map((b) => [b.key, b.color, b.provisional])).toEqual([['1', 'pink', false]]);
    expect(data.employees).toEqual([{ id: 2, name: 'Binh Tran' }]);
    expect(data.counts).toEqual([{ date: '2026-11-27', count: 1 }]);
    expect(data.topServices).toBeNull();
    expect(data.fromCache).toBe(false);
    const list = requests.find((r) => pathOf(r.url) === '/api/pos/bookingAppt');
    expect(new URL(list!.url, 'http://till').searchParams.get('from')).toBe(RANGE.from);
    expect(new URL(list!.url, 'http://till').searchParams.get('to')).toBe(RANGE.to);
    expect(storage.length).toBe(1);
  });

  it('offline, answers the stored copy of that range marked fromCache, with queued writes laid over', async () => {
    const storage = createMemoryStorage();
    await loadBookRange(RANGE, {
      client: fake(server).client,
      storage,
      now: () => new Date('2026-11-27T13:00:00.000Z'),
    });
    const down = fake(() => Promise.reject(new TypeError('Failed to fetch')));
    const queued = [
      {
        url: '/api/pos/bookingAppt/1',
        method: 'PUT',
        body: JSON.stringify({
          booking_appt_service: [
            { id: 11, service_id: 100, user_id: 2, starts_at: '2026-11-27T17:00:00.000Z' },
          ],
        }),
      },
    ];
    const data = await loadBookRange(RANGE, {
      client: down.client,
      storage,
      queued: async () => queued,
    });
    expect(data.fromCache).toBe(true);
    expect(data.savedAt).toBe('2026-11-27T13:00:00.000Z');
    expect(data.bookings[0]).toMatchObject({ provisional: true });
    expect(data.bookings[0]!.lines[0]!.starts_at).toBe('2026-11-27T17:00:00.000Z');
    // Another range was never read: nothing to show, the failure goes to the chart.
    await expect(
      loadBookRange({ ...RANGE, from: '2026-11-28T05:00:00.000Z' }, { client: down.client, storage }),
    ).rejects.toMatchObject({ status: 0, kind: 'network' });
  });

  it("PUTs a move with the chart's key and answers the stored booking, or the queue's receipt", async () => {
    const saved = fake(() => envelope({ ...BOOKING, version: 4 }));
    const input = {
      kind: 'update' as const,
      id: 1,
      body: { customer_name: 'Mai Tran', version: 3 },
      idempotencyKey: 'k-1',
    };
    const answer = await saveBooking(input, { client: saved.client });
    expect(answer).toMatchObject({ queued: false, booking: { version: 4 } });
    expect(saved.requests[0]).toMatchObject({ method: 'PUT' });
    expect(pathOf(saved.requests[0]!.url)).toBe('/api/pos/bookingAppt/1');
    expect(saved.requests[0]!.headers.get('idempotency-key')).toBe('k-1');
    const queued = fake(() => offlineQueuedResponse({ offline: true, message: 'queued', requestId: '7' }));
    expect(await saveBooking(input, { client: queued.client })).toEqual({ queued: true });
  });

  it('POSTs a refused offline create again and takes its request out of the queue, answered or queued', async () => {
    const created = fake(() => envelope({ ...BOOKING, id: 9 }));
    const unqueued: number[] = [];
    const unqueue = async (id: number) => {
      unqueued.push(id);
    };
    const input = {
      kind: 'create' as const,
      requestId: 12,
      body: { uuid: 'u-1', customer_name: 'Mai Tran', booking_appt_service: [] },
      idempotencyKey: 'k-2',
    };
    expect(await saveBooking(input, { client: created.client, unqueue })).toMatchObject({
      queued: false,
      booking: { id: 9 },
    });
    expect(created.requests[0]).toMatchObject({ method: 'POST' });
    expect(pathOf(created.requests[0]!.url)).toBe('/api/pos/bookingAppt');
    expect(created.requests[0]!.headers.get('idempotency-key')).toBe('k-2');
    expect(unqueued).toEqual([12]);
    // Queued again (offline once more): the new request replaces the refused one.
    const queued = fake(() => offlineQueuedResponse({ offline: true, message: 'queued', requestId: '13' }));
    expect(await saveBooking(input, { client: queued.client, unqueue })).toEqual({ queued: true });
    expect(unqueued).toEqual([12, 12]);
    // Refused again (another clash): the request stays for the next choice.
    const clash = fake(() =>
      json({ success: false, data: null, code: 'booking_conflict', message: 'Taken.' }, 409),
    );
    await expect(saveBooking(input, { client: clash.client, unqueue })).rejects.toMatchObject({
      status: 409,
    });
    expect(unqueued).toEqual([12, 12]);
  });

  it('passes a clash through with its details for the chart', async () => {
    const details = { line_index: 0, conflicts: [], next_slots: [] };
    const clash = fake(() =>
      json({ success: false, data: null, code: 'booking_conflict', message: 'Taken.', details }, 409),
    );
    await expect(
      saveBooking({ kind: 'update', id: 1, body: {}, idempotencyKey: 'k' }, { client: clash.client }),
    ).rejects.toMatchObject({ status: 409, code: 'booking_conflict', details });
  });
});

describe("the book's working window", () => {
  it('spans the earliest opening and the latest closing of anyone bookable, any day', () => {
    const day = (opens: string, closes: string) => ({ opens, closes });
    const week = (...days: ({ opens: string; closes: string } | null)[]) => ({ hours: days });
    expect(
      workingWindowOf([
        week(null, day('09:00', '18:00'), day('10:00', '20:30'), null, null, null, null),
        week(day('08:30', '17:00'), null, null, null, null, null, null),
      ]),
    ).toEqual({ opens: '08:30', closes: '20:30' });
    expect(workingWindowOf([week(null, null, null, null, null, null, null)])).toBeNull();
    expect(workingWindowOf([])).toBeNull();
  });
});
