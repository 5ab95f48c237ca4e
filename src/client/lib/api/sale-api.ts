/**
 * The sale screen's calls (docs/sales.md#the-sale-screen "Sale screen"; docs/sales.md#sale-management
 * pos/sales; docs/api.md, docs/offline.md; src/contracts/sales.ts, catalog.ts, employees.ts). Thin: each
 * names the path, the options the call needs and the contract types; the sale and catalog-browser machines
 * get them as actors through src/client/app/sale-actors.ts.
 *
 * Every failure is rethrown as a SaleCallError whose `code` the machines keep and the screen maps to the i18n
 * key `sale.errors.<code>` (conventions.md: error codes mapped to i18n keys); the server's own sentence stays
 * in `message`, shown under the translated one.
 *
 * No zod here on purpose: a value import from src/contracts pulls zod (~55 KB gzipped) into the sale chunk
 * (target: ≤ 150 KB for /pos/sales); the server validated what it sends, and the types are shared.
 */
import type { CatalogLoadOutput } from '../../../../machines/catalog-browser/catalog-browser.types';
import type { ServiceProductSetting } from '../../../contracts/catalog';
import type { CheckedInEmployee, EmployeeView } from '../../../contracts/employees';
import type { Page } from '../../../contracts/envelope';
import type { SaleDetail } from '../../../contracts/sales';
import { SALE_STATUS } from '../../../domain/constants';
import type { Order, OrderEmployee, OrderItem } from '../../../domain/order.types';
import { api } from './api';
import { triesLeft } from '../../../../machines/pin-check/pin-check.rules';
import { isApiError } from './api-error';
import { cachedGet, getCheckedInEmployees, getServiceProductSetting, routeCacheKey } from './cache';
import type { ApiClient } from './client';

export interface CallOptions {
  signal?: AbortSignal;
  client?: ApiClient;
  storage?: Storage;
}

// ---- errors ------------------------------------------------------------------------------------------

/** Which call failed: the same status means different things to each (a 422 on a PIN is a wrong PIN). */
export type SaleCall = 'load' | 'save' | 'pin' | 'catalog';

export class SaleCallError extends Error {
  override readonly name = 'SaleCallError';
  /** `sale.errors.<code>` in the common namespace. */
  readonly code: string;
  /** The HTTP status; 0 when the server was not reached. */
  readonly status: number;
  /** A wrong PIN: tries left before PIN entry locks (the answer's details.tries_left, docs/errors.md). */
  readonly remaining?: number;

  constructor(code: string, message: string, status = 0, remaining?: number) {
    super(message);
    this.code = code;
    this.status = status;
    if (remaining !== undefined) this.remaining = remaining;
  }
}

function statusCode(status: number, call: SaleCall): string {
  switch (status) {
    case 403:
      return 'forbidden';
    case 404:
      return call === 'load' ? 'saleNotFound' : 'notFound';
    case 409:
      return call === 'save' ? 'saleConflict' : 'conflict';
    case 422:
      return call === 'pin' ? 'pinWrong' : 'invalid';
    case 429:
      return call === 'pin' ? 'pinLocked' : 'throttled';
    default:
      return 'unexpected';
  }
}

/** Any failure of a sale call as a SaleCallError with a code; a 422 keeps its first field error in the message. */
export function toSaleCallError(error: unknown, call: SaleCall): SaleCallError {
  if (error instanceof SaleCallError) return error;
  if (!isApiError(error)) {
    return new SaleCallError('unexpected', error instanceof Error ? error.message : String(error));
  }
  const firstFieldError = error.errors ? Object.values(error.errors).flat()[0] : undefined;
  const message = firstFieldError ? `${error.message} ${firstFieldError}` : error.message;
  switch (error.kind) {
    case 'network':
      return new SaleCallError('network', message);
    case 'timeout':
      return new SaleCallError('timeout', message);
    case 'aborted':
      return new SaleCallError('aborted', message);
    case 'invalid-response':
      return new SaleCallError('invalidResponse', message, error.status);
    default:
      return new SaleCallError(
        statusCode(error.status, call),
        message,
        error.status,
        triesLeft(error) ?? undefined,
      );
  }
}

async function coded<T>(call: SaleCall, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toSaleCallError(error, call);
  }
}

// ---- a sale ------------------------------------------------------------------------------------------

/** GET sale by {id} (docs/api.md#the-client): the detail is a SaleRecord the sale machine loads as it is. */
export function getSale(id: number, { signal, client = api }: CallOptions = {}): Promise<SaleDetail> {
  return coded('load', () =>
    client.get<SaleDetail>(`/pos/sales/${id}`, { timeout: 'sale', skipNotice: true, signal }),
  );
}

/** The status a write asks for (src/contracts/sales.ts): 1 completes the sale, 4 saves a draft. */
export type SaleWriteStatus = typeof SALE_STATUS.SALE | typeof SALE_STATUS.DRAFT;

function lineBody(line: OrderItem) {
  return {
    item_id: line.item_id,
    item_type: line.item_type,
    quantity: line.quantity,
    price: line.price,
    unit_price: line.unit_price,
    discounts: line.discounts ?? [],
    giftcard_number: line.giftcard_number ?? null,
    info: line.info ?? null,
  };
}

function groupBody(group: OrderEmployee) {
  return {
    employee: { id: group.employee.id },
    orderItems: group.orderItems.map(lineBody),
    tips: group.tips ?? null,
  };
}

/**
 * The body of a create or update: what a person chose, nothing the server rebuilds (sales contract: names,
 * catalog prices, taxes and totals are ignored). WHY `status` is set here: an Order is a Draft (4) until the
 * server created it, and a completion must say 1. WHY empty groups are left out: an employee tapped by
 * mistake and left without lines or tip is not part of the sale.
 */
export function saleBody(order: Order, status: SaleWriteStatus = SALE_STATUS.SALE) {
  return {
    uuid: order.uuid,
    status,
    order_at: order.order_at,
    customer: order.customer ? { id: order.customer.id } : null,
    customer_id: order.customer?.id ?? null,
    employee: order.employee ? { id: order.employee.id } : null,
    orderEmployees: order.orderEmployees
      .filter((group) => group.orderItems.length > 0 || (group.tips?.tip_amount ?? 0) > 0)
      .map(groupBody),
    discount: order.discount,
    // The payments contract is strict: a payment read back from the server carries more (id, status...).
    payments: order.payments.map((p) => ({
      payment_type: p.payment_type,
      payment_amount: p.payment_amount,
      ...(p.payment_info ? { payment_info: p.payment_info } : {}),
    })),
    // A walk-in's turn (the queue's start): the server ends her visit when the sale completes.
    walk_in_id: order.turn?.id ?? null,
    // A booking started from the appointment book: the server completes it with the sale.
    booking_id: order.booking?.id ?? null,
  };
}

export interface SubmitSaleInput {
  order: Order;
  /** The sale machine's key, made once per sale and kept across retries (docs/api.md). */
  idempotencyKey: string;
  status?: SaleWriteStatus;
}

/**
 * POST create sale, or POST update sale by {id} for a sale loaded from the server
 * (docs/sales.md#the-sale-screen), with the Idempotency-Key: the long timeout, no global loading indicator
 * (the screen shows its own), no notice (the screen shows the error where the payment is).
 */
export function submitSale(
  { order, idempotencyKey, status = SALE_STATUS.SALE }: SubmitSaleInput,
  { signal, client = api }: CallOptions = {},
): Promise<SaleDetail> {
  const url = order.id === null ? '/pos/sales' : `/pos/sales/${order.id}`;
  return coded('save', () =>
    client.post<SaleDetail>(url, saleBody(order, status), {
      idempotencyKey,
      timeout: 'long',
      skipLoading: true,
      skipNotice: true,
      signal,
    }),
  );
}

// ---- the catalog and the staff -----------------------------------------------------------------------

export const EMPLOYEES_URL = '/pos/employees';
/** The server's MAX_PER_PAGE: a salon's whole staff in one read. */
export const STAFF_PAGE_SIZE = 200;

/**
 * The sale screen's start-up reads, together (docs/sales.md#the-sale-screen): the service/product settings
 * and the checked-in employees through the spec's caches, and the employee list (cached the same way, keyed
 * by route and params, so the screen still has its staff offline, docs/offline.md). Fails only when the
 * catalog has neither an answer nor a cached copy, or when no employee at all is known: a ticket needs both.
 */
export async function loadSaleCatalog(
  {
    storeId,
    onlyCheckedInTechnicians = false,
  }: { storeId?: number | null; onlyCheckedInTechnicians?: boolean } = {},
  { signal, client = api, storage }: CallOptions = {},
): Promise<CatalogLoadOutput> {
  const store = storeId ? { store_id: storeId } : {};
  const staffQuery = { ...store, per_page: STAFF_PAGE_SIZE };
  const cacheOptions = { signal, ...(storage ? { storage } : {}) };
  const [catalog, employees, checkedIn] = await Promise.all([
    getServiceProductSetting(client, store, cacheOptions),
    cachedGet<Page<EmployeeView>>(client, EMPLOYEES_URL, {
      ...cacheOptions,
      query: staffQuery,
      key: routeCacheKey(EMPLOYEES_URL, staffQuery),
      timeout: 'sale',
    }),
    getCheckedInEmployees(client, staffQuery, cacheOptions),
  ]);
  if (signal?.aborted) throw new SaleCallError('aborted', 'The request was cancelled.');
  if (!isCatalog(catalog)) {
    throw new SaleCallError('catalogUnavailable', 'The services and products could not be loaded.');
  }
  if (!employees && !checkedIn) {
    throw new SaleCallError('employeesUnavailable', 'The employee list could not be loaded.');
  }
  return {
    catalog,
    employees: employees?.items ?? [],
    checkedIn: (checkedIn?.items ?? []) as CheckedInEmployee[],
    onlyCheckedInTechnicians,
  };
}

function isCatalog(value: ServiceProductSetting | null): value is ServiceProductSetting {
  return value !== null && Array.isArray(value.categories) && Array.isArray(value.kits);
}
