/**
 * Services (docs/api.md#endpoints "Services: /services, /services/{id}, /services/{id}/ordering,
 * /services/bulk, services/import, /pos/services, /pos/services/walkin-services"): what the salon sells by
 * the technician's time. A back-office resource (docs/back-office.md, docs/back-office-catalog.md); the list,
 * import, export and bulk shapes are src/contracts/resource.ts, the fields it shares with products and kits
 * src/contracts/catalog.ts.
 *
 * A service sits in one of the store's service categories, named by `category_id` or, in a CSV file, by the
 * category's name (`category`). `cost` is the supply fee deducted before commission (docs/money.md §11);
 * `commission_rate` null = the employee's rate; `turn_value` is what the service counts on the turn board.
 */
import { z } from 'zod';
import { blankable } from './customers';
import {
  ITEM_CSV_COLUMNS,
  itemBodyFields,
  itemCategoryFields,
  itemNameField,
  itemRowFields,
  namingCategory,
  wholeNumberField,
} from './catalog';

export const TURN_VALUES = ['full', 'half', 'none'] as const;
export type TurnValue = (typeof TURN_VALUES)[number];

export const serviceSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  name: z.string(),
  duration_minutes: z.number().int(),
  /** Null: the store's price thresholds decide what a turn for it counts (docs/turns.md "Settings"). */
  turn_value: z.enum(TURN_VALUES).nullable(),
  ...itemRowFields,
});
export type Service = z.infer<typeof serviceSchema>;

const serviceFields = {
  ...itemCategoryFields,
  name: itemNameField,
  duration_minutes: wholeNumberField(1, 24 * 60, 'The duration in minutes'),
  /** '' or null: by the store's price thresholds. */
  turn_value: blankable(z.enum(TURN_VALUES, { error: 'Choose full, half, none or by price.' })).optional(),
  ...itemBodyFields('The supply fee'),
};

export const createServiceBody = namingCategory(
  z.strictObject({ ...serviceFields, duration_minutes: serviceFields.duration_minutes.optional() }),
);
export type CreateServiceBody = z.output<typeof createServiceBody>;
export const updateServiceBody = z.strictObject(serviceFields).partial();
export type UpdateServiceBody = z.output<typeof updateServiceBody>;

/** CSV columns of import and export, in file order (a file names the category by id or by name). */
export const SERVICE_CSV_COLUMNS = [
  'category_id',
  'category',
  'name',
  'duration_minutes',
  'turn_value',
  ...ITEM_CSV_COLUMNS,
] as const;

/** GET /api/pos/services and /pos/services/walkin-services: the store's active services, in order. */
export const posServiceSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  category_name: z.string(),
  name: z.string(),
  price: z.number().int(),
  duration_minutes: z.number().int(),
  taxes: z.string(),
  turn_value: z.enum(TURN_VALUES).nullable(),
});
export type PosService = z.infer<typeof posServiceSchema>;
