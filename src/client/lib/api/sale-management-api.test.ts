import { describe, expect, it } from 'vitest';
import { SALE_STATUS } from '../../../domain/constants';
import { createApiClient } from './client';
import { createLoadingStore } from './loading';
import { createNoticeChannel } from './notices';
import type { ApiNotice } from './notices';
import {
  changeEmployee,
  changeOrderAt,
  changeTips,
  clearAllTrashed,
  clearTrashedSale,
  getRefundInfo,
  getSaleInvoice,
  getSale,
  listSales,
  listStoreEmployees,
  refundSale,
  restoreSale,
  saleListQuery,
  saveAllChanges,
  setSaleStatus,
  trashSale,
  voidSale,
} from './sale-management-api';
import { createFakeFetch, envelope, failure } from '../../../../tests/support/client/fake-fetch';
import type { FakeHandler, RecordedRequest } from '../../../../tests/support/client/fake-fetch';

function fake(handler: FakeHandler = () => envelope({ items: [], total: 0, page: 1, per_page: 15 })) {
  const f = createFakeFetch(handler);
  const notices = createNoticeChannel();
  const seen: ApiNotice[] = [];
  notices.subscribe((notice) => seen.push(notice));
  const client = createApiClient({
    fetch: f.fetch,
    getToken: () => 'tok-1',
    loading: createLoadingStore(),
    notices,
  });
  return { client, requests: f.requests, seen, notices };
}

const NO_FILTERS = { dateFrom: null, dateTo: null, status: null, search: '' };

function path(request: RecordedRequest | undefined): string {
  const url = new URL(String(request?.url), 'http://x');
  return decodeURIComponent(url.pathname + url.search);
}

function body(request: RecordedRequest | undefined): unknown {
  return request?.body === undefined ? undefined : JSON.parse(String(request.body));
}

describe('sale list query', () => {
  it('asks for the page newest first with no filter when none is set', () => {
    expect(saleListQuery({ page: 2, perPage: 15, filters: NO_FILTERS })).toEqual({
      page: 2,
      per_page: 15,
      sort: '-order_at',
      filter: {
        business_date_from: null,
        business_date_to: null,
        status: null,
        ticket_no: null,
        invoice_no: null,
      },
    });
  });

  it('reads a search of digits as a ticket number and anything else as an invoice number', () => {
    const ticket = saleListQuery({ page: 1, perPage: 15, filters: { ...NO_FILTERS, search: ' 1042 ' } });
    expect(ticket.filter).toMatchObject({ ticket_no: '1042', invoice_no: null });
    const invoice = saleListQuery({
      page: 1,
      perPage: 15,
      filters: { ...NO_FILTERS, search: 's0001-000042' },
    });
    expect(invoice.filter).toMatchObject({ ticket_no: null, invoice_no: 's0001-000042' });
    const zero = saleListQuery({ page: 1, perPage: 15, filters: { ...NO_FILTERS, search: '0' } });
    expect(zero.filter).toMatchObject({ ticket_no: null, invoice_no: '0' });
  });
});

describe('sale management reads', () => {
  it('lists sales with the filters flattened into the query, status as the server comma list', async () => {
    const { client, requests, seen } = fake();
    await listSales(
      {
        page: 1,
        perPage: 15,
        filters: { dateFrom: '2026-01-01', dateTo: '2026-01-31', status: SALE_STATUS.TRASH, search: '7' },
      },
      { client },
    );
    expect(path(requests[0])).toBe(
      '/api/pos/sales?page=1&per_page=15&sort=-order_at&filter[business_date_from]=2026-01-01' +
        '&filter[business_date_to]=2026-01-31&filter[status]=9&filter[ticket_no]=7',
    );
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer tok-1');
    expect(seen).toEqual([]);
  });

  it('reads a sale, its refund info, its invoice and the store employees', async () => {
    const { client, requests } = fake((request) =>
      request.url.includes('/employees')
        ? envelope({ items: [{ id: 5, name: 'Anna Nguyen' }], total: 1, page: 1, per_page: 200 })
        : envelope({ id: 42 }),
    );
    await getSale(42, { client });
    await getRefundInfo(42, { client });
    await getSaleInvoice(42, { client });
    const employees = await listStoreEmployees({ client });
    expect(requests.map(path)).toEqual([
      '/api/pos/sales/42',
      '/api/pos/sales/42/refund',
      '/api/pos/sales/42/invoice',
      '/api/pos/employees?page=1&per_page=200',
    ]);
    expect(employees).toEqual([{ id: 5, name: 'Anna Nguyen' }]);
  });

  it('passes a refusal to the caller with the server message and raises no notice', async () => {
    const { client, seen, notices } = fake(() => failure(409, 'A voided sale cannot be refunded.'));
    await expect(getSale(9, { client })).rejects.toMatchObject({
      status: 409,
      message: 'A voided sale cannot be refunded.',
    });
    notices.flush();
    expect(seen).toEqual([]);
  });
});

describe('sale management writes', () => {
  const key = { idempotencyKey: 'intent-1' };

  it('refunds chosen lines with the intent key, the PIN approval and the long timeout path', async () => {
    const { client, requests } = fake(() => envelope({ sale: { id: 42 }, refund: { id: 1 } }));
    await refundSale(
      42,
      { lines: [{ sale_line_id: 70, quantity: 1 }] },
      { ...key, pinApproval: 'appr-1', client },
    );
    expect(path(requests[0])).toBe('/api/pos/sales/42/refund');
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.headers.get('idempotency-key')).toBe('intent-1');
    expect(requests[0]?.headers.get('x-pin-approval')).toBe('appr-1');
    expect(body(requests[0])).toEqual({ lines: [{ sale_line_id: 70, quantity: 1 }] });
  });

  it('refunds everything left when no lines are given', async () => {
    const { client, requests } = fake(() => envelope({}));
    await refundSale(42, {}, { ...key, pinApproval: 'appr-1', client });
    expect(body(requests[0])).toEqual({});
  });

  it('sends the same key again on a retry of the same intent', async () => {
    let calls = 0;
    const { client, requests } = fake(() => (calls++ === 0 ? failure(503, 'Try later.') : envelope({})));
    await expect(voidSale(42, {}, { ...key, pinApproval: 'a', client })).rejects.toMatchObject({
      status: 503,
    });
    await voidSale(42, {}, { ...key, pinApproval: 'a', client });
    expect(requests.map((r) => r.headers.get('idempotency-key'))).toEqual(['intent-1', 'intent-1']);
  });

  it('maps each management write to its method and path', async () => {
    const { client, requests } = fake(() => envelope({}));
    const pin = { ...key, pinApproval: 'appr-1', client };
    await voidSale(42, { reason: 'Wrong card' }, pin);
    await trashSale(42, pin);
    await restoreSale(42, { ...key, client });
    await clearTrashedSale(42, pin);
    await clearAllTrashed(pin);
    await setSaleStatus(42, { status: SALE_STATUS.SALE }, { ...key, client });
    await changeTips(42, [{ user_id: 5, tip_amount: 500 }], { ...key, client });
    await changeEmployee(42, { from_employee_id: 5, to_employee_id: 6 }, { ...key, client });
    await changeOrderAt(42, '2026-01-10T15:00:00.000Z', { ...key, client });
    await saveAllChanges([{ id: 42, order_at: '2026-01-10T15:00:00.000Z' }], { ...key, client });
    expect(requests.map((r) => `${r.method} ${path(r)}`)).toEqual([
      'POST /api/pos/sales/42/void',
      'DELETE /api/pos/sales/42',
      'POST /api/pos/sales/42/restore',
      'DELETE /api/pos/sales/clear-trashed/42',
      'DELETE /api/pos/sales/clear-trashed/all',
      'POST /api/pos/sales/42/status',
      'POST /api/pos/sales/42/tip',
      'POST /api/pos/sales/42/employee',
      'POST /api/pos/sales/42/order-at',
      'POST /api/pos/sales/save-all-changes',
    ]);
    expect(requests.every((r) => r.headers.get('idempotency-key') === 'intent-1')).toBe(true);
    expect(requests.slice(0, 5).map((r) => r.headers.get('x-pin-approval'))).toEqual([
      'appr-1',
      'appr-1',
      null,
      'appr-1',
      'appr-1',
    ]);
    expect(requests.slice(5).every((r) => !r.headers.has('x-pin-approval'))).toBe(true);
    expect(requests.map(body)).toEqual([
      { reason: 'Wrong card' },
      undefined,
      undefined,
      undefined,
      undefined,
      { id: 42, status: SALE_STATUS.SALE },
      { tips: [{ user_id: 5, tip_amount: 500 }] },
      { from_employee_id: 5, to_employee_id: 6 },
      { order_at: '2026-01-10T15:00:00.000Z' },
      { changes: [{ id: 42, order_at: '2026-01-10T15:00:00.000Z' }] },
    ]);
  });
});
