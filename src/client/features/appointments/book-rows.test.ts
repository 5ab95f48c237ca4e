import { describe, expect, it } from 'vitest';
import { EDITABLE } from '../../../../machines/booking-book/booking-book.fixtures';
import { QUEUED_LINE_MINUTES, withQueuedWrites } from './book-rows';

const UUID = '0b0f5d36-8a43-4d0e-b7d5-6e2f5a0c9a11';

describe('bookings the offline queue still holds', () => {
  it('adds a queued create as provisional, keyed by its uuid, once', () => {
    const create = {
      url: 'http://till.local/api/pos/bookingAppt',
      method: 'POST',
      body: JSON.stringify({
        uuid: UUID,
        customer_name: 'Thu Vo',
        status: 'confirmed',
        booking_appt_service: [
          { service_id: 100, service_name: 'Pedicure', user_id: 1, starts_at: '2026-11-27T18:00:00.000Z' },
        ],
      }),
    };
    const rows = withQueuedWrites([EDITABLE], [create, create]);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      key: UUID,
      id: null,
      customer_name: 'Thu Vo',
      status: 'confirmed',
      provisional: true,
    });
    expect(rows[1]!.lines[0]).toMatchObject({
      user_id: 1,
      service_name: 'Pedicure',
      duration_minutes: QUEUED_LINE_MINUTES,
      ends_at: '2026-11-27T18:30:00.000Z',
    });
  });

  it('lays a queued edit over its booking (a move made offline) and marks it provisional', () => {
    const edit = {
      url: '/api/pos/bookingAppt/1',
      method: 'PUT',
      body: JSON.stringify({
        customer_name: 'Mai Tran',
        booking_appt_service: [
          { id: 11, service_id: 100, user_id: null, starts_at: '2026-11-27T19:00:00.000Z' },
        ],
      }),
    };
    const [row] = withQueuedWrites([EDITABLE], [edit]);
    expect(row!.provisional).toBe(true);
    expect(row!.lines[0]).toMatchObject({
      id: 11,
      user_id: null,
      service_name: 'Gel manicure',
      duration_minutes: 60,
      ends_at: '2026-11-27T20:00:00.000Z',
    });
  });

  it('skips what it cannot read: other paths, bytes, broken JSON, unknown bookings', () => {
    const odd = [
      { url: '/api/pos/sales', method: 'POST', body: '{"booking_appt_service":[]}' },
      { url: '/api/pos/bookingAppt', method: 'POST', body: new ArrayBuffer(2) },
      { url: '/api/pos/bookingAppt', method: 'POST', body: '{not json' },
      { url: '/api/pos/bookingAppt/99', method: 'PUT', body: '{"booking_appt_service":[]}' },
    ];
    expect(withQueuedWrites([EDITABLE], odd)).toEqual([EDITABLE]);
  });
});
