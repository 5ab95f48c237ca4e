import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { PAYMENT_TYPE } from '../../../../domain/constants';
import { errorText, paymentDetail, paymentLabel, tenderName } from './tendering-text';

const t = ((key: string, options?: { defaultValue?: string }) =>
  key === 'tendering.errors.amountNotPositive' ||
  key.startsWith('tendering.types.') ||
  key === 'tendering.errors.invalidPayment'
    ? `<${key}>`
    : (options?.defaultValue ?? key)) as unknown as TFunction;

describe('tendering text', () => {
  it('names brands as they are and translates the other types', () => {
    expect(tenderName(t, 'momo')).toBe('MoMo');
    expect(tenderName(t, 'cash')).toBe('<tendering.types.cash>');
    expect(paymentLabel(t, { payment_type: PAYMENT_TYPE.VIET_QR, payment_amount: 1 })).toBe('VietQR');
  });

  it("translates an error code, else shows the server's sentence, else a generic one", () => {
    expect(errorText(t, 'amountNotPositive')).toBe('<tendering.errors.amountNotPositive>');
    expect(errorText(t, { code: 'somethingNew', message: 'MoMo takes VND only.' })).toBe(
      'MoMo takes VND only.',
    );
    expect(errorText(t, { code: 'somethingNew' })).toBe('<tendering.errors.invalidPayment>');
    expect(errorText(t, null)).toBeNull();
  });

  it('tells payments apart by card brand and last 4, card or check number, or request id', () => {
    const card = { payment_type: PAYMENT_TYPE.CREDIT, payment_amount: 1 } as const;
    expect(
      paymentDetail({ ...card, payment_info: { reference: '4242', last4: '4242', card_brand: 'Visa' } }),
    ).toBe('Visa •••• 4242');
    expect(
      paymentDetail({
        payment_type: PAYMENT_TYPE.GIFTCARD,
        payment_amount: 1,
        payment_info: { reference: 'GC-1001' },
      }),
    ).toBe('GC-1001');
    expect(
      paymentDetail({
        payment_type: PAYMENT_TYPE.MOMO,
        payment_amount: 1,
        payment_info: { reference: '7', processor_reference: '7' },
      }),
    ).toBe('#7');
    expect(paymentDetail({ payment_type: PAYMENT_TYPE.CASH, payment_amount: 1 })).toBeNull();
  });
});
