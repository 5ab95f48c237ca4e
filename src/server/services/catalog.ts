/**
 * The sale screen's catalog and start-up data (docs/sales.md#the-sale-screen sale-init and service/product
 * settings responses, docs/sales.md#the-sale-screen sale screen; docs/sales.md#sale-management
 * pos/sales/service-product-setting).
 *
 * Only active categories and items, each list by display_order, then name, then id (a stable order the
 * client can cache). A service or product in an inactive category is not offered. Kits list their
 * products whatever those products' state: a kit is sold whole at its own price.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  CatalogCategory,
  CatalogKit,
  CatalogProduct,
  CatalogService,
  SaleInit,
  ServiceProductSetting,
} from '../../contracts/catalog';
import { ITEM_TYPE } from '../../domain/constants';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { categories, productKitItems, productKits, products, services } from '../db/schema/catalog';
import { scopeStoreId, storeJoin, storeWhere } from '../db/scoped';
import { storeSettings } from './settings/initial';
import { orderCustomer } from './customers';
import { getEmployee } from './employees';

/** Percent or absent: absent tells the client the employee's own rate applies (docs/money.md §11). */
function commission(rate: number | null): { commission_rate?: number } {
  return rate === null ? {} : { commission_rate: rate };
}

/** display_order, then name (case-insensitive), then id. */
function byOrder(t: { displayOrder: AnyPgColumn; name: AnyPgColumn; id: AnyPgColumn }): SQL[] {
  return [asc(t.displayOrder), asc(sql`lower(${t.name})`), asc(t.id)];
}

async function loadCatalog(db: Queryable, scope: { tenantId: number; storeId: number }) {
  return Promise.all([
    db
      .select({
        id: categories.id,
        type: categories.type,
        name: categories.name,
        displayOrder: categories.displayOrder,
      })
      .from(categories)
      .where(storeWhere(categories, scope, eq(categories.isActive, true)))
      .orderBy(...byOrder(categories)),
    db
      .select({
        id: services.id,
        categoryId: services.categoryId,
        name: services.name,
        price: services.price,
        taxes: services.taxes,
        cost: services.cost,
        commissionRate: services.commissionRate,
        durationMinutes: services.durationMinutes,
        displayOrder: services.displayOrder,
      })
      .from(services)
      .where(storeWhere(services, scope, eq(services.isActive, true)))
      .orderBy(...byOrder(services)),
    db
      .select({
        id: products.id,
        categoryId: products.categoryId,
        name: products.name,
        sku: products.sku,
        price: products.price,
        taxes: products.taxes,
        cost: products.cost,
        commissionRate: products.commissionRate,
        stockQuantity: products.stockQuantity,
        displayOrder: products.displayOrder,
      })
      .from(products)
      .where(storeWhere(products, scope, eq(products.isActive, true)))
      .orderBy(...byOrder(products)),
    db
      .select({
        id: productKits.id,
        name: productKits.name,
        sku: productKits.sku,
        price: productKits.price,
        taxes: productKits.taxes,
        cost: productKits.cost,
        commissionRate: productKits.commissionRate,
        displayOrder: productKits.displayOrder,
      })
      .from(productKits)
      .where(storeWhere(productKits, scope, eq(productKits.isActive, true)))
      .orderBy(...byOrder(productKits)),
    db
      .select({
        kitId: productKitItems.kitId,
        productId: productKitItems.productId,
        name: products.name,
        quantity: productKitItems.quantity,
      })
      .from(productKitItems)
      .innerJoin(products, storeJoin(products, productKitItems, productKitItems.productId))
      .where(storeWhere(productKitItems, scope))
      .orderBy(asc(sql`lower(${products.name})`), asc(products.id)),
  ]);
}

/** GET /api/pos/sales/service-product-setting: settings, categories with their items, and kits. */
export async function serviceProductSetting(
  db: Queryable,
  auth: AuthContext,
  storeId: number = scopeStoreId(auth),
): Promise<ServiceProductSetting> {
  // storeSettings answers 403 for any store but the session's, before anything of the catalog is read.
  const settings = await storeSettings(db, auth, storeId);
  const scope = { tenantId: auth.tenantId, storeId };
  const [categoryRows, serviceRows, productRows, kitRows, kitItemRows] = await loadCatalog(db, scope);

  const servicesByCategory = new Map<number, CatalogService[]>();
  for (const s of serviceRows) {
    const list = servicesByCategory.get(s.categoryId) ?? [];
    list.push({
      item_id: s.id,
      item_type: ITEM_TYPE.SERVICE,
      name: s.name,
      taxes: s.taxes,
      unit_price: s.price,
      cost: s.cost,
      ...commission(s.commissionRate),
      display_order: s.displayOrder,
      category_id: s.categoryId,
      duration_minutes: s.durationMinutes,
    });
    servicesByCategory.set(s.categoryId, list);
  }
  const productsByCategory = new Map<number, CatalogProduct[]>();
  for (const p of productRows) {
    const list = productsByCategory.get(p.categoryId) ?? [];
    list.push({
      item_id: p.id,
      item_type: ITEM_TYPE.PRODUCT,
      name: p.name,
      taxes: p.taxes,
      unit_price: p.price,
      cost: p.cost,
      ...commission(p.commissionRate),
      display_order: p.displayOrder,
      category_id: p.categoryId,
      sku: p.sku,
      stock_quantity: p.stockQuantity,
    });
    productsByCategory.set(p.categoryId, list);
  }
  const categoryViews: CatalogCategory[] = categoryRows.map((c) =>
    c.type === 'service'
      ? {
          id: c.id,
          name: c.name,
          type: 'service' as const,
          display_order: c.displayOrder,
          services: servicesByCategory.get(c.id) ?? [],
        }
      : {
          id: c.id,
          name: c.name,
          type: 'product' as const,
          display_order: c.displayOrder,
          products: productsByCategory.get(c.id) ?? [],
        },
  );

  const itemsByKit = new Map<number, CatalogKit['items']>();
  for (const i of kitItemRows) {
    const list = itemsByKit.get(i.kitId) ?? [];
    list.push({ product_id: i.productId, name: i.name, quantity: i.quantity });
    itemsByKit.set(i.kitId, list);
  }
  const kits: CatalogKit[] = kitRows.map((k) => ({
    item_id: k.id,
    item_type: ITEM_TYPE.PRODUCT_KIT,
    name: k.name,
    taxes: k.taxes,
    unit_price: k.price,
    cost: k.cost,
    ...commission(k.commissionRate),
    display_order: k.displayOrder,
    sku: k.sku,
    items: itemsByKit.get(k.id) ?? [],
  }));

  return { settings, categories: categoryViews, kits, success: true };
}

export interface SaleInitInput {
  store_id?: number;
  customer_id?: number;
}

/**
 * GET /api/pos/sales/init: the store's settings, the caller as the order's employee, and the customer asked
 * for (if any). Booking and turn stay null until those resources exist.
 */
export async function saleInit(db: Queryable, auth: AuthContext, input: SaleInitInput): Promise<SaleInit> {
  const storeId = input.store_id ?? scopeStoreId(auth);
  const settings = await storeSettings(db, auth, storeId);
  const [employee, customer] = await Promise.all([
    getEmployee(db, auth, auth.userId, storeId),
    input.customer_id !== undefined ? orderCustomer(db, auth, input.customer_id) : Promise.resolve(null),
  ]);
  return { settings, employee, customer, booking: null, turn: null };
}
