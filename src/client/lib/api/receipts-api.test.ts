import { describe, expect, it } from 'vitest';
import { DEMO_RECEIPT, RECEIPT_UUID } from '../../../../tests/support/machines/receipt';
import { ApiError } from './api-error';
import { createApiClient } from './client';
import { createLoadingStore } from './loading';
import { createNoticeChannel } from './notices';
import type { ApiNotice } from './notices';
import { getReceipt } from './receipts-api';
import { createFakeFetch, envelope, failure } from '../../../../tests/support/client/fake-fetch';
import type { FakeHandler } from '../../../../tests/support/client/fake-fetch';

function fake(handler: FakeHandler) {
  const f = createFakeFetch(handler);
  const notices = createNoticeChannel();
  const seen: ApiNotice[] = [];
  notices.subscribe((n) => seen.push(n));
  let unauthorized = 0;
  const client = createApiClient({
    fetch: f.fetch,
    getToken: () => 'tok-cashier',
    onUnauthorizedFallback: () => (unauthorized += 1),
    loading: createLoadingStore(),
    notices,
  });
  return { client, notices, requests: f.requests, seen, unauthorized: () => unauthorized };
}

describe('getReceipt', () => {
  it('asks for the receipt of the uuid without the session token and returns the contract data', async () => {
    const { client, requests } = fake(() => envelope(DEMO_RECEIPT));
    const receipt = await getReceipt(RECEIPT_UUID, { client });
    expect(receipt).toEqual(DEMO_RECEIPT);
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.url).toBe(`/api/pos/receipts/${RECEIPT_UUID}`);
    expect(requests[0]?.headers.has('authorization')).toBe(false);
  });

  it('escapes the id so it stays one path segment', async () => {
    const { client, requests } = fake(() => failure(404, 'Receipt not found.'));
    await expect(getReceipt('../sales/1', { client })).rejects.toBeInstanceOf(ApiError);
    expect(requests[0]?.url).toBe('/api/pos/receipts/..%2Fsales%2F1');
  });

  it('passes a 404 to the caller with the server text, without a notice or a logout', async () => {
    const { client, notices, seen, unauthorized } = fake(() => failure(404, 'Receipt not found.'));
    const error = await getReceipt(RECEIPT_UUID, { client }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Receipt not found.' });
    notices.flush();
    expect(seen).toEqual([]);
    expect(unauthorized()).toBe(0);
  });

  it('refuses an answer that is not a receipt rather than print wrong figures', async () => {
    const { client } = fake(() => envelope({ ...DEMO_RECEIPT, totals: { total_price: '49.57' } }));
    await expect(getReceipt(RECEIPT_UUID, { client })).rejects.toMatchObject({ kind: 'invalid-response' });
  });
});
