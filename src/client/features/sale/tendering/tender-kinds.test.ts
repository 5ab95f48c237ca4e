import { describe, expect, it } from 'vitest';
import { PAYMENT_TYPE, PAYMENT_TYPES } from '../../../../domain/constants';
import {
  cardPayment,
  cashPayment,
  giftCardPayment,
  isApprovalCode,
  isLast4,
  kindOf,
  looksLikeCardNumber,
  pointsPayment,
  referencePayment,
  TENDER_KINDS,
  typeOf,
} from './tender-kinds';

describe('tender kinds', () => {
  it('offers every payment type of the spec once', () => {
    expect(TENDER_KINDS.map((k) => k.type).sort((a, b) => a - b)).toEqual(
      [...PAYMENT_TYPES].sort((a, b) => a - b),
    );
    expect(kindOf(PAYMENT_TYPE.VIET_QR)).toBe('vietqr');
    expect(typeOf('vnpay')).toBe(PAYMENT_TYPE.VN_PAY);
  });
});

describe('cash', () => {
  it('adds cash received to the cash already taken', () => {
    expect(cashPayment(2000, 1000)).toEqual({
      payment: { payment_type: PAYMENT_TYPE.CASH, payment_amount: 3000 },
    });
  });

  it('sends an amount of 0 or less as it is, for the sale to refuse', () => {
    expect(cashPayment(0, 1000)).toEqual({ payment: { payment_type: PAYMENT_TYPE.CASH, payment_amount: 0 } });
    expect(cashPayment(null, 0)).toEqual({ error: 'amountInvalid' });
  });
});

describe('credit card', () => {
  it('keeps the brand, the last 4 and the approval code only', () => {
    expect(cardPayment(4500, { brand: 'Visa', last4: '4242', approvalCode: 'ab12c3' })).toEqual({
      payment: {
        payment_type: PAYMENT_TYPE.CREDIT,
        payment_amount: 4500,
        payment_info: { reference: '4242', last4: '4242', card_brand: 'Visa', approval_code: 'AB12C3' },
      },
    });
  });

  it('refuses anything but exactly four digits as the last 4, so a card number never gets in', () => {
    expect(isLast4('4242')).toBe(true);
    for (const bad of ['424', '42424', '4111111111111111', 'abcd', '']) expect(isLast4(bad)).toBe(false);
    expect(cardPayment(100, { brand: 'Visa', last4: '4111111111111111', approvalCode: '' })).toEqual({
      error: 'last4Invalid',
    });
  });

  it('refuses an approval code long enough to be a card number', () => {
    expect(isApprovalCode('123456')).toBe(true);
    expect(isApprovalCode('4111111111111')).toBe(false);
    expect(cardPayment(100, { brand: 'Visa', last4: '4242', approvalCode: '4111 1111 1111 1111' })).toEqual({
      error: 'approvalCodeInvalid',
    });
  });
});

describe('references', () => {
  it('cleans codes as the spec says and upper-cases them', () => {
    expect(referencePayment('coupon', 500, ' save 5! ')).toEqual({
      payment: {
        payment_type: PAYMENT_TYPE.COUPON,
        payment_amount: 500,
        payment_info: { reference: 'SAVE5' },
      },
    });
  });

  it('needs a check number, a coupon or a voucher code, but not a Venmo note', () => {
    expect(referencePayment('check', 500, '  ')).toEqual({ error: 'referenceRequired' });
    expect(referencePayment('voucher', 500, '!!')).toEqual({ error: 'referenceInvalid' });
    expect(referencePayment('venmo', 500, '')).toEqual({
      payment: { payment_type: PAYMENT_TYPE.VENMO, payment_amount: 500 },
    });
  });

  it('never keeps a reference that could be a card number', () => {
    expect(looksLikeCardNumber('4111 1111 1111 1111')).toBe(true);
    expect(looksLikeCardNumber('@anna-nails 2024')).toBe(false);
    expect(referencePayment('others', 500, 'card 4111-1111-1111-1111')).toEqual({
      error: 'referenceLooksLikeCard',
    });
  });
});

describe('gift card and points', () => {
  it('pays from a gift card by its number', () => {
    expect(giftCardPayment(2500, 'GC-1001')).toEqual({
      payment: {
        payment_type: PAYMENT_TYPE.GIFTCARD,
        payment_amount: 2500,
        payment_info: { reference: 'GC-1001' },
      },
    });
  });

  it("needs a customer, and takes no more than the customer's points are worth", () => {
    expect(pointsPayment(500, null)).toEqual({ error: 'noCustomer' });
    expect(pointsPayment(501, 500)).toEqual({ error: 'pointsExceeded' });
    expect(pointsPayment(500, 500)).toEqual({
      payment: { payment_type: PAYMENT_TYPE.POINT, payment_amount: 500 },
    });
  });
});
