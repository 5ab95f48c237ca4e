import { describe, expect, it } from 'vitest';
import { createApiClient } from '../lib/api/client';
import { createLoadingStore } from '../lib/api/loading';
import { createNoticeChannel } from '../lib/api/notices';
import { createFakeFetch, envelope } from '../lib/api/test-fetch';
import type { FakeHandler } from '../lib/api/test-fetch';
import { checkPaymentRequest, confirmPaymentRequest, createPaymentRequest } from './tendering-actors';

function fake(handler: FakeHandler) {
  const f = createFakeFetch(handler);
  const client = createApiClient({
    fetch: f.fetch,
    getToken: () => 'tok',
    loading: createLoadingStore(),
    notices: createNoticeChannel(),
  });
  return { client, requests: f.requests };
}

const view = (provider: string, status = 'pending') => ({
  id: 7,
  provider,
  status,
  amount: 150000,
  order_id: 'T1S1RABCDEF012345',
  sale_id: null,
  sale_uuid: null,
  result_code: null,
  signature_ok: null,
  paid_at: null,
  created_at: '2025-03-01T10:00:00.000Z',
});

describe('tendering actors', () => {
  it("reads MoMo's pay page from its live answer, and none without one", async () => {
    const { client } = fake(() =>
      envelope({
        request: view('momo'),
        endpoint: 'x',
        body: {},
        response: { payUrl: 'https://pay.momo.vn/7' },
      }),
    );
    const created = await createPaymentRequest(
      { provider: 'momo', amount: 150000, saleUuid: 'uuid-1', idempotencyKey: 'k' },
      { client },
    );
    expect(created).toEqual({
      request: { id: 7, provider: 'momo', status: 'pending', amount: 150000 },
      payUrl: 'https://pay.momo.vn/7',
    });
  });

  it('maps VNPAY and VietQR creates and sends the sale uuid only when there is one', async () => {
    const { client, requests } = fake((r) =>
      envelope(
        r.url.includes('vnpay')
          ? { request: view('vnpay'), payment_url: 'https://sandbox.vnpayment.vn/pay' }
          : { request: view('vietqr'), qr_payload: '000201', account_name: 'DEMO NAIL SPA' },
      ),
    );
    const vnpay = await createPaymentRequest(
      { provider: 'vnpay', amount: 150000, saleUuid: 'uuid-1', idempotencyKey: 'k1' },
      { client },
    );
    const vietqr = await createPaymentRequest(
      { provider: 'vietqr', amount: 150000, saleUuid: null, idempotencyKey: 'k2' },
      { client },
    );
    expect(vnpay.payUrl).toBe('https://sandbox.vnpayment.vn/pay');
    expect(vietqr).toMatchObject({ qrPayload: '000201', accountName: 'DEMO NAIL SPA' });
    expect(requests.map((r) => JSON.parse(String(r.body)) as unknown)).toEqual([
      { amount: 150000, sale_uuid: 'uuid-1' },
      { amount: 150000 },
    ]);
  });

  it('checks MoMo and VNPAY statuses and refuses to poll VietQR', async () => {
    const { client, requests } = fake((r) =>
      envelope({ request: view(r.url.includes('momo') ? 'momo' : 'vnpay', 'paid'), query: {} }),
    );
    await expect(checkPaymentRequest({ provider: 'momo', id: 7 }, { client })).resolves.toMatchObject({
      status: 'paid',
    });
    await expect(checkPaymentRequest({ provider: 'vnpay', id: 7 }, { client })).resolves.toMatchObject({
      status: 'paid',
    });
    await expect(checkPaymentRequest({ provider: 'vietqr', id: 7 }, { client })).rejects.toThrow(/confirmed/);
    expect(requests.map((r) => r.url)).toEqual([
      '/api/payments/momo/7/status',
      '/api/payments/vnpay/7/status',
    ]);
  });

  it('confirms a VietQR transfer with the approval', async () => {
    const { client, requests } = fake(() => envelope({ request: view('vietqr', 'paid') }));
    await expect(
      confirmPaymentRequest({ id: 7, approval: 'appr', idempotencyKey: 'k3' }, { client }),
    ).resolves.toEqual({ id: 7, provider: 'vietqr', status: 'paid', amount: 150000 });
    expect(requests[0]?.headers.get('x-pin-approval')).toBe('appr');
  });
});
