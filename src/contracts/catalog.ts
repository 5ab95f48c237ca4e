/**
 * The sale screen's catalog and start-up data (docs/sales.md#the-sale-screen: "Sale-init response: settings,
 * employee, customer, booking, turn. Service/product settings response: settings, categories, success flag";
 * docs/sales.md#the-sale-screen "GET service/product setting with params (response cached locally ... when
 * the success flag is set)"; docs/sales.md#sale-management pos/sales/service-product-setting), shared by the
 * client and the server.
 *
 * Every sellable item carries what the client's CatalogItem (src/domain/order-editing.ts) needs: item_id,
 * item_type (1 service, 2 product, 3 kit), name, taxes, unit_price and cost in minor units, and
 * commission_rate, which is LEFT OUT when the item has none of its own (the employee's rate applies,
 * docs/money.md §11), so an item can be handed to the order functions as it is.
 */
import { z } from 'zod';
import { ITEM_TYPE } from '../domain/constants';
import { storeSettingsSchema } from './auth';
import { blankable, orderCustomerSchema, queryBoolean } from './customers';
import { employeeSchema } from './employees';
import { nameField, rowStampFields } from './resource';

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
  /** The client caches the response only when this is set (docs/api.md#the-client). */
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

// ---- back-office item fields ---------------------------------------------------------------------------
// What the back office's service, product and kit forms share with the items above (docs/back-office.md):
// their bodies arrive as JSON, multipart or CSV cells, so numbers may be strings; a blank cell is no value.

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** A whole number from JSON, a form or a CSV cell, between min and max, with its messages. */
export function wholeNumberField(min: number, max: number, what: string) {
  const message = `${what} is a whole number from ${min} to ${max}.`;
  return z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message),
  );
}

/** Money in integer minor units of the store currency (docs/money.md): 1050 is 10.50. */
export const minorAmountField = (what: string) => wholeNumberField(0, 1_000_000_000_00, what);

const TAXES_MESSAGE = 'Taxes are percentages from 0 to 100 separated by commas, for example 5,9.5.';

/**
 * The item's taxes string the money rules read (docs/money.md): comma-separated percentages, blank entries
 * dropped, stored as "5,9.5". At most 100 characters, as the database allows.
 */
export const taxesField = z.preprocess(
  (value) => (value === null || value === undefined ? '' : value),
  z
    .string({ error: TAXES_MESSAGE })
    .transform((text) =>
      text
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ''),
    )
    .refine(
      (entries) => entries.every((entry) => /^\d{1,3}(\.\d{1,6})?$/.test(entry) && Number(entry) <= 100),
      TAXES_MESSAGE,
    )
    .transform((entries) => entries.map((entry) => String(Number(entry))).join(','))
    .refine((taxes) => taxes.length <= 100, TAXES_MESSAGE),
);

/** An item's own commission percent; blank = none (the employee's rate applies, docs/money.md §11). */
export const commissionRateField = z.preprocess(
  (value) => (value === '' ? null : value),
  z.coerce
    .number({ error: 'The commission is a percent from 0 to 100.' })
    .min(0, 'The commission is a percent from 0 to 100.')
    .max(100, 'The commission is a percent from 0 to 100.')
    .nullable(),
);

/** The name of a catalog item. */
export const itemNameField = nameField(150);

/** An item's place in its list (POST /<items>/{id}/ordering sets it). */
export const displayOrderField = wholeNumberField(0, 1_000_000, 'The order');

/** POST /services/{id}/ordering, /products/{id}/ordering: the item's new place. */
export const orderingBody = z.strictObject({ display_order: displayOrderField });
export type OrderingBody = z.output<typeof orderingBody>;

/** A reference to another row by id (a category, a unit, a supplier, a user). */
export const refIdField = (what: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `Choose ${what}.` })
      .int(`Choose ${what}.`)
      .positive(`Choose ${what}.`)
      .max(Number.MAX_SAFE_INTEGER, `Choose ${what}.`),
  );

/** A SKU or barcode: no spaces, commas or semicolons (they separate values in files); blank = none. */
export const itemCodeField = (what: string) =>
  blankable(
    z
      .string()
      .trim()
      .max(64, `${what} is at most 64 characters.`)
      .regex(/^[^\s,;]+$/, `${what} has no spaces, commas or semicolons.`),
  ).optional();

const CATEGORY_MESSAGE = 'Choose a category.';

/**
 * A service's or product's category: `category_id`, or in a CSV file `category`, the store's category of
 * that name and of the item's type, whatever its case.
 */
export const itemCategoryFields = {
  category_id: refIdField('a category').optional(),
  category: z.string().trim().min(1, CATEGORY_MESSAGE).max(100).optional(),
};

/** A create body that names its category one way or the other (a 422 on `category_id` otherwise). */
export function namingCategory<
  Body extends z.ZodType<{ category_id?: number | undefined; category?: string | undefined }>,
>(body: Body): Body {
  return body.refine((value) => value.category_id !== undefined || value.category !== undefined, {
    message: CATEGORY_MESSAGE,
    path: ['category_id'],
  });
}

/** The row fields every back-office catalog item (service, product, kit) shows after its own. */
export const itemRowFields = {
  price: z.number().int(),
  cost: z.number().int(),
  taxes: z.string(),
  commission_rate: z.number().nullable(),
  display_order: z.number().int(),
  ...rowStampFields,
};

/** The form fields every catalog item has; `costLabel` names the cost (a service's is its supply fee). */
export function itemBodyFields(costLabel: string) {
  return {
    price: minorAmountField('The price'),
    cost: minorAmountField(costLabel).optional(),
    taxes: taxesField.optional(),
    commission_rate: commissionRateField.optional(),
    display_order: displayOrderField.optional(),
    is_active: queryBoolean.optional(),
  };
}

/** The CSV columns of those fields, in file order after the item's own. */
export const ITEM_CSV_COLUMNS = [
  'price',
  'cost',
  'taxes',
  'commission_rate',
  'display_order',
  'is_active',
] as const;
