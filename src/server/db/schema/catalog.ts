import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  createdAtColumn,
  idColumn,
  moneyColumn,
  percentColumn,
  taxesStringCheck,
  tenantIdColumn,
  updatedAtColumn,
} from './columns';
import type { TurnValue } from '../../../contracts/services';
import { stores } from './stores';

// The store's catalog ("service/product setting (categories with services, products, kits)").
// Everything here belongs to one store: rows carry (tenant_id, store_id) and reference each other through
// (tenant_id, store_id, id) keys, so a service can never sit in another store's category.
//
// Prices and costs are minor units. `taxes` is the domain's comma-separated percent list ("5,9.5"): the
// sale copies it onto the line as it was when sold, and computeOrderTotals reads it; the `taxes` table is
// only a named pick-list for the back office. `commission_rate` null = the employee's rate applies
// (docs/money.md §11). `cost` is the supply cost (services) or purchase cost (products, kits) per unit.

export const CATEGORY_TYPE = { SERVICE: 'service', PRODUCT: 'product' } as const;

export type CategoryType = (typeof CATEGORY_TYPE)[keyof typeof CATEGORY_TYPE];

/**
 * Named tax rates of a store ('GST 5', 'QST 9.5'): what the back office offers when it builds an item's
 * taxes string. Decision: a reference table, not a join table: a sale must keep the rates it was taxed
 * at, and the domain reads one string, so items keep the string; renaming or changing a rate here never
 * rewrites items or past sales. `position` orders the rates, which matters for tax-on-tax.
 */
export const taxes = pgTable(
  'taxes',
  {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    id: idColumn(),
    name: text('name').notNull(),
    rate: percentColumn('rate').notNull(),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'taxes_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }).onDelete('cascade'),
    uniqueIndex('taxes_store_name_key').on(t.tenantId, t.storeId, sql`lower(${t.name})`),
    check('taxes_rate_percent', sql`${t.rate} between 0 and 100`),
  ],
);

export const categories = pgTable(
  'categories',
  {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    id: idColumn(),
    type: text('type').$type<CategoryType>().notNull(),
    name: text('name').notNull(),
    /** Path of the category's picture under the media directory (served by /api/media?path=), or null. */
    imagePath: text('image_path'),
    displayOrder: integer('display_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'categories_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }).onDelete('cascade'),
    // Target of the (tenant, store, category) keys below: a constraint, not a unique index, because
    // drizzle-kit adds foreign keys before it creates indexes.
    unique('categories_tenant_store_id_key').on(t.tenantId, t.storeId, t.id),
    uniqueIndex('categories_store_type_name_key').on(t.tenantId, t.storeId, t.type, sql`lower(${t.name})`),
    check('categories_type_known', sql`${t.type} in ('service', 'product')`),
  ],
);

export const services = pgTable(
  'services',
  {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    id: idColumn(),
    categoryId: bigint('category_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    price: moneyColumn('price').notNull(),
    taxes: text('taxes').notNull().default(''),
    cost: moneyColumn('cost').notNull().default(0),
    commissionRate: percentColumn('commission_rate'),
    durationMinutes: integer('duration_minutes').notNull().default(30),
    /** What taking this service counts on the turn board: a full turn, half a turn, or none. */
    // Null: the store's price thresholds decide (docs/turns.md "Settings"); set: this service's own value.
    turnValue: text('turn_value').$type<TurnValue>(),
    isActive: boolean('is_active').notNull().default(true),
    displayOrder: integer('display_order').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'services_category_fk',
      columns: [t.tenantId, t.storeId, t.categoryId],
      foreignColumns: [categories.tenantId, categories.storeId, categories.id],
    }),
    index('services_store_idx').on(t.tenantId, t.storeId, t.categoryId, t.displayOrder),
    check('services_price_non_negative', sql`${t.price} >= 0`),
    check('services_cost_non_negative', sql`${t.cost} >= 0`),
    check('services_taxes_list', taxesStringCheck(t.taxes)),
    check('services_commission_rate_percent', sql`${t.commissionRate} between 0 and 100`),
    check('services_duration_positive', sql`${t.durationMinutes} > 0`),
    check('services_turn_value_known', sql`${t.turnValue} in ('full', 'half', 'none')`),
  ],
);

/**
 * What every store-owned back-office list row has (units, suppliers): the (tenant, id) key, the store it
 * belongs to (deleted with it), the (tenant, store, id) key products reference it by, a name unique in the
 * store whatever its case, and the active flag bulk enable/disable sets (docs/back-office.md).
 */
function storeListColumns() {
  return {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    id: idColumn(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  };
}

function storeListKeys(
  table: string,
  t: { tenantId: AnyPgColumn; storeId: AnyPgColumn; id: AnyPgColumn; name: AnyPgColumn },
) {
  return [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: `${table}_store_fk`,
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }).onDelete('cascade'),
    unique(`${table}_tenant_store_id_key`).on(t.tenantId, t.storeId, t.id),
    uniqueIndex(`${table}_store_name_key`).on(t.tenantId, t.storeId, sql`lower(${t.name})`),
  ];
}

/** Units a product is counted and sold in ('Bottle', 'Box'); a product may name one. */
export const units = pgTable(
  'units',
  {
    ...storeListColumns(),
    /** Short form printed beside quantities ('btl'). */
    abbreviation: text('abbreviation'),
  },
  (t) => storeListKeys('units', t),
);

/** Who the store buys products from; a product may name one. */
export const suppliers = pgTable(
  'suppliers',
  {
    ...storeListColumns(),
    contactName: text('contact_name'),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    note: text('note'),
  },
  (t) => storeListKeys('suppliers', t),
);

export const products = pgTable(
  'products',
  {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    id: idColumn(),
    categoryId: bigint('category_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    sku: text('sku'),
    barcode: text('barcode'),
    unitId: bigint('unit_id', { mode: 'number' }),
    supplierId: bigint('supplier_id', { mode: 'number' }),
    price: moneyColumn('price').notNull(),
    taxes: text('taxes').notNull().default(''),
    cost: moneyColumn('cost').notNull().default(0),
    commissionRate: percentColumn('commission_rate'),
    /** On hand; may go negative when a sale outruns the count (a sale is never refused for stock). */
    stockQuantity: integer('stock_quantity').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    displayOrder: integer('display_order').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'products_category_fk',
      columns: [t.tenantId, t.storeId, t.categoryId],
      foreignColumns: [categories.tenantId, categories.storeId, categories.id],
    }),
    foreignKey({
      name: 'products_unit_fk',
      columns: [t.tenantId, t.storeId, t.unitId],
      foreignColumns: [units.tenantId, units.storeId, units.id],
    }),
    foreignKey({
      name: 'products_supplier_fk',
      columns: [t.tenantId, t.storeId, t.supplierId],
      foreignColumns: [suppliers.tenantId, suppliers.storeId, suppliers.id],
    }),
    unique('products_tenant_store_id_key').on(t.tenantId, t.storeId, t.id),
    uniqueIndex('products_store_sku_key')
      .on(t.tenantId, t.storeId, t.sku)
      .where(sql`${t.sku} is not null`),
    uniqueIndex('products_store_barcode_key')
      .on(t.tenantId, t.storeId, t.barcode)
      .where(sql`${t.barcode} is not null`),
    index('products_store_idx').on(t.tenantId, t.storeId, t.categoryId, t.displayOrder),
    // What uses a unit or a supplier (a delete of one still in use is refused: docs/back-office.md).
    index('products_unit_idx').on(t.tenantId, t.storeId, t.unitId),
    index('products_supplier_idx').on(t.tenantId, t.storeId, t.supplierId),
    // The back office's "contains" search (ILIKE) over names and SKUs (docs/back-office.md, "Search").
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('products_sku_trgm_idx').using('gin', t.sku.op('gin_trgm_ops')),
    check('products_price_non_negative', sql`${t.price} >= 0`),
    check('products_cost_non_negative', sql`${t.cost} >= 0`),
    check('products_taxes_list', taxesStringCheck(t.taxes)),
    check('products_commission_rate_percent', sql`${t.commissionRate} between 0 and 100`),
  ],
);

/** A bundle of products sold as one item (ITEM_TYPE.PRODUCT_KIT) at its own price and taxes. */
export const productKits = pgTable(
  'product_kits',
  {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    id: idColumn(),
    name: text('name').notNull(),
    sku: text('sku'),
    price: moneyColumn('price').notNull(),
    taxes: text('taxes').notNull().default(''),
    cost: moneyColumn('cost').notNull().default(0),
    commissionRate: percentColumn('commission_rate'),
    isActive: boolean('is_active').notNull().default(true),
    displayOrder: integer('display_order').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'product_kits_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }).onDelete('cascade'),
    unique('product_kits_tenant_store_id_key').on(t.tenantId, t.storeId, t.id),
    uniqueIndex('product_kits_store_sku_key')
      .on(t.tenantId, t.storeId, t.sku)
      .where(sql`${t.sku} is not null`),
    check('product_kits_price_non_negative', sql`${t.price} >= 0`),
    check('product_kits_cost_non_negative', sql`${t.cost} >= 0`),
    check('product_kits_taxes_list', taxesStringCheck(t.taxes)),
    check('product_kits_commission_rate_percent', sql`${t.commissionRate} between 0 and 100`),
  ],
);

export const productKitItems = pgTable(
  'product_kit_items',
  {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    kitId: bigint('kit_id', { mode: 'number' }).notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull().default(1),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.kitId, t.productId] }),
    foreignKey({
      name: 'product_kit_items_kit_fk',
      columns: [t.tenantId, t.storeId, t.kitId],
      foreignColumns: [productKits.tenantId, productKits.storeId, productKits.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'product_kit_items_product_fk',
      columns: [t.tenantId, t.storeId, t.productId],
      foreignColumns: [products.tenantId, products.storeId, products.id],
    }),
    check('product_kit_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * Every change of a product's stock, with why and who (the back office's inventory detail): `change` is
 * signed (+ received, - sold, broken or counted down), `quantity_after` the stock it left. A stock change
 * through the back office writes one in the same transaction as products.stock_quantity.
 */
export const productInventoryMovements = pgTable(
  'product_inventory_movements',
  {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    id: idColumn(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    change: integer('change').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    /** Who changed it (null when a user is deleted later, or the change came from no session). */
    userId: bigint('user_id', { mode: 'number' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'product_inventory_movements_product_fk',
      columns: [t.tenantId, t.storeId, t.productId],
      foreignColumns: [products.tenantId, products.storeId, products.id],
    }).onDelete('cascade'),
    index('product_inventory_movements_product_idx').on(t.tenantId, t.productId, t.createdAt),
    check('product_inventory_movements_change_nonzero', sql`${t.change} <> 0`),
  ],
);
