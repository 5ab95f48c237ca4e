import { describe, expect, it } from 'vitest';
import { isBookingChange, isBookingRequest } from './book-logic';

const change = (topic: 'bookings' | 'walk_ins') => ({
  seq: 4,
  store_id: 1,
  topic,
  ids: [1],
  version: 2,
  truncated: false,
});

describe("the book's live channel", () => {
  it('reloads on a bookings change only', () => {
    expect(isBookingChange(change('bookings'))).toBe(true);
    expect(isBookingChange(change('walk_ins'))).toBe(false);
    expect(isBookingChange(null)).toBe(false);
  });
});

describe("the book's view of the offline queue", () => {
  it("hears of the book's own writes only", () => {
    expect(isBookingRequest('/api/pos/bookingAppt')).toBe(true);
    expect(isBookingRequest('http://127.0.0.1:3000/api/pos/bookingAppt/7')).toBe(true);
    expect(isBookingRequest('/api/pos/order')).toBe(false);
  });
});
