import { describe, expect, it } from 'vitest';
import { catalog, checkedIn, employees } from '../../../../tests/support/machines/catalog';
import { DISCOUNT_SOURCE, DISCOUNT_TYPE, PAYMENT_TYPE, SALE_STATUS } from '../../../domain/constants';
import {
  cash,
  makeEmployee,
  makeGroup,
  makeItem,
  makeOrder,
  orderOf,
} from '../../../../tests/support/domain/orders';
import { createMemoryStorage } from '../storage';
import { ApiError } from './api-error';
import { createApiClient } from './client';
import { createLoadingStore } from './loading';
import { createNoticeChannel } from './notices';
import { getSale, loadSaleCatalog, saleBody, SaleCallError, submitSale, toSaleCallError } from './sale-api';
import { createFakeFetch, envelope, failure } from '../../../../tests/support/client/fake-fetch';
import type { FakeHandler, RecordedRequest } from '../../../../tests/support/client/fake-fetch';

function fake(handler: FakeHandler) {
  const f = createFakeFetch(handler);
  const loading = createLoadingStore();
  const notices = createNoticeChannel();
  const client = createApiClient({ fetch: f.fetch, getToken: () => 'tok', loading, notices });
  return { client, requests: f.requests, loading };
}

function bodyOf(request: RecordedRequest | undefined): Record<string, unknown> {
  return JSON.parse(String(request?.body)) as Record<string, unknown>;
}

const offline: FakeHandler = () => Promise.reject(new TypeError('Failed to fetch'));

describe('submitSale', () => {
  const anna = makeEmployee({ id: 5, name: 'Anna' });
  const order = orderOf(
    [
      makeItem({
        item_id: 101,
        price: 3000,
        discounts: [{ type: DISCOUNT_SOURCE.ITEM, discount: { type: DISCOUNT_TYPE.PERCENT, value: 10 } }],
      }),
    ],
    {
      employee: anna,
      orderEmployees: [makeGroup(anna, [makeItem({ item_id: 101 })], 500)],
      payments: [cash(4000)],
    },
  );

  it('creates a new sale with POST /pos/sales, status 1, and the machine idempotency key', async () => {
    const { client, requests } = fake(() => envelope({ id: 9 }, 201));
    await expect(submitSale({ order, idempotencyKey: 'key-1' }, { client })).resolves.toEqual({ id: 9 });
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url).toBe('/api/pos/sales');
    expect(requests[0]?.headers.get('idempotency-key')).toBe('key-1');
    expect(bodyOf(requests[0])).toMatchObject({
      uuid: order.uuid,
      status: SALE_STATUS.SALE,
      employee: { id: 5 },
      orderEmployees: [{ employee: { id: 5 }, tips: { user_id: 5, tip_amount: 500 } }],
      payments: [{ payment_type: PAYMENT_TYPE.CASH, payment_amount: 4000 }],
    });
  });

  it('does not count in the global loading indicator (000 §7)', async () => {
    const { client, loading } = fake(() => envelope({ id: 9 }, 201));
    let changes = 0;
    const stop = loading.subscribe(() => (changes += 1));
    await submitSale({ order, idempotencyKey: 'k' }, { client });
    expect(changes).toBe(0);
    await getSale(1, { client });
    expect(changes).toBe(2);
    stop();
  });

  it('updates a sale loaded from the server with POST /pos/sales/{id}', async () => {
    const { client, requests } = fake(() => envelope({ id: 42 }));
    await submitSale({ order: { ...order, id: 42 }, idempotencyKey: 'key-2' }, { client });
    expect(requests[0]?.url).toBe('/api/pos/sales/42');
    expect(requests[0]?.headers.get('idempotency-key')).toBe('key-2');
  });

  it('a 409 becomes the saleConflict code with the server message', async () => {
    const { client } = fake(() => failure(409, 'A sale with this uuid exists with other content.'));
    const error = await submitSale({ order, idempotencyKey: 'k' }, { client }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SaleCallError);
    expect(error).toMatchObject({ code: 'saleConflict', status: 409 });
    expect((error as Error).message).toContain('other content');
  });

  it('a network failure becomes the network code', async () => {
    const { client } = fake(offline);
    await expect(submitSale({ order, idempotencyKey: 'k' }, { client })).rejects.toMatchObject({
      code: 'network',
      status: 0,
    });
  });
});

describe('saleBody', () => {
  it('sends only what a person chose, and leaves out an employee with neither lines nor tip', () => {
    const anna = makeEmployee({ id: 5 });
    const bella = makeEmployee({ id: 6 });
    const body = saleBody(
      makeOrder({
        employee: anna,
        customer: { id: 3, name: 'Kim', telephone: '212' },
        orderEmployees: [makeGroup(anna, [makeItem({ item_id: 7, name: 'ignored' })]), makeGroup(bella, [])],
        discount: { manager: { type: DISCOUNT_TYPE.AMOUNT, value: 100, approved_by: 3 } },
      }),
    );
    expect(body.customer).toEqual({ id: 3 });
    expect(body.customer_id).toBe(3);
    expect(body.orderEmployees).toEqual([
      {
        employee: { id: 5 },
        tips: null,
        orderItems: [
          {
            item_id: 7,
            item_type: 1,
            quantity: 1,
            price: null,
            unit_price: 1000,
            discounts: [],
            giftcard_number: null,
            info: null,
          },
        ],
      },
    ]);
    expect(body.discount).toEqual({ manager: { type: DISCOUNT_TYPE.AMOUNT, value: 100, approved_by: 3 } });
  });

  it('strips what the server added to a payment it sent back (the payments contract is strict)', () => {
    const loaded = { ...cash(500), id: 1, status: 'approved', payment_info: { reference: 'x' } };
    const body = saleBody(orderOf([makeItem()], { payments: [loaded] }));
    expect(body.payments).toEqual([
      { payment_type: PAYMENT_TYPE.CASH, payment_amount: 500, payment_info: { reference: 'x' } },
    ]);
  });

  it('can save a draft (status 4)', () => {
    expect(saleBody(orderOf([makeItem()]), SALE_STATUS.DRAFT).status).toBe(SALE_STATUS.DRAFT);
  });
});

describe('getSale', () => {
  it('reads GET /pos/sales/{id}', async () => {
    const { client, requests } = fake(() => envelope({ id: 7 }));
    await expect(getSale(7, { client })).resolves.toEqual({ id: 7 });
    expect(requests[0]?.url).toBe('/api/pos/sales/7');
  });

  it('a 404 becomes saleNotFound', async () => {
    const { client } = fake(() => failure(404, 'Not found.'));
    await expect(getSale(7, { client })).rejects.toMatchObject({ code: 'saleNotFound', status: 404 });
  });
});

describe('loadSaleCatalog', () => {
  function routes(request: RecordedRequest): Response | Promise<Response> {
    if (request.url.includes('service-product-setting')) return envelope(catalog);
    if (request.url.includes('checked-in'))
      return envelope({ items: checkedIn, total: 2, page: 1, per_page: 200 });
    if (request.url.includes('/pos/employees'))
      return envelope({ items: employees, total: 4, page: 1, per_page: 200 });
    return failure(404, 'Not found.');
  }

  it('reads the catalog, the staff and who is checked in, for the store, in one go', async () => {
    const { client, requests } = fake(routes);
    const storage = createMemoryStorage();
    const out = await loadSaleCatalog({ storeId: 1 }, { client, storage });
    expect(out.catalog.categories).toHaveLength(2);
    expect(out.employees).toHaveLength(4);
    expect(out.checkedIn.map((e) => e.id)).toEqual([6, 5]);
    expect(requests.map((r) => r.url).sort()).toEqual([
      '/api/pos/employees/checked-in?store_id=1&per_page=200',
      '/api/pos/employees?store_id=1&per_page=200',
      '/api/pos/sales/service-product-setting?store_id=1',
    ]);
  });

  it('offline, answers from the copies the last visit left (design.md §6)', async () => {
    const storage = createMemoryStorage();
    await loadSaleCatalog({ storeId: 1 }, { client: fake(routes).client, storage });
    const out = await loadSaleCatalog({ storeId: 1 }, { client: fake(offline).client, storage });
    expect(out.catalog.kits).toHaveLength(1);
    expect(out.employees).toHaveLength(4);
    expect(out.checkedIn).toHaveLength(2);
  });

  it('fails with catalogUnavailable when there is neither an answer nor a copy', async () => {
    await expect(
      loadSaleCatalog({}, { client: fake(offline).client, storage: createMemoryStorage() }),
    ).rejects.toMatchObject({ code: 'catalogUnavailable' });
  });

  it('fails with employeesUnavailable when no employee list can be read at all', async () => {
    const { client } = fake((r) =>
      r.url.includes('service-product-setting') ? envelope(catalog) : failure(500, 'Boom'),
    );
    await expect(loadSaleCatalog({}, { client, storage: createMemoryStorage() })).rejects.toMatchObject({
      code: 'employeesUnavailable',
    });
  });

  it('works from the checked-in list alone when the employee list fails', async () => {
    const { client } = fake((r) => (r.url.includes('/pos/employees?') ? failure(500, 'Boom') : routes(r)));
    const out = await loadSaleCatalog({}, { client, storage: createMemoryStorage() });
    expect(out.employees).toEqual([]);
    expect(out.checkedIn).toHaveLength(2);
  });
});

describe('toSaleCallError', () => {
  const http = (status: number, errors?: Record<string, string[]>) =>
    new ApiError({ status, message: 'Server says no.', ...(errors ? { errors } : {}) });

  it('names each status for the call that got it', () => {
    expect(toSaleCallError(http(403), 'save').code).toBe('forbidden');
    expect(toSaleCallError(http(404), 'save').code).toBe('notFound');
    expect(toSaleCallError(http(409), 'catalog').code).toBe('conflict');
    expect(toSaleCallError(http(422), 'save').code).toBe('invalid');
    expect(toSaleCallError(http(422), 'pin').code).toBe('pinWrong');
    expect(toSaleCallError(http(429), 'pin').code).toBe('pinLocked');
    expect(toSaleCallError(http(429), 'save').code).toBe('throttled');
    expect(toSaleCallError(http(500), 'save').code).toBe('unexpected');
  });

  it('keeps the first field error of a 422 in the message', () => {
    const error = toSaleCallError(
      http(422, { 'orderEmployees.0.orderItems.0.item_id': ['This item is not sold in this store.'] }),
      'save',
    );
    expect(error.message).toBe('Server says no. This item is not sold in this store.');
  });

  it('tells a timeout, a cancel and an unreadable answer apart', () => {
    expect(toSaleCallError(new ApiError({ status: 0, kind: 'timeout', message: 't' }), 'save').code).toBe(
      'timeout',
    );
    expect(toSaleCallError(new ApiError({ status: 0, kind: 'aborted', message: 'a' }), 'save').code).toBe(
      'aborted',
    );
    expect(
      toSaleCallError(new ApiError({ status: 200, kind: 'invalid-response', message: 'r' }), 'load').code,
    ).toBe('invalidResponse');
  });

  it('wraps anything else as unexpected, and passes a SaleCallError through', () => {
    expect(toSaleCallError(new Error('bug'), 'save')).toMatchObject({ code: 'unexpected', message: 'bug' });
    expect(toSaleCallError('text', 'save')).toMatchObject({ code: 'unexpected', message: 'text' });
    const own = new SaleCallError('network', 'x');
    expect(toSaleCallError(own, 'save')).toBe(own);
  });
});
