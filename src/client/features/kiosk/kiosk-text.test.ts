import { describe, expect, it } from 'vitest';
import type { ResourceError } from '../../../../machines/resource/resource.types';
import { kioskErrorKeys } from './kiosk-text';

const error = (over: Partial<ResourceError>): ResourceError => ({
  kind: 'server',
  status: 500,
  code: null,
  message: 'Server error.',
  fieldErrors: null,
  inUse: null,
  ...over,
});

describe('kiosk error words', () => {
  it('says the kiosk codes in its own words first, then the app map, then a plain retry', () => {
    expect(kioskErrorKeys(error({ kind: 'notFound', status: 404, code: 'not_found' }))).toEqual([
      'kiosk:errors.not_found',
      'common:apiError.not_found',
      'kiosk:errors.generic',
    ]);
    expect(kioskErrorKeys(error({ code: 'internal_error' }))).toEqual([
      'common:apiError.internal_error',
      'kiosk:errors.generic',
    ]);
  });

  it('says a lost connection by its kind', () => {
    expect(kioskErrorKeys(error({ kind: 'offline', status: 0 }))).toEqual([
      'kiosk:errors.offline',
      'kiosk:errors.generic',
    ]);
  });
});
