/**
 * Customers in the back office (docs/api.md#endpoints "Customers: /customers, /customers/{id}, /customers/bulk,
 * /customers/import", plus export): a back-office resource (docs/back-office.md, "Customers") beside the sale
 * screen's /pos/customers (contracts/customers.ts), with the same form fields plus the group, the opt-in to
 * messages and the active flag. A phone is stored normalised (dashes, spaces and parentheses stripped,
 * docs/money.md); one active customer per phone and per email (case ignored) in the tenant.
 */
import { z } from 'zod';
import { blankable, customerFields, queryBoolean } from './customers';
import { resourceRowSchema } from './resource';

export const adminCustomerSchema = resourceRowSchema({
  first_name: z.string(),
  last_name: z.string(),
  /** First and last name, as the till shows it. */
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  birthday: z.iso.date().nullable(),
  notes: z.string().nullable(),
  customer_group_id: z.number().int().nullable(),
  membership_id: z.number().int().nullable(),
  /** The membership's last day (null = no end or none); set from its duration when it is joined. */
  membership_expires_on: z.iso.date().nullable(),
  /** Changed only by sales and point adjustments, each with its history row: never a form field. */
  point_balance: z.number().int(),
  accepts_messages: z.boolean(),
  /** The picture's media path (GET /api/customers/avatar/{id} serves it), or null. */
  avatar_path: z.string().nullable(),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

const CHOOSE_GROUP = 'Choose a customer group.';

const adminCustomerFields = {
  ...customerFields,
  customer_group_id: blankable(
    z.coerce
      .number({ error: CHOOSE_GROUP })
      .int(CHOOSE_GROUP)
      .positive(CHOOSE_GROUP)
      .max(Number.MAX_SAFE_INTEGER, CHOOSE_GROUP),
  ).optional(),
  accepts_messages: queryBoolean.optional(),
  is_active: queryBoolean.optional(),
};

export const createAdminCustomerBody = z.strictObject(adminCustomerFields);
export type CreateAdminCustomerBody = z.output<typeof createAdminCustomerBody>;
export const updateAdminCustomerBody = z.strictObject(adminCustomerFields).partial();
export type UpdateAdminCustomerBody = z.output<typeof updateAdminCustomerBody>;

/** CSV columns of import and export, in file order. */
export const CUSTOMER_CSV_COLUMNS = [
  'first_name',
  'last_name',
  'phone',
  'email',
  'birthday',
  'customer_group_id',
  'membership_id',
  'notes',
  'accepts_messages',
  'is_active',
] as const;

/** `details.conflict` of a 409 `duplicate` on a phone or email: the customer who has it, to open. */
export const customerConflictSchema = z.object({ field: z.enum(['phone', 'email']), id: z.number().int() });
export type CustomerConflict = z.infer<typeof customerConflictSchema>;
