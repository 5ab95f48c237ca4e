import { describe, expect, it } from 'vitest';
import { toResourceError } from '../../../../machines/resource/resource.rules';
import { failureKeys, issueKeys } from './booking-editor-text';

describe('booking editor words', () => {
  it('says a field problem by its code first, then by its field', () => {
    expect(
      issueKeys('booking_appt_service.1.duration_minutes', { code: 'duration_range', message: '' }),
    ).toEqual([
      'booking-editor:issues.duration_range',
      'booking-editor:fields.duration_minutes',
      'booking-editor:issues.generic',
    ]);
    expect(issueKeys('customer_name', { code: 'too_small', message: '' })).toEqual([
      'booking-editor:fields.customer_name',
      'booking-editor:issues.generic',
    ]);
    expect(issueKeys('booking_appt_service', { code: 'too_small', message: '' })[0]).toBe(
      'booking-editor:fields.booking_appt_service',
    );
  });

  it('says a failure by its code, else by its kind', () => {
    const stale = toResourceError({ status: 409, kind: 'http', code: 'booking_stale', message: 'x' });
    expect(failureKeys(stale)[0]).toBe('common:apiError.booking_stale');
    const offline = toResourceError({ status: 0, kind: 'network', message: 'x' });
    expect(failureKeys(offline)).toEqual(['common:api.errors.network', 'booking-editor:failure.generic']);
  });
});
