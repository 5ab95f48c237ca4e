import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../errors';
import { parseQueryString } from '../../query-string';
import {
  VNPAY_SANDBOX_PAY_URL,
  buildPaymentUrl,
  formatVnpayDate,
  verifyReturn,
  vnpayEncode,
  vnpaySignData,
} from './vnpay';

// A made-up secret: expected hashes are HMAC-SHA512 computed here with node:crypto over strings written
// out by hand (parameters sorted by name, values form-encoded), independently of vnpay.ts.
const hashSecret = 'TESTHASHSECRET0123456789ABCDEFGH';
const sign = (data: string) => createHmac('sha512', hashSecret).update(data, 'utf8').digest('hex');

// Modelled on the example URL of VNPAY's integration guide
// (https://sandbox.vnpayment.vn/apis/docs/thanh-toan-pay/pay.html): vnp_Amount=1806000 ...
// vnp_OrderInfo=Thanh+toan+don+hang+%3A5 ... vnp_ReturnUrl=https%3A%2F%2Fdomainmerchant.vn%2FReturnUrl.
const input = {
  tmnCode: 'DEMOV210',
  hashSecret,
  baseUrl: VNPAY_SANDBOX_PAY_URL,
  amount: 18_060,
  txnRef: '5',
  orderInfo: 'Thanh toán đơn hàng :5',
  orderType: 'other',
  locale: 'vn' as const,
  returnUrl: 'https://domainmerchant.vn/ReturnUrl',
  ipAddr: '127.0.0.1',
  createDate: '20210801153333',
  expireDate: '20210801154833',
};

const expectedSignData =
  'vnp_Amount=1806000&vnp_Command=pay&vnp_CreateDate=20210801153333&vnp_CurrCode=VND' +
  '&vnp_ExpireDate=20210801154833&vnp_IpAddr=127.0.0.1&vnp_Locale=vn' +
  '&vnp_OrderInfo=Thanh+toan+don+hang+%3A5&vnp_OrderType=other' +
  '&vnp_ReturnUrl=https%3A%2F%2Fdomainmerchant.vn%2FReturnUrl&vnp_TmnCode=DEMOV210&vnp_TxnRef=5' +
  '&vnp_Version=2.1.0';

function expectUnprocessable(action: () => unknown, field: string): void {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(422);
    expect(Object.keys((error as HttpError).errors ?? {})).toEqual([field]);
    return;
  }
  throw new Error(`expected a 422 on ${field}`);
}

describe('buildPaymentUrl', () => {
  it('sends amount × 100, the sorted encoded parameters and their HMAC-SHA512', () => {
    expect(buildPaymentUrl(input)).toBe(
      `${VNPAY_SANDBOX_PAY_URL}?${expectedSignData}&vnp_SecureHash=${sign(expectedSignData)}`,
    );
  });

  it('signs decomposed (NFD) Vietnamese order info exactly like its NFC form', () => {
    const nfd = input.orderInfo.normalize('NFD');
    expect(nfd).not.toBe(input.orderInfo);
    expect(buildPaymentUrl({ ...input, orderInfo: nfd })).toBe(buildPaymentUrl(input));
  });

  it('formats Date arguments as yyyyMMddHHmmss in GMT+7', () => {
    const url = buildPaymentUrl({
      ...input,
      createDate: new Date('2021-08-01T08:33:33Z'),
      expireDate: new Date('2021-08-01T08:48:33Z'),
    });
    expect(url).toBe(buildPaymentUrl(input));
    expect(formatVnpayDate(new Date('2023-12-31T17:00:00Z'))).toBe('20240101000000');
  });

  it('adds vnp_BankCode in its sorted place when a bank code is chosen', () => {
    const data = expectedSignData.replace('vnp_Command=pay', 'vnp_BankCode=VNPAYQR&vnp_Command=pay');
    expect(buildPaymentUrl({ ...input, bankCode: 'VNPAYQR' })).toBe(
      `${VNPAY_SANDBOX_PAY_URL}?${data}&vnp_SecureHash=${sign(data)}`,
    );
    expect(buildPaymentUrl({ ...input, bankCode: '' })).toBe(buildPaymentUrl(input));
  });

  it('refuses order info with special characters, a bad amount, terminal code or date range', () => {
    expectUnprocessable(() => buildPaymentUrl({ ...input, orderInfo: 'Hóa đơn #5' }), 'orderInfo');
    expectUnprocessable(() => buildPaymentUrl({ ...input, orderInfo: '  ' }), 'orderInfo');
    expectUnprocessable(() => buildPaymentUrl({ ...input, amount: 0 }), 'amount');
    expectUnprocessable(() => buildPaymentUrl({ ...input, amount: 10.5 }), 'amount');
    expectUnprocessable(() => buildPaymentUrl({ ...input, tmnCode: 'DEMO' }), 'tmnCode');
    expectUnprocessable(() => buildPaymentUrl({ ...input, expireDate: input.createDate }), 'expireDate');
    expectUnprocessable(() => buildPaymentUrl({ ...input, createDate: '2021-08-01' }), 'createDate');
    expectUnprocessable(() => buildPaymentUrl({ ...input, hashSecret: '' }), 'hashSecret');
  });
});

describe('vnpayEncode', () => {
  it('encodes like application/x-www-form-urlencoded (URLSearchParams, Java URLEncoder)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (value) => {
        expect(vnpayEncode(value)).toBe(new URLSearchParams([['v', value]]).toString().slice(2));
      }),
    );
    expect(vnpayEncode("a b*c-d.e_f!g'h(i)j~k")).toBe('a+b*c-d.e_f%21g%27h%28i%29j%7Ek');
  });
});

describe('vnpaySignData', () => {
  it('sorts by name and leaves out empty values', () => {
    expect(vnpaySignData({ vnp_B: 'x y', vnp_A: '1', vnp_C: '' })).toBe('vnp_A=1&vnp_B=x+y');
  });
});

describe('verifyReturn', () => {
  // A return as VNPAY sends it, written out by hand (values decoded, as a query parser hands them over).
  const result = {
    vnp_Amount: '1806000',
    vnp_BankCode: 'NCB',
    vnp_BankTranNo: 'VNP14226112',
    vnp_CardType: 'ATM',
    vnp_OrderInfo: 'Thanh toan don hang :5',
    vnp_PayDate: '20210801153502',
    vnp_ResponseCode: '00',
    vnp_TmnCode: 'DEMOV210',
    vnp_TransactionNo: '14226112',
    vnp_TransactionStatus: '00',
    vnp_TxnRef: '5',
  };
  const resultSignData =
    'vnp_Amount=1806000&vnp_BankCode=NCB&vnp_BankTranNo=VNP14226112&vnp_CardType=ATM' +
    '&vnp_OrderInfo=Thanh+toan+don+hang+%3A5&vnp_PayDate=20210801153502&vnp_ResponseCode=00' +
    '&vnp_TmnCode=DEMOV210&vnp_TransactionNo=14226112&vnp_TransactionStatus=00&vnp_TxnRef=5';
  const query = { ...result, vnp_SecureHashType: 'HmacSHA512', vnp_SecureHash: sign(resultSignData) };

  it('accepts a correctly signed return, ignoring vnp_SecureHashType, and reads the result', () => {
    expect(verifyReturn(query, hashSecret)).toEqual({
      valid: true,
      tmnCode: 'DEMOV210',
      txnRef: '5',
      amount: 18_060,
      orderInfo: 'Thanh toan don hang :5',
      responseCode: '00',
      transactionStatus: '00',
      transactionNo: '14226112',
      bankCode: 'NCB',
      bankTranNo: 'VNP14226112',
      cardType: 'ATM',
      payDate: '20210801153502',
      paid: true,
    });
  });

  it("accepts an uppercase hash and ignores parameters that are not VNPAY's", () => {
    const upper = { ...query, vnp_SecureHash: query.vnp_SecureHash.toUpperCase(), saleId: '42' };
    expect(verifyReturn(upper, hashSecret)).toMatchObject({ valid: true });
  });

  it('verifies a URL built by buildPaymentUrl after the API query parser decodes it', () => {
    const url = new URL(buildPaymentUrl(input));
    expect(verifyReturn(parseQueryString(url.search.slice(1)), hashSecret)).toMatchObject({
      valid: true,
      amount: 18_060,
      txnRef: '5',
      orderInfo: 'Thanh toan don hang :5',
      paid: false,
    });
  });

  it('refuses a changed amount, another secret, or no hash', () => {
    expect(verifyReturn({ ...query, vnp_Amount: '100' }, hashSecret)).toEqual({
      valid: false,
      reason: 'bad-hash',
    });
    expect(verifyReturn(query, 'OTHERSECRET')).toEqual({ valid: false, reason: 'bad-hash' });
    expect(verifyReturn(result, hashSecret)).toEqual({ valid: false, reason: 'missing-hash' });
  });

  it('refuses a repeated parameter and another terminal', () => {
    expect(verifyReturn({ ...query, vnp_TxnRef: ['5', '6'] }, hashSecret)).toEqual({
      valid: false,
      reason: 'malformed',
    });
    expect(verifyReturn(query, hashSecret, { tmnCode: 'OTHER123' })).toEqual({
      valid: false,
      reason: 'terminal-mismatch',
    });
  });

  it('reports paid only when both the response code and the transaction status are 00', () => {
    const failed = { ...result, vnp_ResponseCode: '24', vnp_TransactionStatus: '02' };
    const signed = { ...failed, vnp_SecureHash: sign(vnpaySignData(failed)) };
    expect(verifyReturn(signed, hashSecret)).toMatchObject({ valid: true, paid: false, responseCode: '24' });
  });
});
