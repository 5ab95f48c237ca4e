import { describe, it, expect } from 'vitest';
import { ITEM_TYPE } from './constants';
import { isTaxable, lineTax, parseTaxRates } from './tax';

const SERVICE = ITEM_TYPE.SERVICE;

describe('parseTaxRates', () => {
  it('reads comma-separated percentages, ignoring blank entries: "5, ,9.5" → [5, 9.5]', () => {
    expect(parseTaxRates('5, ,9.5')).toEqual([5, 9.5]);
    expect(parseTaxRates(' 8.875 ')).toEqual([8.875]);
    expect(parseTaxRates('')).toEqual([]);
    expect(parseTaxRates(null)).toEqual([]);
  });

  it('ignores an entry that is not a percentage rather than blocking the sale', () => {
    expect(parseTaxRates('5,abc,-2,9.5')).toEqual([5, 9.5]);
  });
});

describe('lineTax', () => {
  it('Revenu Québec: net 100.00, "5,9.5", tax-on-tax 2 → 5.00 + 9.98, total 114.98', () => {
    const tax = lineTax(10000, '5,9.5', { taxOnTax: 2, indianTax: '0', itemType: SERVICE });
    expect(tax).toEqual({ amounts: [500, 998], total: 1498 });
    expect(10000 + tax.total).toBe(11498);
    // With floats the QST comes out a cent short: 105 × 0.095 = 9.974999… in binary.
    expect((105 * 0.095).toFixed(2)).toBe('9.97');
  });

  it('tax-on-tax 0 puts every rate on the net: 100.00 at "5,9.5" → 5.00 + 9.50', () => {
    expect(lineTax(10000, '5,9.5', { taxOnTax: 0, indianTax: '0', itemType: SERVICE })).toEqual({
      amounts: [500, 950],
      total: 1450,
    });
  });

  it('rates from position N compound on every tax before them: "5,9.5,2" at 1, 2 and 3', () => {
    const at = (taxOnTax: number) =>
      lineTax(10000, '5,9.5,2', { taxOnTax, indianTax: '0', itemType: SERVICE });
    // 1: 5.00 on 100; 9.98 on 105.00; 2.30 on 114.98.
    expect(at(1).amounts).toEqual([500, 998, 230]);
    // 2: the same here, since the first rate has no tax before it.
    expect(at(2).amounts).toEqual([500, 998, 230]);
    // 3: 5.00 and 9.50 on 100; 2.29 on 114.50.
    expect(at(3).amounts).toEqual([500, 950, 229]);
    // A position past the last rate compounds nothing.
    expect(at(9).amounts).toEqual([500, 950, 200]);
  });

  it('rounds each tax amount separately: net 0.10 at "5,5" is 0.01 + 0.01', () => {
    expect(lineTax(10, '5,5', { taxOnTax: 0, indianTax: '0', itemType: SERVICE })).toEqual({
      amounts: [1, 1],
      total: 2,
    });
  });

  it('under the Indian tax setting only the first rate applies', () => {
    expect(lineTax(10000, '5,9.5', { taxOnTax: 2, indianTax: '1', itemType: SERVICE })).toEqual({
      amounts: [500],
      total: 500,
    });
  });

  it('taxes services, products and kits, never gift cards', () => {
    expect(
      isTaxable(ITEM_TYPE.SERVICE) && isTaxable(ITEM_TYPE.PRODUCT) && isTaxable(ITEM_TYPE.PRODUCT_KIT),
    ).toBe(true);
    const options = { taxOnTax: 0, indianTax: '0', itemType: ITEM_TYPE.PRODUCT_KIT } as const;
    expect(lineTax(5000, '8.875', options).total).toBe(444); // 4.4375 → 4.44
    expect(lineTax(5000, '8.875', { ...options, itemType: ITEM_TYPE.GIFTCARD })).toEqual({
      amounts: [],
      total: 0,
    });
  });

  it('rounds to the currency: 10 % of 1,255 VND is 126', () => {
    expect(
      lineTax(1255, '10', { taxOnTax: 0, indianTax: '0', itemType: SERVICE, currency: 'VND' }).total,
    ).toBe(126);
  });

  it('reads a tax-on-tax that is not a whole number ≥ 1 as 0', () => {
    const options = { indianTax: '0', itemType: SERVICE } as const;
    expect(lineTax(10000, '5,9.5', { ...options, taxOnTax: Number.NaN }).amounts).toEqual([500, 950]);
    expect(lineTax(10000, '5,9.5', { ...options, taxOnTax: -2 }).amounts).toEqual([500, 950]);
  });
});
