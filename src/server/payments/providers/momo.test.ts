import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../errors';
import {
  buildConfirmRequest,
  buildCreateRequest,
  buildQueryStatusRequest,
  momoPaymentState,
  verifyIpn,
} from './momo';

// Made-up keys: the expected signatures are computed here with node:crypto over raw strings written out by
// hand in MoMo's documented field order, independently of momo.ts.
const keys = {
  partnerCode: 'MOMOTEST2024',
  accessKey: 'testAccessKey01',
  secretKey: 'testSecretKey0123456789',
};
const sign = (raw: string) => createHmac('sha256', keys.secretKey).update(raw, 'utf8').digest('hex');

const createInput = {
  ...keys,
  requestId: 'REQ-20240601-0001',
  orderId: 'SALE-1042',
  amount: 150_000,
  orderInfo: 'Thanh toán hóa đơn 1042',
  redirectUrl: 'https://pos.example.vn/momo/return?store=3&lang=vi',
  ipnUrl: 'https://pos.example.vn/api/payments/momo/ipn',
  extraData: '',
  requestType: 'captureWallet' as const,
  lang: 'vi' as const,
};

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

describe('buildCreateRequest (captureWallet)', () => {
  it('signs accessKey..requestType in the documented order with raw, unencoded values', () => {
    const raw =
      'accessKey=testAccessKey01&amount=150000&extraData=' +
      '&ipnUrl=https://pos.example.vn/api/payments/momo/ipn&orderId=SALE-1042' +
      '&orderInfo=Thanh toán hóa đơn 1042&partnerCode=MOMOTEST2024' +
      '&redirectUrl=https://pos.example.vn/momo/return?store=3&lang=vi' +
      '&requestId=REQ-20240601-0001&requestType=captureWallet';

    expect(buildCreateRequest(createInput)).toEqual({
      partnerCode: 'MOMOTEST2024',
      requestId: 'REQ-20240601-0001',
      amount: 150_000,
      orderId: 'SALE-1042',
      orderInfo: 'Thanh toán hóa đơn 1042',
      redirectUrl: 'https://pos.example.vn/momo/return?store=3&lang=vi',
      ipnUrl: 'https://pos.example.vn/api/payments/momo/ipn',
      requestType: 'captureWallet',
      extraData: '',
      lang: 'vi',
      signature: sign(raw),
    });
  });

  it('signs and sends decomposed (NFD) Vietnamese order info as its NFC form', () => {
    const nfc = buildCreateRequest(createInput);
    const nfd = buildCreateRequest({ ...createInput, orderInfo: createInput.orderInfo.normalize('NFD') });
    expect(nfd.orderInfo).toBe(createInput.orderInfo.normalize('NFC'));
    expect(nfd.signature).toBe(nfc.signature);
  });

  it('covers extraData and passes autoCapture through unsigned', () => {
    const extraData = Buffer.from(JSON.stringify({ saleId: 1042 })).toString('base64');
    const body = buildCreateRequest({ ...createInput, extraData, autoCapture: false });
    expect(body.autoCapture).toBe(false);
    expect(body.signature).toBe(buildCreateRequest({ ...createInput, extraData }).signature);
    expect(body.signature).not.toBe(buildCreateRequest(createInput).signature);
  });

  it('defaults to captureWallet, lang vi and empty extraData', () => {
    const { extraData: _e, requestType: _r, lang: _l, ...minimal } = createInput;
    expect(buildCreateRequest(minimal)).toEqual(buildCreateRequest(createInput));
  });

  it('refuses amounts outside 1,000-50,000,000 VND and fractions', () => {
    expectUnprocessable(() => buildCreateRequest({ ...createInput, amount: 999 }), 'amount');
    expectUnprocessable(() => buildCreateRequest({ ...createInput, amount: 50_000_001 }), 'amount');
    expectUnprocessable(() => buildCreateRequest({ ...createInput, amount: 1500.5 }), 'amount');
    expect(buildCreateRequest({ ...createInput, amount: 1_000 }).amount).toBe(1_000);
  });

  it("refuses an orderId outside MoMo's pattern, quickly even when long", () => {
    expectUnprocessable(() => buildCreateRequest({ ...createInput, orderId: 'SALE 1042' }), 'orderId');
    expectUnprocessable(() => buildCreateRequest({ ...createInput, orderId: '-1042' }), 'orderId');
    expectUnprocessable(() => buildCreateRequest({ ...createInput, orderId: 'SALE--' }), 'orderId');
    const started = performance.now();
    expectUnprocessable(
      () => buildCreateRequest({ ...createInput, orderId: `${'a'.repeat(180)}!` }),
      'orderId',
    );
    expect(performance.now() - started).toBeLessThan(100);
    expect(buildCreateRequest({ ...createInput, orderId: 'S1.a-b_c' }).orderId).toBe('S1.a-b_c');
  });

  it('refuses missing keys and non-http URLs', () => {
    expectUnprocessable(() => buildCreateRequest({ ...createInput, secretKey: '' }), 'secretKey');
    expectUnprocessable(() => buildCreateRequest({ ...createInput, ipnUrl: 'not a url' }), 'ipnUrl');
    expectUnprocessable(
      () => buildCreateRequest({ ...createInput, redirectUrl: 'ftp://x.vn/r' }),
      'redirectUrl',
    );
  });
});

describe('buildQueryStatusRequest', () => {
  it('signs accessKey, orderId, partnerCode, requestId', () => {
    const raw = 'accessKey=testAccessKey01&orderId=SALE-1042&partnerCode=MOMOTEST2024&requestId=REQ-Q-1';
    expect(
      buildQueryStatusRequest({ ...keys, requestId: 'REQ-Q-1', orderId: 'SALE-1042', lang: 'en' }),
    ).toEqual({
      partnerCode: 'MOMOTEST2024',
      requestId: 'REQ-Q-1',
      orderId: 'SALE-1042',
      lang: 'en',
      signature: sign(raw),
    });
  });
});

describe('buildConfirmRequest', () => {
  it('signs accessKey, amount, description, orderId, partnerCode, requestId, requestType', () => {
    const raw =
      'accessKey=testAccessKey01&amount=150000&description=Hủy do khách đổi ý&orderId=SALE-1042' +
      '&partnerCode=MOMOTEST2024&requestId=REQ-C-1&requestType=cancel';
    const body = buildConfirmRequest({
      ...keys,
      requestId: 'REQ-C-1',
      orderId: 'SALE-1042',
      amount: 150_000,
      requestType: 'cancel',
      description: 'Hủy do khách đổi ý'.normalize('NFD'),
    });
    expect(body).toEqual({
      partnerCode: 'MOMOTEST2024',
      requestId: 'REQ-C-1',
      orderId: 'SALE-1042',
      requestType: 'cancel',
      amount: 150_000,
      lang: 'vi',
      description: 'Hủy do khách đổi ý',
      signature: sign(raw),
    });
  });

  it('signs an absent description as empty', () => {
    const raw =
      'accessKey=testAccessKey01&amount=20000&description=&orderId=SALE-7' +
      '&partnerCode=MOMOTEST2024&requestId=REQ-C-2&requestType=capture';
    const body = buildConfirmRequest({
      ...keys,
      requestId: 'REQ-C-2',
      orderId: 'SALE-7',
      amount: 20_000,
      requestType: 'capture',
    });
    expect(body.signature).toBe(sign(raw));
  });
});

describe('verifyIpn', () => {
  // The shape of MoMo's published IPN example
  // (https://developers.momo.vn/v3/docs/payment/api/result-handling/notification), re-signed with the test
  // keys: MoMo's sandbox secret for that example is not published.
  const unsigned = {
    orderType: 'momo_wallet',
    amount: 1000,
    partnerCode: 'MOMOTEST2024',
    orderId: 'Partner_Transaction_ID_1721720620078',
    extraData: 'eyJza3VzIjoiIn0=',
    transId: 4088878653,
    responseTime: 1721720663942,
    resultCode: 0,
    message: 'Successful.',
    payType: 'qr',
    requestId: 'Request_ID_1721720620078',
    orderInfo: 'Thank you for your purchase at MoMo_test',
  };
  const raw =
    'accessKey=testAccessKey01&amount=1000&extraData=eyJza3VzIjoiIn0=&message=Successful.' +
    '&orderId=Partner_Transaction_ID_1721720620078&orderInfo=Thank you for your purchase at MoMo_test' +
    '&orderType=momo_wallet&partnerCode=MOMOTEST2024&payType=qr&requestId=Request_ID_1721720620078' +
    '&responseTime=1721720663942&resultCode=0&transId=4088878653';
  const body = { ...unsigned, signature: sign(raw) };

  it('accepts a correctly signed notification and reads the result', () => {
    expect(verifyIpn(body, keys)).toEqual({
      valid: true,
      partnerCode: 'MOMOTEST2024',
      orderId: 'Partner_Transaction_ID_1721720620078',
      requestId: 'Request_ID_1721720620078',
      amount: 1000,
      orderInfo: 'Thank you for your purchase at MoMo_test',
      orderType: 'momo_wallet',
      transId: '4088878653',
      resultCode: 0,
      message: 'Successful.',
      payType: 'qr',
      responseTime: 1721720663942,
      extraData: 'eyJza3VzIjoiIn0=',
      state: 'paid',
    });
  });

  it('accepts the same result as redirect query text (every value a string)', () => {
    const query = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]));
    expect(verifyIpn(query, keys)).toMatchObject({ valid: true, amount: 1000, resultCode: 0 });
  });

  it('refuses a notification whose amount or result was changed after signing', () => {
    expect(verifyIpn({ ...body, amount: 1_000_000 }, keys)).toEqual({
      valid: false,
      reason: 'bad-signature',
    });
    expect(verifyIpn({ ...body, resultCode: 1006 }, keys)).toEqual({ valid: false, reason: 'bad-signature' });
  });

  it('refuses a signature made with another secret or access key', () => {
    expect(verifyIpn(body, { ...keys, secretKey: 'other' })).toEqual({
      valid: false,
      reason: 'bad-signature',
    });
    expect(verifyIpn(body, { ...keys, accessKey: 'other' })).toEqual({
      valid: false,
      reason: 'bad-signature',
    });
  });

  it('refuses a notification without a signature or with an object where text belongs', () => {
    expect(verifyIpn(unsigned, keys)).toEqual({ valid: false, reason: 'missing-signature' });
    expect(verifyIpn({ ...body, orderInfo: { x: 1 } }, keys)).toEqual({ valid: false, reason: 'malformed' });
  });

  it('refuses a valid notification for another partner when the partner code is given', () => {
    expect(verifyIpn(body, { ...keys, partnerCode: 'MOMOOTHER' })).toEqual({
      valid: false,
      reason: 'partner-mismatch',
    });
  });

  it('signs an absent extraData as empty, as MoMo does', () => {
    const { extraData: _omitted, ...withoutExtra } = unsigned;
    const rawWithoutExtra = raw.replace('extraData=eyJza3VzIjoiIn0=', 'extraData=');
    expect(verifyIpn({ ...withoutExtra, signature: sign(rawWithoutExtra) }, keys)).toMatchObject({
      valid: true,
      extraData: '',
    });
  });
});

describe('momoPaymentState', () => {
  it('maps result codes to paid, authorised, pending and failed', () => {
    expect(momoPaymentState(0)).toBe('paid');
    expect(momoPaymentState(9000)).toBe('authorized');
    for (const code of [1000, 7000, 7002, 8000]) expect(momoPaymentState(code)).toBe('pending');
    for (const code of [11, 1001, 1005, 1006, 4001, 99]) expect(momoPaymentState(code)).toBe('failed');
  });
});
