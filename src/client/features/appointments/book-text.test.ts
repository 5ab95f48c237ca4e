import { describe, expect, it } from 'vitest';
import { toResourceError } from '../../../../machines/resource/resource.rules';
import { offline } from '../../../../tests/support/machines/api-failures';
import { bookErrorKeys } from './book-text';

describe("the book's failure words", () => {
  it('says a booking code in its own namespace first, then the common words, then a plain retry', () => {
    const stale = toResourceError({ status: 409, kind: 'http', code: 'booking_stale', message: 'x' });
    expect(bookErrorKeys(stale)).toEqual([
      'appointments:errors.booking_stale',
      'common:apiError.booking_stale',
      'appointments:errors.generic',
    ]);
  });

  it('says an unreachable server as the network failure it is', () => {
    expect(bookErrorKeys(toResourceError(offline))).toEqual([
      'common:api.errors.network',
      'appointments:errors.generic',
    ]);
  });
});
