import { describe, expect, it } from 'vitest';
import { BOOKED, DRAFT_UUID, TIME_ZONE } from '../../../../machines/booking-editor/booking-editor.fixtures';
import {
  draftFromBooking,
  toCreateBody,
  toUpdateBody,
} from '../../../../machines/booking-editor/booking-editor.rules';
import { createApiClient } from '../../lib/api/client';
import { createLoadingStore } from '../../lib/api/loading';
import { createNoticeChannel } from '../../lib/api/notices';
import { offlineQueuedResponse } from '../../lib/offline-queue/offline-fetch';
import { createFakeFetch, envelope, json } from '../../../../tests/support/client/fake-fetch';
import type { FakeHandler } from '../../../../tests/support/client/fake-fetch';
import { changeBookingStatus, getBooking, submitBooking } from './booking-editor-api';

function fake(handler: FakeHandler = () => envelope(BOOKED)) {
  const f = createFakeFetch(handler);
  const client = createApiClient({
    fetch: f.fetch,
    getToken: () => 'tok-1',
    loading: createLoadingStore(),
    notices: createNoticeChannel(),
  });
  return { client, requests: f.requests };
}

const draft = draftFromBooking(BOOKED, TIME_ZONE);

function bodyOf(body: unknown): unknown {
  return typeof body === 'string' ? JSON.parse(body) : body;
}

function pathOf(url: string | undefined): string {
  return new URL(url ?? '', 'http://till').pathname;
}

describe('booking editor calls', () => {
  it('creates with POST /api/pos/bookingAppt, the body and the intent key', async () => {
    const { client, requests } = fake();
    const body = toCreateBody(draft, DRAFT_UUID, TIME_ZONE);
    const outcome = await submitBooking({ kind: 'create', body, idempotencyKey: 'k-1' }, { client });
    expect(outcome).toEqual({ queued: false, booking: BOOKED });
    expect(requests[0]?.method).toBe('POST');
    expect(pathOf(requests[0]?.url)).toBe('/api/pos/bookingAppt');
    expect(requests[0]?.headers.get('idempotency-key')).toBe('k-1');
    expect(bodyOf(requests[0]?.body)).toEqual(JSON.parse(JSON.stringify(body)));
  });

  it('updates with PUT /api/pos/bookingAppt/:id and the version read', async () => {
    const { client, requests } = fake();
    const body = toUpdateBody(draft, 3, TIME_ZONE);
    await submitBooking({ kind: 'update', id: 70, body, idempotencyKey: 'k-2' }, { client });
    expect(requests[0]?.method).toBe('PUT');
    expect(pathOf(requests[0]?.url)).toBe('/api/pos/bookingAppt/70');
    expect(bodyOf(requests[0]?.body)).toMatchObject({ version: 3 });
  });

  it('moves the status with its version, arrival and reason', async () => {
    const { client, requests } = fake();
    await changeBookingStatus(
      { id: 70, version: 3, status: 'arrived', arrival: 'queue', idempotencyKey: 'k-3' },
      { client },
    );
    await changeBookingStatus(
      { id: 70, version: 4, status: 'cancelled', reason: 'Sick', idempotencyKey: 'k-4' },
      { client },
    );
    expect(pathOf(requests[0]?.url)).toBe('/api/pos/bookingAppt/70/status');
    expect(requests.map((r) => bodyOf(r.body))).toEqual([
      { status: 'arrived', version: 3, arrival: 'queue' },
      { status: 'cancelled', version: 4, reason: 'Sick', arrival: 'desk' },
    ]);
  });

  it("a write the offline queue kept is the queue's receipt: provisional", async () => {
    const { client } = fake(() =>
      offlineQueuedResponse({ offline: true, message: 'Request saved offline.', requestId: '12' }),
    );
    const body = toCreateBody(draft, DRAFT_UUID, TIME_ZONE);
    await expect(submitBooking({ kind: 'create', body, idempotencyKey: 'k-5' }, { client })).resolves.toEqual(
      {
        queued: true,
        requestId: '12',
      },
    );
  });

  it('a conflict rejects with its code and details for the chart', async () => {
    const details = { line_index: 0, conflicts: [], next_slots: [] };
    const { client } = fake(() =>
      json({ success: false, data: null, message: 'Taken', code: 'booking_conflict', details }, 409),
    );
    const body = toCreateBody(draft, DRAFT_UUID, TIME_ZONE);
    await expect(
      submitBooking({ kind: 'create', body, idempotencyKey: 'k-6' }, { client }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'booking_conflict',
      details,
    });
  });

  it('reads one booking back, checked against the contract', async () => {
    const { client, requests } = fake();
    await expect(getBooking(70, { client })).resolves.toEqual(BOOKED);
    expect(requests[0]?.method).toBe('GET');
  });
});
