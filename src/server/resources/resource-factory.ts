/**
 * The back-office resource factory (docs/back-office.md, ADR 012): a resource is a config, and this turns it
 * into the routes every resource has, on top of route() (envelope, access, idempotency, OpenAPI) and the
 * scoped repository (tenant or store scope on every query):
 *
 *   GET    /api/<name>               list: page, per_page, sort, filter[f], search   (module readable)
 *   GET    /api/<name>/export        CSV of the same list, streamed, formulas neutralised
 *   GET    /api/<name>/{id}          one row; another tenant's or store's id is 404
 *   POST   /api/<name>               create → 201                                     (module writable)
 *   POST   /api/<name>/{id}          update (PUT where the config says)
 *   DELETE /api/<name>/{id}          → { id }; 409 `in_use` with what uses it, deleting nothing
 *   POST   /api/<name>/bulk          delete / enable / disable, each row's result
 *   POST   /api/<name>/import        multipart CSV, mode dry_run | commit (all rows or none)
 *
 * Every write runs in one transaction with its Idempotency-Key and an audit row (resources/audit.ts); a
 * unique key already taken is 409 `duplicate` naming the field, checked before writing and again through the
 * database's unique index for a race.
 */
import { count, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pageSchema } from '../../contracts/envelope';
import { ERROR_CODE } from '../../contracts/error-codes';
import {
  bulkRequestSchema,
  bulkResultSchema,
  IMPORT_MODES,
  importResultSchema,
  MAX_IMPORT_BYTES,
  resourceIdParamsSchema,
} from '../../contracts/resource';
import type { BulkResult, ImportRowError, InUseDetail } from '../../contracts/resource';
import { ROLE } from '../../domain/constants';
import type { ModuleId, Role } from '../../domain/constants';
import type { SessionAccess } from '../auth/access';
import type { AuthContext } from '../auth-context';
import { requireAuth } from '../auth-context';
import type { Queryable } from '../db/client';
import { fetchPage, listQuerySchemaFor, planList } from '../db/list-query';
import type { ListSpec } from '../db/list-query';
import { storeValues, storeWhere, tenantValues, tenantWhere } from '../db/scoped';
import type { StoreTable, TenantIdTable, TenantTable } from '../db/scoped';
import { duplicate, HttpError, inUse, notFound, pgErrorCode, unprocessable } from '../errors';
import { rawResponse, route } from '../route';
import { writeResourceAudit } from './audit';
import { csvStream } from './csv';
import type { CsvValue } from './csv';
import { insertRows, runImport } from './import';
import type { ImportPlan, ImportRow, RowCheck } from './import';
import { SpooledFile } from './upload-spool';

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
   * body's fields present); toRow, toInsert and toUpdate replace it where a resource needs more.
   */
  fields?: Readonly<Record<string, string>>;
  toRow?: (record: T['$inferSelect']) => z.output<R>;
  createBody: C;
  updateBody: U;
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
  /** What still uses a row (a delete is refused with these, deleting nothing); empty = free to delete. */
  inUse?: (db: Queryable, auth: AuthContext, id: number) => Promise<InUseDetail[]>;
  /** The column bulk enable/disable set; absent = the resource has no enable/disable. */
  active?: AnyPgColumn;
  /** CSV columns of import and export: create-body fields, in file order. Absent = no import route. */
  importColumns?: readonly string[];
  /** Export columns; default: the import columns read from the row. */
  exportColumns?: readonly ExportColumn<z.output<R>>[];
}

/**
 * Who runs the back office: the admin, and the owner above them (docs/back-office.md, "Access"; a new owner
 * sets the salon up before its first sale). The module flags apply on top.
 */
export const BACK_OFFICE_ROLES: readonly Role[] = [ROLE.OWNER, ROLE.ADMIN];

/** Identity, for type inference: a config declared apart from its registration keeps its types. */
export function defineResource<
  T extends ResourceTable,
  R extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
>(config: ResourceConfig<T, R, C, U>): ResourceConfig<T, R, C, U> {
  return config;
}

type AnyConfig = ResourceConfig<ResourceTable, z.ZodType, z.ZodType, z.ZodType>;

export const IN_USE_MESSAGE = 'This record is still in use and was not deleted.';
const ID_DATA = z.object({ id: z.number().int() });
const CSV_TYPE = 'text/csv; charset=utf-8';
/** Rows read per query while an export streams. */
const EXPORT_BATCH_ROWS = 1000;

/** The constraint named by a pg error under Drizzle's wrapper. */
function pgConstraint(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}

function propertyOf(table: PgTable, column: AnyPgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!entry) throw new Error(`Column ${column.name} is not a column of the resource's table`);
  return entry[0];
}

/** A table whose rows point at a resource's rows through `column` (products.unit_id → units). */
export interface ResourceReference {
  /** What the 409 `in_use` names, e.g. 'products'. */
  resource: string;
  table: TenantTable;
  column: AnyPgColumn;
}

/**
 * The usual in-use check: how many rows of each referencing table point at the id. Ids are unique per
 * tenant, so the tenant scope is the whole condition.
 */
export function usedBy(...references: readonly ResourceReference[]): NonNullable<AnyConfig['inUse']> {
  return async (db, auth, id) => {
    const uses: InUseDetail[] = [];
    for (const ref of references) {
      const [used] = await db
        .select({ n: count() })
        .from(ref.table)
        .where(tenantWhere(ref.table, auth, eq(ref.column, id)));
      if (used && used.n > 0) uses.push({ resource: ref.resource, count: used.n });
    }
    return uses;
  };
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
  if (!config.toInsert) needFields('toInsert');
  if (!config.toUpdate) needFields('toUpdate');
  const values = (body: unknown) => {
    const out: Record<string, unknown> = {};
    for (const [field, property] of fields) {
      const value = (body as Record<string, unknown>)[field];
      if (value !== undefined) out[property] = value;
    }
    return out as Partial<T['$inferInsert']>;
  };
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
    toInsert: config.toInsert ?? ((body: z.output<C>) => values(body)),
    toUpdate: config.toUpdate ?? ((body: z.output<U>) => values(body)),
  };
}

export function registerResource<
  T extends ResourceTable,
  R extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
>(app: FastifyInstance, config: ResourceConfig<T, R, C, U>): void {
  const { table, name, label } = config;
  const base = `/api/${name}`;
  const tags = config.tags ?? ['back-office'];
  const read: SessionAccess = { module: config.module, ...(config.roles ? { roles: config.roles } : {}) };
  const write: SessionAccess = { ...read, write: true };
  const idempotency = { required: true } as const;
  const notFoundMessage = `${label} not found.`;
  const tbl = table as unknown as PgTable & { id: AnyPgColumn; tenantId: AnyPgColumn };
  const uniqueKeys = (config.unique ?? []).map((key) => ({
    ...key,
    property: propertyOf(tbl, key.column),
    per: (key.per ?? []).map((column) => ({ column, property: propertyOf(tbl, column) })),
  }));
  type Key = (typeof uniqueKeys)[number];
  const norm = (key: Key, value: unknown) =>
    key.caseInsensitive && typeof value === 'string' ? value.toLowerCase() : value;
  /** A key's value in comparable form: its `per` values, then the (lower-cased) value. */
  const keyOf = (key: Key, read: (property: string) => unknown) =>
    JSON.stringify([...key.per.map((p) => read(p.property)), norm(key, read(key.property))]);
  const activeProperty = config.active ? propertyOf(tbl, config.active) : undefined;

  const scopeWhere = (auth: AuthContext, ...conditions: (SQL | undefined)[]): SQL =>
    config.scope === 'store'
      ? storeWhere(table as StoreTable, auth, ...conditions)
      : tenantWhere(table, auth, ...conditions);
  const idWhere = (auth: AuthContext, id: number) => scopeWhere(auth, eq(tbl.id, id));
  const scopedValues = (auth: AuthContext, values: object) =>
    config.scope === 'store' ? storeValues(auth, values) : tenantValues(auth, values);
  const mapped = mappers<T, R, C, U>(config);
  const toRow = (record: unknown) => mapped.toRow(record as T['$inferSelect']);

  async function load(db: Queryable, auth: AuthContext, id: number, lock: boolean) {
    const query = db.select().from(tbl).where(idWhere(auth, id)).limit(1);
    const [record] = await (lock ? query.for('update') : query);
    return record as T['$inferSelect'] | undefined;
  }

  async function loadOr404(db: Queryable, auth: AuthContext, id: number, lock: boolean) {
    const record = await load(db, auth, id, lock);
    if (!record) throw notFound(notFoundMessage);
    return record;
  }

  /**
   * 409 `duplicate` for the first unique key whose value another row of the scope has. On an update the
   * row's stored values fill in what the body leaves out, and a key is checked when any part of it changes.
   */
  async function checkUnique(
    db: Queryable,
    auth: AuthContext,
    values: object,
    except?: { id: number; before: object },
  ) {
    const changed = values as Record<string, unknown>;
    const read = (property: string) =>
      property in changed
        ? changed[property]
        : (except?.before as Record<string, unknown> | undefined)?.[property];
    for (const key of uniqueKeys) {
      if (![key.property, ...key.per.map((p) => p.property)].some((p) => changed[p] !== undefined)) continue;
      const value = read(key.property);
      if (value === undefined || value === null) continue;
      const [taken] = await db
        .select({ id: tbl.id })
        .from(tbl)
        .where(
          scopeWhere(
            auth,
            key.caseInsensitive && typeof value === 'string'
              ? sql`lower(${key.column}) = lower(${value})`
              : eq(key.column, value),
            ...key.per.map((p) => eq(p.column, read(p.property))),
            except ? ne(tbl.id, except.id) : undefined,
          ),
        )
        .limit(1);
      if (taken) throw duplicate(key.message, key.field);
    }
  }

  /** A write the database refused for one of the unique keys (a concurrent twin): the same 409. */
  async function guardUnique<X>(write: () => Promise<X>): Promise<X> {
    try {
      return await write();
    } catch (error) {
      if (pgErrorCode(error) === '23505') {
        const key = uniqueKeys.find((k) => k.index === pgConstraint(error));
        if (key) throw duplicate(key.message, key.field);
      }
      throw error;
    }
  }

  const audit = (
    db: Queryable,
    auth: AuthContext,
    verb: string,
    id: number,
    before: unknown,
    after: unknown,
  ) =>
    writeResourceAudit(db, auth, [
      { action: `${name}.${verb}`, entityType: name, entityId: id, before, after },
    ]);

  // ---- list and export ------------------------------------------------------------------------------
  const listQuery = listQuerySchemaFor(config.list);
  route(app, {
    method: 'GET',
    url: base,
    summary: `${label} list: page, per_page, sort, filter[field], search`,
    tags,
    access: read,
    querystring: listQuery,
    data: pageSchema(config.row),
    handler: async ({ db, query, request }) => {
      const auth = requireAuth(request);
      const plan = planList(config.list, query, scopeWhere(auth));
      const page = await fetchPage(db, plan, tbl, (p) =>
        db
          .select()
          .from(tbl)
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset),
      );
      return { ...page, items: page.items.map(toRow) };
    },
  });

  const exportColumns: readonly ExportColumn<z.output<R>>[] =
    config.exportColumns ??
    (config.importColumns ?? []).map((column) => ({
      header: column,
      value: (row: z.output<R>) => (row as Record<string, CsvValue>)[column],
    }));
  if (exportColumns.length > 0) {
    route(app, {
      method: 'GET',
      url: `${base}/export`,
      summary: `${label} list as CSV (text/csv, streamed; the list's sort, filter and search)`,
      tags,
      access: read,
      querystring: listQuery.omit({ page: true, per_page: true }),
      data: z.string(),
      handler: async ({ db, query, request }) => {
        const auth = requireAuth(request);
        // Checked now, so a bad sort or filter is a 422 before any byte of CSV is sent.
        const first = planList(
          config.list,
          { ...query, page: 1, per_page: EXPORT_BATCH_ROWS },
          scopeWhere(auth),
        );
        async function* batches(): AsyncGenerator<CsvValue[][]> {
          for (let page = 1; ; page += 1) {
            const plan = { ...first, page, offset: (page - 1) * EXPORT_BATCH_ROWS };
            const records = await db
              .select()
              .from(tbl)
              .where(plan.where)
              .orderBy(...plan.orderBy)
              .limit(plan.limit)
              .offset(plan.offset);
            yield records.map((record) => {
              const row = toRow(record);
              return exportColumns.map((c) => c.value(row));
            });
            if (records.length < EXPORT_BATCH_ROWS) return;
          }
        }
        return rawResponse(
          CSV_TYPE,
          csvStream(
            exportColumns.map((c) => c.header),
            batches(),
          ),
          { 'content-disposition': `attachment; filename="${name}.csv"` },
        );
      },
    });
  }

  // ---- bulk and import (before /{id}, which they would otherwise look like to a reader) ---------------
  route(app, {
    method: 'POST',
    url: `${base}/bulk`,
    summary: `${label}s: delete, enable or disable many; each row's result`,
    tags,
    access: write,
    idempotency,
    body: bulkRequestSchema,
    data: bulkResultSchema,
    handler: async ({ db, body, request }) => {
      const auth = requireAuth(request);
      if (body.action !== 'delete' && !config.active) {
        const message = `${label}s cannot be enabled or disabled.`;
        throw unprocessable(message, { action: [message] });
      }
      const results: BulkResult['results'] = [];
      for (const id of [...new Set(body.ids)]) {
        // A savepoint per row: one row's failure leaves the others' changes standing.
        const outcome = await db.transaction(async (tx) => {
          const before = await load(tx, auth, id, true);
          if (!before) return { id, ok: false, code: ERROR_CODE.NOT_FOUND, message: notFoundMessage };
          if (body.action === 'delete') {
            const uses = config.inUse ? await config.inUse(tx, auth, id) : [];
            if (uses.length > 0) return { id, ok: false, code: ERROR_CODE.IN_USE, message: IN_USE_MESSAGE };
            await tx.delete(tbl).where(idWhere(auth, id));
            await audit(tx, auth, 'delete', id, toRow(before), null);
            return { id, ok: true };
          }
          const [after] = await tx
            .update(tbl)
            .set({ [activeProperty!]: body.action === 'enable' } as never)
            .where(idWhere(auth, id))
            .returning();
          await audit(tx, auth, body.action, id, toRow(before), toRow(after));
          return { id, ok: true };
        });
        results.push(outcome);
      }
      const succeeded = results.filter((r) => r.ok).length;
      return { action: body.action, results, succeeded, failed: results.length - succeeded };
    },
  });

  if (config.importColumns && config.importColumns.length > 0) {
    const plan = importPlan(config.importColumns);
    route(app, {
      method: 'POST',
      url: `${base}/import`,
      summary: `${label}s from a CSV file (multipart: file, mode dry_run | commit; all rows or none)`,
      tags,
      access: write,
      idempotency,
      config: {
        spoolUploads: true,
        multipartOptions: { limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } },
      },
      body: z.object({
        mode: z.enum(IMPORT_MODES),
        file: z
          .custom<SpooledFile>((v) => v instanceof SpooledFile, 'Choose a CSV file.')
          // How the OpenAPI document shows a file part (a custom type has no JSON Schema of its own).
          .meta({ type: 'string', format: 'binary' }),
      }),
      data: importResultSchema,
      handler: async ({ db, body, request }) => {
        const auth = requireAuth(request);
        return runImport(db, body.file, body.mode, plan(auth, request));
      },
    });
  }

  // ---- one row -------------------------------------------------------------------------------------
  route(app, {
    method: 'GET',
    url: `${base}/:id`,
    summary: `One ${label.toLowerCase()}`,
    tags,
    access: read,
    params: resourceIdParamsSchema,
    data: config.row,
    handler: async ({ db, params, request }) =>
      toRow(await loadOr404(db, requireAuth(request), params.id, false)),
  });

  route(app, {
    method: 'POST',
    url: base,
    summary: `Create a ${label.toLowerCase()}`,
    tags,
    access: write,
    idempotency,
    body: config.createBody,
    data: config.row,
    status: 201,
    message: `${label} created.`,
    handler: async ({ db, body, request }) => {
      const auth = requireAuth(request);
      const values = scopedValues(auth, await mapped.toInsert(body as z.output<C>, { db, auth, request }));
      await checkUnique(db, auth, values);
      const [record] = await guardUnique(() =>
        db
          .insert(tbl)
          .values(values as never)
          .returning(),
      );
      const row = toRow(record);
      await audit(db, auth, 'create', (record as { id: number }).id, null, row);
      return row;
    },
  });

  route(app, {
    method: config.updateMethod ?? 'POST',
    url: `${base}/:id`,
    summary: `Update a ${label.toLowerCase()}; fields left out stay`,
    tags,
    access: write,
    idempotency,
    params: resourceIdParamsSchema,
    body: config.updateBody,
    data: config.row,
    message: `${label} updated.`,
    handler: async ({ db, body, params, request }) => {
      const auth = requireAuth(request);
      const before = await loadOr404(db, auth, params.id, true);
      const values = await mapped.toUpdate(body as z.output<U>, { db, auth, request, before });
      await checkUnique(db, auth, values, { id: params.id, before });
      const [record] =
        Object.keys(values).length === 0
          ? [before]
          : await guardUnique(() =>
              db
                .update(tbl)
                .set(values as never)
                .where(idWhere(auth, params.id))
                .returning(),
            );
      const row = toRow(record);
      await audit(db, auth, 'update', params.id, toRow(before), row);
      return row;
    },
  });

  route(app, {
    method: 'DELETE',
    url: `${base}/:id`,
    summary: `Delete a ${label.toLowerCase()}; 409 in_use with what uses it, deleting nothing`,
    tags,
    access: write,
    idempotency,
    params: resourceIdParamsSchema,
    data: ID_DATA,
    message: `${label} deleted.`,
    handler: async ({ db, params, request }) => {
      const auth = requireAuth(request);
      const before = await loadOr404(db, auth, params.id, true);
      const uses = config.inUse ? await config.inUse(db, auth, params.id) : [];
      if (uses.length > 0) throw inUse(IN_USE_MESSAGE, uses);
      await db.delete(tbl).where(idWhere(auth, params.id));
      await audit(db, auth, 'delete', params.id, toRow(before), null);
      return { id: params.id };
    },
  });

  // ---- import plan ----------------------------------------------------------------------------------
  function importPlan(columns: readonly string[]) {
    return (auth: AuthContext, request: FastifyRequest): ImportPlan<object> => {
      // Values of each unique key seen in the file so far (a file naming one twice fails the second row).
      const seen = new Map(uniqueKeys.map((k) => [k.property, new Set<string>()]));
      // Column values computed while checking a batch, inserted from here when the batch is written.
      const prepared = new Map<number, object>();
      return {
        columns,
        checkRow: (cells): RowCheck<object> => {
          const parsed = config.createBody.safeParse(cells);
          if (parsed.success) return { ok: true, body: parsed.data as object };
          return {
            ok: false,
            errors: parsed.error.issues.map((issue) => ({
              ...(issue.path.length > 0 ? { column: String(issue.path[0]) } : {}),
              code: ERROR_CODE.VALIDATION_FAILED,
              message: issue.message,
            })),
          };
        },
        checkBatch: async (db, rows) => {
          prepared.clear();
          const errors: ImportRowError[] = [];
          const valuesByRow: { row: number; values: object }[] = [];
          // One row at a time: a resource's toInsert may query (a named category), and the rows share one
          // connection anyway. A row it refuses with a 422 (an unknown reference) is that row's error.
          for (const r of rows) {
            try {
              const values = scopedValues(
                auth,
                await mapped.toInsert(r.body as z.output<C>, { db, auth, request }),
              );
              prepared.set(r.row, values);
              valuesByRow.push({ row: r.row, values });
            } catch (error) {
              if (!(error instanceof HttpError) || error.statusCode !== 422) throw error;
              const fields = Object.entries(error.errors ?? {});
              if (fields.length === 0) errors.push({ row: r.row, code: error.code, message: error.message });
              for (const [column, messages] of fields) {
                for (const message of messages)
                  errors.push({ row: r.row, column, code: error.code, message });
              }
            }
          }
          for (const key of uniqueKeys) {
            const present = valuesByRow.filter((v) => {
              const value = (v.values as Record<string, unknown>)[key.property];
              return value !== undefined && value !== null;
            });
            if (present.length === 0) continue;
            const column = key.caseInsensitive ? sql`lower(${key.column})` : key.column;
            const wanted = present.map((v) => norm(key, (v.values as Record<string, unknown>)[key.property]));
            const taken = await db
              .select({
                value: column,
                ...Object.fromEntries(key.per.map((p) => [p.property, p.column])),
              })
              .from(tbl)
              .where(
                scopeWhere(
                  auth,
                  // One array parameter, not one per value: Drizzle's building of a 500-value IN list is slow.
                  sql`${column} = any(${sql.param(wanted)}::${sql.raw(key.caseInsensitive ? 'text' : key.column.getSQLType())}[])`,
                ),
              );
            const inDb = new Set(
              taken.map((t) =>
                keyOf(key, (p) => (p === key.property ? t.value : (t as Record<string, unknown>)[p])),
              ),
            );
            const inFile = seen.get(key.property)!;
            for (const v of present) {
              const value = keyOf(key, (p) => (v.values as Record<string, unknown>)[p]);
              if (inDb.has(value) || inFile.has(value)) {
                errors.push({
                  row: v.row,
                  column: key.field,
                  code: ERROR_CODE.DUPLICATE,
                  message: key.message,
                });
              } else {
                inFile.add(value);
              }
            }
          }
          return errors;
        },
        insertBatch: async (db, rows: readonly ImportRow<object>[]) => {
          const values = rows.map((r) => prepared.get(r.row)!);
          // Ids only: the import's one audit row records ranges of them, not each row (docs/back-office.md).
          return guardUnique(() => insertRows(db, tbl, values));
        },
        finish: (db, summary) =>
          writeResourceAudit(db, auth, [
            {
              action: `${name}.import`,
              entityType: name,
              entityId: summary.file.sha256,
              before: null,
              after: {
                file: summary.file.filename,
                sha256: summary.file.sha256,
                rows: summary.rows,
                id_ranges: summary.idRanges,
              },
            },
          ]),
      };
    };
  }
}
