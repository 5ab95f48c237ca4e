/**
 * POS customer requests and responses (docs/sales.md#the-sale-screen sale screen: "GET active customers for
 * POS; GET customer details by {id}; POST create customer and POST update customer by {id}, both multipart";
 * docs/api.md#endpoints /pos/customers, /pos/customers/{id}), shared by the client and the server.
 *
 * Also the small list-query helpers the POS lists share (sort terms, query booleans), kept here until the
 * list conventions of envelope.ts grow them.
 *
 * Bodies arrive as JSON or multipart: multipart fields are strings, so ids are coerced and an empty string
 * means "no value" (it clears the field on update). The phone is normalised (docs/money.md: dashes, spaces
 * and parentheses stripped) before anything else sees it; the server stores and searches that form.
 */
import { z } from 'zod';
import { DISCOUNT_TYPE } from '../domain/constants';
import { normalisePhone } from '../domain/normalise';
import { listQuerySchema, pageSchema, sortSchema } from './envelope';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const isoDateTime = z.iso.datetime({ offset: true });

// ---- list-query helpers ------------------------------------------------------------------------------

// The sort parser is the list dialect's (envelope.ts sortSchema).

/** A query-string boolean: true/false/1/0 (a JSON boolean too, for callers that build queries as objects). */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], {
    error: 'Use true or false.',
  })
  .transform((value) => value === true || value === 'true' || value === '1');

/** The paging part of a list query (envelope.ts conventions: page, per_page default 15). */
export const pagingQuery = listQuerySchema.pick({ page: true, per_page: true });

// ---- requests ----------------------------------------------------------------------------------------

export const customerIdParams = z.strictObject({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const customerListQuery = pagingQuery.extend({
  sort: sortSchema(['name', 'first_name', 'last_name', 'phone', 'created_at', 'point_balance']).optional(),
  filter: z
    .strictObject({
      /** Name or phone: a phone is matched in its normalised form, a name on first, last or full name. */
      search: z.string().trim().max(100).optional(),
      name: z.string().trim().max(100).optional(),
      phone: z.string().trim().max(32).optional(),
      membership_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    })
    .optional(),
  /** Shorthand for filter[search] (what a POS search box sends). */
  search: z.string().trim().max(100).optional(),
});
export type CustomerListQuery = z.output<typeof customerListQuery>;

/** '' (an empty form field) and null both mean "no value". */
export function blankable<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? null : value), schema.nullable());
}

const PHONE_CHARACTERS = /^[0-9+\-\s()]*$/;
const NORMALISED_PHONE = /^\+?\d{4,20}$/;
export const PHONE_MESSAGE = 'Enter a valid phone number (digits, with an optional leading +).';

const phoneField = blankable(
  z
    .string()
    .trim()
    .max(32, PHONE_MESSAGE)
    .regex(PHONE_CHARACTERS, PHONE_MESSAGE)
    .transform((phone) => normalisePhone(phone))
    .refine((phone) => NORMALISED_PHONE.test(phone), PHONE_MESSAGE),
);

/** Tomorrow in UTC: "today" depends on the store's time zone, and a birthday today must never be refused. */
function latestBirthday(): string {
  return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
}

const birthdayField = blankable(
  z.iso
    .date('Enter the birthday as YYYY-MM-DD.')
    .refine((date) => date >= '1900-01-01', 'The birthday must be after 1900.')
    .refine((date) => date <= latestBirthday(), 'The birthday cannot be in the future.'),
);

/** The fields a customer's form has, shared by the POS form and the back office's (customers-admin.ts). */
export const customerFields = {
  first_name: z
    .string({ error: 'Enter the first name.' })
    .trim()
    .min(1, 'Enter the first name.')
    .max(100, 'The first name is at most 100 characters.'),
  last_name: blankable(z.string().trim().max(100, 'The last name is at most 100 characters.')).optional(),
  phone: phoneField.optional(),
  email: blankable(z.email('Enter a valid email address.').max(254)).optional(),
  birthday: birthdayField.optional(),
  notes: blankable(z.string().trim().max(2000, 'Notes are at most 2000 characters.')).optional(),
  membership_id: blankable(
    z.coerce
      .number({ error: 'Choose a membership.' })
      .int('Choose a membership.')
      .positive('Choose a membership.')
      .max(Number.MAX_SAFE_INTEGER, 'Choose a membership.'),
  ).optional(),
};

/** POST /api/pos/customers (JSON or multipart). */
export const createCustomerBody = z.strictObject(customerFields);
export type CreateCustomerBody = z.output<typeof createCustomerBody>;

/** POST /api/pos/customers/{id}: fields left out stay; '' or null clears an optional one. */
export const updateCustomerBody = z.strictObject({
  ...customerFields,
  first_name: customerFields.first_name.optional(),
});
export type UpdateCustomerBody = z.output<typeof updateCustomerBody>;

// ---- responses ---------------------------------------------------------------------------------------

export const discountValueSchema = z.object({
  type: z.union([z.literal(DISCOUNT_TYPE.PERCENT), z.literal(DISCOUNT_TYPE.AMOUNT)]),
  /** Percent: a percentage (0-100). Amount: minor units. */
  value: z.number().min(0),
});

/** A membership as the sale screen applies it (the order's membership discount, docs/sales.md#the-order). */
export const customerMembershipSchema = z.object({
  id,
  name: z.string(),
  discount: discountValueSchema,
  /** Points rule: floor(spent / points_unit_amount) × points_per_unit. */
  points_per_unit: z.number().int().min(0),
  points_unit_amount: z.number().int().positive(),
  /**
   * The last day the customer's membership holds (null = no end); a sale takes its discount only while it
   * holds (src/domain/membership.ts).
   */
  expires_on: z.iso.date().nullable().optional(),
});
export type CustomerMembership = z.infer<typeof customerMembershipSchema>;

export const customerListItemSchema = z.object({
  id,
  first_name: z.string(),
  last_name: z.string(),
  /** First and last name, as the sale screen shows it (OrderCustomer.name). */
  name: z.string(),
  /** Normalised (docs/money.md). */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  birthday: z.iso.date().nullable(),
  point_balance: z.number().int().min(0),
  membership: customerMembershipSchema.nullable(),
});
export type CustomerListItem = z.infer<typeof customerListItemSchema>;

/**
 * A text search (search, filter[search|name|phone]) counts at most this many matches
 * (docs/sales.md#finding-a-customer): past it the till says "100+" and asks for more letters, and the server
 * never reads every match of a broad term.
 */
export const CUSTOMER_SEARCH_COUNT_CAP = 100;

/** GET /api/pos/customers: a page of the list dialect plus whether its total was capped. */
export const customerSearchPageSchema = pageSchema(customerListItemSchema).extend({
  /**
   * true: more than `total` (= CUSTOMER_SEARCH_COUNT_CAP) customers match, and the pages hold 100 of them (the
   * first the index gave), in the asked order; false: `total` is exact, and so are the order and the pages.
   */
  total_capped: z.boolean(),
});
export type CustomerSearchPage = z.infer<typeof customerSearchPageSchema>;

export const customerGiftcardSchema = z.object({
  id,
  number: z.string(),
  balance: z.number().int().min(0),
  is_active: z.boolean(),
  expires_at: isoDateTime.nullable(),
});

export const customerDetailSchema = customerListItemSchema.extend({
  notes: z.string().nullable(),
  is_active: z.boolean(),
  /** The store that created the customer (customers belong to the tenant, docs/sales.md#the-order). */
  store_id: id.nullable(),
  giftcards: z.array(customerGiftcardSchema),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/** The order's customer (domain OrderCustomer), as sale init hands it to the sale screen. */
export const orderCustomerSchema = z.object({
  id,
  name: z.string(),
  telephone: z.string().optional(),
  point_balance: z.number().int().min(0),
  membership: z
    .object({
      id,
      name: z.string(),
      discount: discountValueSchema,
      expires_on: z.iso.date().nullable().optional(),
    })
    .nullable(),
});
export type OrderCustomerView = z.infer<typeof orderCustomerSchema>;
