/**
 * /api/productkits (docs/api.md#endpoints "Product kits: /productkits CRUD, /bulk, POST /import multipart",
 * plus export): a config of the resource factory (docs/back-office.md, docs/back-office-catalog.md) and the
 * kit's items: GET /productkits/{id}/items and PUT /productkits/{id}/items, which replaces the whole list in
 * one transaction, audited. The sale screen's catalog reads the same tables (services/catalog.ts).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  createProductKitBody,
  kitItemsBody,
  kitItemsSchema,
  PRODUCT_KIT_CSV_COLUMNS,
  productKitSchema,
  updateProductKitBody,
} from '../../../contracts/product-kits';
import type { KitItems, ProductKit } from '../../../contracts/product-kits';
import { resourceIdParamsSchema } from '../../../contracts/resource';
import { MODULE } from '../../../domain/constants';
import { requireAuth } from '../../auth-context';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { productKitItems, productKits, products } from '../../db/schema/catalog';
import { storeValuesAll, storeWhere } from '../../db/scoped';
import { notFound, unprocessable } from '../../errors';
import { writeResourceAudit } from '../../resources/audit';
import { BACK_OFFICE_ROLES, defineResource, registerResource } from '../../resources/resource-factory';
import { BACK_OFFICE_STORE } from '../../resources/resource-parts';
import { route } from '../../route';
import { itemColumnValues, itemList, itemRowOf } from '../services/catalog-item-support';

export const DUPLICATE_KIT_SKU_MESSAGE = 'Another kit of this store has this SKU.';
export const NO_SUCH_PRODUCT_MESSAGE = 'Choose products of this store.';
const NOT_FOUND_MESSAGE = 'Product kit not found.';

type KitValues = Partial<typeof productKits.$inferInsert>;

function toRow(k: typeof productKits.$inferSelect): ProductKit {
  return {
    id: k.id,
    name: k.name,
    sku: k.sku,
    ...itemRowOf(k),
  };
}

function columnValues(body: z.output<typeof updateProductKitBody>): KitValues {
  const values: KitValues = itemColumnValues(body);
  if (body.sku !== undefined) values.sku = body.sku;
  return values;
}

export const PRODUCT_KIT_RESOURCE = defineResource({
  name: 'productkits',
  label: 'Product kit',
  table: productKits,
  ...BACK_OFFICE_STORE,
  row: productKitSchema,
  toRow,
  createBody: createProductKitBody,
  updateBody: updateProductKitBody,
  toValues: columnValues,
  list: itemList(productKits, {
    sort: { sku: productKits.sku, price: productKits.price },
    search: [productKits.name, productKits.sku],
  }),
  unique: [
    {
      field: 'sku',
      column: productKits.sku,
      index: 'product_kits_store_sku_key',
      message: DUPLICATE_KIT_SKU_MESSAGE,
    },
  ],
  active: productKits.isActive,
  importColumns: PRODUCT_KIT_CSV_COLUMNS,
});

/** The kit's items with their products' names, by name. */
async function kitItems(db: Queryable, auth: AuthContext, kitId: number): Promise<KitItems> {
  const rows = await db
    .select({
      product_id: productKitItems.productId,
      name: products.name,
      sku: products.sku,
      quantity: productKitItems.quantity,
    })
    .from(productKitItems)
    .innerJoin(
      products,
      and(eq(products.tenantId, productKitItems.tenantId), eq(products.id, productKitItems.productId)),
    )
    .where(storeWhere(productKitItems, auth, eq(productKitItems.kitId, kitId)))
    .orderBy(asc(sql`lower(${products.name})`), asc(products.id));
  return { kit_id: kitId, items: rows };
}

async function kitOr404(db: Queryable, auth: AuthContext, id: number, lock: boolean) {
  const query = db
    .select({ id: productKits.id })
    .from(productKits)
    .where(storeWhere(productKits, auth, eq(productKits.id, id)))
    .limit(1);
  const [kit] = await (lock ? query.for('update') : query);
  if (!kit) throw notFound(NOT_FOUND_MESSAGE);
}

const ACCESS = { module: MODULE.BACK_OFFICE, roles: BACK_OFFICE_ROLES };

export function registerProductKitRoutes(app: FastifyInstance): void {
  registerResource(app, PRODUCT_KIT_RESOURCE);

  route(app, {
    method: 'GET',
    url: '/api/productkits/:id/items',
    summary: "A product kit's items: its products and their quantities",
    tags: ['back-office'],
    access: ACCESS,
    params: resourceIdParamsSchema,
    data: kitItemsSchema,
    handler: async ({ db, params, request }) => {
      const auth = requireAuth(request);
      await kitOr404(db, auth, params.id, false);
      return kitItems(db, auth, params.id);
    },
  });

  route(app, {
    method: 'PUT',
    url: '/api/productkits/:id/items',
    summary: "Replace a product kit's items (products of the store, each once, with a quantity)",
    tags: ['back-office'],
    access: { ...ACCESS, write: true },
    idempotency: { required: true },
    params: resourceIdParamsSchema,
    body: kitItemsBody,
    data: kitItemsSchema,
    message: 'Product kit items saved.',
    handler: async ({ db, body, params, request }) => {
      const auth = requireAuth(request);
      await kitOr404(db, auth, params.id, true);
      const ids = body.items.map((i) => i.product_id);
      if (ids.length > 0) {
        const found = await db
          .select({ id: products.id })
          .from(products)
          .where(storeWhere(products, auth, inArray(products.id, ids)));
        if (found.length !== ids.length) {
          throw unprocessable(NO_SUCH_PRODUCT_MESSAGE, { items: [NO_SUCH_PRODUCT_MESSAGE] });
        }
      }
      const before = await kitItems(db, auth, params.id);
      await db
        .delete(productKitItems)
        .where(storeWhere(productKitItems, auth, eq(productKitItems.kitId, params.id)));
      if (body.items.length > 0) {
        await db.insert(productKitItems).values(
          storeValuesAll(
            auth,
            body.items.map((i) => ({ kitId: params.id, productId: i.product_id, quantity: i.quantity })),
          ),
        );
      }
      const after = await kitItems(db, auth, params.id);
      await writeResourceAudit(db, auth, [
        { action: 'productkits.items', entityType: 'productkits', entityId: params.id, before, after },
      ]);
      return after;
    },
  });
}
