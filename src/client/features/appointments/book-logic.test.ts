import { describe, expect, it } from 'vitest';
import { isBookingChange } from './book-logic';

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
