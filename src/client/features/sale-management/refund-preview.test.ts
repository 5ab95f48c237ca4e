import { describe, expect, it } from 'vitest';
import { aDetail } from '../../../../tests/support/machines/sale-list';
import type { SaleDetail, SaleLine } from '../../../contracts/sales';
import { everythingLeft, refundableLines, refundPreview } from './refund-preview';

const base = aDetail(42);
const pedicure = base.orderEmployees[0]!.orderItems[0]!;

/** Gel manicure 45.00 × 2, taxes "5,9.5" compounding from the 2nd rate, 10 % item discount. */
const manicure: SaleLine = {
  ...pedicure,
  id: 71,
  item_id: 12,
  name: 'Gel manicure',
  taxes: '5,9.5',
  tax_on: 2,
  unit_price: 4500,
  quantity: 2,
  discounts: [{ type: 0, discount: { type: 0, value: 10 } }],
};

function sale(extra: Partial<SaleDetail> = {}, lines: SaleLine[] = [pedicure, manicure]): SaleDetail {
  return {
    ...base,
    orderEmployees: [{ ...base.orderEmployees[0]!, orderItems: lines }],
    totals: { ...base.totals, total_price: 100_000 },
    ...extra,
  };
}

describe('refund preview', () => {
  it('refund of one line returns its gross plus tax minus its item discount', () => {
    // 45.00 − 4.50 = 40.50 net; 5 % = 2.03 (half away from zero), 9.5 % of 42.53 = 4.04: 45.00 + 6.07 − 4.50.
    expect(refundPreview(sale(), 'USD', [{ sale_line_id: 71, quantity: 1 }])).toBe(4657);
  });

  it('refunds of a line in parts add up to the amount of the whole line', () => {
    const whole = refundPreview(sale(), 'USD', [{ sale_line_id: 71, quantity: 2 }]);
    expect(whole).toBe(9313);
    const afterOne = sale({}, [pedicure, { ...manicure, refunded_quantity: 1 }]);
    expect(refundPreview(afterOne, 'USD', [{ sale_line_id: 71, quantity: 1 }])).toBe(whole - 4657);
  });

  it('refund of two lines adds their amounts', () => {
    expect(
      refundPreview(sale(), 'USD', [
        { sale_line_id: 70, quantity: 1 },
        { sale_line_id: 71, quantity: 2 },
      ]),
    ).toBe(3000 + 9313);
  });

  it('never gives back more than was taken and not given back yet', () => {
    const discounted = sale({ totals: { ...base.totals, total_price: 10_000 }, refunded_amount: 2000 });
    expect(refundPreview(discounted, 'USD', everythingLeft(discounted))).toBe(8000);
  });

  it('counts nothing for unknown lines or units already given back', () => {
    const refunded = sale({}, [{ ...pedicure, refunded_quantity: 1 }, manicure]);
    expect(refundPreview(refunded, 'USD', [{ sale_line_id: 70, quantity: 1 }])).toBe(0);
    expect(refundPreview(refunded, 'USD', [{ sale_line_id: 999, quantity: 1 }])).toBe(0);
    expect(refundPreview(refunded, 'USD', [{ sale_line_id: 71, quantity: 5 }])).toBe(9313);
  });

  it('offers only lines with units left, at their remaining quantity', () => {
    const refunded = sale({}, [
      { ...pedicure, refunded_quantity: 1 },
      { ...manicure, refunded_quantity: 1 },
    ]);
    expect(refundableLines(refunded)).toEqual([
      {
        saleLineId: 71,
        name: 'Gel manicure',
        employeeName: 'Anna Nguyen',
        quantity: 2,
        refundedQuantity: 1,
        remaining: 1,
      },
    ]);
    expect(everythingLeft(refunded)).toEqual([{ sale_line_id: 71, quantity: 1 }]);
  });
});
