/**
 * The customer kiosk (docs/front-desk.md#the-kiosk: the walk-in self-service pages /pos/walk-in/sign-in,
 * /sign-up, /quick-employees, /quick-services, /review). The kiosk is a tablet nobody logs in to, so it is
 * authorised by a store kiosk token an admin issues (and can revoke) in settings:
 *
 * - the token is sent in the `X-Kiosk-Token` header on every /api/kiosk call (never in a URL: addresses end up
 *   in logs and browser history); it names one store of one tenant, and every answer is about that store;
 * - the route's :storeId must be the token's store (GET /api/kiosk/session tells the screen which store the
 *   token is for, so a tablet paired with another store says so instead of checking people in elsewhere);
 * - the kiosk never reads customers: sign-in by phone answers only that customer's first name, last initial
 *   and an opaque handle, which later calls (check-in, review) send back instead of a customer id;
 * - every /api/kiosk route is rate limited (429 rate_limited with Retry-After).
 *
 * The :isEmp/:isCat/:isService route flags are the screen's business (which steps it shows); the server takes
 * a technician and services when they are sent and does without them when they are not.
 */
import { z } from 'zod';
import { PHONE_MESSAGE } from './customers';
import { normalisePhone } from '../domain/normalise';
import { MAX_WALK_IN_SERVICES } from './walk-ins';

/** Header carrying the kiosk token (lower case: Node's header names). */
export const KIOSK_TOKEN_HEADER = 'x-kiosk-token';

export const KIOSK_PATHS = {
  // ---- settings: admin only (docs/settings.md#kiosk-tokens) ----------------------------------------------
  /** GET: the tenant's tokens (never their secrets); POST: issue one for a store. */
  tokens: '/api/settings/kiosk-tokens',
  /** DELETE: revoke (the kiosk's next call is 401 kiosk_token_revoked). */
  token: '/api/settings/kiosk-tokens/:id',

  // ---- the kiosk (X-Kiosk-Token) ---------------------------------------------------------------------
  /** GET: which store this token is for; a 401 tells the tablet to ask for a token again. */
  session: '/api/kiosk/session',
  /** GET: the store's technicians who take walk-ins, first names only. */
  technicians: '/api/kiosk/technicians',
  /** GET: the store's service categories with their active services. */
  services: '/api/kiosk/services',
  /** POST: a known customer by phone. */
  signIn: '/api/kiosk/sign-in',
  /** POST: a new customer. */
  signUp: '/api/kiosk/sign-up',
  /** POST: the check-in (creates the walk-in; the desk gets a push and every live screen an event). */
  checkIn: '/api/kiosk/check-in',
  /** POST: a review of the visit (/pos/walk-in/review/:storeId). */
  reviews: '/api/kiosk/reviews',
  /**
   * GET (text/event-stream): the store's live events without the TV board (src/contracts/live.ts), so a
   * kiosk's technician list follows clock-ins and walk-ins. Read with fetch: the token is a header.
   */
  events: '/api/kiosk/events',
} as const;

export function kioskTokenPath(id: number): string {
  return KIOSK_PATHS.token.replace(':id', String(id));
}

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const isoDateTime = z.iso.datetime({ offset: true });

/** '' (an empty form field) and null both mean "no value". */
function blankable<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? null : value), schema.nullable());
}

const PHONE_CHARACTERS = /^[0-9+\-\s()]*$/;
const NORMALISED_PHONE = /^\+?\d{4,20}$/;

/** The customers contract's phone rule, required here: a phone is how a kiosk customer is found again. */
const phoneField = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .min(1, PHONE_MESSAGE)
  .max(32, PHONE_MESSAGE)
  .regex(PHONE_CHARACTERS, PHONE_MESSAGE)
  .transform((phone) => normalisePhone(phone))
  .refine((phone) => NORMALISED_PHONE.test(phone), PHONE_MESSAGE);

// ---- settings: kiosk tokens ------------------------------------------------------------------------------

/** POST /api/settings/kiosk-tokens. */
export const issueKioskTokenBody = z.strictObject({
  store_id: id,
  /** Which tablet this is ("Door iPad"), so the right one can be revoked later. */
  label: z
    .string({ error: 'Give the kiosk a name.' })
    .trim()
    .min(1, 'Give the kiosk a name.')
    .max(60, 'The name is at most 60 characters.'),
});
export type IssueKioskTokenBody = z.output<typeof issueKioskTokenBody>;

export const kioskTokenIdParams = z.strictObject({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** A token as the settings list shows it: the server keeps only a hash, so the secret is never listed. */
export const kioskTokenSchema = z.object({
  id,
  store_id: id,
  store_name: z.string(),
  label: z.string(),
  /** The secret's last four characters, to tell tablets apart. */
  hint: z.string(),
  created_at: isoDateTime,
  created_by: z.object({ id, name: z.string() }).nullable(),
  last_used_at: isoDateTime.nullable(),
  /** Set once revoked; a revoked token stays listed (who revoked it and when is worth seeing). */
  revoked_at: isoDateTime.nullable(),
});
export type KioskToken = z.infer<typeof kioskTokenSchema>;

/** The answer of issuing: the only time the secret is shown (copy it to the tablet now). */
export const issuedKioskTokenSchema = kioskTokenSchema.extend({ token: z.string() });
export type IssuedKioskToken = z.infer<typeof issuedKioskTokenSchema>;

// ---- the kiosk: reading ----------------------------------------------------------------------------------

/** GET /api/kiosk/session. */
export const kioskSessionSchema = z.object({
  store: z.object({ id, name: z.string() }),
  /** The store's timezone, so a kiosk shows the store's clock. */
  timezone: z.string(),
});
export type KioskSession = z.infer<typeof kioskSessionSchema>;

/** GET /api/kiosk/technicians: a first name is all a customer needs to pick someone. */
export const kioskTechnicianSchema = z.object({
  id,
  first_name: z.string(),
  /** Clocked in today and not on a break: the kiosk may show the others greyed or hide them. */
  available: z.boolean(),
});
export const kioskTechniciansSchema = z.object({ items: z.array(kioskTechnicianSchema) });
export type KioskTechnician = z.infer<typeof kioskTechnicianSchema>;

/** GET /api/kiosk/services: active service categories of the store, each with its active services. */
export const kioskServiceSchema = z.object({
  id,
  name: z.string(),
  /** Minor units (docs/money.md). */
  price: z.number().int().min(0),
});
export const kioskCategorySchema = z.object({
  id,
  name: z.string(),
  services: z.array(kioskServiceSchema),
});
export const kioskCatalogSchema = z.object({ categories: z.array(kioskCategorySchema) });
export type KioskCategory = z.infer<typeof kioskCategorySchema>;
export type KioskCatalog = z.infer<typeof kioskCatalogSchema>;
export type KioskService = z.infer<typeof kioskServiceSchema>;

// ---- the kiosk: customers --------------------------------------------------------------------------------

/**
 * Who the kiosk is talking to, as little as greeting them takes. `handle` is opaque and short-lived (it
 * names the customer to this token's store for a visit's length and is refused after); it is not an id.
 */
export const kioskCustomerSchema = z.object({
  handle: z.string(),
  first_name: z.string(),
  /** One letter ("L"), or '' when the customer has no last name. */
  last_initial: z.string(),
});
export type KioskCustomer = z.infer<typeof kioskCustomerSchema>;

/** POST /api/kiosk/sign-in. */
export const kioskSignInBody = z.strictObject({ phone: phoneField });
export type KioskSignInBody = z.output<typeof kioskSignInBody>;

/** A phone nobody has is an answer (found: false → the screen offers sign-up), not an error. */
export const kioskSignInSchema = z.discriminatedUnion('found', [
  z.object({ found: z.literal(true), customer: kioskCustomerSchema }),
  z.object({ found: z.literal(false) }),
]);
export type KioskSignIn = z.infer<typeof kioskSignInSchema>;

/** POST /api/kiosk/sign-up. */
export const kioskSignUpBody = z.strictObject({
  first_name: z
    .string({ error: 'Enter the first name.' })
    .trim()
    .min(1, 'Enter the first name.')
    .max(100, 'The first name is at most 100 characters.'),
  last_name: blankable(z.string().trim().max(100, 'The last name is at most 100 characters.')).optional(),
  phone: phoneField,
  email: blankable(z.email('Enter a valid email address.').max(254)).optional(),
  birthday: blankable(z.iso.date('Enter the birthday as YYYY-MM-DD.')).optional(),
});
export type KioskSignUpBody = z.output<typeof kioskSignUpBody>;

/**
 * The customer signed up, or, when the phone was already a customer's, that customer (registered: false):
 * someone typing their own phone on sign-up is signing in, and the kiosk greets them the same way.
 */
export const kioskSignUpSchema = z.object({ customer: kioskCustomerSchema, registered: z.boolean() });
export type KioskSignUp = z.infer<typeof kioskSignUpSchema>;

// ---- the kiosk: check-in and review ----------------------------------------------------------------------

/** POST /api/kiosk/check-in. */
export const kioskCheckInBody = z.strictObject({
  /** Made by the tablet: a check-in sent twice (a retry after a timeout) exists once. */
  uuid: z.uuid('The uuid must be a UUID.'),
  /** From sign-in or sign-up. */
  customer_handle: z.string().min(1).max(512),
  /** The technician asked for (isEmp); none = anyone. */
  technician_id: id.optional(),
  /** The services asked for (isService). */
  service_ids: z.array(id).max(MAX_WALK_IN_SERVICES, `At most ${MAX_WALK_IN_SERVICES} services.`).default([]),
});
export type KioskCheckInBody = z.output<typeof kioskCheckInBody>;

/** What the kiosk says back ("You're checked in, Ann L. — 3 people before you"). */
export const kioskCheckedInSchema = z.object({
  walk_in_id: id,
  first_name: z.string(),
  last_initial: z.string(),
  technician: z.object({ id, first_name: z.string() }).nullable(),
  services: z.array(z.object({ id, name: z.string() })),
  /** Open walk-ins of the store checked in before this one and still waiting. */
  ahead: z.number().int().min(0),
});
export type KioskCheckedIn = z.infer<typeof kioskCheckedInSchema>;

const RATING_MESSAGE = 'Choose a rating from 1 to 5 stars.';

/** POST /api/kiosk/reviews: stars, a comment and the technician (the same rules as POST /api/pos/reviews). */
export const kioskReviewBody = z.strictObject({
  customer_handle: z.string().min(1).max(512),
  rating: z
    .number({ error: RATING_MESSAGE })
    .int(RATING_MESSAGE)
    .min(1, RATING_MESSAGE)
    .max(5, RATING_MESSAGE),
  comment: blankable(z.string().trim().max(2000, 'The comment is at most 2000 characters.')).optional(),
  technician_id: id.optional(),
});
export type KioskReviewBody = z.output<typeof kioskReviewBody>;

export const kioskReviewSchema = z.object({ id, created_at: isoDateTime });
export type KioskReview = z.infer<typeof kioskReviewSchema>;
