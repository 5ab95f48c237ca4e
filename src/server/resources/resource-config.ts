/**
 * What a back-office resource is (docs/back-office.md, "Declaring a resource"): the config a resource declares
 * and resource-factory.ts turns into routes, and what every one of those routes takes from it.
 */
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
}

export interface ExportColumn<R> {
  header: string;
  value: (row: R) => CsvValue;
}

/** What still uses a row (a delete is refused with these, deleting nothing); empty = free to delete. */
export type InUseCheck = (db: Queryable, auth: AuthContext, id: number) => Promise<InUseDetail[]>;

/** A table whose rows point at a resource's rows through `column` (products.unit_id → units). */
export interface ResourceReference {
  /** What the 409 `in_use` names, e.g. 'products'. */
  resource: string;
  table: TenantTable;
  column: AnyPgColumn;
}

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
