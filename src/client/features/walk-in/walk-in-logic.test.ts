import { describe, expect, it } from 'vitest';
import type { CheckedInEmployee } from '../../../contracts/employees';
import { isQueueChange, registerBody, techniciansFromBoard, techniciansFromCheckedIn } from './walk-in-logic';

const tech = (over: Partial<CheckedInEmployee>): CheckedInEmployee => ({
  id: 1,
  name: 'Anna Nguyen',
  first_name: 'Anna',
  last_name: 'Nguyen',
  role: 'staff',
  is_technician: true,
  commission_rate: 40,
  display_order: 0,
  avatar_path: null,
  enable_booking: true,
  enable_walkin: true,
  checked_in: true,
  check_in_at: '2026-11-27T09:00:00.000Z',
  on_break: false,
  working_time_id: 1,
  date_work: '2026-11-27',
  ...over,
});

describe('the desk queue calls', () => {
  it('puts the turn system suggestion first, with the first reason of its place', () => {
    const technicians = techniciansFromBoard({
      technicians: [
        { technician_id: 1, name: 'Anna', available: true, position: 1, reasons: [{ code: 'queued_since' }] },
        { technician_id: 2, name: 'Binh', available: true, position: 2, reasons: [{ code: 'bonus_left' }] },
        { technician_id: 3, name: 'Chi', available: false, position: null, reasons: [] },
      ],
      next: { technician_id: 2 },
    });
    expect(technicians).toEqual([
      { id: 2, name: 'Binh', suggested: true, reason: 'bonus_left' },
      { id: 1, name: 'Anna', suggested: false, reason: null },
    ]);
  });

  it('without the turn system, lists technicians on shift and not on a break, first clocked in first', () => {
    const technicians = techniciansFromCheckedIn([
      tech({ id: 1, name: 'Anna', check_in_at: '2026-11-27T09:30:00.000Z' }),
      tech({ id: 2, name: 'Binh', check_in_at: '2026-11-27T09:00:00.000Z' }),
      tech({ id: 3, name: 'Chi', on_break: true }),
      tech({ id: 4, name: 'Dao', is_technician: false }),
      tech({ id: 5, name: 'Em', enable_walkin: false }),
    ]);
    expect(technicians.map((t) => t.id)).toEqual([2, 1]);
    expect(technicians.every((t) => !t.suggested)).toBe(true);
  });

  it('turns the register form into the spec body, the new customer only when asked', () => {
    const body = registerBody({
      customer_name: 'Mai',
      telephone: '555 123 4567',
      user_id: '2',
      services: '100,101',
      register: '',
      first_name: 'Mai',
    });
    expect(body).toMatchObject({
      customer_name: 'Mai',
      user_id: 2,
      booking_appt_service: [{ service_id: 100 }, { service_id: 101 }],
    });
    expect(body).not.toHaveProperty('customer_info');
    expect(registerBody({ register: '1', first_name: 'Lan' })).toMatchObject({
      customer_info: { first_name: 'Lan', action: 'register' },
    });
  });

  it('reloads on walk-in, clock and turn changes only', () => {
    expect(isQueueChange('{"topic":"walk_ins"}')).toBe(true);
    expect(isQueueChange('{"topic":"bookings"}')).toBe(false);
    expect(isQueueChange('not json')).toBe(false);
  });
});
