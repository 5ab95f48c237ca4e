/**
 * Customers in the back office (docs/api.md#endpoints "Customers: /customers, /customers/{id}, /customers/bulk,
 * /customers/import", plus export): a back-office resource (docs/back-office.md, "Customers") beside the sale
 * screen's /pos/customers (contracts/customers.ts), with the same form fields plus the group, the opt-in to
 * messages and the active flag. A phone is stored normalised (dashes, spaces and parentheses stripped,
 * docs/money.md); one active customer per phone and per email (case ignored) in the tenant.
 */
import { z } from 'zod';
import { blankable, customerFields, pagingQuery, queryBoolean } from './customers';
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
  /** The customer's picture (multipart; PNG, JPEG, GIF or WebP by its bytes), served by /customers/avatar/{id}. */
  avatar: z
    .custom<Uint8Array>((value) => value instanceof Uint8Array, 'The picture must be an image file.')
    .meta({ type: 'string', format: 'binary' })
    .optional(),
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

const customerId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** GET /customers/check-membership?customer_id=: the customer's membership and whether it holds today. */
export const checkMembershipQuery = z.strictObject({ customer_id: customerId });
export const membershipCheckSchema = z.object({
  customer_id: z.number().int(),
  membership: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  expires_on: z.iso.date().nullable(),
  /** The membership holds on the store's today (src/domain/membership.ts): its discount applies. */
  holds: z.boolean(),
});
export type MembershipCheck = z.infer<typeof membershipCheckSchema>;

export const POINT_HISTORY_KINDS = ['earn', 'redeem', 'refund', 'void', 'adjust'] as const;

/** GET /customers/historyPoint?customer_id=: every points change, newest first, paged. */
export const pointHistoryQuery = pagingQuery.extend({ customer_id: customerId });
export const pointHistorySchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  /** The reason: earned on a sale, redeemed, taken back by a refund or a void, or adjusted by hand. */
  kind: z.enum(POINT_HISTORY_KINDS),
  points: z.number().int(),
  balance_after: z.number().int(),
  /** The sale it came with, and its invoice number (null for an adjustment). */
  sale_id: z.number().int().nullable(),
  invoice_no: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
});
export type PointHistory = z.infer<typeof pointHistorySchema>;

/** GET /customers/reviews?customer_id= (optional): reviews, newest first, paged. */
export const reviewsQuery = pagingQuery.extend({ customer_id: customerId.optional() });
export const reviewSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  store_id: z.number().int().nullable(),
  sale_id: z.number().int().nullable(),
  employee_id: z.number().int().nullable(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
});
export type Review = z.infer<typeof reviewSchema>;

const RATING_MESSAGE = 'Choose a rating from 1 to 5 stars.';

/** POST /pos/reviews: a customer's rating of a visit (the walk-in review screen, the till). */
export const createReviewBody = z.strictObject({
  customer_id: customerId,
  rating: z.coerce
    .number({ error: RATING_MESSAGE })
    .int(RATING_MESSAGE)
    .min(1, RATING_MESSAGE)
    .max(5, RATING_MESSAGE),
  comment: blankable(z.string().trim().max(2000, 'The comment is at most 2000 characters.')).optional(),
  sale_id: customerId.optional(),
  employee_id: customerId.optional(),
});
export type CreateReviewBody = z.output<typeof createReviewBody>;
