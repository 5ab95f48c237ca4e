/**
 * Product kits (docs/api.md#endpoints "Product kits: /productkits CRUD, /bulk, POST /import multipart", plus
 * export): products sold together as one item at the kit's own price and taxes. A back-office resource
 * (docs/back-office.md, docs/back-office-catalog.md); the fields it shares with services and products are
 * src/contracts/catalog.ts. A kit's SKU is unique in the store. Its items (products of the store and their
 * quantities) are read and replaced as one list through /productkits/{id}/items.
 */
import { z } from 'zod';
import {
  ITEM_CSV_COLUMNS,
  itemBodyFields,
  itemCodeField,
  itemNameField,
  itemRowFields,
  refIdField,
  wholeNumberField,
} from './catalog';

export const productKitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string().nullable(),
  ...itemRowFields,
});
export type ProductKit = z.infer<typeof productKitSchema>;

const productKitFields = {
  name: itemNameField,
  sku: itemCodeField('The SKU'),
  ...itemBodyFields('The cost'),
};

export const createProductKitBody = z.strictObject(productKitFields);
export type CreateProductKitBody = z.output<typeof createProductKitBody>;
export const updateProductKitBody = z.strictObject(productKitFields).partial();
export type UpdateProductKitBody = z.output<typeof updateProductKitBody>;

/** CSV columns of import and export, in file order. */
export const PRODUCT_KIT_CSV_COLUMNS = ['name', 'sku', ...ITEM_CSV_COLUMNS] as const;

/** The most products one kit holds. */
export const MAX_KIT_ITEMS = 100;

/** PUT /api/productkits/{id}/items: the kit's whole list of products, each once. */
export const kitItemsBody = z.strictObject({
  items: z
    .array(
      z.strictObject({
        product_id: refIdField('a product'),
        quantity: wholeNumberField(1, 10_000, 'The quantity'),
      }),
      { error: 'List the products of the kit.' },
    )
    .max(MAX_KIT_ITEMS, `A kit holds at most ${MAX_KIT_ITEMS} products.`)
    .refine(
      (items) => new Set(items.map((i) => i.product_id)).size === items.length,
      'List each product once, with its quantity.',
    ),
});
export type KitItemsBody = z.output<typeof kitItemsBody>;

export const kitItemSchema = z.object({
  product_id: z.number().int(),
  name: z.string(),
  sku: z.string().nullable(),
  quantity: z.number().int(),
});
export type KitItem = z.infer<typeof kitItemSchema>;
export const kitItemsSchema = z.object({ kit_id: z.number().int(), items: z.array(kitItemSchema) });
export type KitItems = z.infer<typeof kitItemsSchema>;
