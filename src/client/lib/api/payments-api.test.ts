import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { createApiClient } from './client';
import { createLoadingStore } from './loading';
import { createNoticeChannel } from './notices';
import {
  confirmVietqrRequest,
  createMomoRequest,
  createVietqrRequest,
  createVnpayRequest,
  getMomoStatus,
  getVnpayStatus,
} from './payments-api';
import { createFakeFetch, envelope, failure } from '../../../../tests/support/client/fake-fetch';
import type { FakeHandler, RecordedRequest } from '../../../../tests/support/client/fake-fetch';

function fake(handler: FakeHandler) {
  const f = createFakeFetch(handler);
  const loading = createLoadingStore();
  const notices = createNoticeChannel();
  const notified = vi.fn();
  notices.subscribe(notified);
  const starts = vi.fn();
  loading.subscribe(() => starts(loading.getSnapshot()));
  const client = createApiClient({ fetch: f.fetch, getToken: () => 'tok', loading, notices });
  return { client, requests: f.requests, notified, starts, notices };
}

function bodyOf(request: RecordedRequest | undefined): unknown {
  return JSON.parse(String(request?.body));
}

const request = {
  id: 7,
  provider: 'momo',
  status: 'pending',
  amount: 150000,
  order_id: 'T1S1RABCDEF012345',
  sale_id: null,
  sale_uuid: '0b6b2a58-8d6f-4a4e-9d0c-1d2f3a4b5c6d',
  result_code: null,
  signature_ok: null,
  paid_at: null,
  created_at: '2025-03-01T10:00:00.000Z',
};

describe('payment request calls', () => {
  it('creates a MoMo request with its idempotency key and the sale it belongs to', async () => {
    const { client, requests } = fake(() =>
      envelope(
        { request, endpoint: 'https://test-payment.momo.vn/v2/gateway/api/create', body: {}, response: null },
        201,
      ),
    );
    const result = await createMomoRequest(
      { amount: 150000, sale_uuid: request.sale_uuid },
      { idempotencyKey: 'key-1', client },
    );
    expect(result.request.id).toBe(7);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url).toBe('/api/payments/momo/create');
    expect(requests[0]?.headers.get('idempotency-key')).toBe('key-1');
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer tok');
    expect(bodyOf(requests[0])).toEqual({ amount: 150000, sale_uuid: request.sale_uuid });
  });

  it('creates VNPAY and VietQR requests at their own paths', async () => {
    const { client, requests } = fake((r) =>
      envelope(
        r.url.includes('vnpay')
          ? {
              request: { ...request, provider: 'vnpay' },
              payment_url: 'https://sandbox.vnpayment.vn/pay?x=1',
            }
          : {
              request: { ...request, provider: 'vietqr' },
              qr_payload: '000201',
              account_name: 'DEMO NAIL SPA',
            },
        201,
      ),
    );
    const vnpay = await createVnpayRequest({ amount: 150000 }, { idempotencyKey: 'key-2', client });
    const vietqr = await createVietqrRequest({ amount: 150000 }, { idempotencyKey: 'key-3', client });
    expect(vnpay.payment_url).toContain('vnpayment');
    expect(vietqr.qr_payload).toBe('000201');
    expect(requests.map((r) => [r.url, r.headers.get('idempotency-key')])).toEqual([
      ['/api/payments/vnpay/create', 'key-2'],
      ['/api/payments/vietqr/create', 'key-3'],
    ]);
  });

  it('leaves a refused create to the panel: no notice, the server sentence in the error', async () => {
    const { client, notified, notices } = fake(() =>
      failure(422, "MoMo takes VND only; this store's currency is USD."),
    );
    const error = await createMomoRequest({ amount: 100 }, { idempotencyKey: 'k', client }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).message).toContain('VND only');
    notices.flush();
    expect(notified).not.toHaveBeenCalled();
  });

  it('polls a status quietly: no loading indicator and no notice when it fails', async () => {
    const { client, requests, notified, starts, notices } = fake((r) =>
      r.url.includes('momo') ? envelope({ request, query: {} }) : failure(500, 'boom'),
    );
    await expect(getMomoStatus(7, { client })).resolves.toMatchObject({ request: { status: 'pending' } });
    await expect(getVnpayStatus(7, { client })).rejects.toBeInstanceOf(ApiError);
    expect(requests.map((r) => [r.method, r.url])).toEqual([
      ['GET', '/api/payments/momo/7/status'],
      ['GET', '/api/payments/vnpay/7/status'],
    ]);
    expect(starts).not.toHaveBeenCalled();
    notices.flush();
    expect(notified).not.toHaveBeenCalled();
  });

  it('confirms a VietQR transfer with the manager approval and its own key', async () => {
    const { client, requests } = fake(() =>
      envelope({ request: { ...request, provider: 'vietqr', status: 'paid' } }),
    );
    const result = await confirmVietqrRequest(8, 'appr-1', { idempotencyKey: 'key-4', client });
    expect(result.request.status).toBe('paid');
    expect(requests[0]?.url).toBe('/api/payments/vietqr/8/confirm');
    expect(requests[0]?.headers.get('x-pin-approval')).toBe('appr-1');
    expect(requests[0]?.headers.get('idempotency-key')).toBe('key-4');
  });
});
