import { describe, it, expect } from 'vitest';
import { PAYMENT_TYPE, type PaymentType } from './constants';
import { computeOrderTotals } from './order-total';
import {
  cashTendered,
  changeDue,
  creditPaidTotal,
  nonCreditPaidTotal,
  paidTotal,
  validatePayment,
} from './payments';
import {
  cash,
  credit,
  makeItem,
  makePayment,
  makeWorkedTicket,
  orderOf,
} from '../../tests/support/domain/orders';

const giftcard = (amount: number, reference = 'GC-1') =>
  makePayment(PAYMENT_TYPE.GIFTCARD, amount, { reference });

describe('payment sums', () => {
  const payments = [credit(3000), cash(2000), giftcard(1000)];

  it('adds every payment: 30.00 card + 20.00 cash + 10.00 gift card = 60.00', () => {
    expect(paidTotal(payments)).toBe(6000);
  });

  it('excludes credit payments from the non-credit paid total: 30.00', () => {
    expect(nonCreditPaidTotal(payments)).toBe(3000);
    expect(creditPaidTotal(payments)).toBe(3000);
    expect(cashTendered(payments)).toBe(2000);
  });

  it('skips amounts of zero or less', () => {
    expect(paidTotal([cash(0), credit(-500), cash(100)])).toBe(100);
  });
});

describe('changeDue', () => {
  it('gives what the payments exceed the amount due by, from cash: due 45.00, card 40 + cash 10 → 5.00', () => {
    expect(changeDue(4500, [credit(4000), cash(1000)])).toBe(500);
  });

  it('gives at most the cash tendered: due 45.00, card 50 + cash 5 → 5.00, not 10.00', () => {
    expect(changeDue(4500, [credit(5000), cash(500)])).toBe(500);
  });

  it('gives nothing when the payments fall short', () => {
    expect(changeDue(4500, [cash(4000)])).toBe(0);
  });
});

describe('validatePayment', () => {
  // The worked ticket without payments: 144.46 due.
  const unpaid = { ...makeWorkedTicket(), payments: [] };

  it('refuses amounts of zero or less, fractions of a minor unit and unknown types', () => {
    expect(validatePayment(unpaid, cash(0))).toBe('amountNotPositive');
    expect(validatePayment(unpaid, cash(-100))).toBe('amountNotPositive');
    expect(validatePayment(unpaid, cash(10.5))).toBe('amountInvalid');
    expect(validatePayment(unpaid, makePayment(99 as PaymentType, 100))).toBe('unknownPaymentType');
  });

  it('lets cash exceed the balance (the rest is change) but not a card: 150.00 on 144.46', () => {
    expect(validatePayment(unpaid, cash(15000))).toBeNull();
    expect(validatePayment(unpaid, credit(15000))).toBe('exceedsBalanceForNonCash');
    expect(validatePayment(unpaid, credit(14446))).toBeNull();
  });

  it('measures a replacing payment against the balance without the payment it replaces', () => {
    const cardPaid = { ...unpaid, payments: [credit(10000)] };
    // 44.46 left, but the new card payment replaces the 100.00 one: up to 144.46 is fine.
    expect(validatePayment(cardPaid, credit(14446))).toBeNull();
    expect(validatePayment(cardPaid, credit(14447))).toBe('exceedsBalanceForNonCash');
    // Another gift card adds to it: only 44.46 is left.
    expect(validatePayment(cardPaid, giftcard(5000))).toBe('exceedsBalanceForNonCash');
    expect(validatePayment(cardPaid, giftcard(4446))).toBeNull();
  });

  it('refuses any payment when nothing is due', () => {
    const paid = orderOf([makeItem({ unit_price: 4500 })], { payments: [cash(4500)] });
    expect(validatePayment(paid, credit(100))).toBe('nothingDue');
    // A new cash amount replaces the 45.00 cash payment, so the whole 45.00 is owed again.
    expect(validatePayment(paid, cash(5000))).toBeNull();
  });

  it('ignores a card fee passed on to the customer: the balance is the same', () => {
    const order = { ...makeWorkedTicket({ creditcard_fee_to_customer: true }), payments: [credit(10000)] };
    expect(validatePayment(order, giftcard(4446))).toBeNull();
    expect(validatePayment(order, giftcard(4447))).toBe('exceedsBalanceForNonCash');
  });

  it('takes totals the caller already holds', () => {
    expect(validatePayment(unpaid, credit(14447), computeOrderTotals(unpaid))).toBe(
      'exceedsBalanceForNonCash',
    );
  });
});
