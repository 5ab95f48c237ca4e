/**
 * Units (docs/api.md#endpoints "/units CRUD and /bulk"): what a product is counted in ('Bottle', 'Box'). A
 * back-office resource (docs/back-office.md): the list, import, export and bulk shapes are
 * src/contracts/resource.ts; these are the row and its form. Bodies arrive as JSON, multipart or CSV cells,
 * so values may be strings.
 */
import { z } from 'zod';
import { nameField, resourceRowSchema } from './resource';
import { blankable, queryBoolean } from './customers';

export const unitSchema = resourceRowSchema({
  name: z.string(),
  abbreviation: z.string().nullable(),
});
export type Unit = z.infer<typeof unitSchema>;

const unitFields = {
  name: nameField(100),
  abbreviation: blankable(z.string().trim().max(20, 'The abbreviation is at most 20 characters.')).optional(),
  is_active: queryBoolean.optional(),
};

export const createUnitBody = z.strictObject(unitFields);
export type CreateUnitBody = z.output<typeof createUnitBody>;
export const updateUnitBody = z.strictObject(unitFields).partial();
export type UpdateUnitBody = z.output<typeof updateUnitBody>;

/** CSV columns of import and export, in file order. */
export const UNIT_CSV_COLUMNS = ['name', 'abbreviation', 'is_active'] as const;
