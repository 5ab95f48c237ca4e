/**
 * The report factory (docs/reports.md): a report is a config, as a back-office resource is
 * (docs/back-office.md, ADR 012), and this turns it into its two routes:
 *
 *   GET /api/report/<name>          a page of rows, the range it covered and the totals   (JSON envelope)
 *   GET /api/report/<name>/export   every row of the same query and sort as CSV, streamed
 *
 * A config says what is particular to its report: its access rule, its sort fields, one SELECT of its rows
 * (an aggregate in PostgreSQL over the store's rows in the range: never a loop over sales in JS), how a row is
 * shown, its totals and its CSV columns. The factory does the rest the same way for every report: the period
 * read as store days and then as a UTC instant range (report-range.ts), the people filters checked against the
 * store (404 for anyone else's), sort with a unique tiebreak, paging, the CSV with formulas neutralised
 * (resources/csv.ts) read through one cursor (resources/cursor-batches.ts).
 */
import { asc, desc, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pageSchema, parseSort } from '../../contracts/envelope';
import type { SortTerm } from '../../contracts/envelope';
import { reportExportQuery, reportListQuery, reportRangeSchema } from '../../contracts/reports';
import type { ReportFilterQuery, ReportRange } from '../../contracts/reports';
import type { SessionAccess } from '../auth/access';
import { requireAuth } from '../auth-context';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { scopeStoreId } from '../db/scoped';
import { csvStream } from '../resources/csv';
import type { CsvValue } from '../resources/csv';
import { cursorBatches } from '../resources/cursor-batches';
import { rawResponse, route } from '../route';
import { findEmployee } from '../services/working-times';
import { resolveRange, storeTimeZone } from './report-range';
import type { ResolvedRange } from './report-range';

/** What a report's SQL and totals are computed for: the caller's store, the range and the people filters. */
export interface ReportContext {
  db: Queryable;
  auth: AuthContext;
  tenantId: number;
  storeId: number;
  range: ResolvedRange;
  /** Sales an employee worked on (a sale_employees group of theirs). */
  userId: number | undefined;
  /** Sales a person rang up (sales.cashier_id). */
  cashierId: number | undefined;
  /** The report's own query fields (`params` of its config: a customer, a gift card, a day), read by its schema. */
  params: Record<string, unknown>;
}

/** A row of a report's SELECT as node-postgres gives it: output column → value (bigint sums come as text). */
export type ReportRecord = Record<string, unknown>;

export interface ReportColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

export interface ReportConfig<F extends string, Row, T extends z.ZodType> {
  /**
   * The path under /api/report: 'daily' → /api/report/daily and /api/report/daily/export; a details report
   * names its own path ('customers/details').
   */
  name: string;
  /**
   * Query fields of this report beside the common ones (a details report's `customer_id`, `giftcard_id`):
   * validated with the rest (422 on a bad one) and handed to the SQL as `ctx.params`.
   */
  params?: z.ZodRawShape;
  summary: string;
  access: SessionAccess;
  /** The fields `sort` may name: each is an output column of `rows`. */
  sortFields: readonly [F, ...F[]];
  /** The order when none is asked, in the list dialect ('-date'). */
  defaultSort: string;
  /** An output column unique per row, ordered last so equal sort values never swap between pages. */
  tiebreak: string;
  row: z.ZodType<Row>;
  /** One SELECT whose rows are the report's rows (sorted and paged by the factory). */
  rows: (ctx: ReportContext) => SQL;
  toRow: (record: ReportRecord, ctx: ReportContext) => Row;
  totals: T;
  /** The totals by their own statement, run beside the page on another connection. */
  loadTotals?: (ctx: ReportContext) => Promise<z.output<T>>;
  /**
   * Or the totals from every row of the report, when the rows are few by nature (the days of a range) and
   * their sum is the totals: the rows are then read once, unpaged, and paged here, so the report is one
   * statement instead of two over the same sales (docs/reports.md#speed).
   */
  totalsFromRows?: (records: readonly ReportRecord[], ctx: ReportContext) => z.output<T>;
  /**
   * Checks of the report's own params before any row is read, on the list and the export alike (a details
   * report's customer must be of the tenant: 404 otherwise, as for the people filters).
   */
  check?: (ctx: ReportContext) => Promise<void>;
  csv: readonly ReportColumn<Row>[];
}

/** Identity, for type inference: a config declared apart from its registration keeps its types. */
export function defineReport<F extends string, Row, T extends z.ZodType>(
  config: ReportConfig<F, Row, T>,
): ReportConfig<F, Row, T> {
  return config;
}

const dialect = new PgDialect();
/** Rows read per query while an export streams. */
const EXPORT_BATCH_ROWS = 1000;

function orderBy(
  config: ReportConfig<string, unknown, z.ZodType>,
  sort: readonly SortTerm[] | undefined,
): SQL {
  const terms = sort && sort.length > 0 ? sort : (parseSort(config.defaultSort, config.sortFields) ?? []);
  const parts = terms.map((t) => (t.desc ? desc(sql.identifier(t.field)) : asc(sql.identifier(t.field))));
  const tiebreak = sql.identifier(config.tiebreak);
  parts.push(terms[0]?.desc ? desc(tiebreak) : asc(tiebreak));
  return sql.join(parts, sql`, `);
}

export async function reportContext(
  db: Queryable,
  auth: AuthContext,
  query: ReportFilterQuery & Record<string, unknown>,
  now: Date,
  paramNames: readonly string[],
): Promise<ReportContext> {
  const storeId = scopeStoreId(auth);
  // A person named must be of this store: another tenant's or store's id is a 404 that tells nothing.
  if (query.user_id !== undefined) await findEmployee(db, auth, storeId, query.user_id);
  if (query.cashier_id !== undefined) await findEmployee(db, auth, storeId, query.cashier_id);
  const range = resolveRange(query, await storeTimeZone(db, auth), now);
  return {
    db,
    auth,
    tenantId: auth.tenantId,
    storeId,
    range,
    userId: query.user_id,
    cashierId: query.cashier_id,
    params: Object.fromEntries(paramNames.map((name) => [name, query[name]])),
  };
}

/** The range as the wire shows it: the store days and their instants as ISO text. */
export function rangeOf(range: ResolvedRange): ReportRange {
  const { fromAt: _from, toAt: _to, ...wire } = range;
  return wire;
}

export function registerReport<F extends string, Row, T extends z.ZodType>(
  app: FastifyInstance,
  config: ReportConfig<F, Row, T>,
): void {
  const base = `/api/report/${config.name}`;
  if (!config.loadTotals === !config.totalsFromRows)
    throw new Error(`report ${config.name}: give loadTotals or totalsFromRows, one of them`);
  const generic = config as unknown as ReportConfig<string, unknown, z.ZodType>;
  // Typed as no extra fields: the handler reads them through `ctx.params`, the config's SQL by name.
  const params = (config.params ?? {}) as Record<never, never>;
  const paramNames = Object.keys(config.params ?? {});

  route(app, {
    method: 'GET',
    url: base,
    summary: `${config.summary} (period, people filters, page, per_page, sort)`,
    tags: ['report'],
    access: config.access,
    querystring: reportListQuery(config.sortFields).extend(params),
    data: pageSchema(config.row).extend({ range: reportRangeSchema, totals: config.totals }),
    handler: async ({ db, query, request }) => {
      const ctx = await reportContext(db, requireAuth(request), query, new Date(), paramNames);
      await config.check?.(ctx);
      const rows = config.rows(ctx);
      const offset = (query.page - 1) * query.per_page;
      const order = orderBy(generic, query.sort);
      if (config.totalsFromRows) {
        const all = await db.execute<ReportRecord>(sql`select r.* from (${rows}) as r order by ${order}`);
        return {
          items: all.rows.slice(offset, offset + query.per_page).map((record) => config.toRow(record, ctx)),
          total: all.rows.length,
          page: query.page,
          per_page: query.per_page,
          range: rangeOf(ctx.range),
          totals: config.totalsFromRows(all.rows, ctx),
        };
      }
      const loadTotals = config.loadTotals!;
      // The page and the count in one statement (the window runs before LIMIT); the totals beside it on
      // another connection of the pool: a read route's db is the pool (docs/architecture.md, "One query at a
      // time on a client").
      const [page, totals] = await Promise.all([
        db.execute<ReportRecord>(
          sql`select r.*, count(*) over () as report_total_rows from (${rows}) as r
            order by ${order} limit ${query.per_page} offset ${offset}`,
        ),
        loadTotals(ctx),
      ]);
      let total = Number(page.rows[0]?.report_total_rows ?? 0);
      if (page.rows.length === 0 && offset > 0) {
        const counted = await db.execute<{ n: number }>(sql`select count(*)::int as n from (${rows}) as r`);
        total = counted.rows[0]?.n ?? 0;
      }
      return {
        items: page.rows.map((record) => config.toRow(record, ctx)),
        total,
        page: query.page,
        per_page: query.per_page,
        range: rangeOf(ctx.range),
        totals,
      };
    },
  });

  route(app, {
    method: 'GET',
    url: `${base}/export`,
    summary: `${config.summary} as CSV (text/csv, streamed; the same query and sort, no paging)`,
    tags: ['report'],
    access: config.access,
    querystring: reportExportQuery(config.sortFields).extend(params),
    data: z.string(),
    handler: async ({ db, query, request }) => {
      // Resolved before the first byte, so a bad range or an unknown person is an error envelope.
      const ctx = await reportContext(db, requireAuth(request), query, new Date(), paramNames);
      await config.check?.(ctx);
      const select = sql`select * from (${config.rows(ctx)}) as r order by ${orderBy(generic, query.sort)}`;
      const printable = { toSQL: () => dialect.sqlToQuery(select) };
      async function* batches(): AsyncGenerator<CsvValue[][]> {
        for await (const records of cursorBatches(db, printable, (r) => r, EXPORT_BATCH_ROWS)) {
          yield records.map((record) => {
            const row = config.toRow(record, ctx);
            return config.csv.map((c) => c.value(row));
          });
        }
      }
      const csv = csvStream(
        config.csv.map((c) => c.header),
        batches(),
      );
      return rawResponse('text/csv; charset=utf-8', csv, {
        'content-disposition': `attachment; filename="report-${config.name.replaceAll('/', '-')}.csv"`,
      });
    },
  });
}
