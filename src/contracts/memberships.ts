/**
 * Memberships (docs/api.md#endpoints "Memberships: /memberships, /memberships/{id}, /memberships/bulk,
 * /memberships/{id}/histories", plus import and export): the levels a customer can hold, each with the
 * order's membership discount (docs/sales.md#the-order: Percent=0, Amount=1), a price, a duration and the
 * benefits as the salon words them. A back-office resource (docs/back-office.md, "Memberships"); the list,
 * import, export and bulk shapes are src/contracts/resource.ts.
 */
import { z } from 'zod';
import { DISCOUNT_TYPE } from '../domain/constants';
import { minorAmountField, wholeNumberField } from './catalog';
import { blankable, pagingQuery, queryBoolean } from './customers';
import { nameField, optionalText, resourceRowSchema } from './resource';

export const MEMBERSHIP_DISCOUNT_TYPES = [DISCOUNT_TYPE.PERCENT, DISCOUNT_TYPE.AMOUNT] as const;

/** Longest a membership runs (months), the table's CHECK. */
export const MAX_MEMBERSHIP_MONTHS = 120;

export const membershipSchema = resourceRowSchema({
  name: z.string(),
  discount_type: z.union([z.literal(DISCOUNT_TYPE.PERCENT), z.literal(DISCOUNT_TYPE.AMOUNT)]),
  /** Percent: a percentage 0-100. Amount: minor units. */
  discount_value: z.number(),
  /** What joining or renewing costs, minor units (0 = a free loyalty level). */
  price: z.number().int(),
  /** Months it holds from joining or renewing; null = until removed. */
  duration_months: z.number().int().nullable(),
  benefits: z.string().nullable(),
  points_per_unit: z.number().int(),
  points_unit_amount: z.number().int(),
});
export type Membership = z.infer<typeof membershipSchema>;

const DISCOUNT_PERCENT_MESSAGE = 'A percentage is from 0 to 100.';
const DISCOUNT_AMOUNT_MESSAGE = 'An amount is a whole number of cents.';

const membershipFields = {
  name: nameField(100),
  discount_type: wholeNumberField(0, 1, 'The discount type').optional(),
  discount_value: z
    .preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      z.coerce.number({ error: DISCOUNT_PERCENT_MESSAGE }).min(0, DISCOUNT_PERCENT_MESSAGE),
    )
    .optional(),
  price: minorAmountField('The price').optional(),
  duration_months: blankable(wholeNumberField(1, MAX_MEMBERSHIP_MONTHS, 'The duration in months')).optional(),
  benefits: optionalText(1000, 'The benefits'),
  points_per_unit: wholeNumberField(0, 1000, 'The points per unit').optional(),
  points_unit_amount: wholeNumberField(1, 1_000_000_00, 'The amount per point').optional(),
  is_active: queryBoolean.optional(),
};

/**
 * The problem with a discount, or null (the table's CHECK, said first): a percentage is 0-100, an amount
 * whole minor units. An update checks the type and value it would leave stored (the server's toUpdate).
 */
export function membershipDiscountProblem(type: number, value: number): string | null {
  if (type === DISCOUNT_TYPE.PERCENT) return value > 100 ? DISCOUNT_PERCENT_MESSAGE : null;
  return Number.isInteger(value) ? null : DISCOUNT_AMOUNT_MESSAGE;
}

const membershipObject = z.strictObject(membershipFields);

export const createMembershipBody = membershipObject.superRefine((body, ctx) => {
  const problem = membershipDiscountProblem(
    body.discount_type ?? DISCOUNT_TYPE.PERCENT,
    body.discount_value ?? 0,
  );
  if (problem) {
    // The words the screen shows are its own, by this code (admin.json validation.percent_range, whole_amount).
    const code = body.discount_type === DISCOUNT_TYPE.AMOUNT ? 'whole_amount' : 'percent_range';
    ctx.addIssue({ code: 'custom', path: ['discount_value'], message: problem, params: { code } });
  }
});
export type CreateMembershipBody = z.output<typeof createMembershipBody>;
export const updateMembershipBody = membershipObject.partial();
export type UpdateMembershipBody = z.output<typeof updateMembershipBody>;

/** CSV columns of import and export, in file order. */
export const MEMBERSHIP_CSV_COLUMNS = [
  'name',
  'discount_type',
  'discount_value',
  'price',
  'duration_months',
  'benefits',
  'points_per_unit',
  'points_unit_amount',
  'is_active',
] as const;

// The kinds the table allows (membership_histories_kind_known in db/schema/ledger-histories.ts).
export const MEMBERSHIP_HISTORY_KINDS = ['join', 'renew', 'change', 'leave'] as const;

const isoDateTime = z.iso.datetime({ offset: true });

/**
 * GET /memberships/{id}/histories (a page of them): who joined, renewed, changed to or left the membership, newest first,
 * with the customer's name, what they paid (minor units) and the expiry it set (null = no end).
 */
export const membershipHistorySchema = z.object({
  id: z.number().int(),
  membership_id: z.number().int(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  kind: z.enum(MEMBERSHIP_HISTORY_KINDS),
  price: z.number().int(),
  starts_on: z.iso.date(),
  ends_on: z.iso.date().nullable(),
  user_id: z.number().int().nullable(),
  note: z.string().nullable(),
  created_at: isoDateTime,
});
export type MembershipHistory = z.infer<typeof membershipHistorySchema>;

/** GET /memberships/{id}/histories' query: paging and the kind. */
export const membershipHistoryQuery = pagingQuery.extend({
  filter: z.strictObject({ kind: z.enum(MEMBERSHIP_HISTORY_KINDS).optional() }).optional(),
});
export type MembershipHistoryQuery = z.output<typeof membershipHistoryQuery>;
