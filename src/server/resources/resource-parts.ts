/**
 * Pieces many resource configs declare alike (docs/back-office.md, "Declaring a resource"): where a store's
 * back-office resource lives and who runs it, the sorts and list of rows with a name and timestamps, a name no two
 * rows of the scope may share whatever its case, and a row a body names by id. A config spreads or calls them
 * beside its own parts.
 */
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { MODULE } from '../../domain/constants';
import type { SQLWrapper } from 'drizzle-orm';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { booleanFilter, lowerOf } from '../db/list-query';
import type { ListSpec } from '../db/list-query';
import { storeIdWhere, tenantIdWhere } from '../db/scoped';
import type { StoreTable, TenantIdTable } from '../db/scoped';
import { unprocessable } from '../errors';
import type { UniqueKey } from './resource-config';
import { BACK_OFFICE_ROLES } from './resource-factory';

/** A store's own rows, run from the back office by its owner and admins. */
export const BACK_OFFICE_STORE = {
  scope: 'store',
  module: MODULE.BACK_OFFICE,
  roles: BACK_OFFICE_ROLES,
} as const;

/**
 * The wire field → table property mapping (ResourceConfig `fields`) of a row with an active flag: the id, the
 * row's own fields, then `is_active` and the timestamps.
 */
export function activeRowFields(own: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  return { id: 'id', ...own, is_active: 'isActive', created_at: 'createdAt', updated_at: 'updatedAt' };
}

interface TimestampedTable {
  createdAt: AnyPgColumn;
  updatedAt: AnyPgColumn;
}

/** `created_at` and `updated_at`, the sorts every resource table's timestamps give. */
export function timestampSorts(table: TimestampedTable) {
  return { created_at: table.createdAt, updated_at: table.updatedAt };
}

/** `name` (compared lower-cased, as people read a list), then the timestamps. */
function nameSorts(table: TimestampedTable & { name: AnyPgColumn }) {
  return { name: lowerOf(table.name), ...timestampSorts(table) };
}

/** The list of rows with a name and an active flag and nothing else to sort on (units, suppliers). */
export function namedList(
  table: TimestampedTable & { id: AnyPgColumn; name: AnyPgColumn; isActive: AnyPgColumn },
  search: readonly SQLWrapper[],
): ListSpec {
  return {
    sort: nameSorts(table),
    defaultSort: 'name',
    tiebreak: table.id,
    filters: { is_active: booleanFilter(table.isActive) },
    search,
  };
}

/** The row's `name`, unique in its scope (and among rows sharing `per`) whatever its case, by `index`. */
export function uniqueName(
  column: AnyPgColumn,
  index: string,
  message: string,
  per?: readonly AnyPgColumn[],
): UniqueKey {
  return { field: 'name', column, ...(per ? { per } : {}), index, message, caseInsensitive: true };
}

/**
 * A row a body names by id: its table, the scope it must be in (users are the tenant's), and the field and
 * message of the 422 when it is not there.
 */
export type Reference = { field: string; message: string } & (
  { table: TenantIdTable; scope: 'tenant' } | { table: StoreTable & TenantIdTable; scope: 'store' }
);

/**
 * Checks the row a body names by id (a product's unit or supplier, an expense's payer): null and undefined
 * pass through (none, or left as it is); an id the caller's scope does not have is a 422 on the field.
 */
export async function checkReference(
  db: Queryable,
  auth: AuthContext,
  ref: Reference,
  id: number | null | undefined,
): Promise<void> {
  if (id === null || id === undefined) return;
  const where =
    ref.scope === 'store' ? storeIdWhere(ref.table, auth, id) : tenantIdWhere(ref.table, auth, id);
  const [found] = await db.select({ id: ref.table.id }).from(ref.table).where(where).limit(1);
  if (!found) {
    throw unprocessable(ref.message, { [ref.field]: [ref.message] }, undefined, {
      [ref.field]: 'unknown_reference',
    });
  }
}
