/**
 * Coupons (docs/api.md#endpoints "Coupons: /coupons, /coupons/{id}, /coupons/{id}/histories, /coupons/bulk,
 * /pos/coupons/{id}", plus import and export): a discount a customer brings as a code and the till takes as a
 * tender (Coupon 6). A back-office resource (docs/back-office.md "Coupons"); the rules of a use are
 * src/domain/coupons.ts, shared by the sale screen and the server.
 *
 * Bodies arrive as JSON, form strings or CSV cells, so numbers may be strings and a blank is no value.
 * - `code`: normalised as every code is (normaliseCode: anything but ASCII letters, digits and dashes goes)
 *   and upper-cased, so " spring 15! " is SPRING15 and a till typing "spring15" finds it.
 * - `discount_type` Percent 0 (value 0-100) or Amount 1 (value in minor units, docs/money.md).
 * - `starts_at` / `ends_at`: the first and last valid day, inclusive, 'YYYY-MM-DD' (the sale's day in the
 *   store's time zone is compared); `ends_at` never before `starts_at`.
 * - `max_uses` / `max_uses_per_customer`: blank = unlimited. `used_count` is the server's, never sent.
 * - `service_ids`: the tenant's services it discounts; empty = the whole ticket. A CSV cell lists them
 *   separated by spaces or semicolons ("12;15").
 * - `store_id`: the one store of the salon it is valid in; blank = every store.
 */
import { z } from 'zod';
import { DISCOUNT_TYPE } from '../domain/constants';
import { normaliseCode } from '../domain/normalise';
import { minorAmountField, wholeNumberField } from './catalog';
import { blankable, pagingQuery } from './customers';
import { resourceRowSchema } from './resource';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const isoDateTime = z.iso.datetime({ offset: true });

/** Longest code the coupons table takes (its CHECK: 1-64 of A-Z, 0-9 and dashes). */
export const COUPON_CODE_MAX = 64;
/** Most services one coupon names: a salon's whole menu fits, a request stays small. */
export const COUPON_SERVICES_MAX = 200;
/** Largest percentage and usage limit a coupon takes. */
const USES_MAX = 1_000_000_000;

/** The code as it is stored and looked up: normalised, upper-cased. */
export function couponCodeOf(input: string): string {
  return normaliseCode(input).toUpperCase();
}

const CODE_MESSAGE = 'Enter the coupon code: letters, digits and dashes.';

export const couponCodeField = z
  .string({ error: CODE_MESSAGE })
  .transform(couponCodeOf)
  .pipe(
    z
      .string()
      .min(1, CODE_MESSAGE)
      .max(COUPON_CODE_MAX, `The coupon code is at most ${COUPON_CODE_MAX} letters, digits or dashes.`),
  );

const TYPE_MESSAGE = 'Choose percent or amount.';
const discountTypeField = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.coerce
    .number({ error: TYPE_MESSAGE })
    .pipe(
      z.union([z.literal(DISCOUNT_TYPE.PERCENT), z.literal(DISCOUNT_TYPE.AMOUNT)], { error: TYPE_MESSAGE }),
    ),
);

const VALUE_MESSAGE = 'Enter the discount: a percentage from 0 to 100, or an amount.';
const discountValueField = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.coerce.number({ error: VALUE_MESSAGE }).min(0, VALUE_MESSAGE),
);

const PERCENT_MESSAGE = 'A percentage is from 0 to 100, with at most 6 decimals.';
const AMOUNT_MESSAGE = 'An amount is a whole number of cents (minor units).';

/** The discount value's check against its type (Percent 0-100; Amount whole minor units), or null. */
export function couponValueIssue(type: number, value: number): string | null {
  if (type === DISCOUNT_TYPE.PERCENT) {
    const ok = value >= 0 && value <= 100 && Math.round(value * 1e6) === value * 1e6;
    return ok ? null : PERCENT_MESSAGE;
  }
  return Number.isSafeInteger(value) && value >= 0 && value <= 1_000_000_000_00 ? null : AMOUNT_MESSAGE;
}

const DATE_MESSAGE = 'Enter the date as YYYY-MM-DD.';
export const PERIOD_MESSAGE = 'The last day cannot be before the first day.';
const dayField = blankable(z.iso.date(DATE_MESSAGE)).optional();

const usesField = (what: string) => blankable(wholeNumberField(1, USES_MAX, what)).optional();

const SERVICES_MESSAGE = 'Choose services from the list.';
/** Ids from JSON (numbers or strings) or a CSV cell ("12;15" or "12 15"); each once. */
const serviceIdsField = z
  .preprocess(
    (value) => {
      if (value === '' || value === null || value === undefined) return [];
      const list = typeof value === 'string' ? value.split(/[\s;,|]+/).filter((v) => v !== '') : value;
      return Array.isArray(list) ? list.map((v) => (typeof v === 'string' ? Number(v) : v)) : list;
    },
    z
      .array(id, { error: SERVICES_MESSAGE })
      .max(COUPON_SERVICES_MAX, `At most ${COUPON_SERVICES_MAX} services.`),
  )
  .transform((ids) => [...new Set(ids)])
  .optional();

const STORE_MESSAGE = 'Choose a store, or none for every store.';
/** The one store it is valid in, by id (a form's select sends text); blank = every store. */
const storeIdField = blankable(
  z.coerce
    .number({ error: STORE_MESSAGE })
    .int(STORE_MESSAGE)
    .positive(STORE_MESSAGE)
    .max(Number.MAX_SAFE_INTEGER, STORE_MESSAGE),
).optional();

const couponFields = {
  code: couponCodeField,
  name: z.string().trim().max(100, 'The name is at most 100 characters.').optional(),
  discount_type: discountTypeField,
  discount_value: discountValueField,
  min_order_amount: minorAmountField('The minimum spend').optional(),
  max_uses: usesField('The number of uses'),
  max_uses_per_customer: usesField('The uses per customer'),
  service_ids: serviceIdsField,
  store_id: storeIdField,
  starts_at: dayField,
  ends_at: dayField,
  is_active: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: 'Use true or false.' })
    .transform((v) => v === true || v === 'true' || v === '1')
    .optional(),
};

type CouponFieldsOut = {
  discount_type?: number | undefined;
  discount_value?: number | undefined;
  starts_at?: string | null | undefined;
  ends_at?: string | null | undefined;
};

/** Checks across fields, on what the body holds: the value against its type, the period's order. */
function checkAcross(body: CouponFieldsOut, ctx: z.RefinementCtx): void {
  if (body.discount_type !== undefined && body.discount_value !== undefined) {
    const issue = couponValueIssue(body.discount_type, body.discount_value);
    if (issue) {
      const code = body.discount_type === DISCOUNT_TYPE.PERCENT ? 'percent_range' : 'whole_amount';
      ctx.addIssue({ code: 'custom', path: ['discount_value'], message: issue, params: { code } });
    }
  }
  if (body.starts_at && body.ends_at && body.ends_at < body.starts_at) {
    ctx.addIssue({
      code: 'custom',
      path: ['ends_at'],
      message: PERIOD_MESSAGE,
      params: { code: 'period_order' },
    });
  }
}

export const createCouponBody = z.strictObject(couponFields).superRefine(checkAcross);
export type CreateCouponBody = z.output<typeof createCouponBody>;
/** An update: the fields sent change; the server checks a value or a day against the stored other half. */
export const updateCouponBody = z.strictObject(couponFields).partial().superRefine(checkAcross);
export type UpdateCouponBody = z.output<typeof updateCouponBody>;

export const couponSchema = resourceRowSchema({
  code: z.string(),
  name: z.string(),
  discount_type: z.union([z.literal(DISCOUNT_TYPE.PERCENT), z.literal(DISCOUNT_TYPE.AMOUNT)]),
  discount_value: z.number().min(0),
  min_order_amount: z.number().int().min(0),
  max_uses: z.number().int().positive().nullable(),
  max_uses_per_customer: z.number().int().positive().nullable(),
  service_ids: z.array(id),
  /** Uses taken minus uses released (a voided sale's): the server's count, never written by a body. */
  used_count: z.number().int().min(0),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** The one store it is valid in; null = every store of the salon. */
  store_id: id.nullable(),
});
export type Coupon = z.infer<typeof couponSchema>;

/** CSV columns of import and export, in file order. */
export const COUPON_CSV_COLUMNS = [
  'code',
  'name',
  'discount_type',
  'discount_value',
  'min_order_amount',
  'max_uses',
  'max_uses_per_customer',
  'service_ids',
  'starts_at',
  'ends_at',
  'is_active',
  // Last, so a file laid out before coupons had a store still lines up column for column.
  'store_id',
] as const;

// ---- histories ---------------------------------------------------------------------------------------

export const COUPON_HISTORY_KINDS = ['use', 'release'] as const;

/** GET /coupons/{id}/histories (the spec's "Coupon history: coupon_id"): newest first, paged. */
export const couponHistoryQuery = pagingQuery.extend({
  filter: z.strictObject({ kind: z.enum(COUPON_HISTORY_KINDS).optional() }).optional(),
});
export type CouponHistoryQuery = z.output<typeof couponHistoryQuery>;

export const couponHistorySchema = z.object({
  id,
  coupon_id: id,
  /** 'use' took a use for a sale; 'release' gave it back (the sale was voided). */
  kind: z.enum(COUPON_HISTORY_KINDS),
  /** What the coupon took off that sale, minor units. */
  discount_amount: z.number().int().min(0),
  sale_id: id.nullable(),
  customer_id: id.nullable(),
  customer_name: z.string().nullable(),
  store_id: id.nullable(),
  user_id: id.nullable(),
  user_name: z.string().nullable(),
  created_at: isoDateTime,
});
export type CouponHistory = z.infer<typeof couponHistorySchema>;

// ---- the sale screen ---------------------------------------------------------------------------------

/** GET /pos/coupons/{id}: `id` is the coupon's id or its code as typed (normalised like the stored one). */
export const posCouponParams = z.strictObject({
  id: z.string().trim().min(1, 'Give a coupon code or id.').max(80, CODE_MESSAGE),
});
export const posCouponQuery = z.strictObject({
  /** The sale's customer: the answer then counts their uses of the coupon. */
  customer_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

/**
 * What the sale screen needs to offer a coupon (src/domain/coupons.ts reads it as CouponRules): its rules, its
 * uses, the customer's uses when a customer was named, and whether it is usable today in this store before
 * the ticket is known (`refusal`: the code of the first reason it is not, or null). The ticket's own checks
 * (services on it, minimum spend) are the screen's, with the same functions; the sale re-checks everything.
 */
export const posCouponSchema = z.object({
  id,
  code: z.string(),
  name: z.string(),
  discount_type: z.union([z.literal(DISCOUNT_TYPE.PERCENT), z.literal(DISCOUNT_TYPE.AMOUNT)]),
  discount_value: z.number().min(0),
  min_order_amount: z.number().int().min(0),
  service_ids: z.array(id),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  is_active: z.boolean(),
  max_uses: z.number().int().positive().nullable(),
  used_count: z.number().int().min(0),
  /** max_uses − used_count; null = unlimited. */
  remaining_uses: z.number().int().min(0).nullable(),
  max_uses_per_customer: z.number().int().positive().nullable(),
  /** The named customer's uses (uses − releases); null when no customer was named. */
  customer_uses: z.number().int().min(0).nullable(),
  /** The store's day the checks used ('YYYY-MM-DD', the store's time zone). */
  day: z.string(),
  refusal: z.string().nullable(),
});
export type PosCoupon = z.infer<typeof posCouponSchema>;
