/**
 * The one list dialect on the server (docs/back-office.md, "Lists"): `page`, `per_page`, `sort`
 * (`-created_at`, a comma list), `filter[field]` and a free-text `search`, turned into one WHERE, one ORDER BY,
 * LIMIT/OFFSET and a total, the same way for every list. A list says only what it allows:
 *
 *   const UNIT_LIST: ListSpec = {
 *     sort: { name: sql`lower(${units.name})`, created_at: units.createdAt },
 *     defaultSort: 'name',
 *     tiebreak: units.id,
 *     filters: { is_active: booleanFilter(units.isActive) },
 *     search: [units.name, units.abbreviation],
 *   };
 *   const plan = planList(UNIT_LIST, query, storeWhere(units, auth));
 *   return fetchPage(db, plan, units, (p) => selectPage(db.select().from(units).$dynamic(), p));
 *
 * Unknown sort or filter fields are a 422 on `sort` or `filter.<field>`: normally the route's query schema
 * (listQuerySchemaFor) refuses them before the handler runs; planList refuses them again for callers whose
 * query arrives another way.
 */
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Column, SQL, SQLWrapper } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { listQuerySchema, parseSort, sortMessage, sortSchema } from '../../contracts/envelope';
import type { Page, SortTerm } from '../../contracts/envelope';
import { queryBoolean } from '../../contracts/customers';
import type { Queryable } from './client';
import { unprocessable, VALIDATION_MESSAGE } from '../errors';

/** What one sort field orders by: a column or expression, or several (a name: last, then first). */
export type SortColumns = SQLWrapper | readonly SQLWrapper[];

/** One `filter[field]`: how its query-string value is read, and the condition it adds. */
export interface ListFilter<S extends z.ZodType = z.ZodType> {
  /** Query values arrive as strings: coerce. Absent: the route's own query schema already read it. */
  schema?: S;
  /** The condition for a value; undefined adds none (an empty value). */
  where: (value: z.output<S>) => SQL | undefined;
}

/** A filter with its value typed from its schema. */
export function listFilter<S extends z.ZodType>(
  schema: S,
  where: (value: z.output<S>) => SQL | undefined,
): ListFilter {
  return { schema, where: where as ListFilter['where'] };
}

/** `filter[field]=true|false|1|0` on a boolean column (is_active and the like). */
export function booleanFilter(column: Column): ListFilter {
  return listFilter(queryBoolean, (value: boolean) => eq(column, value));
}

/** `filter[field]=<id>` on a column holding another row's id (a category, a unit, a member...). */
export function idFilter(column: Column): ListFilter {
  return listFilter(z.coerce.number().int().positive(), (id: number) => eq(column, id));
}

/**
 * A filter whose value the route's own query schema has already read (a list with a contract of its own,
 * e.g. contracts/sales.ts): `where` gets that schema's output.
 */
export function parsedFilter<T>(where: (value: T) => SQL | undefined): ListFilter {
  return { where: where as ListFilter['where'] };
}

export interface ListSpec {
  /** Sort field (as the client names it) → what it orders by. */
  sort: Readonly<Record<string, SortColumns>>;
  /** The order when the query names none, in the dialect's form (`-created_at`). */
  defaultSort: string;
  /**
   * A unique column ordered after the sort, so equal sort values never swap between pages. It follows the
   * direction of the first sort term unless `tiebreakAscending`.
   */
  tiebreak: SQLWrapper;
  tiebreakAscending?: boolean;
  filters?: Readonly<Record<string, ListFilter>>;
  /**
   * `search`: case-insensitive "contains" over any of these columns (ILIKE, so a trigram index serves it), or
   * a function for a search of its own (a phone in its normalised form).
   */
  search?: readonly SQLWrapper[] | ((term: string) => SQL | undefined);
}

/** A list query as a route read it: `sort` still a string, or already parsed into terms. */
export interface ListInput {
  page: number;
  per_page: number;
  sort?: string | readonly SortTerm[] | undefined;
  filter?: Readonly<Record<string, unknown>> | undefined;
  search?: string | undefined;
}

export interface ListPlan {
  where: SQL;
  orderBy: SQL[];
  limit: number;
  offset: number;
  page: number;
  per_page: number;
}

export const UNKNOWN_FILTER_MESSAGE = 'This field is not allowed.';
const MAX_SEARCH_LENGTH = 100;

/** LIKE pattern matching `term` anywhere; %, _ and \ in the term match themselves. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function sortFields(spec: ListSpec): [string, ...string[]] {
  const fields = Object.keys(spec.sort);
  if (fields.length === 0) throw new Error('A list spec needs at least one sort field');
  return fields as [string, ...string[]];
}

/**
 * The query-string schema of a list with this spec: the dialect (page, per_page default 15, max 200), `sort`
 * limited to the spec's fields, `filter` to its filters (a strict object: an unknown `filter[x]` is a 422 on
 * `filter.x`), and `search`. Documented in /api/docs like any route schema.
 */
export function listQuerySchemaFor(spec: ListSpec) {
  const filters = Object.fromEntries(
    Object.entries(spec.filters ?? {}).map(([field, f]) => [
      field,
      (f.schema ?? z.string().max(200)).optional(),
    ]),
  );
  return listQuerySchema.pick({ page: true, per_page: true }).extend({
    sort: sortSchema(sortFields(spec)).optional(),
    filter: z.strictObject(filters).optional(),
    search: z.string().trim().max(MAX_SEARCH_LENGTH).optional(),
  });
}

function refuse(field: string, message: string): never {
  throw unprocessable(VALIDATION_MESSAGE, { [field]: [message] });
}

function sortTerms(spec: ListSpec, sort: ListInput['sort']): readonly SortTerm[] {
  const fields = sortFields(spec);
  const parse = (value: string) => parseSort(value, fields) ?? refuse('sort', sortMessage(fields));
  const terms = typeof sort === 'string' ? parse(sort) : (sort ?? []);
  for (const term of terms) {
    if (!Object.hasOwn(spec.sort, term.field)) refuse('sort', sortMessage(fields));
  }
  return terms.length > 0 ? terms : parse(spec.defaultSort);
}

function searchCondition(spec: ListSpec, search: string | undefined): SQL | undefined {
  const term = search?.trim() ?? '';
  if (term === '' || !spec.search) return undefined;
  if (typeof spec.search === 'function') return spec.search(term);
  const pattern = containsPattern(term.slice(0, MAX_SEARCH_LENGTH));
  return or(...spec.search.map((column) => ilike(column as never, pattern)));
}

/**
 * WHERE (the scope, the caller's own conditions, the filters, the search), ORDER BY (the sort terms, then the
 * tiebreak), LIMIT and OFFSET of one page.
 */
export function planList(
  spec: ListSpec,
  input: ListInput,
  scope: SQL,
  ...conditions: (SQL | undefined)[]
): ListPlan {
  const filterConditions: (SQL | undefined)[] = [];
  for (const [field, value] of Object.entries(input.filter ?? {})) {
    if (value === undefined) continue;
    const filter = spec.filters && Object.hasOwn(spec.filters, field) ? spec.filters[field] : undefined;
    if (!filter) refuse(`filter.${field}`, UNKNOWN_FILTER_MESSAGE);
    filterConditions.push(filter.where(value));
  }
  const terms = sortTerms(spec, input.sort);
  const orderBy = terms.flatMap((term) =>
    [spec.sort[term.field]!].flat().map((c) => (term.desc ? desc(c) : asc(c))),
  );
  const tiebreakDesc = !spec.tiebreakAscending && terms[0]?.desc === true;
  orderBy.push(tiebreakDesc ? desc(spec.tiebreak) : asc(spec.tiebreak));
  return {
    where: and(scope, ...conditions, ...filterConditions, searchCondition(spec, input.search)) ?? scope,
    orderBy,
    limit: input.per_page,
    offset: (input.page - 1) * input.per_page,
    page: input.page,
    per_page: input.per_page,
  };
}

/**
 * One page: `rows` runs the caller's select with the plan (its own columns and joins); the total counts the
 * rows of `countFrom` matching the plan's WHERE.
 */
export async function fetchPage<Row>(
  db: Queryable,
  plan: ListPlan,
  countFrom: PgTable,
  rows: (plan: ListPlan) => Promise<Row[]>,
): Promise<Page<Row>> {
  const [items, [counted]] = await Promise.all([
    rows(plan),
    db.select({ n: count() }).from(countFrom).where(plan.where),
  ]);
  return { items, total: counted?.n ?? 0, page: plan.page, per_page: plan.per_page };
}

/**
 * The plan's WHERE, ORDER BY, LIMIT and OFFSET on a select of the caller's own columns and joins (made
 * `$dynamic()`, so drizzle lets a function add them): one page's rows.
 */
export function selectPage<Q extends PgSelect>(select: Q, plan: ListPlan): Q {
  return select
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
}

/** `lower(column)`: a case-insensitive sort (names), the same expression a lower() index is built on. */
export function lowerOf(column: SQLWrapper): SQL {
  return sql`lower(${column})`;
}
