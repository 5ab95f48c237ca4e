/**
 * The sale management calls (docs/sales.md#sale-management "Sales management"; docs/sales.md#sale-management
 * pos/sales paths; src/contracts/sales.ts; the server's routes in src/server/routes/sales/sales-routes.ts).
 * Thin: each names its path, its options and the contract types; the machines get them as actors through
 * src/client/app/sale-management-actors.ts.
 *
 * - Every write takes the intent's `idempotencyKey` (docs/api.md#writes-and-idempotency): the action-mode
 *   chart's intent id, made when the mode was opened and kept across retries, so a refund retried after a
 *   timeout is done once.
 * - Refund, void, trash and clear need a manager's PIN approval (X-Pin-Approval, ADR 006): `pinApproval`.
 * - The long calls of docs/sales.md#sale-management (tip, refund, void, save all changes) get the long
 *   timeout.
 * - No call raises a notice: the list, the detail and the action dialog show their own errors.
 * - Offline (or when the connection drops on the way) the app's request queue stores a write and answers its
 *   receipt `{ offline, requestId }` instead of the server's data (lib/offline-queue/offline-fetch.ts): every
 *   write's type says so (`Queued<T>`), so no caller can show the receipt as a refunded or voided sale.
 * - No zod parsing of answers: a value import of the contracts would put zod in this screen's chunk; the types
 *   are the contracts' and the server validates its own answers against them.
 */
import type { z } from 'zod';
import type {
  saleBulkBodySchema,
  saleBulkResultSchema,
  saleChangeSchema,
  saleClearedSchema,
  saleEmployeeBodySchema,
  SaleDetail,
  saleInvoiceSchema,
  SaleRefundInfo,
  saleRefundResultSchema,
  saleSaveAllResultSchema,
  SaleSummary,
} from '../../../contracts/sales';
import type { EmployeeView } from '../../../contracts/employees';
import type { Page } from '../../../contracts/envelope';
import type { SaleStatus } from '../../../domain/constants';
import type { OfflineQueuedAnswer } from '../offline-queue/offline-fetch';
import { api } from './api';
import type { ApiClient } from './client';
import type { QueryParams } from './query';

export type SaleRefundResult = z.infer<typeof saleRefundResultSchema>;
export type SaleCleared = z.infer<typeof saleClearedSchema>;
export type SaleBulkBody = z.input<typeof saleBulkBodySchema>;
export type SaleBulkResult = z.infer<typeof saleBulkResultSchema>;
export type SaleChange = z.input<typeof saleChangeSchema>;
export type SaleSaveAllResult = z.infer<typeof saleSaveAllResultSchema>;
export type SaleEmployeeBody = z.input<typeof saleEmployeeBodySchema>;
export type SaleInvoice = z.infer<typeof saleInvoiceSchema>;

/** A write's answer: the server's data, or the offline queue's receipt (see the file comment). */
export type Queued<T> = T | OfflineQueuedAnswer;

interface CallOptions {
  signal?: AbortSignal;
  client?: ApiClient;
}

export interface WriteCallOptions extends CallOptions {
  /** The intent's key, the same on every retry of that intent. */
  idempotencyKey: string;
  /** The manager's approval from POST /api/role-by-code, for the calls that need one. */
  pinApproval?: string;
}

/** The list's filters as the user set them (machines/sale-list SaleListFilters). */
export interface SaleListRequest {
  page: number;
  perPage: number;
  filters: {
    dateFrom: string | null;
    dateTo: string | null;
    status: SaleStatus | null;
    search: string;
  };
}

const TICKET_NUMBER = /^\d{1,9}$/;

/**
 * The query of GET /api/pos/sales: newest first; dates are store-local business dates (inclusive); the status
 * filter is the server's comma list; a search of digits is a ticket number, anything else an invoice number.
 */
export function saleListQuery({ page, perPage, filters }: SaleListRequest): QueryParams {
  const search = filters.search.trim();
  const isTicket = TICKET_NUMBER.test(search) && Number(search) > 0;
  return {
    page,
    per_page: perPage,
    sort: '-order_at',
    filter: {
      business_date_from: filters.dateFrom,
      business_date_to: filters.dateTo,
      status: filters.status === null ? null : String(filters.status),
      ticket_no: isTicket ? search : null,
      invoice_no: !isTicket && search ? search : null,
    },
  };
}

function write({ signal, idempotencyKey, pinApproval }: WriteCallOptions, long = false) {
  return {
    signal,
    idempotencyKey,
    skipNotice: true,
    ...(pinApproval ? { pinApproval } : {}),
    ...(long ? { timeout: 'long' as const } : {}),
  };
}

const salePath = (id: number, rest = ''): string => `/pos/sales/${encodeURIComponent(String(id))}${rest}`;

// ---- reads -------------------------------------------------------------------------------------------

export function listSales(
  request: SaleListRequest,
  { signal, client = api }: CallOptions = {},
): Promise<Page<SaleSummary>> {
  return client.get<Page<SaleSummary>>('/pos/sales', {
    query: saleListQuery(request),
    signal,
    skipNotice: true,
  });
}

export function getSale(id: number, { signal, client = api }: CallOptions = {}): Promise<SaleDetail> {
  return client.get<SaleDetail>(salePath(id), { signal, skipNotice: true });
}

/** What can still be refunded, per line, and whether a refund or a void is allowed now. */
export function getRefundInfo(
  id: number,
  { signal, client = api }: CallOptions = {},
): Promise<SaleRefundInfo> {
  return client.get<SaleRefundInfo>(salePath(id, '/refund'), { signal, skipNotice: true });
}

/** The invoice of a completed sale: the sale, the store's receipt header and the payments as printed. */
export function getSaleInvoice(id: number, { signal, client = api }: CallOptions = {}): Promise<SaleInvoice> {
  return client.get<SaleInvoice>(salePath(id, '/invoice'), { signal, skipNotice: true });
}

/** The store's active employees (one page of the most a store has), for moving a sale's lines to another. */
export function listStoreEmployees({
  signal,
  client = api,
}: { signal?: AbortSignal; client?: Pick<ApiClient, 'get'> } = {}): Promise<EmployeeView[]> {
  return client
    .get<Page<EmployeeView>>('/pos/employees', {
      query: { page: 1, per_page: 200 },
      signal,
      skipNotice: true,
    })
    .then((page) => page.items);
}

// ---- writes ------------------------------------------------------------------------------------------

export function setSaleStatus(
  id: number,
  body: { status: SaleStatus; reason?: string },
  options: WriteCallOptions & CallOptions,
): Promise<Queued<SaleDetail>> {
  const { client = api } = options;
  return client.post<Queued<SaleDetail>>(salePath(id, '/status'), { id, ...body }, write(options));
}

export function changeTips(
  id: number,
  tips: ReadonlyArray<{ user_id: number; tip_amount: number }>,
  options: WriteCallOptions & CallOptions,
): Promise<Queued<SaleDetail>> {
  const { client = api } = options;
  return client.post<Queued<SaleDetail>>(salePath(id, '/tip'), { tips: [...tips] }, write(options, true));
}

export function changeEmployee(
  id: number,
  body: SaleEmployeeBody,
  options: WriteCallOptions & CallOptions,
): Promise<Queued<SaleDetail>> {
  const { client = api } = options;
  return client.post<Queued<SaleDetail>>(salePath(id, '/employee'), { ...body }, write(options));
}

export function changeOrderAt(
  id: number,
  orderAt: string,
  options: WriteCallOptions & CallOptions,
): Promise<Queued<SaleDetail>> {
  const { client = api } = options;
  return client.post<Queued<SaleDetail>>(salePath(id, '/order-at'), { order_at: orderAt }, write(options));
}

/** No `lines`: everything not refunded yet (the sale goes to status Refund). */
export function refundSale(
  id: number,
  body: { lines?: ReadonlyArray<{ sale_line_id: number; quantity: number }>; reason?: string },
  options: WriteCallOptions & CallOptions,
): Promise<Queued<SaleRefundResult>> {
  const { client = api } = options;
  const payload = {
    ...(body.lines ? { lines: [...body.lines] } : {}),
    ...(body.reason ? { reason: body.reason } : {}),
  };
  return client.post<Queued<SaleRefundResult>>(salePath(id, '/refund'), payload, write(options, true));
}

export function voidSale(
  id: number,
  body: { reason?: string },
  options: WriteCallOptions & CallOptions,
): Promise<Queued<SaleDetail>> {
  const { client = api } = options;
  return client.post<Queued<SaleDetail>>(salePath(id, '/void'), { ...body }, write(options, true));
}

/** Moves the sale to the trash (its status is kept for a restore). */
export function trashSale(id: number, options: WriteCallOptions & CallOptions): Promise<Queued<SaleDetail>> {
  const { client = api } = options;
  return client.delete<Queued<SaleDetail>>(salePath(id), write(options));
}

export function restoreSale(
  id: number,
  options: WriteCallOptions & CallOptions,
): Promise<Queued<SaleDetail>> {
  const { client = api } = options;
  return client.post<Queued<SaleDetail>>(salePath(id, '/restore'), null, write(options));
}

export function clearTrashedSale(
  id: number,
  options: WriteCallOptions & CallOptions,
): Promise<Queued<SaleCleared>> {
  const { client = api } = options;
  return client.delete<Queued<SaleCleared>>(
    `/pos/sales/clear-trashed/${encodeURIComponent(String(id))}`,
    write(options),
  );
}

export function clearAllTrashed(options: WriteCallOptions & CallOptions): Promise<Queued<SaleCleared>> {
  const { client = api } = options;
  return client.delete<Queued<SaleCleared>>('/pos/sales/clear-trashed/all', write(options));
}

export function bulkSales(
  body: SaleBulkBody,
  options: WriteCallOptions & CallOptions,
): Promise<Queued<SaleBulkResult>> {
  const { client = api } = options;
  return client.post<Queued<SaleBulkResult>>(
    '/pos/sales/bulk',
    { ...body, ids: [...body.ids] },
    write(options),
  );
}

export function saveAllChanges(
  changes: readonly SaleChange[],
  options: WriteCallOptions & CallOptions,
): Promise<Queued<SaleSaveAllResult>> {
  const { client = api } = options;
  return client.post<Queued<SaleSaveAllResult>>(
    '/pos/sales/save-all-changes',
    { changes: [...changes] },
    write(options, true),
  );
}
