import { describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import { createCustomer, getCustomer, listCustomers, updateCustomer } from './customers-api';
import { createLoadingStore } from './loading';
import { createNoticeChannel } from './notices';
import { isOfflineQueued, offlineQueuedResponse } from '../offline-queue/offline-fetch';
import { createFakeFetch, envelope, failure } from '../../../../tests/support/client/fake-fetch';
import type { FakeHandler } from '../../../../tests/support/client/fake-fetch';

const fields = {
  first_name: ' Dana ',
  last_name: 'Vo',
  phone: '(212) 555-0199',
  email: '',
  birthday: '',
  notes: '',
};

function fake(handler: FakeHandler = () => envelope({ items: [], total: 0, page: 1, per_page: 15 })) {
  const f = createFakeFetch(handler);
  const loading = createLoadingStore();
  const notices = createNoticeChannel();
  const client = createApiClient({ fetch: f.fetch, getToken: () => 'tok-1', loading, notices });
  return { client, requests: f.requests, loading, notices };
}

function query(url: string): Record<string, string[]> {
  const params = new URL(url, 'http://till').searchParams;
  const out: Record<string, string[]> = {};
  for (const key of new Set(params.keys())) out[key] = params.getAll(key);
  return out;
}

describe('customer calls', () => {
  it('a search is GET /api/pos/customers?search=… with the session token', async () => {
    const { client, requests } = fake();
    const page = await listCustomers({ search: '212-555' }, { client });
    expect(page).toEqual({ items: [], total: 0, page: 1, per_page: 15 });
    expect(requests[0]?.method).toBe('GET');
    expect(new URL(requests[0]?.url ?? '', 'http://till').pathname).toBe('/api/pos/customers');
    expect(query(requests[0]?.url ?? '')).toEqual({ search: ['212-555'] });
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer tok-1');
  });

  it('the contract filters, sort and paging go as filter[…], sort, page and per_page', async () => {
    const { client, requests } = fake();
    await listCustomers(
      {
        filter: { name: 'Cleo', phone: '2125551001', membership_id: 2 },
        sort: '-point_balance',
        page: 2,
        per_page: 30,
      },
      { client },
    );
    expect(query(requests[0]?.url ?? '')).toEqual({
      'filter[name]': ['Cleo'],
      'filter[phone]': ['2125551001'],
      'filter[membership_id]': ['2'],
      sort: ['-point_balance'],
      page: ['2'],
      per_page: ['30'],
    });
  });

  it('typing a search does not flash the global loading indicator', async () => {
    let seen = -1;
    const { client, loading } = fake(() => {
      seen = loading.getSnapshot();
      return envelope({ items: [], total: 0, page: 1, per_page: 15 });
    });
    await listCustomers({ search: 'cl' }, { client });
    expect(seen).toBe(0);
  });

  it('details are GET /api/pos/customers/{id}', async () => {
    const { client, requests } = fake(() => envelope({ id: 9, name: 'Cleo Ray' }));
    const customer = await getCustomer(9, { client });
    expect(customer).toMatchObject({ id: 9 });
    expect(requests[0]?.url).toBe('/api/pos/customers/9');
  });

  it('creating posts a multipart form with the trimmed fields and the given Idempotency-Key', async () => {
    const { client, requests } = fake(() => envelope({ id: 10 }, 201));
    await createCustomer(fields, { client, idempotencyKey: 'intent-1' });
    const request = requests[0];
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/pos/customers');
    expect(request?.headers.get('idempotency-key')).toBe('intent-1');
    const body = request?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries(Object.keys(fields).map((name) => [name, body.get(name)]))).toEqual({
      ...fields,
      first_name: 'Dana',
    });
  });

  it('updating posts to the customer and sends empty fields, which clear them', async () => {
    const { client, requests } = fake(() => envelope({ id: 9 }));
    await updateCustomer(9, { ...fields, email: '' }, { client, idempotencyKey: 'intent-2' });
    expect(requests[0]?.url).toBe('/api/pos/customers/9');
    expect(requests[0]?.headers.get('idempotency-key')).toBe('intent-2');
    expect((requests[0]?.body as FormData).get('email')).toBe('');
  });

  it('a refused form reaches the caller with its field errors and raises no notice', async () => {
    const { client, notices } = fake(() =>
      failure(422, 'A customer with this phone number already exists.', {
        phone: ['A customer with this phone number already exists.'],
      }),
    );
    const seen: unknown[] = [];
    notices.subscribe((notice) => seen.push(notice));
    const error = await createCustomer(fields, { client, idempotencyKey: 'k' }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 422,
      errors: { phone: ['A customer with this phone number already exists.'] },
    });
    notices.flush();
    expect(seen).toEqual([]);
  });

  it("a save the offline queue took resolves with the queue's receipt, not a customer", async () => {
    const receipt = { offline: true as const, message: 'Request saved offline.', requestId: '5' };
    const { client } = fake(() => offlineQueuedResponse(receipt));
    const created = await createCustomer(fields, { client, idempotencyKey: 'k-1' });
    const updated = await updateCustomer(9, fields, { client, idempotencyKey: 'k-2' });
    expect(isOfflineQueued(created) && created.requestId).toBe('5');
    expect(isOfflineQueued(updated) && updated.requestId).toBe('5');
  });
});
