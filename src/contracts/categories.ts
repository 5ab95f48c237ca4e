/**
 * Categories (docs/api.md#endpoints "Categories: /categories CRUD (create/update multipart) and /bulk", plus
 * import and export): the groups services and products are listed under on the sale screen. A back-office
 * resource (docs/back-office.md); the list, import, export and bulk shapes are src/contracts/resource.ts.
 *
 * Create and update are multipart (JSON works too): fields arrive as strings, `image` as a file (PNG, JPEG,
 * GIF or WebP). A category's name is unique per type in its store, whatever its case.
 */
import { z } from 'zod';
import { nameField, resourceRowSchema } from './resource';
import { queryBoolean } from './customers';

export const CATEGORY_TYPES = ['service', 'product'] as const;

export const categorySchema = resourceRowSchema({
  type: z.enum(CATEGORY_TYPES),
  name: z.string(),
  /** Relative media path of the picture (GET /api/media?path=...), or null. */
  image_path: z.string().nullable(),
  display_order: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

const categoryFields = {
  type: z.enum(CATEGORY_TYPES, { error: 'Choose service or product.' }),
  name: nameField(100),
  display_order: z.coerce
    .number({ error: 'Enter a whole number.' })
    .int('Enter a whole number.')
    .min(0, 'The order is 0 or more.')
    .max(1_000_000, 'The order is at most 1000000.')
    .optional(),
  is_active: queryBoolean.optional(),
  image: z
    .custom<Uint8Array>((value) => value instanceof Uint8Array, 'The image must be an image file.')
    // How the OpenAPI document shows a file part (a custom type has no JSON Schema of its own).
    .meta({ type: 'string', format: 'binary' })
    .optional(),
};

export const createCategoryBody = z.strictObject(categoryFields);
export type CreateCategoryBody = z.output<typeof createCategoryBody>;
export const updateCategoryBody = z.strictObject(categoryFields).partial();
export type UpdateCategoryBody = z.output<typeof updateCategoryBody>;

/** CSV columns of import and export, in file order (images are not imported). */
export const CATEGORY_CSV_COLUMNS = ['type', 'name', 'display_order', 'is_active'] as const;
