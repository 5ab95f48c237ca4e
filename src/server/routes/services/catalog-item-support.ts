/**
 * What the back office's catalog items (services, products, kits) share beyond the resource factory
 * (docs/back-office.md): the row fields and column values of their common fields, their list, the category a body names, by id or by name, checked against the store's
 * categories of the item's type; and POST /<items>/{id}/ordering, which moves one item in its list.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { updateServiceBody } from '../../../contracts/services';
import { orderingBody } from '../../../contracts/catalog';
import { resourceIdParamsSchema } from '../../../contracts/resource';
import type { ModuleId, Role } from '../../../domain/constants';
import type { AuthContext } from '../../auth-context';
import { requireAuth } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { booleanFilter, lowerOf } from '../../db/list-query';
import type { ListFilter, ListSpec, SortColumns } from '../../db/list-query';
import type { CsvValue } from '../../resources/csv';
import type { ExportColumn } from '../../resources/resource-config';
import { timestampSorts } from '../../resources/resource-parts';
import { categories } from '../../db/schema/catalog';
import type { CategoryType, productKits, products, services } from '../../db/schema/catalog';
import { storeWhere } from '../../db/scoped';
import type { StoreTable } from '../../db/scoped';
import { notFound, unprocessable } from '../../errors';
import { writeResourceAudit } from '../../resources/audit';
import { route } from '../../route';

/** The columns every catalog item's table has (services, products, kits), as a row of any of them holds them. */
type ItemRecord = Pick<
  typeof services.$inferSelect,
  | 'name'
  | 'price'
  | 'cost'
  | 'taxes'
  | 'commissionRate'
  | 'displayOrder'
  | 'isActive'
  | 'createdAt'
  | 'updatedAt'
>;
type ItemColumn = 'name' | 'price' | 'cost' | 'taxes' | 'commissionRate' | 'displayOrder' | 'isActive';
/** The fields every catalog item's body has (src/contracts/catalog.ts itemBodyFields and the name). */
type ItemBody = Pick<
  z.output<typeof updateServiceBody>,
  'name' | 'price' | 'cost' | 'taxes' | 'commission_rate' | 'display_order' | 'is_active'
>;

/** The row fields every catalog item shows after its own (src/contracts/catalog.ts itemRowFields). */
export function itemRowOf(record: ItemRecord) {
  return {
    price: record.price,
    cost: record.cost,
    taxes: record.taxes,
    commission_rate: record.commissionRate,
    display_order: record.displayOrder,
    is_active: record.isActive,
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
  };
}

/** Column values of the item fields a body has (a field left out is left as it is). */
export function itemColumnValues(body: ItemBody): Partial<Pick<ItemRecord, ItemColumn>> {
  const values: Partial<Pick<ItemRecord, ItemColumn>> = {};
  if (body.name !== undefined) values.name = body.name;
  if (body.price !== undefined) values.price = body.price;
  if (body.cost !== undefined) values.cost = body.cost;
  if (body.taxes !== undefined) values.taxes = body.taxes;
  if (body.commission_rate !== undefined) values.commissionRate = body.commission_rate;
  if (body.display_order !== undefined) values.displayOrder = body.display_order;
  if (body.is_active !== undefined) values.isActive = body.is_active;
  return values;
}

/** What an item's own list adds: sorts between the name and the display order, filters, searched columns. */
interface ItemListParts {
  sort: Readonly<Record<string, SortColumns>>;
  filters?: Readonly<Record<string, ListFilter>>;
  search: readonly SQLWrapper[];
}

/**
 * A catalog item's list: sorted by name, its own sorts, the display order (then name, the default) and the
 * timestamps; filtered by active and its own filters.
 */
export function itemList(
  table: typeof services | typeof products | typeof productKits,
  own: ItemListParts,
): ListSpec {
  return {
    sort: {
      name: lowerOf(table.name),
      ...own.sort,
      display_order: [table.displayOrder, lowerOf(table.name)],
      ...timestampSorts(table),
    },
    defaultSort: 'display_order',
    tiebreak: table.id,
    filters: { is_active: booleanFilter(table.isActive), ...own.filters },
    search: own.search,
  };
}

/**
 * The export columns of an item filed under a category: the import columns but `category`, since the file
 * names the category by id (`category`, by name, is for files written by hand).
 */
export function exportByCategoryId<
  Column extends string,
  Row extends Record<Exclude<Column, 'category'>, CsvValue>,
>(columns: readonly Column[]): ExportColumn<Row>[] {
  return columns
    .filter((column): column is Exclude<Column, 'category'> => column !== 'category')
    .map((column) => ({ header: column, value: (row: Row) => row[column] }));
}

export const NO_SUCH_CATEGORY_MESSAGE = 'Choose a category of this store.';

/**
 * The id of the store's category of `type` that a body names: `category_id`, or else `category` (its name,
 * whatever the case, as CSV files name it). A category of another store, another type or none at all is a
 * 422 on `category_id`, before anything is written.
 */
async function resolveCategory(
  db: Queryable,
  auth: AuthContext,
  type: CategoryType,
  body: { category_id?: number | undefined; category?: string | undefined },
): Promise<number> {
  const condition =
    body.category_id !== undefined
      ? eq(categories.id, body.category_id)
      : sql`lower(${categories.name}) = lower(${body.category ?? ''})`;
  const [found] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(storeWhere(categories, auth, eq(categories.type, type), condition))
    .limit(1);
  if (!found) throw unprocessable(NO_SUCH_CATEGORY_MESSAGE, { category_id: [NO_SUCH_CATEGORY_MESSAGE] });
  return found.id;
}

/**
 * The category column a write sets: a create's category (`required`, resolveCategory), or an update's when
 * it names one (an update that leaves it out keeps the row's).
 */
export async function categoryValues(
  db: Queryable,
  auth: AuthContext,
  type: CategoryType,
  body: { category_id?: number | undefined; category?: string | undefined },
  required: boolean,
): Promise<{ categoryId?: number }> {
  if (!required && body.category_id === undefined && body.category === undefined) return {};
  return { categoryId: await resolveCategory(db, auth, type, body) };
}

export interface OrderingRoute<R extends z.ZodType> {
  /** The resource's URL segment and audit entity type ('services'). */
  name: string;
  label: string;
  table: StoreTable & PgTable & { id: AnyPgColumn; displayOrder: AnyPgColumn };
  module: ModuleId;
  /** Absent: every role the module's flags allow. */
  roles?: readonly Role[];
  row: R;
  toRow: (record: never) => z.output<R>;
}

/** POST /api/<name>/{id}/ordering { display_order }: the item's new place, audited as `<name>.ordering`. */
export function registerOrderingRoute<R extends z.ZodType>(
  app: FastifyInstance,
  spec: OrderingRoute<R>,
): void {
  const { table } = spec;
  route(app, {
    method: 'POST',
    url: `/api/${spec.name}/:id/ordering`,
    summary: `Move a ${spec.label.toLowerCase()} in its list (display_order)`,
    tags: ['back-office'],
    access: { module: spec.module, roles: spec.roles, write: true },
    idempotency: { required: true },
    params: resourceIdParamsSchema,
    body: orderingBody,
    data: spec.row,
    message: `${spec.label} moved.`,
    handler: async ({ db, body, params, request }) => {
      const auth = requireAuth(request);
      const where = storeWhere(table, auth, and(eq(table.id, params.id)));
      const [before] = await db.select().from(table).where(where).limit(1).for('update');
      if (!before) throw notFound(`${spec.label} not found.`);
      const [after] = await db
        .update(table)
        .set({ displayOrder: body.display_order } as never)
        .where(where)
        .returning();
      const row = spec.toRow(after as never);
      await writeResourceAudit(db, auth, [
        {
          action: `${spec.name}.ordering`,
          entityType: spec.name,
          entityId: params.id,
          before: spec.toRow(before as never),
          after: row,
        },
      ]);
      return row;
    },
  });
}
