import { describe, expect, it } from 'vitest';
import { RECEIPT_ROUTE, receiptPath } from './receipt-path';

describe('receiptPath', () => {
  it("is the receipt route with the sale's uuid as its id", () => {
    expect(receiptPath('3f2c1a9e-5b7d-4c8e-9a1f-2b3c4d5e6f70')).toBe(
      '/pos/receipts/3f2c1a9e-5b7d-4c8e-9a1f-2b3c4d5e6f70',
    );
    expect(RECEIPT_ROUTE).toBe('/pos/receipts/:id');
  });

  it('escapes anything that would leave the path segment', () => {
    expect(receiptPath('a/b?c')).toBe('/pos/receipts/a%2Fb%3Fc');
  });
});
