import { describe, it, expect } from 'vitest';
import { computeOrderTotals } from './order-total';
import { refundAmountOfLines } from './refund';
import { makeWorkedTicket } from '../../tests/support/domain/orders';

describe('refundAmountOfLines', () => {
  const order = makeWorkedTicket();

  it('refund of two lines returns their gross plus tax minus their discounts', () => {
    // Gel manicure 35.00 + 2.80 − 3.50 = 34.30; cuticle oil 24.00 + 1.86 − 3.00 = 22.86.
    expect(
      refundAmountOfLines(order, [
        { employeeIndex: 0, itemIndex: 0 },
        { employeeIndex: 0, itemIndex: 1 },
      ]),
    ).toBe(5716);
  });

  it('counts a line selected twice once', () => {
    const gel = { employeeIndex: 0, itemIndex: 0 };
    expect(refundAmountOfLines(order, [gel, gel])).toBe(3430);
  });

  it('returns a gift card line at its gross: no tax was charged on it', () => {
    expect(refundAmountOfLines(order, [{ employeeIndex: 1, itemIndex: 1 }])).toBe(5000);
  });

  it('does not take order-level discounts off: every line refunds more than the ticket less tips', () => {
    const all = [0, 1].flatMap((employeeIndex) => [0, 1].map((itemIndex) => ({ employeeIndex, itemIndex })));
    const total = computeOrderTotals(order).total;
    expect(refundAmountOfLines(order, all)).toBe(15071);
    expect(total.total_price - total.tip_amount).toBe(13146);
  });

  it('refuses a selection that names no line', () => {
    expect(() => refundAmountOfLines(order, [{ employeeIndex: 5, itemIndex: 0 }])).toThrow(RangeError);
  });

  it('returns 0 for an empty selection', () => {
    expect(refundAmountOfLines(order, [])).toBe(0);
  });
});
