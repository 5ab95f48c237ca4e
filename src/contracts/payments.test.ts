import { describe, expect, it } from 'vitest';
import { containsCardNumber, luhnValid, paymentInfoSchema, paymentInputSchema } from './payments';

describe('card number detection', () => {
  it('knows Luhn-valid test card numbers from invalid ones', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });

  it('finds 13-19 Luhn-valid digits plain or grouped by spaces or dashes, anywhere in a text', () => {
    expect(containsCardNumber('4111111111111111')).toBe(true);
    expect(containsCardNumber('card 4111 1111 1111 1111 ok')).toBe(true);
    expect(containsCardNumber('ref:5555-5555-5555-4444')).toBe(true);
    expect(containsCardNumber('x6011000990139424y')).toBe(true);
  });

  it('lets through short numbers, Luhn-invalid runs and 20+ digit references', () => {
    expect(containsCardNumber('1234')).toBe(false);
    expect(containsCardNumber('4111111111111112')).toBe(false);
    expect(containsCardNumber('123456789012')).toBe(false);
    expect(containsCardNumber('T12S3R0A1B2C3D4E5F')).toBe(false);
  });
});

describe('paymentInfoSchema', () => {
  it('keeps brand, last 4 and approval code', () => {
    expect(paymentInfoSchema.parse({ card_brand: 'VISA', last4: '4242', approval_code: 'A1' })).toEqual({
      card_brand: 'VISA',
      last4: '4242',
      approval_code: 'A1',
    });
  });

  it('refuses unknown keys such as card_number and cvv, and a last4 that is not 4 digits', () => {
    expect(paymentInfoSchema.safeParse({ card_number: '4111111111111111' }).success).toBe(false);
    expect(paymentInfoSchema.safeParse({ cvv: '123' }).success).toBe(false);
    expect(paymentInfoSchema.safeParse({ last4: '424' }).success).toBe(false);
    expect(paymentInfoSchema.safeParse({ last4: 'abcd' }).success).toBe(false);
  });

  it('refuses a card number in any string field', () => {
    for (const field of ['reference', 'card_brand', 'approval_code', 'processor_reference']) {
      expect(paymentInfoSchema.safeParse({ [field]: '4111 1111 1111 1111' }).success).toBe(false);
    }
  });
});

describe('paymentInputSchema', () => {
  it('takes a known type and a positive whole amount', () => {
    expect(paymentInputSchema.safeParse({ payment_type: 1, payment_amount: 100 }).success).toBe(true);
    expect(paymentInputSchema.safeParse({ payment_type: 13, payment_amount: 100 }).success).toBe(false);
    expect(paymentInputSchema.safeParse({ payment_type: 1, payment_amount: 0 }).success).toBe(false);
    expect(paymentInputSchema.safeParse({ payment_type: 1, payment_amount: 1.5 }).success).toBe(false);
    expect(paymentInputSchema.safeParse({ payment_type: 1, payment_amount: 1, extra: 1 }).success).toBe(
      false,
    );
  });
});
