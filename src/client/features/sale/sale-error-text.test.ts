import { describe, expect, it } from 'vitest';
import { saleErrorText } from './sale-error-text';

const known = new Set([
  'sale.errors.network',
  'sale.errors.invalid',
  'sale.errors.unexpected',
  'sale.errors.noEmployee',
]);
const t = (key: string) => `T(${key})`;
const exists = (key: string) => known.has(key);

describe('saleErrorText', () => {
  it('translates a known code and keeps no developer message', () => {
    expect(saleErrorText(t, exists, { code: 'noEmployee', message: 'an item needs an employee' })).toEqual({
      title: 'T(sale.errors.noEmployee)',
      detail: null,
    });
    expect(saleErrorText(t, exists, { code: 'network', message: 'Unable to connect' }).detail).toBeNull();
  });

  it("adds the server's sentence where it says what was refused", () => {
    expect(saleErrorText(t, exists, { code: 'invalid', message: 'This item is not sold here.' })).toEqual({
      title: 'T(sale.errors.invalid)',
      detail: 'This item is not sold here.',
    });
  });

  it('reads an unknown code as the generic sentence with its message, or the code itself', () => {
    expect(saleErrorText(t, exists, { code: 'weird', message: 'Boom' })).toEqual({
      title: 'T(sale.errors.unexpected)',
      detail: 'Boom',
    });
    expect(saleErrorText(t, exists, { code: 'weird' }).detail).toBe('weird');
  });
});
