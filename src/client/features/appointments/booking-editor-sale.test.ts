import { describe, expect, it } from 'vitest';
import { BOOKED } from '../../../../machines/booking-editor/booking-editor.fixtures';
import { bookingSaleNavigation, bookingSaleState } from './booking-editor-sale';

const EMPLOYEES = [
  { id: 2, name: 'Binh Tran' },
  { id: 3, name: 'Dee Park' },
];

const line = BOOKED.booking_appt_service[0]!;

describe('booking sale handover', () => {
  it('hands the first technician lines as the booking and the others per technician', () => {
    const booking = {
      ...BOOKED,
      booking_appt_service: [
        { ...line, id: 1, user_id: null, service_id: 105, service_name: 'Soak' },
        { ...line, id: 2, user_id: 2 },
        { ...line, id: 3, user_id: 3, service_id: 101, service_name: 'Pedicure', unit_price: 4500 },
        { ...line, id: 4, user_id: 2, service_id: 102, service_name: 'Polish' },
      ],
    };
    const state = bookingSaleNavigation(booking, EMPLOYEES);
    expect(bookingSaleState.parse(state)).toEqual(state);
    expect(state.bookingSale.booking).toEqual({
      id: 70,
      employee: { id: 2, name: 'Binh Tran' },
      booking_appt_service: [
        { service_id: 100, service_name: 'Gel manicure', taxes: '8.5', unit_price: 3500 },
        { service_id: 102, service_name: 'Polish', taxes: '8.5', unit_price: 3500 },
      ],
    });
    expect(state.bookingSale.others).toEqual([
      {
        employee: null,
        services: [{ service_id: 105, service_name: 'Soak', taxes: '8.5', unit_price: 3500 }],
      },
      {
        employee: { id: 3, name: 'Dee Park' },
        services: [{ service_id: 101, service_name: 'Pedicure', taxes: '8.5', unit_price: 4500 }],
      },
    ]);
  });

  it('a booking with no technician goes as it is, unassigned', () => {
    const booking = { ...BOOKED, booking_appt_service: [{ ...line, user_id: null }] };
    const { bookingSale } = bookingSaleNavigation(booking, EMPLOYEES);
    expect(bookingSale.booking.employee).toBeNull();
    expect(bookingSale.others).toEqual([]);
  });
});
