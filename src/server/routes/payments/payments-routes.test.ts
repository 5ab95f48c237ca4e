import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { apiHarness, dataOf } from '../../../../tests/support/server/api-harness';
import { luhnValid } from '../../../contracts/payments';
import { PAYMENT_TYPE, ROLE } from '../../../domain/constants';
import { giftcards } from '../../db/schema/giftcards';
import { paymentRequests } from '../../db/schema/payment-requests';
import { sales } from '../../db/schema/sales';
import { stores } from '../../db/schema/stores';
import { hmacSha256Hex, hmacSha512Hex } from '../../payments/providers/hmac';
import { formatVnpayDate, vnpaySignData } from '../../payments/providers/vnpay';
import { parseVietQrPayload } from '../../payments/providers/vietqr';
import { verifyCrc } from '../../payments/providers/emv-qr';
import { createTestSale } from '../../../../tests/support/server/test-sales';
import type { TestSaleOptions } from '../../../../tests/support/server/test-sales';

const MOMO = { partnerCode: 'MOMOTEST01', accessKey: 'momo-access-key', secretKey: 'momo-secret-key-of-a' };
const VNPAY = { tmnCode: 'TESTTMN1', hashSecret: 'VNPAYHASHSECRETOFTENANTA' };
const VIETQR = { acqId: '970415', accountNo: '113366668888', accountName: 'SALON A' };

const api = await apiHarness();
const a = await api.tenant({
  storeSettings: { momo: MOMO, vnpay: VNPAY, vietqr: VIETQR, offline_card_limit_per_ticket: 1_000_000 },
});
const b = await api.tenant();
// The wallets take VND only.
await api.db.update(stores).set({ currency: 'VND' }).where(eq(stores.id, a.store.id));
/** Tenant A's front desk, the caller of most requests here. */
const staff = api.as(a, ROLE.STAFF);

const newKey = () => `k-${randomBytes(8).toString('hex')}`;

const sale = (options: TestSaleOptions = {}) =>
  createTestSale(api.db, a.auth(ROLE.STAFF), { settings: { currency: 'VND' }, ...options });

const cash = (amount: number) => ({ payment_type: PAYMENT_TYPE.CASH, payment_amount: amount });
const card = (amount: number, info: Record<string, unknown> = { card_brand: 'VISA', last4: '4242' }) => ({
  payment_type: PAYMENT_TYPE.CREDIT,
  payment_amount: amount,
  payment_info: info,
});

/** MoMo's IPN/redirect result, signed as MoMo signs it (providers/momo.ts, IPN field order). */
function momoResult(
  fields: { orderId: string; requestId: string; amount: number; resultCode?: number },
  secret = MOMO.secretKey,
) {
  const body = {
    partnerCode: MOMO.partnerCode,
    orderId: fields.orderId,
    requestId: fields.requestId,
    amount: fields.amount,
    orderInfo: 'Thanh toan',
    orderType: 'momo_wallet',
    transId: 4_012_345_678,
    resultCode: fields.resultCode ?? 0,
    message: 'Thành công.',
    payType: 'qr',
    // A fixed time whose digits are not Luhn-valid (the card-number scan below must stay quiet).
    responseTime: 1_749_956_400_000,
    extraData: '',
  };
  const raw = [
    `accessKey=${MOMO.accessKey}`,
    ...(
      [
        'amount',
        'extraData',
        'message',
        'orderId',
        'orderInfo',
        'orderType',
        'partnerCode',
        'payType',
        'requestId',
        'responseTime',
        'resultCode',
        'transId',
      ] as const
    ).map((f) => `${f}=${body[f]}`),
  ].join('&');
  return { ...body, signature: hmacSha256Hex(secret, raw) };
}

/** VNPAY's callback query, signed as VNPAY signs it. */
function vnpayQuery(txnRef: string, amount: number, responseCode = '00', secret = VNPAY.hashSecret): string {
  const params: Record<string, string> = {
    vnp_Amount: String(amount * 100),
    vnp_BankCode: 'NCB',
    vnp_CardType: 'ATM',
    vnp_OrderInfo: 'Thanh toan',
    vnp_PayDate: '20250615100500',
    vnp_ResponseCode: responseCode,
    vnp_TmnCode: VNPAY.tmnCode,
    vnp_TransactionNo: '14012345',
    vnp_TransactionStatus: responseCode,
    vnp_TxnRef: txnRef,
  };
  const signData = vnpaySignData(params);
  return `${signData}&vnp_SecureHash=${hmacSha512Hex(secret, signData)}`;
}

/** VNPAY dates carry 14 digits; a fixed clock whose dates are not Luhn-valid keeps the scan deterministic. */
const FIXED_NOW = new Date('2025-06-15T03:00:00.000Z');
async function atFixedTime<T>(work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(FIXED_NOW);
  try {
    return await work();
  } finally {
    vi.useRealTimers();
  }
}

describe('POST /api/payments/sale', () => {
  it('adds a later payment to a sale with a balance due and recomputes the sale', async () => {
    const s = await sale({ prices: [100_000] });
    const response = await staff.post('/api/payments/sale', { sale_id: s.id, payments: [cash(40_000)] });
    expect(response.statusCode).toBe(201);
    const body = dataOf<{ payments: unknown[]; sale: Record<string, number> }>(response);
    expect(body.payments).toHaveLength(1);
    expect(body.sale).toMatchObject({
      total_price: 100_000,
      paid_customer_total: 40_000,
      balance_due: 60_000,
    });
    const change = await staff.post('/api/payments/sale', { sale_id: s.id, payments: [cash(70_000)] });
    expect(dataOf<{ sale: Record<string, number> }>(change).sale).toMatchObject({
      paid_customer_total: 110_000,
      paid_customer_change_amount_total: 10_000,
      balance_due: 0,
    });
    const nothingDue = await staff.post('/api/payments/sale', { sale_id: s.id, payments: [cash(1)] });
    expect(nothingDue.statusCode).toBe(422);
  });

  it('requires an Idempotency-Key (400), replays the same request and refuses the key for another one', async () => {
    const s = await sale({ prices: [50_000] });
    const payload = { sale_id: s.id, payments: [cash(10_000)] };
    expect((await staff.post('/api/payments/sale', payload, { key: null })).statusCode).toBe(400);
    const key = newKey();
    const first = await staff.post('/api/payments/sale', payload, { key });
    const replay = await staff.post('/api/payments/sale', payload, { key });
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const other = await staff.post('/api/payments/sale', { ...payload, payments: [cash(10_001)] }, { key });
    expect(other.statusCode).toBe(422);
    const [row] = await api.db.select().from(sales).where(eq(sales.id, s.id));
    expect(row!.paidCustomerTotal).toBe(10_000);
  });

  it('refuses a card overpaying the balance, a card number anywhere and unknown card fields (422)', async () => {
    const s = await sale({ prices: [50_000] });
    expect(
      (await staff.post('/api/payments/sale', { sale_id: s.id, payments: [card(60_000)] })).statusCode,
    ).toBe(422);
    for (const info of [
      { card_brand: 'VISA', last4: '1111', approval_code: '4111111111111111' },
      { reference: '4111 1111 1111 1111' },
      { card_number: '4111111111111111', last4: '1111' },
      { cvv: '123' },
      { last4: '12345' },
    ]) {
      const response = await staff.post('/api/payments/sale', {
        sale_id: s.id,
        payments: [card(10_000, info)],
      });
      expect(response.statusCode).toBe(422);
    }
  });

  it("answers 404 for another tenant's sale and changes nothing", async () => {
    const s = await sale({ prices: [50_000] });
    const response = await api
      .as(b, ROLE.STAFF)
      .post('/api/payments/sale', { sale_id: s.id, payments: [cash(10_000)] });
    expect(response.statusCode).toBe(404);
    const [row] = await api.db.select().from(sales).where(eq(sales.id, s.id));
    expect(row!.paidCustomerTotal).toBe(0);
  });
});

describe('GET /api/payments', () => {
  it('lists the store payments with filters by type, status, sale and date', async () => {
    const s = await sale({ prices: [30_000] });
    await staff.post('/api/payments/sale', { sale_id: s.id, payments: [cash(10_000), card(20_000)] });
    const all = dataOf<{ items: { payment_type: number }[]; total: number }>(
      await staff.get(`/api/payments?filter[sale_id]=${s.id}`),
    );
    expect(all.total).toBe(2);
    const cards = dataOf<{ items: { payment_type: number; last4: string }[]; total: number }>(
      await staff.get(`/api/payments?filter[sale_id]=${s.id}&filter[type]=2`),
    );
    expect(cards.items).toMatchObject([{ payment_type: 2, last4: '4242' }]);
    const today = new Date().toISOString().slice(0, 10);
    const dated = dataOf<{ total: number }>(
      await staff.get(
        `/api/payments?filter[sale_id]=${s.id}&filter[date_from]=2000-01-01&filter[date_to]=2999-01-01`,
      ),
    );
    expect(dated.total).toBe(2);
    const none = dataOf<{ total: number }>(
      await staff.get(`/api/payments?filter[sale_id]=${s.id}&filter[date_to]=2000-01-01`),
    );
    expect(none.total).toBe(0);
    expect(today).toMatch(/^\d{4}/);
    const sorted = dataOf<{ items: { amount: number }[] }>(
      await staff.get(`/api/payments?filter[sale_id]=${s.id}&sort=-amount`),
    );
    expect(sorted.items.map((p) => p.amount)).toEqual([20_000, 10_000]);
    expect((await staff.get('/api/payments?filter[bogus]=1')).statusCode).toBe(422);
    const other = dataOf<{ total: number }>(
      await api.as(b, ROLE.STAFF).get(`/api/payments?filter[sale_id]=${s.id}`),
    );
    expect(other.total).toBe(0);
  });
});

describe('POST /api/payments/status and /bulk', () => {
  it('approves or declines pending offline card payments; a declined one is owed again', async () => {
    const s = await sale({ prices: [30_000] });
    const added = dataOf<{ payments: { id: number; status: string }[] }>(
      await staff.post('/api/payments/sale', {
        sale_id: s.id,
        payments: [
          card(10_000, { last4: '1234', offline: true }),
          card(20_000, { last4: '5678', offline: true }),
        ],
      }),
    );
    expect(added.payments.map((p) => p.status)).toEqual(['pending', 'pending']);
    const [first, second] = added.payments;
    const approved = await staff.post('/api/payments/status', {
      payment_id: first!.id,
      status: 'approved',
      approval_code: 'OK1',
    });
    expect(approved.statusCode).toBe(200);
    expect(dataOf<{ payments: { status: string }[] }>(approved).payments[0]!.status).toBe('approved');
    const again = await staff.post('/api/payments/status', { payment_id: first!.id, status: 'declined' });
    expect(again.statusCode).toBe(409);
    const bulk = await staff.post('/api/payments/bulk', {
      items: [{ payment_id: second!.id, status: 'declined' }],
    });
    expect(bulk.statusCode).toBe(200);
    expect(dataOf<{ sales: { balance_due: number }[] }>(bulk).sales[0]!.balance_due).toBe(20_000);
  });
});

describe('POST /api/payments/refund, /void, /tipAdjust', () => {
  it('refund needs a manager PIN, gives back gift card first and records the sale refund', async () => {
    const [gc] = await api.db
      .insert(giftcards)
      .values({
        tenantId: a.tenantId,
        number: `GC-${randomBytes(3).toString('hex').toUpperCase()}`,
        balance: 20_000,
      })
      .returning();
    const s = await sale({ prices: [50_000] });
    const added = dataOf<{ payments: { id: number; payment_type: number }[] }>(
      await staff.post('/api/payments/sale', {
        sale_id: s.id,
        payments: [
          {
            payment_type: PAYMENT_TYPE.GIFTCARD,
            payment_amount: 20_000,
            payment_info: { reference: gc!.number },
          },
          cash(30_000),
        ],
      }),
    );
    const gcPayment = added.payments.find((p) => p.payment_type === PAYMENT_TYPE.GIFTCARD)!;
    expect(
      (await staff.post('/api/payments/refund', { payment_id: gcPayment.id, amount: 5_000 })).statusCode,
    ).toBe(403);
    const refunded = await api
      .as(a, ROLE.STAFF, { approver: ROLE.MANAGER })
      .post('/api/payments/refund', { payment_id: gcPayment.id, amount: 5_000, reason: 'Goodwill' });
    expect(refunded.statusCode).toBe(200);
    const body = dataOf<{ allocations: { amount: number }[]; sale: { refunded_amount: number } }>(refunded);
    expect(body.allocations).toMatchObject([{ amount: 5_000 }]);
    expect(body.sale.refunded_amount).toBe(5_000);
    const [after] = await api.db.select().from(giftcards).where(eq(giftcards.id, gc!.id));
    expect(after!.balance).toBe(5_000);
    const tooMuch = await api
      .as(a, ROLE.STAFF, { approver: ROLE.MANAGER })
      .post('/api/payments/refund', { payment_id: gcPayment.id, amount: 15_001 });
    expect(tooMuch.statusCode).toBe(422);
    // Money went back: the sale can no longer have a payment voided.
    const cashPayment = added.payments.find((p) => p.payment_type === PAYMENT_TYPE.CASH)!;
    expect(
      (
        await api
          .as(a, ROLE.STAFF, { approver: ROLE.MANAGER })
          .post('/api/payments/void', { payment_id: cashPayment.id })
      ).statusCode,
    ).toBe(409);
  });

  it('void of a payment puts its amount due again on the sale', async () => {
    const s = await sale({ prices: [50_000] });
    const added = dataOf<{ payments: { id: number }[] }>(
      await staff.post('/api/payments/sale', { sale_id: s.id, payments: [card(50_000)] }),
    );
    const voided = await api
      .as(a, ROLE.STAFF, { approver: ROLE.MANAGER })
      .post('/api/payments/void', { payment_id: added.payments[0]!.id });
    expect(voided.statusCode).toBe(200);
    const body = dataOf<{
      payments: { status: string }[];
      sale: { balance_due: number; paid_customer_total: number };
    }>(voided);
    expect(body.payments[0]!.status).toBe('voided');
    expect(body.sale).toMatchObject({ balance_due: 50_000, paid_customer_total: 0 });
  });

  it('tip adjust on a card raises the employee tip and the sale total', async () => {
    const s = await sale({ prices: [50_000] });
    const added = dataOf<{ payments: { id: number }[] }>(
      await staff.post('/api/payments/sale', { sale_id: s.id, payments: [card(50_000)] }),
    );
    const tipped = await staff.post('/api/payments/tipAdjust', {
      payment_id: added.payments[0]!.id,
      tip_amount: 8_000,
    });
    expect(tipped.statusCode).toBe(200);
    const body = dataOf<{ payments: { tip_amount: number }[]; sale: Record<string, number> }>(tipped);
    expect(body.payments[0]!.tip_amount).toBe(8_000);
    expect(body.sale).toMatchObject({
      tip_amount: 8_000,
      total_price: 58_000,
      paid_customer_total: 58_000,
      balance_due: 0,
    });
    const lower = dataOf<{ sale: Record<string, number> }>(
      await staff.post('/api/payments/tipAdjust', { payment_id: added.payments[0]!.id, tip_amount: 5_000 }),
    );
    expect(lower.sale).toMatchObject({ tip_amount: 5_000, total_price: 55_000 });
    const cashSale = await sale({ prices: [10_000] });
    const cashAdded = dataOf<{ payments: { id: number }[] }>(
      await staff.post('/api/payments/sale', { sale_id: cashSale.id, payments: [cash(10_000)] }),
    );
    expect(
      (await staff.post('/api/payments/tipAdjust', { payment_id: cashAdded.payments[0]!.id, tip_amount: 1 }))
        .statusCode,
    ).toBe(422);
  });
});

describe('MoMo', () => {
  it('creates a signed request, accepts a correctly signed IPN and refuses a forged one', async () => {
    const created = await staff.post('/api/payments/momo/create', {
      amount: 50_000,
      order_info: 'Thanh toán hoá đơn',
    });
    expect(created.statusCode).toBe(201);
    const body = dataOf<{
      request: { id: number; order_id: string; status: string };
      body: Record<string, string | number>;
      response: unknown;
    }>(created);
    expect(body.request.status).toBe('pending');
    expect(body.response).toBeNull();
    const raw = `accessKey=${MOMO.accessKey}&amount=50000&extraData=&ipnUrl=${body.body.ipnUrl}&orderId=${body.request.order_id}&orderInfo=${body.body.orderInfo}&partnerCode=${MOMO.partnerCode}&redirectUrl=${body.body.redirectUrl}&requestId=${body.body.requestId}&requestType=captureWallet`;
    expect(body.body.signature).toBe(hmacSha256Hex(MOMO.secretKey, raw));
    expect(JSON.stringify(body)).not.toContain(MOMO.secretKey);

    const result = { orderId: body.request.order_id, requestId: String(body.body.requestId), amount: 50_000 };
    const forged = await api.post('/api/payments/momo/ipn', momoResult(result, 'wrong-secret'), {
      key: null,
    });
    expect(forged.statusCode).toBe(400);
    const tampered = await api.post(
      '/api/payments/momo/ipn',
      { ...momoResult(result), amount: 1_000 },
      { key: null },
    );
    expect(tampered.statusCode).toBe(400);
    let status = dataOf<{ request: { status: string; signature_ok: boolean | null } }>(
      await staff.get(`/api/payments/momo/${body.request.id}/status`),
    );
    expect(status.request).toMatchObject({ status: 'pending', signature_ok: false });

    const ipn = await api.post('/api/payments/momo/ipn', momoResult(result), { key: null });
    expect(ipn.statusCode).toBe(204);
    status = dataOf(await staff.get(`/api/payments/momo/${body.request.id}/status`));
    expect(status.request).toMatchObject({ status: 'paid', signature_ok: true });
    // A later failure notice never undoes money received.
    await api.post('/api/payments/momo/ipn', momoResult({ ...result, resultCode: 1006 }), { key: null });
    status = dataOf(await staff.get(`/api/payments/momo/${body.request.id}/status`));
    expect(status.request.status).toBe('paid');

    // The paid request now pays a sale, once.
    const s = await sale({ prices: [50_000] });
    const momoPayment = {
      payment_type: PAYMENT_TYPE.MOMO,
      payment_amount: 50_000,
      payment_info: { processor_reference: String(body.request.id) },
    };
    expect(
      (await staff.post('/api/payments/sale', { sale_id: s.id, payments: [momoPayment] })).statusCode,
    ).toBe(201);
    const s2 = await sale({ prices: [50_000] });
    expect(
      (await staff.post('/api/payments/sale', { sale_id: s2.id, payments: [momoPayment] })).statusCode,
    ).toBe(422);
  });

  it("confirms with MoMo's signed redirect result forwarded by the client, and refuses a forged one", async () => {
    const created = dataOf<{ request: { id: number; order_id: string }; body: { requestId: string } }>(
      await staff.post('/api/payments/momo/create', { amount: 20_000 }),
    );
    const result = { orderId: created.request.order_id, requestId: created.body.requestId, amount: 20_000 };
    const url = `/api/payments/momo/${created.request.id}/confirm`;
    expect((await staff.post(url, momoResult(result, 'not-the-secret'))).statusCode).toBe(422);
    expect((await staff.post(url, momoResult(result), { key: null })).statusCode).toBe(400);
    const confirmed = await staff.post(url, momoResult(result));
    expect(confirmed.statusCode).toBe(200);
    expect(dataOf<{ request: { status: string } }>(confirmed).request.status).toBe('paid');
    expect(
      (await api.as(b, ROLE.STAFF).get(`/api/payments/momo/${created.request.id}/status`)).statusCode,
    ).toBe(404);
  });

  it('refuses a store without MoMo keys or without VND', async () => {
    expect(
      (await api.as(b, ROLE.STAFF).post('/api/payments/momo/create', { amount: 50_000 })).statusCode,
    ).toBe(422);
  });
});

describe('VNPAY', () => {
  it('returns a signed pay URL; return and IPN accept the right checksum and refuse a wrong one', async () => {
    const created = await atFixedTime(() =>
      staff.post('/api/payments/vnpay/create', { amount: 150_000, order_info: 'Hoá đơn 12' }),
    );
    expect(created.statusCode).toBe(201);
    const body = dataOf<{ request: { id: number; order_id: string }; payment_url: string }>(created);
    const url = new URL(body.payment_url);
    const params = Object.fromEntries(url.searchParams);
    expect(params.vnp_Amount).toBe('15000000');
    expect(params.vnp_CreateDate).toBe(formatVnpayDate(FIXED_NOW));
    const { vnp_SecureHash: hash, ...signed } = params;
    expect(hash).toBe(hmacSha512Hex(VNPAY.hashSecret, vnpaySignData(signed)));

    const txn = body.request.order_id;
    const forged = await api.get(`/api/payments/vnpay/return?${vnpayQuery(txn, 150_000, '00', 'WRONG')}`);
    expect(forged.statusCode).toBe(400);
    const badIpn = await api.get(`/api/payments/vnpay/ipn?${vnpayQuery(txn, 150_000, '00', 'WRONG')}`);
    expect(badIpn.statusCode).toBe(200);
    expect(badIpn.json()).toEqual({ RspCode: '97', Message: 'Invalid Checksum' });
    const wrongAmount = await api.get(`/api/payments/vnpay/ipn?${vnpayQuery(txn, 1_000)}`);
    expect(wrongAmount.json()).toEqual({ RspCode: '04', Message: 'Invalid amount' });
    const unknown = await api.get(`/api/payments/vnpay/ipn?${vnpayQuery('T0S0RNONE', 1_000)}`);
    expect(unknown.json()).toEqual({ RspCode: '01', Message: 'Order not found' });

    const ipn = await api.get(`/api/payments/vnpay/ipn?${vnpayQuery(txn, 150_000)}`);
    expect(ipn.json()).toEqual({ RspCode: '00', Message: 'Confirm Success' });
    const repeat = await api.get(`/api/payments/vnpay/ipn?${vnpayQuery(txn, 150_000)}`);
    expect(repeat.json()).toEqual({ RspCode: '02', Message: 'Order already confirmed' });
    const back = await api.get(`/api/payments/vnpay/return?${vnpayQuery(txn, 150_000)}`);
    expect(back.statusCode).toBe(200);
    expect(dataOf<{ paid: boolean }>(back).paid).toBe(true);
  });

  it('tells the till the request is pending until the IPN, then paid; another store never sees it', async () => {
    // At the fixed time: VNPAY's 14-digit create date can pass the card-number scan's Luhn check by chance.
    const created = await atFixedTime(() =>
      staff.post('/api/payments/vnpay/create', { amount: 90_000, order_info: 'Poll' }),
    );
    const { request } = dataOf<{ request: { id: number; order_id: string } }>(created);
    const before = await staff.get(`/api/payments/vnpay/${request.id}/status`);
    expect(before.statusCode).toBe(200);
    expect(dataOf<{ request: { status: string } }>(before).request.status).toBe('pending');
    await api.get(`/api/payments/vnpay/ipn?${vnpayQuery(request.order_id, 90_000)}`);
    const after = await staff.get(`/api/payments/vnpay/${request.id}/status`);
    expect(dataOf<{ request: { status: string } }>(after).request.status).toBe('paid');
    expect((await api.as(b, ROLE.STAFF).get(`/api/payments/vnpay/${request.id}/status`)).statusCode).toBe(
      404,
    );
  });
});

describe('VietQR', () => {
  it('returns an EMVCo payload whose CRC verifies; a manager PIN confirms the transfer, then it pays a sale', async () => {
    const created = await staff.post('/api/payments/vietqr/create', { amount: 79_000, info: 'Ủng hộ quỹ' });
    expect(created.statusCode).toBe(201);
    const body = dataOf<{
      request: { id: number; status: string };
      qr_payload: string;
      account_name: string;
    }>(created);
    expect(verifyCrc(body.qr_payload)).toBe(true);
    expect(parseVietQrPayload(body.qr_payload)).toMatchObject({
      acqId: VIETQR.acqId,
      accountNo: VIETQR.accountNo,
      amount: 79_000,
      info: 'Ung ho quy',
    });
    expect(body.request.status).toBe('pending');
    expect(body.account_name).toBe('SALON A');

    const s = await sale({ prices: [79_000] });
    const qrPayment = {
      payment_type: PAYMENT_TYPE.VIET_QR,
      payment_amount: 79_000,
      payment_info: { processor_reference: String(body.request.id) },
    };
    expect(
      (await staff.post('/api/payments/sale', { sale_id: s.id, payments: [qrPayment] })).statusCode,
    ).toBe(422);
    const url = `/api/payments/vietqr/${body.request.id}/confirm`;
    expect((await staff.post(url, undefined)).statusCode).toBe(403);
    const confirmed = await api.as(a, ROLE.STAFF, { approver: ROLE.MANAGER }).post(url, undefined);
    expect(confirmed.statusCode).toBe(200);
    expect(dataOf<{ request: { status: string } }>(confirmed).request.status).toBe('paid');
    expect(
      (await staff.post('/api/payments/sale', { sale_id: s.id, payments: [qrPayment] })).statusCode,
    ).toBe(201);
  });
});

/** Every text, varchar and json(b) column of every table in the public schema. */
async function textColumns(): Promise<{ table: string; column: string }[]> {
  const result = await api.db.execute<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb', 'character')
    order by table_name, column_name`);
  return result.rows.map((r) => ({ table: r.table_name, column: r.column_name }));
}

/**
 * Card-number-like values in the database: 13-19 digits, alone or grouped by single spaces or dashes,
 * passing Luhn, and standing as a token of their own (not inside a hex digest or token, which may
 * contain any digit run and is no card number).
 */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

async function cardNumbersInDatabase(): Promise<string[]> {
  const found: string[] = [];
  const candidate = /(?<![0-9A-Za-z])\d(?:[ -]?\d){12,18}(?![0-9A-Za-z])/g;
  for (const { table, column } of await textColumns()) {
    const rows = await api.db.execute<{ value: string }>(
      sql`select ${sql.identifier(column)}::text as value from ${sql.identifier(table)}
          where ${sql.identifier(column)}::text ~ '[0-9]([ -]?[0-9]){12,}'`,
    );
    for (const { value } of rows.rows) {
      // A UUID's first groups are all digits about once in two thousand, and then Luhn-valid one time in ten
      // ("59458093-5774-4532-…" in an order snapshot failed a run): no card number is shaped 8-4-4-4-12.
      for (const match of value.replace(UUID, ' ').matchAll(candidate)) {
        const digits = match[0].replace(/[ -]/g, '');
        if (digits.length >= 13 && digits.length <= 19 && luhnValid(digits))
          found.push(`${table}.${column}: ${match[0]}`);
      }
    }
  }
  return found;
}

describe('card data never reaches the database', () => {
  it('the scan finds a planted card number (control), then none after a run of payments', async () => {
    expect([formatVnpayDate(FIXED_NOW), '20250615100500', '1749956400000'].some((d) => luhnValid(d))).toBe(
      false,
    );
    const [planted] = await api.db
      .update(sales)
      .set({ note: 'call 4111 1111 1111 1111' })
      .where(eq(sales.id, (await sale()).id))
      .returning({ id: sales.id });
    expect(await cardNumbersInDatabase()).toEqual([expect.stringContaining('sales.note')]);
    await api.db.update(sales).set({ note: null }).where(eq(sales.id, planted!.id));

    // A run of every kind of payment, including refused card-number attempts.
    const s = await sale({ prices: [300_000] });
    await staff.post('/api/payments/sale', {
      sale_id: s.id,
      payments: [
        card(100_000, {
          card_brand: 'MASTERCARD',
          last4: '4444',
          approval_code: 'AB12CD',
          processor_reference: 'TX-991',
        }),
        { payment_type: PAYMENT_TYPE.CHECK, payment_amount: 50_000, payment_info: { reference: '1002' } },
        {
          payment_type: PAYMENT_TYPE.OTHERS,
          payment_amount: 50_000,
          payment_info: { reference: 'Bank transfer' },
        },
      ],
    });
    await staff.post('/api/payments/sale', {
      sale_id: s.id,
      payments: [card(10_000, { approval_code: '5555555555554444' })],
    });
    await staff.post('/api/payments/sale', {
      sale_id: s.id,
      payments: [card(10_000, { pan: '378282246310005' })],
    });
    await api
      .as(a, ROLE.STAFF, { approver: ROLE.MANAGER })
      .post('/api/payments/void', { payment_id: 1, reason: 'card 4012888888881881' });
    await atFixedTime(() => staff.post('/api/payments/vnpay/create', { amount: 10_000 }));
    await staff.post('/api/payments/momo/create', { amount: 10_000 });
    await staff.post('/api/payments/vietqr/create', { amount: 10_000 });
    const [request] = await api.db.select().from(paymentRequests).limit(1);
    expect(request).toBeDefined();

    expect(await cardNumbersInDatabase()).toEqual([]);
  });
});
