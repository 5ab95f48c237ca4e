import { describe, expect, it } from 'vitest';
import { BOOKED } from '../../../../machines/booking-editor/booking-editor.fixtures';
import { bookingSaleSchema } from '../../../contracts/bookings';
import { bookingSaleNavigation } from './booking-editor-sale';

const EMPLOYEES = [
  { id: 2, name: 'Binh Tran' },
  { id: 3, name: 'Dee Park' },
];

const line = BOOKED.booking_appt_service[0]!;

describe('booking sale handover', () => {
  it('hands each booked line with its technician, in line order, as the sale area reads it', () => {
    const booking = {
      ...BOOKED,
      booking_appt_service: [
        { ...line, id: 1, user_id: null, service_id: 105, service_name: 'Soak' },
        { ...line, id: 2, user_id: 2 },
        { ...line, id: 3, user_id: 3, service_id: 101, service_name: 'Pedicure', unit_price: 4500 },
        { ...line, id: 4, user_id: 9, service_id: 102, service_name: 'Polish' },
      ],
    };
    const state = bookingSaleNavigation(booking, EMPLOYEES);
    expect(bookingSaleSchema.parse(state.bookingSale)).toEqual(state.bookingSale);
    expect(state.bookingSale.id).toBe(BOOKED.id);
    expect(state.bookingSale.booking_appt_service.map((s) => [s.service_name, s.employee])).toEqual([
      ['Soak', null],
      [line.service_name, { id: 2, name: 'Binh Tran' }],
      ['Pedicure', { id: 3, name: 'Dee Park' }],
      // No longer bookable: still hers, by id.
      ['Polish', { id: 9, name: '' }],
    ]);
  });
});
