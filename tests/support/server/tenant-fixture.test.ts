import { describe, expect, it } from 'vitest';
import { containsCardNumber } from '../../../src/contracts/payments';
import { luhnCheckDigit, randomTenantCode } from './tenant-fixture';

describe('fixture tenant codes', () => {
  it('computes the Luhn check digit of a known card number', () => {
    // 4111 1111 1111 1111 is the classic Luhn-valid test number.
    expect(luhnCheckDigit('411111111111111')).toBe(1);
  });

  it('never gives a code whose digits read as a payment card number', () => {
    for (let i = 0; i < 2_000; i += 1) {
      const code = randomTenantCode();
      expect(code).toMatch(/^T\d{13}$/);
      expect(containsCardNumber(`VG-${code}`)).toBe(false);
    }
  });
});
