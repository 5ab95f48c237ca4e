/**
 * /api/categories (docs/api.md#endpoints "Categories: /categories CRUD (create/update multipart) and /bulk",
 * plus import and export): a config of the resource factory (docs/back-office.md). Create and update take an
 * optional image (multipart), stored under the media directory. A category that services or products are
 * still listed under cannot be deleted.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  CATEGORY_CSV_COLUMNS,
  CATEGORY_TYPES,
  categorySchema,
  createCategoryBody,
  updateCategoryBody,
} from '../../../contracts/categories';
import { booleanFilter, listFilter, lowerOf } from '../../db/list-query';
import { categories, products, services } from '../../db/schema/catalog';
import { saveImage } from '../../resources/media';
import { defineResource, registerResource, usedBy } from '../../resources/resource-factory';
import { fieldValues } from '../../resources/resource-repository';
import {
  activeRowFields,
  BACK_OFFICE_STORE,
  timestampSorts,
  uniqueName,
} from '../../resources/resource-parts';
import type { WriteContext } from '../../resources/resource-config';
import { z } from 'zod';

export const DUPLICATE_CATEGORY_MESSAGE = 'A category of this type with this name already exists.';
/** Directory of category images under the media root. */
export const CATEGORY_IMAGE_DIR = 'categories';

const CATEGORY_FIELDS = activeRowFields({
  type: 'type',
  name: 'name',
  image_path: 'imagePath',
  display_order: 'displayOrder',
});

/** The body's fields as columns (the plain mapping); an image is stored and its path kept. */
async function categoryValues(body: { image?: Uint8Array }, { auth, request }: WriteContext) {
  return {
    ...fieldValues<typeof categories.$inferInsert>(CATEGORY_FIELDS, body),
    ...(body.image !== undefined
      ? {
          imagePath: await saveImage(
            request.server.mediaDir,
            CATEGORY_IMAGE_DIR,
            auth.tenantId,
            body.image,
            'image',
          ),
        }
      : {}),
  };
}

export const CATEGORY_RESOURCE = defineResource({
  name: 'categories',
  label: 'Category',
  table: categories,
  ...BACK_OFFICE_STORE,
  row: categorySchema,
  fields: CATEGORY_FIELDS,
  createBody: createCategoryBody,
  updateBody: updateCategoryBody,
  toValues: categoryValues,
  list: {
    sort: {
      display_order: [categories.displayOrder, lowerOf(categories.name)],
      name: lowerOf(categories.name),
      type: categories.type,
      ...timestampSorts(categories),
    },
    defaultSort: 'display_order',
    tiebreak: categories.id,
    filters: {
      type: listFilter(z.enum(CATEGORY_TYPES), (type) => eq(categories.type, type)),
      is_active: booleanFilter(categories.isActive),
    },
    search: [categories.name],
  },
  unique: [
    uniqueName(categories.name, 'categories_store_type_name_key', DUPLICATE_CATEGORY_MESSAGE, [
      categories.type,
    ]),
  ],
  inUse: usedBy(
    { resource: 'services', table: services, column: services.categoryId },
    { resource: 'products', table: products, column: products.categoryId },
  ),
  active: categories.isActive,
  importColumns: CATEGORY_CSV_COLUMNS,
});

export function registerCategoryRoutes(app: FastifyInstance): void {
  registerResource(app, CATEGORY_RESOURCE);
}
