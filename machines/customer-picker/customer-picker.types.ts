/**
 * Context, events, input and actor contracts of the customer picker (the sale screen's "attach a customer":
 * search, create, edit; docs/sales.md#the-sale-screen "GET active customers for POS; GET customer details by
 * {id}; POST create customer and POST update customer by {id}"). Wire shapes are the contracts'
 * (src/contracts/customers.ts).
 */
import type { CustomerDetail, CustomerListItem } from '../../src/contracts/customers';
import type { OrderCustomer } from '../../src/domain/order.types';

/** The form as typed: every field a string, '' meaning "no value" (the contract reads '' as null). */
export interface CustomerForm {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  /** YYYY-MM-DD or ''. */
  birthday: string;
  notes: string;
}
export type CustomerFormField = keyof CustomerForm;

/** `code` is an i18n key (common namespace), `message` the English text (the server's, when it sent one). */
export interface FieldProblem {
  code: string | null;
  message: string;
}

export interface PickerError {
  code: string;
  message: string;
  fields?: Partial<Record<string, FieldProblem>>;
}

/** A request that failed, as the app's API client rejects (lib/api/api-error.ts), read structurally. */
export interface RequestFailure {
  status: number;
  kind?: string;
  message: string;
  errors?: Record<string, string[]>;
}

export interface SearchCustomersInput {
  search: string;
}
export interface CustomerPage {
  items: CustomerListItem[];
  total: number;
  /**
   * More than `total` customers match: the server counts a search only up to a cap
   * (docs/sales.md#finding-a-customer). Optional because an answer the service worker cached before the field
   * existed has none; it is then read as an exact count.
   */
  total_capped?: boolean;
}

export interface LoadCustomerInput {
  customerId: number;
}

export interface CreateCustomerInput {
  form: CustomerForm;
  /** Sent as Idempotency-Key; the same value on a retry of the same form (docs/api.md#writes-and-idempotency). */
  idempotencyKey: string;
}

export interface UpdateCustomerInput extends CreateCustomerInput {
  customerId: number;
}

/**
 * The request queue's answer to a write the server could not get (docs/offline.md#the-queue "a synthetic
 * status 202 with offline true, a message and a requestId"): the save is stored on this till and sent when
 * the connection returns. It is NOT a customer: no id exists yet for a new one.
 */
export interface OfflineQueued {
  offline: true;
  requestId: string;
  message?: string;
}

/** What a save answers: the customer as the server stored it, or the queue's receipt. */
export type SaveCustomerOutput = CustomerDetail | OfflineQueued;

/** A save the queue took (shown until the dialog closes): which kind, its queue id, who it is for. */
export interface QueuedCustomerSave {
  kind: 'create' | 'update';
  requestId: string;
  /** The name as typed (a new customer has no other). */
  name: string;
}

/** The save intent's key and the payload it was made for (see ensureSaveKey in the machine). */
export interface SaveKey {
  key: string;
  fingerprint: string;
}

export interface CustomerPickerContext {
  /** What is typed in the search box (kept as typed; searched trimmed). */
  query: string;
  results: CustomerListItem[];
  /** How many customers match in all (the list shows the first page); with totalCapped, at least that many. */
  total: number;
  /** More customers match than `total` says (the list says "100+" and asks for more letters). */
  totalCapped: boolean;
  error: PickerError | null;
  /** The customer being edited; null while a new one is created. */
  editingId: number | null;
  /** The form's starting values (a new customer from the query, an edited one from the server). */
  form: CustomerForm;
  /** The edited customer as the server (or its cached copy) last sent it; null while creating. */
  loaded: CustomerDetail | null;
  saveKey: SaveKey | null;
  /** The save the offline queue took, while the dialog says so. */
  queued: QueuedCustomerSave | null;
  createId: () => string;
}

export interface CustomerPickerInput {
  /** Idempotency keys. Default globalThis.crypto.randomUUID; the app passes lib/api's newIdempotencyKey. */
  createId?: () => string;
}

export type CustomerPickerEvent =
  | { type: 'picker.open' }
  | { type: 'picker.close' }
  | { type: 'query.change'; query: string }
  | { type: 'search.retry' }
  | { type: 'customer.select'; customer: CustomerListItem }
  | { type: 'customer.new' }
  | { type: 'customer.edit'; customerId: number }
  | { type: 'customer.save'; form: CustomerForm }
  | { type: 'edit.cancel' }
  | { type: 'load.retry' };

/**
 * Told to whoever listens (`actor.on('customer.chosen', …)`): the customer to put on the order, picked from
 * the results, just created, or just saved. The sale screen forwards it as the sale machine's customer.set.
 */
export interface CustomerChosenEvent {
  type: 'customer.chosen';
  customer: OrderCustomer;
}

export type CustomerPickerEmitted = CustomerChosenEvent;

export type { CustomerDetail, CustomerListItem };
