import { describe, expect, it } from 'vitest';
import { takeBookingSale } from './sale-area';

function fakeHistory(state: unknown) {
  return {
    state,
    replaceState(next: unknown) {
      this.state = next;
    },
  };
}

const bookingSale = {
  id: 7,
  employee: null,
  booking_appt_service: [
    {
      service_id: 3,
      service_name: 'Pedicure',
      taxes: '',
      unit_price: 4500,
      employee: { id: 2, name: 'Bella' },
    },
  ],
};

describe('the booking a navigation from the appointment book brings', () => {
  it('is taken once: the history entry forgets it', () => {
    const history = fakeHistory({ usr: { bookingSale }, key: 'k' });
    expect(takeBookingSale({ bookingSale }, history)).toEqual(bookingSale);
    expect(history.state).toEqual({ usr: null, key: 'k' });
  });

  it('ignores a state that is not a booking sale', () => {
    const history = fakeHistory({ usr: { other: 1 } });
    expect(takeBookingSale({ bookingSale: { id: 'x' } }, history)).toBeUndefined();
    expect(takeBookingSale(null, history)).toBeUndefined();
    expect(history.state).toEqual({ usr: { other: 1 } });
  });
});
