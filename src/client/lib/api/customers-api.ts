/**
 * The POS customer calls (docs/sales.md#the-sale-screen sale screen: "GET active customers for POS; GET
 * customer details by {id}; POST create customer and POST update customer by {id}, both multipart";
 * docs/api.md#endpoints /pos/customers; contract src/contracts/customers.ts). Thin: the path, the options and
 * the contract's types; the customer picker machine gets them as actors through
 * src/client/app/customer-actors.ts.
 *
 * - The search is `search=…` (the contract's shorthand for filter[search], name or phone); the other filters
 *   (filter[name], filter[phone], filter[membership_id]), sort and paging pass through as the contract says.
 *   A search's total stops at 100: `total_capped` says more match (docs/sales.md#finding-a-customer).
 * - Writes are multipart as docs/sales.md#the-sale-screen says, every field sent: '' clears an optional field
 *   on update, and an unchanged field is sent as it was. The Idempotency-Key is the caller's, one per intent
 *   (docs/api.md#writes-and-idempotency).
 * - No notices: the picker shows its own errors (a 422's field messages belong beside the fields).
 * - Offline, a write is stored by the request queue and resolves with its receipt `{ offline, requestId }`
 *   (lib/offline-queue/offline-fetch.ts), not a customer: the return types say so, so no caller can take the
 *   receipt for the customer (machines/customer-picker decides what the cashier sees).
 * - Contract types only: a value import from src/contracts pulls zod into the sale screen's chunk.
 */
import type { CustomerDetail, CustomerListQuery, CustomerSearchPage } from '../../../contracts/customers';
import type { OfflineQueuedAnswer } from '../offline-queue/offline-fetch';
import { api } from './api';
import type { ApiClient } from './client';
import type { QueryParams } from './query';

interface CallOptions {
  signal?: AbortSignal;
  client?: ApiClient;
}

interface WriteCallOptions extends CallOptions {
  /** One per intent, reused on each retry of that intent. */
  idempotencyKey: string;
}

/** The customer fields of a create or update, as typed ('' = no value). */
export interface CustomerFields {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  birthday: string;
  notes: string;
}

/**
 * The list query as the caller writes it: the contract's own fields (so a renamed filter fails to compile
 * here), with sort as its query text ("name,-created_at").
 */
export type CustomerSearch = Partial<Pick<CustomerListQuery, 'search' | 'filter' | 'page' | 'per_page'>> & {
  sort?: string;
};

export function listCustomers(
  params: CustomerSearch = {},
  { signal, client = api }: CallOptions = {},
): Promise<CustomerSearchPage> {
  const query: QueryParams = {
    search: params.search,
    sort: params.sort,
    page: params.page,
    per_page: params.per_page,
    ...(params.filter ? { filter: { ...params.filter } } : {}),
  };
  return client.get<CustomerSearchPage>('/pos/customers', {
    query,
    skipNotice: true,
    skipLoading: true,
    signal,
  });
}

export function getCustomer(id: number, { signal, client = api }: CallOptions = {}): Promise<CustomerDetail> {
  return client.get<CustomerDetail>(`/pos/customers/${id}`, { skipNotice: true, signal });
}

function toForm(fields: CustomerFields): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value.trim());
  return form;
}

/** The customer as the server stored it, or the offline queue's receipt. */
export type CustomerSaved = CustomerDetail | OfflineQueuedAnswer;

export function createCustomer(
  fields: CustomerFields,
  { signal, client = api, idempotencyKey }: WriteCallOptions,
): Promise<CustomerSaved> {
  return client.post<CustomerSaved>('/pos/customers', toForm(fields), {
    idempotencyKey,
    skipNotice: true,
    signal,
  });
}

export function updateCustomer(
  id: number,
  fields: CustomerFields,
  { signal, client = api, idempotencyKey }: WriteCallOptions,
): Promise<CustomerSaved> {
  return client.post<CustomerSaved>(`/pos/customers/${id}`, toForm(fields), {
    idempotencyKey,
    skipNotice: true,
    signal,
  });
}
