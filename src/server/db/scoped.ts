/**
 * Tenant and store scoping for queries (docs/api.md#tenants-and-stores,
 * docs/architecture.md#data-and-running: "Every row is scoped to a tenant and store; a token of one tenant
 * never reads or writes another's data"). Routes and services build their WHERE clauses and insert values
 * through these helpers, never by writing `eq(t.tenantId, ...)` by hand, so a forgotten filter is a missing
 * helper call that review and the tenant-isolation tests catch.
 *
 *   db.select().from(services).where(storeWhere(services, auth, eq(services.isActive, true)))
 *   db.select().from(customers).where(tenantIdWhere(customers, auth, id))         // 0 rows → 404
 *   db.insert(customers).values(tenantValues(auth, { firstName, ... }))
 *   db.insert(sales).values(storeValues(auth, { uuid, ... }))
 *
 * The scope's ids always win over the values': a body that smuggles tenantId or storeId is overwritten.
 * `auth` is the request's AuthContext (or any { tenantId, storeId }); a session without a store gets 403
 * from the store helpers, the same answer as a request for another store's data.
 */
import { and, eq } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { forbidden } from '../errors';
import { ERROR_CODE } from '../../contracts/error-codes';

export interface TenantScope {
  tenantId: number;
}
export interface StoreScope extends TenantScope {
  storeId: number | null;
}

/** A table with a tenant_id column (every table but tenants). */
export type TenantTable = PgTable & { tenantId: AnyPgColumn };
/** A table with tenant_id and store_id columns. */
export type StoreTable = TenantTable & { storeId: AnyPgColumn };
/** A tenant table keyed by (tenant_id, id). */
export type TenantIdTable = TenantTable & { id: AnyPgColumn };

export const NO_STORE_MESSAGE = 'This session is not bound to a store. Log in to a store.';

/** The scope's store id, or 403 when the session has none. */
export function scopeStoreId(scope: StoreScope): number {
  if (scope.storeId === null) throw forbidden(NO_STORE_MESSAGE, ERROR_CODE.NO_STORE);
  return scope.storeId;
}

function all(first: SQL, more: readonly (SQL | undefined)[]): SQL {
  // `and` returns undefined only when given no defined condition; `first` is always one.
  return and(first, ...more) as SQL;
}

/** tenant_id = the caller's tenant, and every extra condition (undefined ones are skipped). */
export function tenantWhere(table: TenantTable, scope: TenantScope, ...conditions: (SQL | undefined)[]): SQL {
  return all(eq(table.tenantId, scope.tenantId), conditions);
}

/** tenant_id and store_id = the caller's tenant and store, and every extra condition. */
export function storeWhere(table: StoreTable, scope: StoreScope, ...conditions: (SQL | undefined)[]): SQL {
  return all(
    and(eq(table.tenantId, scope.tenantId), eq(table.storeId, scopeStoreId(scope))) as SQL,
    conditions,
  );
}

/** One row of the caller's tenant by id; another tenant's id matches nothing (→ 404). */
export function tenantIdWhere(
  table: TenantIdTable,
  scope: TenantScope,
  id: number,
  ...conditions: (SQL | undefined)[]
): SQL {
  return tenantWhere(table, scope, eq(table.id, id), ...conditions);
}

/** One row of the caller's store by id; another store's id matches nothing. */
export function storeIdWhere(
  table: StoreTable & TenantIdTable,
  scope: StoreScope,
  id: number,
  ...conditions: (SQL | undefined)[]
): SQL {
  return storeWhere(table, scope, eq(table.id, id), ...conditions);
}

/**
 * The join condition of the `target` row that `reference` (a column of `from`) names: the same tenant (ids are
 * unique per tenant), then the id.
 */
export function tenantJoin(target: TenantIdTable, from: TenantTable, reference: AnyPgColumn): SQL {
  return and(eq(target.tenantId, from.tenantId), eq(target.id, reference))!;
}

/** tenantJoin for store-scoped rows: the same tenant and the same store, then the id. */
export function storeJoin(target: StoreTable & TenantIdTable, from: StoreTable, reference: AnyPgColumn): SQL {
  return and(eq(target.tenantId, from.tenantId), eq(target.storeId, from.storeId), eq(target.id, reference))!;
}

/** Insert values with the caller's tenant_id (overriding any in `values`). */
export function tenantValues<V extends object>(
  scope: TenantScope,
  values: V,
): Omit<V, 'tenantId'> & { tenantId: number } {
  return { ...values, tenantId: scope.tenantId };
}

/** Insert values with the caller's tenant_id and store_id (overriding any in `values`); 403 without a store. */
export function storeValues<V extends object>(
  scope: StoreScope,
  values: V,
): Omit<V, 'tenantId' | 'storeId'> & { tenantId: number; storeId: number } {
  return { ...values, tenantId: scope.tenantId, storeId: scopeStoreId(scope) };
}

/** Same as tenantValues/storeValues for many rows. */
export function tenantValuesAll<V extends object>(
  scope: TenantScope,
  rows: readonly V[],
): (Omit<V, 'tenantId'> & { tenantId: number })[] {
  return rows.map((row) => tenantValues(scope, row));
}
export function storeValuesAll<V extends object>(
  scope: StoreScope,
  rows: readonly V[],
): (Omit<V, 'tenantId' | 'storeId'> & { tenantId: number; storeId: number })[] {
  return rows.map((row) => storeValues(scope, row));
}
