/**
 * Products (docs/api.md#endpoints "Products: /products, /products/{id}, /products/{id}/ordering,
 * /products/bulk, products/import, products/inventory, products/inventoriesDetail"): what the salon sells off
 * the shelf. A back-office resource (docs/back-office.md, docs/back-office-catalog.md); the list, import,
 * export and bulk shapes are src/contracts/resource.ts, the fields it shares with services and kits
 * src/contracts/catalog.ts.
 *
 * A product sits in one of the store's product categories (`category_id`, or `category` by name in a CSV
 * file); `sku` and `barcode` are each unique in the store (409 `duplicate` naming the field); `unit_id` and
 * `supplier_id` name the store's units and suppliers. `stock_quantity` on a create is the opening count; on
 * an update it is the new count, and the change is kept as a stock movement with `stock_reason` (default
 * 'adjustment'), `stock_note` and the user (docs/back-office-catalog.md, "Stock").
 */
import { z } from 'zod';
import { pageSchema } from './envelope';
import {
  ITEM_CSV_COLUMNS,
  itemBodyFields,
  itemCategoryFields,
  itemCodeField,
  itemNameField,
  itemRowFields,
  namingCategory,
  refIdField,
  wholeNumberField,
} from './catalog';
import { blankable } from './customers';

export const productSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  name: z.string(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  unit_id: z.number().int().nullable(),
  supplier_id: z.number().int().nullable(),
  stock_quantity: z.number().int(),
  ...itemRowFields,
});
export type Product = z.infer<typeof productSchema>;

/** Stock counts: whole units, negative when sales outran the count. */
export const stockQuantityField = wholeNumberField(-1_000_000, 1_000_000, 'The stock');

const productFields = {
  ...itemCategoryFields,
  name: itemNameField,
  sku: itemCodeField('The SKU'),
  barcode: itemCodeField('The barcode'),
  unit_id: blankable(refIdField('a unit')).optional(),
  supplier_id: blankable(refIdField('a supplier')).optional(),
  stock_quantity: stockQuantityField.optional(),
  ...itemBodyFields('The cost'),
};

const stockChangeFields = {
  /** Why the stock changed (update only): 'received', 'damaged', 'count', ... */
  stock_reason: z.string().trim().min(1).max(100, 'The reason is at most 100 characters.').optional(),
  stock_note: blankable(z.string().trim().max(500, 'The note is at most 500 characters.')).optional(),
};

export const createProductBody = namingCategory(z.strictObject(productFields));
export type CreateProductBody = z.output<typeof createProductBody>;
export const updateProductBody = z.strictObject({ ...productFields, ...stockChangeFields }).partial();
export type UpdateProductBody = z.output<typeof updateProductBody>;

/** CSV columns of import and export, in file order (a file names the category by id or by name). */
export const PRODUCT_CSV_COLUMNS = [
  'category_id',
  'category',
  'name',
  'sku',
  'barcode',
  'unit_id',
  'supplier_id',
  'stock_quantity',
  ...ITEM_CSV_COLUMNS,
] as const;

/** The reason a stock change through the back office gets when the form gives none. */
export const DEFAULT_STOCK_REASON = 'adjustment';

/** GET /api/products/inventory: the stock of each product (the list dialect: page, sort, filter, search). */
export const inventoryRowSchema = z.object({
  product_id: z.number().int(),
  name: z.string(),
  sku: z.string().nullable(),
  category_id: z.number().int(),
  unit_id: z.number().int().nullable(),
  unit_name: z.string().nullable(),
  stock_quantity: z.number().int(),
  is_active: z.boolean(),
  /** When the stock last changed through a movement; null = never since the product was created. */
  last_movement_at: z.string().nullable(),
});
export type InventoryRow = z.infer<typeof inventoryRowSchema>;
export const inventoryPageSchema = pageSchema(inventoryRowSchema);

/** GET /api/products/inventoriesDetail: stock movements, newest first by default. */
export const inventoryMovementSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  /** Signed: + received, - taken out. */
  change: z.number().int(),
  quantity_after: z.number().int(),
  reason: z.string(),
  note: z.string().nullable(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  created_at: z.string(),
});
export type InventoryMovement = z.infer<typeof inventoryMovementSchema>;
export const inventoryMovementPageSchema = pageSchema(inventoryMovementSchema);
