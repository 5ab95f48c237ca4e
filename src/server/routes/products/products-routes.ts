/**
 * /api/products (docs/api.md#endpoints "Products: /products, /products/{id}, /products/{id}/ordering,
 * /products/bulk, products/import, products/inventory, products/inventoriesDetail"): a config of the resource
 * factory (docs/back-office.md) plus its special cases: the category by id or name, the store's unit and
 * supplier, SKU and barcode unique in the store, a stock change kept as a movement (reason, note, user) in
 * the same transaction, the ordering route and the two inventory reads. The sale screen's catalog reads the
 * same table (services/catalog.ts).
 */
import { eq, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createProductBody,
  DEFAULT_STOCK_REASON,
  inventoryMovementPageSchema,
  inventoryPageSchema,
  PRODUCT_CSV_COLUMNS,
  productSchema,
  updateProductBody,
} from '../../../contracts/products';
import type { Product } from '../../../contracts/products';
import { MODULE } from '../../../domain/constants';
import { requireAuth } from '../../auth-context';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import {
  booleanFilter,
  fetchPage,
  idFilter,
  listFilter,
  listQuerySchemaFor,
  lowerOf,
  planList,
  selectPage,
} from '../../db/list-query';
import type { ListSpec } from '../../db/list-query';
import {
  CATEGORY_TYPE,
  productInventoryMovements,
  productKitItems,
  products,
  suppliers,
  units,
} from '../../db/schema/catalog';
import { users } from '../../db/schema/users';
import { storeWhere, tenantJoin } from '../../db/scoped';
import { BACK_OFFICE_ROLES, defineResource, registerResource } from '../../resources/resource-factory';
import { BACK_OFFICE_STORE, checkReference } from '../../resources/resource-parts';
import type { Reference } from '../../resources/resource-parts';
import { route } from '../../route';
import {
  categoryValues,
  exportByCategoryId,
  itemColumnValues,
  itemList,
  itemRowOf,
  registerOrderingRoute,
} from '../services/catalog-item-support';

export const DUPLICATE_SKU_MESSAGE = 'Another product of this store has this SKU.';
export const DUPLICATE_BARCODE_MESSAGE = 'Another product of this store has this barcode.';
export const NO_SUCH_UNIT_MESSAGE = 'Choose a unit of this store.';
export const NO_SUCH_SUPPLIER_MESSAGE = 'Choose a supplier of this store.';

const UNIT_REFERENCE: Reference = {
  table: units,
  scope: 'store',
  field: 'unit_id',
  message: NO_SUCH_UNIT_MESSAGE,
};
const SUPPLIER_REFERENCE: Reference = {
  table: suppliers,
  scope: 'store',
  field: 'supplier_id',
  message: NO_SUCH_SUPPLIER_MESSAGE,
};

type ProductRecord = typeof products.$inferSelect;
type ProductValues = Partial<typeof products.$inferInsert>;
type ProductBody = z.output<typeof updateProductBody>;

function toRow(p: ProductRecord): Product {
  return {
    id: p.id,
    category_id: p.categoryId,
    name: p.name,
    sku: p.sku,
    barcode: p.barcode,
    unit_id: p.unitId,
    supplier_id: p.supplierId,
    stock_quantity: p.stockQuantity,
    ...itemRowOf(p),
  };
}

/** Column values of the body's fields present, after checking the unit and supplier are the store's. */
async function columnValues(db: Queryable, auth: AuthContext, body: ProductBody): Promise<ProductValues> {
  await checkReference(db, auth, UNIT_REFERENCE, body.unit_id);
  await checkReference(db, auth, SUPPLIER_REFERENCE, body.supplier_id);
  const values: ProductValues = itemColumnValues(body);
  if (body.sku !== undefined) values.sku = body.sku;
  if (body.barcode !== undefined) values.barcode = body.barcode;
  if (body.unit_id !== undefined) values.unitId = body.unit_id;
  if (body.supplier_id !== undefined) values.supplierId = body.supplier_id;
  if (body.stock_quantity !== undefined) values.stockQuantity = body.stock_quantity;
  return values;
}

/**
 * A stock count an update changes is kept as a movement: the signed change, the count it leaves, why and
 * who, written in the update's transaction (a refused update leaves none).
 */
async function recordStockChange(
  db: Queryable,
  auth: AuthContext,
  before: ProductRecord,
  body: ProductBody,
): Promise<void> {
  if (body.stock_quantity === undefined || body.stock_quantity === before.stockQuantity) return;
  await db.insert(productInventoryMovements).values({
    tenantId: before.tenantId,
    storeId: before.storeId,
    productId: before.id,
    change: body.stock_quantity - before.stockQuantity,
    quantityAfter: body.stock_quantity,
    reason: body.stock_reason ?? DEFAULT_STOCK_REASON,
    note: body.stock_note ?? null,
    userId: auth.userId,
  });
}

export const PRODUCT_RESOURCE = defineResource({
  name: 'products',
  label: 'Product',
  table: products,
  ...BACK_OFFICE_STORE,
  row: productSchema,
  toRow,
  createBody: createProductBody,
  updateBody: updateProductBody,
  toInsert: async (body, { db, auth }) => ({
    ...(await columnValues(db, auth, body)),
    ...(await categoryValues(db, auth, CATEGORY_TYPE.PRODUCT, body, true)),
  }),
  toUpdate: async (body, { db, auth, before }) => {
    const values = {
      ...(await columnValues(db, auth, body)),
      ...(await categoryValues(db, auth, CATEGORY_TYPE.PRODUCT, body, false)),
    };
    await recordStockChange(db, auth, before, body);
    return values;
  },
  list: itemList(products, {
    sort: { sku: products.sku, price: products.price, stock_quantity: products.stockQuantity },
    filters: {
      category_id: idFilter(products.categoryId),
      supplier_id: idFilter(products.supplierId),
      unit_id: idFilter(products.unitId),
    },
    search: [products.name, products.sku, products.barcode],
  }),
  unique: [
    { field: 'sku', column: products.sku, index: 'products_store_sku_key', message: DUPLICATE_SKU_MESSAGE },
    {
      field: 'barcode',
      column: products.barcode,
      index: 'products_store_barcode_key',
      message: DUPLICATE_BARCODE_MESSAGE,
    },
  ],
  // A kit made of the product keeps it (its items point at it); sales keep their own copy of the line.
  inUse: async (db, auth, id) => {
    const [used] = await db
      .select({ n: sql<number>`count(distinct ${productKitItems.kitId})::int` })
      .from(productKitItems)
      .where(storeWhere(productKitItems, auth, eq(productKitItems.productId, id)));
    return used && used.n > 0 ? [{ resource: 'productkits', count: used.n }] : [];
  },
  active: products.isActive,
  importColumns: PRODUCT_CSV_COLUMNS,
  exportColumns: exportByCategoryId(PRODUCT_CSV_COLUMNS),
});

/** The last movement of each product, for the inventory list. */
const lastMovementAt = sql<Date | null>`(
  select max(${productInventoryMovements.createdAt}) from ${productInventoryMovements}
  where ${productInventoryMovements.tenantId} = ${products.tenantId}
    and ${productInventoryMovements.productId} = ${products.id}
)`;

const INVENTORY_LIST: ListSpec = {
  sort: {
    name: lowerOf(products.name),
    sku: products.sku,
    stock_quantity: products.stockQuantity,
  },
  defaultSort: 'name',
  tiebreak: products.id,
  filters: {
    is_active: booleanFilter(products.isActive),
    category_id: idFilter(products.categoryId),
    /** Products at or below this count (what to reorder). */
    stock_at_most: listFilter(z.coerce.number().int(), (n: number) => lte(products.stockQuantity, n)),
  },
  search: [products.name, products.sku, products.barcode],
};

const MOVEMENT_LIST: ListSpec = {
  sort: { created_at: productInventoryMovements.createdAt, change: productInventoryMovements.change },
  defaultSort: '-created_at',
  tiebreak: productInventoryMovements.id,
  filters: {
    product_id: idFilter(productInventoryMovements.productId),
    reason: listFilter(z.string().trim().max(100), (reason: string) =>
      eq(productInventoryMovements.reason, reason),
    ),
  },
};

const READ = { module: MODULE.BACK_OFFICE, roles: BACK_OFFICE_ROLES };

export function registerProductRoutes(app: FastifyInstance): void {
  // Before the factory's /{id} routes, so a reader meets the fixed paths first.
  route(app, {
    method: 'GET',
    url: '/api/products/inventory',
    summary: 'Stock of each product (page, per_page, sort, filter[field], search)',
    tags: ['back-office'],
    access: READ,
    querystring: listQuerySchemaFor(INVENTORY_LIST),
    data: inventoryPageSchema,
    handler: async ({ db, query, request }) => {
      const auth = requireAuth(request);
      const plan = planList(INVENTORY_LIST, query, storeWhere(products, auth));
      return fetchPage(db, plan, products, async (p) => {
        const rows = await selectPage(
          db
            .select({ product: products, unitName: units.name, lastMovementAt })
            .from(products)
            .leftJoin(units, tenantJoin(units, products, products.unitId))
            .$dynamic(),
          p,
        );
        return rows.map(({ product, unitName, lastMovementAt: last }) => ({
          product_id: product.id,
          name: product.name,
          sku: product.sku,
          category_id: product.categoryId,
          unit_id: product.unitId,
          unit_name: unitName,
          stock_quantity: product.stockQuantity,
          is_active: product.isActive,
          last_movement_at: last ? new Date(last).toISOString() : null,
        }));
      });
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/products/inventoriesDetail',
    summary: 'Stock movements: change, stock after, reason, note, who and when (filter[product_id])',
    tags: ['back-office'],
    access: READ,
    querystring: listQuerySchemaFor(MOVEMENT_LIST),
    data: inventoryMovementPageSchema,
    handler: async ({ db, query, request }) => {
      const auth = requireAuth(request);
      const plan = planList(MOVEMENT_LIST, query, storeWhere(productInventoryMovements, auth));
      return fetchPage(db, plan, productInventoryMovements, async (p) => {
        const movements = db
          .select({
            movement: productInventoryMovements,
            productName: products.name,
            userName: users.displayName,
          })
          .from(productInventoryMovements)
          .innerJoin(
            products,
            tenantJoin(products, productInventoryMovements, productInventoryMovements.productId),
          )
          .leftJoin(users, tenantJoin(users, productInventoryMovements, productInventoryMovements.userId));
        const rows = await selectPage(movements.$dynamic(), p);
        return rows.map(({ movement: m, productName, userName }) => ({
          id: m.id,
          product_id: m.productId,
          product_name: productName,
          change: m.change,
          quantity_after: m.quantityAfter,
          reason: m.reason,
          note: m.note,
          user_id: m.userId,
          user_name: userName,
          created_at: m.createdAt.toISOString(),
        }));
      });
    },
  });

  registerResource(app, PRODUCT_RESOURCE);
  registerOrderingRoute(app, { ...PRODUCT_RESOURCE, toRow });
}
