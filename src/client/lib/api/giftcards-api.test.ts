import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { createApiClient } from './client';
import { createLoadingStore } from './loading';
import { createNoticeChannel } from './notices';
import { getGiftcard, getGiftcardHistories } from './giftcards-api';
import { createFakeFetch, envelope, failure } from '../../../../tests/support/client/fake-fetch';
import type { FakeHandler } from '../../../../tests/support/client/fake-fetch';

function fake(handler: FakeHandler) {
  const f = createFakeFetch(handler);
  const notices = createNoticeChannel();
  const notified = vi.fn();
  notices.subscribe(notified);
  const client = createApiClient({
    fetch: f.fetch,
    getToken: () => 'tok',
    loading: createLoadingStore(),
    notices,
  });
  return { client, requests: f.requests, notified, notices };
}

const card = {
  id: 1,
  number: 'GC-1001',
  balance: 5000,
  initial_amount: 5000,
  is_active: true,
  expires_at: null,
  is_expired: false,
  is_usable: true,
  customer: null,
  store_id: 1,
  created_at: '2025-01-01T00:00:00.000Z',
};

describe('gift card calls', () => {
  it('reads a card by its number, escaped in the path', async () => {
    const { client, requests } = fake(() => envelope(card));
    await expect(getGiftcard('GC-1001', { client })).resolves.toEqual(card);
    await getGiftcard('A/B 1', { client });
    expect(requests.map((r) => r.url)).toEqual([
      '/api/pos/giftcards/GC-1001',
      '/api/pos/giftcards/A%2FB%201',
    ]);
  });

  it('passes an unknown card to the caller without a notice', async () => {
    const { client, notified, notices } = fake(() => failure(404, 'Gift card not found.'));
    const error = await getGiftcard('GC-9999', { client }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    notices.flush();
    expect(notified).not.toHaveBeenCalled();
  });

  it('reads a page of the history with paging and filters flattened into the query', async () => {
    const { client, requests } = fake(() => envelope({ items: [], total: 0, page: 2, per_page: 15 }));
    await getGiftcardHistories('GC-1001', { page: 2, per_page: 15, filter: { kind: 'sale' } }, { client });
    expect(requests[0]?.url).toBe(
      '/api/pos/giftcards/GC-1001/histories?page=2&per_page=15&filter%5Bkind%5D=sale',
    );
  });
});
