/**
 * The sale screen's catalog and start-up data (000 §3: "Sale-init response: settings, employee, customer,
 * booking, turn. Service/product settings response: settings, categories, success flag"; §7 "GET
 * service/product setting with params (response cached locally ... when the success flag is set)"; 001 §7
 * pos/sales/service-product-setting; issue 3 item 4), shared by the client and the server.
 *
 * Every sellable item carries what the client's CatalogItem (src/domain/order-editing.ts) needs: item_id,
 * item_type (1 service, 2 product, 3 kit), name, taxes, unit_price and cost in minor units, and
 * commission_rate, which is LEFT OUT when the item has none of its own (the employee's rate applies,
 * docs/money.md §11), so an item can be handed to the order functions as it is.
 */
import { z } from 'zod';
import { ITEM_TYPE } from '../domain/constants';
import { storeSettingsSchema } from './auth';
import { orderCustomerSchema } from './customers';
import { employeeSchema } from './employees';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const queryId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const minor = z.number().int().min(0);

// ---- requests ----------------------------------------------------------------------------------------

/** `store_id` defaults to the session's store; any other store is 403. */
export const serviceProductSettingQuery = z.object({ store_id: queryId.optional() });

/**
 * GET /api/pos/sales/init. `customer_id` preloads the order's customer (a walk-in or booking handed to the
 * sale screen); booking and turn ids join when those resources exist (until then they are null).
 */
export const saleInitQuery = z.object({
  store_id: queryId.optional(),
  customer_id: queryId.optional(),
});

// ---- responses ---------------------------------------------------------------------------------------

const itemBase = {
  item_id: id,
  name: z.string(),
  /** Comma-separated tax percentages ("5,9.5"). */
  taxes: z.string(),
  unit_price: minor,
  cost: minor,
  /** Percent; absent = the employee's own rate applies. */
  commission_rate: z.number().min(0).max(100).optional(),
  display_order: z.number().int(),
};

export const catalogServiceSchema = z.object({
  ...itemBase,
  item_type: z.literal(ITEM_TYPE.SERVICE),
  category_id: id,
  duration_minutes: z.number().int().positive(),
});
export type CatalogService = z.infer<typeof catalogServiceSchema>;

export const catalogProductSchema = z.object({
  ...itemBase,
  item_type: z.literal(ITEM_TYPE.PRODUCT),
  category_id: id,
  sku: z.string().nullable(),
  stock_quantity: z.number().int(),
});
export type CatalogProduct = z.infer<typeof catalogProductSchema>;

export const catalogKitSchema = z.object({
  ...itemBase,
  item_type: z.literal(ITEM_TYPE.PRODUCT_KIT),
  sku: z.string().nullable(),
  items: z.array(z.object({ product_id: id, name: z.string(), quantity: z.number().int().positive() })),
});
export type CatalogKit = z.infer<typeof catalogKitSchema>;

export const serviceCategorySchema = z.object({
  id,
  name: z.string(),
  type: z.literal('service'),
  display_order: z.number().int(),
  services: z.array(catalogServiceSchema),
});
export const productCategorySchema = z.object({
  id,
  name: z.string(),
  type: z.literal('product'),
  display_order: z.number().int(),
  products: z.array(catalogProductSchema),
});
export const catalogCategorySchema = z.discriminatedUnion('type', [
  serviceCategorySchema,
  productCategorySchema,
]);
export type CatalogCategory = z.infer<typeof catalogCategorySchema>;

/** The store settings the sale screen computes with (never payment provider keys). */
export const saleSettingsSchema = storeSettingsSchema;
export type SaleSettings = z.infer<typeof saleSettingsSchema>;

export const serviceProductSettingSchema = z.object({
  settings: saleSettingsSchema,
  /** Active categories by display_order, each with its active items by display_order. */
  categories: z.array(catalogCategorySchema),
  kits: z.array(catalogKitSchema),
  /** The client caches the response only when this is set (000 §7). */
  success: z.literal(true),
});
export type ServiceProductSetting = z.infer<typeof serviceProductSettingSchema>;

export const saleInitSchema = z.object({
  settings: saleSettingsSchema,
  /** The caller: the order's default employee. */
  employee: employeeSchema,
  customer: orderCustomerSchema.nullable(),
  booking: z.null(),
  turn: z.null(),
});
export type SaleInit = z.infer<typeof saleInitSchema>;
