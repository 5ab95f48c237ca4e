/**
 * A resource's rows as its routes reach them (docs/back-office.md, "Access, scope, audit, idempotency"): every
 * condition carries the scope (tenant, or tenant and store) through the scoped repository, records become rows
 * as the API shows them, bodies become column values, and every write leaves its audit row.
 */
import { eq, getTableColumns } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { InUseDetail } from '../../contracts/resource';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { storeValues, storeWhere, tenantValues, tenantWhere } from '../db/scoped';
import type { StoreTable } from '../db/scoped';
import { notFound } from '../errors';
import { writeResourceAudit } from './audit';
import type { ResourceConfig, ResourceRouting, ResourceTable } from './resource-config';

export const IN_USE_MESSAGE = 'This record is still in use and was not deleted.';

/** The table as queries take it: every resource table has an id and a tenant. */
export type ResourceQueryTable = PgTable & { id: AnyPgColumn; tenantId: AnyPgColumn };

export interface ResourceRepository<
  T extends ResourceTable,
  R extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
> {
  config: ResourceConfig<T, R, C, U>;
  table: ResourceQueryTable;
  notFoundMessage: string;
  /** The table property bulk enable/disable sets; absent = the resource has no enable/disable. */
  activeProperty: string | undefined;
  /** The scope's condition and the given ones. */
  scopeWhere: (auth: AuthContext, ...conditions: (SQL | undefined)[]) => SQL;
  idWhere: (auth: AuthContext, id: number) => SQL;
  /** Column values with the caller's tenant (and store) set. */
  scopedValues: (auth: AuthContext, values: object) => object;
  toRow: (record: unknown) => z.output<R>;
  toInsert: NonNullable<ResourceConfig<T, R, C, U>['toInsert']>;
  toUpdate: NonNullable<ResourceConfig<T, R, C, U>['toUpdate']>;
  load: (
    db: Queryable,
    auth: AuthContext,
    id: number,
    lock: boolean,
  ) => Promise<T['$inferSelect'] | undefined>;
  loadOr404: (db: Queryable, auth: AuthContext, id: number, lock: boolean) => Promise<T['$inferSelect']>;
  /** What still uses the row; empty when nothing does or the resource has no in-use check. */
  usesOf: (db: Queryable, auth: AuthContext, id: number) => Promise<InUseDetail[]>;
  /** The audit row of one write: `<name>.<verb>`, the row before and after. */
  audit: (
    db: Queryable,
    auth: AuthContext,
    verb: string,
    id: number,
    before: unknown,
    after: unknown,
  ) => Promise<void>;
}

/** The table property of one of its columns (a config names columns; inserts and rows use properties). */
export function propertyOf(table: PgTable, column: AnyPgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!entry) throw new Error(`Column ${column.name} is not a column of the resource's table`);
  return entry[0];
}

/**
 * Column values of the body's fields present, by a `fields` mapping (wire field → table property): what a
 * config without toValues, toInsert or toUpdate writes, and what a hook that checks something first returns.
 */
export function fieldValues<V extends object>(
  fields: Readonly<Record<string, string>>,
  body: unknown,
): Partial<V> {
  const out: Record<string, unknown> = {};
  for (const [field, property] of Object.entries(fields)) {
    const value = (body as Record<string, unknown>)[field];
    if (value !== undefined) out[property] = value;
  }
  return out as Partial<V>;
}

/** The config's own row and value hooks, or the ones its `fields` mapping makes. */
function mappers<T extends ResourceTable, R extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  config: ResourceConfig<T, R, C, U>,
) {
  const fields = Object.entries(config.fields ?? {});
  const needFields = (hook: string) => {
    if (fields.length === 0) throw new Error(`Resource ${config.name}: give ${hook} or fields`);
  };
  if (!config.toRow) needFields('toRow');
  if (!config.toInsert && !config.toValues) needFields('toInsert or toValues');
  if (!config.toUpdate && !config.toValues) needFields('toUpdate or toValues');
  const values = (body: unknown) => fieldValues<T['$inferInsert']>(config.fields ?? {}, body);
  return {
    toRow:
      config.toRow ??
      ((record: T['$inferSelect']) =>
        Object.fromEntries(
          fields.map(([field, property]) => {
            const value = (record as Record<string, unknown>)[property];
            return [field, value instanceof Date ? value.toISOString() : value];
          }),
        ) as z.output<R>),
    toInsert: config.toInsert ?? config.toValues ?? ((body: z.output<C>) => values(body)),
    toUpdate: config.toUpdate ?? config.toValues ?? ((body: z.output<U>) => values(body)),
  };
}

/**
 * A group of a resource's routes (list, batch, one row; resource-factory.ts registers them): put on the app
 * from the resource's routing and its repository, with `extra`, what that group alone needs.
 */
export type ResourceRouteGroup<Extra = void> = <
  T extends ResourceTable,
  R extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
>(
  app: FastifyInstance,
  routing: ResourceRouting,
  repo: ResourceRepository<T, R, C, U>,
  extra: Extra,
) => void;

export function resourceRepository<
  T extends ResourceTable,
  R extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
>(config: ResourceConfig<T, R, C, U>): ResourceRepository<T, R, C, U> {
  const { name } = config;
  const table = config.table as unknown as ResourceQueryTable;
  const notFoundMessage = `${config.label} not found.`;

  const scopeWhere = (auth: AuthContext, ...conditions: (SQL | undefined)[]): SQL =>
    config.scope === 'store'
      ? storeWhere(config.table as StoreTable, auth, ...conditions)
      : tenantWhere(config.table, auth, ...conditions);
  const idWhere = (auth: AuthContext, id: number) => scopeWhere(auth, eq(table.id, id));
  const mapped = mappers<T, R, C, U>(config);

  async function load(db: Queryable, auth: AuthContext, id: number, lock: boolean) {
    const query = db.select().from(table).where(idWhere(auth, id)).limit(1);
    const [record] = await (lock ? query.for('update') : query);
    return record as T['$inferSelect'] | undefined;
  }

  return {
    config,
    table,
    notFoundMessage,
    activeProperty: config.active ? propertyOf(table, config.active) : undefined,
    scopeWhere,
    idWhere,
    scopedValues: (auth, values) =>
      config.scope === 'store' ? storeValues(auth, values) : tenantValues(auth, values),
    toRow: (record) => mapped.toRow(record as T['$inferSelect']),
    toInsert: mapped.toInsert,
    toUpdate: mapped.toUpdate,
    load,
    loadOr404: async (db, auth, id, lock) => {
      const record = await load(db, auth, id, lock);
      if (!record) throw notFound(notFoundMessage);
      return record;
    },
    usesOf: async (db, auth, id) => (config.inUse ? config.inUse(db, auth, id) : []),
    audit: (db, auth, verb, id, before, after) =>
      writeResourceAudit(db, auth, [
        { action: `${name}.${verb}`, entityType: name, entityId: id, before, after },
      ]),
  };
}
