/**
 * What a back-office resource is (docs/back-office.md, "Declaring a resource"): the config a resource declares
 * and resource-factory.ts turns into routes, and what every one of those routes takes from it.
 */
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { InUseDetail } from '../../contracts/resource';
import type { ModuleId, Role } from '../../domain/constants';
import type { SessionAccess } from '../auth/access';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import type { ListSpec } from '../db/list-query';
import type { StoreTable, TenantIdTable, TenantTable } from '../db/scoped';
import type { CsvValue } from './csv';

/** A resource table: keyed by (tenant_id, id); store_id too when the resource is store-scoped. */
export type ResourceTable = TenantIdTable & Partial<Pick<StoreTable, 'storeId'>>;

export type ResourceScope = 'tenant' | 'store';

/** What a write's hooks get besides the body. */
export interface WriteContext {
  db: Queryable;
  auth: AuthContext;
  request: FastifyRequest;
}

/**
 * A value no two rows of a scope may share (a name, a SKU, a code). `field` is the body field the 409 names;
 * `index` the database's unique index enforcing it, so a race past the check answers the same 409.
 */
export interface UniqueKey {
  field: string;
  column: AnyPgColumn;
  index: string;
  message: string;
  /** Compared as lower(column) (the index is on lower(column)). */
  caseInsensitive?: boolean;
  /** Unique only among rows with the same values of these columns (a category's name per type). */
  per?: readonly AnyPgColumn[];
  /**
   * Unique only among rows meeting this condition, as a partial index is (one ACTIVE customer per phone: a
   * deactivated customer's old number is free again).
   */
  where?: SQL;
  /**
   * The 409 names the row that holds the value (`details.conflict: { field, id }`), so a screen can offer to
   * open it (a customer's phone or email already on another customer). Only from the check before the write:
   * a concurrent twin caught by the index answers the 409 without it.
   */
  namesHolder?: boolean;
}

export interface ExportColumn<R> {
  header: string;
  value: (row: R) => CsvValue;
}

/** What still uses a row (a delete is refused with these, deleting nothing); empty = free to delete. */
export type InUseCheck = (db: Queryable, auth: AuthContext, id: number) => Promise<InUseDetail[]>;

/**
 * A row's history (GET /api/<name>/{id}/histories: a coupon's uses, a gift card's ledger): the route reads
 * like the resource's get (module readable, the row in the caller's scope or 404), then lists the row's
 * history a page at a time with the config's own query and item schemas.
 */
export interface ResourceHistories<Q extends z.ZodType = z.ZodType, H extends z.ZodType = z.ZodType> {
  /** The query the history takes: paging (page, per_page) and its own filters. */
  query: Q;
  /** One history row as the API shows it. */
  item: H;
  /** One line for the API's description. */
  summary: string;
  /** A page of the row's history; `id` is a row of the caller's scope (checked before). */
  list: (
    db: Queryable,
    auth: AuthContext,
    id: number,
    query: z.output<Q>,
  ) => Promise<{ items: z.output<H>[]; total: number; page: number; per_page: number }>;
}

/** A config's `histories`, its query and item types kept while it is declared. */
export function resourceHistories<Q extends z.ZodType, H extends z.ZodType>(
  histories: ResourceHistories<Q, H>,
): ResourceHistories {
  return histories as unknown as ResourceHistories;
}

/** A table whose rows point at a resource's rows through `column` (products.unit_id → units). */
export interface ResourceReference {
  /** What the 409 `in_use` names, e.g. 'products'. */
  resource: string;
  table: TenantTable;
  column: AnyPgColumn;
}

/** What a row action's `run` gets: the write's context, the row's id and the row as stored, locked. */
export type RowActionContext<T extends ResourceTable> = WriteContext & {
  id: number;
  before: T['$inferSelect'];
};

/**
 * An action on one row beyond create, update and delete (a gift card's reload, deactivate, activate):
 * `POST /api/<name>/{id}/<name>`, a write (module writable, Idempotency-Key, one transaction, audit row
 * `<resource>.<action>` with the row before and after). The row is loaded with FOR UPDATE before `run`, so
 * two actions on one row queue behind each other. `run` answers the record after; a refusal is an HttpError.
 */
export interface ResourceRowAction<T extends ResourceTable, B extends z.ZodType = z.ZodType> {
  /** The URL segment after `{id}/` and the audit verb. */
  name: string;
  summary: string;
  /** The success message ('Gift card reloaded.'). */
  message: string;
  /** Absent: the action takes no body. */
  body?: B;
  // A method, so a list of actions with different bodies is one type (method parameters are bivariant).
  run(body: z.output<B>, ctx: RowActionContext<T>): Promise<T['$inferSelect']>;
}

/**
 * The export as the endpoint catalogue asks for it: `GET /export` answering text/csv (the default), or
 * `POST /export` answering the envelope with the CSV as base64 `contents` and the `filename` to save it as
 * (gift cards: "returns base64 contents saved as giftcards_export.csv"). Both are streamed.
 */
export type ExportRoute = { method: 'GET' } | { method: 'POST'; encoding: 'base64'; filename: string };

export interface ResourceConfig<
  T extends ResourceTable,
  R extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
> {
  /** The URL segment (`/api/<name>`) and the audit entity type. */
  name: string;
  /** The singular noun in messages: 'Unit' → 'Unit created.', 'Unit not found.' */
  label: string;
  table: T;
  /** Tenant-wide rows (customers) or one store's rows (the catalog). */
  scope: ResourceScope;
  /** Reads need the module readable, writes writable (src/domain/permissions.ts). */
  module: ModuleId;
  /** Only these roles; absent = every role the module flags allow. */
  roles?: readonly Role[];
  tags?: string[];
  /** The row as the API shows it (lists, get, writes, export, audit before/after). */
  row: R;
  /**
   * Wire field → table property (`{ id: 'id', name: 'name', is_active: 'isActive' }`): the plain mapping
   * both ways. It makes the row (dates as ISO strings) and the column values of creates and updates (the
   * body's fields present); toRow, toValues, toInsert and toUpdate replace it where a resource needs more.
   */
  fields?: Readonly<Record<string, string>>;
  toRow?: (record: T['$inferSelect']) => z.output<R>;
  createBody: C;
  updateBody: U;
  /**
   * Column values of a create and of an update alike, where one function makes both (the body's fields
   * present, looked up or stored the same way); toInsert and toUpdate, when given, take precedence.
   */
  toValues?: (
    body: z.output<C> | z.output<U>,
    ctx: WriteContext,
  ) => Promise<Partial<T['$inferInsert']>> | Partial<T['$inferInsert']>;
  /** Column values of a create (tenant and store are the scope's). */
  toInsert?: (
    body: z.output<C>,
    ctx: WriteContext,
  ) => Promise<Partial<T['$inferInsert']>> | Partial<T['$inferInsert']>;
  /** Column values of an update; `before` is the row as stored (locked for the transaction). */
  toUpdate?: (
    body: z.output<U>,
    ctx: WriteContext & { before: T['$inferSelect'] },
  ) => Promise<Partial<T['$inferInsert']>> | Partial<T['$inferInsert']>;
  /** POST to {id} by default; PUT where the endpoint catalogue says so (expenses). */
  updateMethod?: 'POST' | 'PUT';
  list: ListSpec;
  unique?: readonly UniqueKey[];
  inUse?: InUseCheck;
  /** The column bulk enable/disable set; absent = the resource has no enable/disable. */
  active?: AnyPgColumn;
  /** CSV columns of import and export: create-body fields, in file order. Absent = no import route. */
  importColumns?: readonly string[];
  /** Export columns; default: the import columns read from the row. */
  exportColumns?: readonly ExportColumn<z.output<R>>[];
  /** How the export is asked for and answered; default `GET` text/csv. */
  exportRoute?: ExportRoute;
  /**
   * After rows are inserted (a create, each committed batch of an import), in the same transaction, with
   * their ids: the rows a new row brings with it (a gift card's 'issue' history row).
   */
  afterInsert?: (db: Queryable, auth: AuthContext, ids: readonly number[]) => Promise<void>;
  /**
   * Bulk enable / disable through this instead of setting `active` (a gift card writes its 'activate' or
   * 'deactivate' history row): answers the record after. Called only when the flag changes.
   */
  setActive?: (ctx: RowActionContext<T>, active: boolean) => Promise<T['$inferSelect']>;
  /** Actions on one row: `POST /api/<name>/{id}/<action>`. */
  rowActions?: readonly ResourceRowAction<T>[];
  /** `GET /api/<name>/{id}/histories`. */
  histories?: ResourceHistories;
}

/** What every route of a resource shares: its path, its OpenAPI tags, the access reads and writes need. */
export interface ResourceRouting {
  /** `/api/<name>`. */
  base: string;
  tags: string[];
  read: SessionAccess;
  write: SessionAccess;
  /** Every write of a resource requires an Idempotency-Key (docs/back-office.md, "Access, scope, audit"). */
  idempotency: { readonly required: true };
}

export function resourceRouting(config: {
  name: string;
  module: ModuleId;
  roles?: readonly Role[];
  tags?: string[];
}): ResourceRouting {
  const read: SessionAccess = { module: config.module, ...(config.roles ? { roles: config.roles } : {}) };
  return {
    base: `/api/${config.name}`,
    tags: config.tags ?? ['back-office'],
    read,
    write: { ...read, write: true },
    idempotency: { required: true },
  };
}
