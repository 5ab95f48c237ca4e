/**
 * Suppliers (docs/api.md#endpoints "Suppliers: GET and POST /suppliers; GET, POST (update), DELETE
 * /suppliers/{id}; POST /suppliers/bulk", plus import and export): who the store buys products from. A
 * back-office resource (docs/back-office.md); the list, import, export and bulk shapes are
 * src/contracts/resource.ts.
 */
import { z } from 'zod';
import { nameField, optionalText, resourceRowSchema } from './resource';
import { blankable, PHONE_MESSAGE, queryBoolean } from './customers';

export const supplierSchema = resourceRowSchema({
  name: z.string(),
  contact_name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  note: z.string().nullable(),
});
export type Supplier = z.infer<typeof supplierSchema>;

const supplierFields = {
  name: nameField(150),
  contact_name: optionalText(150, 'The contact name'),
  phone: blankable(
    z
      .string()
      .trim()
      .max(32, PHONE_MESSAGE)
      .regex(/^\+?[0-9\-\s().]{4,32}$/, PHONE_MESSAGE),
  ).optional(),
  email: blankable(z.email('Enter a valid email address.').max(254)).optional(),
  address: optionalText(500, 'The address'),
  note: optionalText(2000, 'The note'),
  is_active: queryBoolean.optional(),
};

export const createSupplierBody = z.strictObject(supplierFields);
export type CreateSupplierBody = z.output<typeof createSupplierBody>;
export const updateSupplierBody = z.strictObject(supplierFields).partial();
export type UpdateSupplierBody = z.output<typeof updateSupplierBody>;

/** CSV columns of import and export, in file order. */
export const SUPPLIER_CSV_COLUMNS = [
  'name',
  'contact_name',
  'phone',
  'email',
  'address',
  'note',
  'is_active',
] as const;
