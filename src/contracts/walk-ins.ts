/**
 * Walk-in check-in requests and responses (docs/front-desk.md "check customers in as walk-ins" and the
 * walk-in register form: "user_id, title, customer_name, customer_id, telephone, notes, effective_start,
 * effective_end, point_balance, a booking_appt_service list, and customer_info (first_name, last_name, email,
 * birthday, telephone, action defaulting to register)"; docs/front-desk.md /pos/walk-in,
 * /pos/walk-in/group-by-employee), shared by the client and the server.
 *
 * The body is read for what the customer or the desk chose (who, which technician, which services); the
 * services' names, taxes and prices come from the store's catalog and the point balance from the customer
 * row, so `service_name`, `taxes`, `unit_price` and `point_balance` are accepted (the form holds them) and
 * never trusted. Empty form fields ('') mean "no value". Phones are normalised as customers' are
 * (docs/money.md).
 */
import { z } from 'zod';
import { createCustomerBody, pagingQuery, PHONE_MESSAGE } from './customers';
import { normalisePhone } from '../domain/normalise';
import {
  WALK_IN_ACTION,
  WALK_IN_ACTION_VALUES,
  WALK_IN_STATUS,
  WALK_IN_STATUS_VALUES,
} from '../domain/walk-in-status';
import type { WalkInAction, WalkInStatusValue } from '../domain/walk-in-status';

export const WALK_IN_PATHS = {
  list: '/api/pos/walk-in',
  groupByEmployee: '/api/pos/walk-in/group-by-employee',
  /** One walk-in (GET) and its lifecycle moves (POST), docs/front-desk.md#walk-in-lifecycle. */
  one: '/api/pos/walk-in/:id',
  assign: '/api/pos/walk-in/:id/assign',
  unassign: '/api/pos/walk-in/:id/unassign',
  start: '/api/pos/walk-in/:id/start',
  finish: '/api/pos/walk-in/:id/done',
  leave: '/api/pos/walk-in/:id/left',
  noShow: '/api/pos/walk-in/:id/no-show',
} as const;

/** A lifecycle path with its id filled in (the client builds URLs with this, never by hand). */
export function walkInPath(
  path: Exclude<keyof typeof WALK_IN_PATHS, 'list' | 'groupByEmployee'>,
  id: number,
): string {
  return WALK_IN_PATHS[path].replace(':id', String(id));
}

// The statuses and which moves each allows are rules, shared with the desk's screen: src/domain/walk-in-status.ts.
export { WALK_IN_ACTION, WALK_IN_ACTION_VALUES, WALK_IN_STATUS, WALK_IN_STATUS_VALUES };
export type { WalkInAction, WalkInStatusValue };

/** The key of the group of walk-ins who asked for no technician in particular. */
export const ANY_EMPLOYEE_GROUP = 'any';

/** Services one walk-in may ask for: a visit, not a catalog export. */
export const MAX_WALK_IN_SERVICES = 20;

export const CUSTOMER_NAME_MESSAGE = "Enter the customer's name.";
export const FIRST_NAME_MESSAGE = 'Enter the first name.';
export const EITHER_CUSTOMER_MESSAGE = 'Choose an existing customer or register a new one, not both.';
export const EFFECTIVE_ORDER_MESSAGE = 'The end cannot be before the start.';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const queryId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const isoDateTime = z.iso.datetime({ offset: true });

/** '' (an empty form field) and null both mean "no value". */
function blankable<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? null : value), schema.nullable());
}

const PHONE_CHARACTERS = /^[0-9+\-\s()]*$/;
const NORMALISED_PHONE = /^\+?\d{4,20}$/;

/** The customers contract's phone rule: the same characters allowed, the same stored form. */
const telephoneField = blankable(
  z
    .string()
    .trim()
    .max(32, PHONE_MESSAGE)
    .regex(PHONE_CHARACTERS, PHONE_MESSAGE)
    .transform((phone) => normalisePhone(phone))
    .refine((phone) => NORMALISED_PHONE.test(phone), PHONE_MESSAGE),
).optional();

const text = (max: number, message: string) => blankable(z.string().trim().max(max, message)).optional();

// ---- requests ----------------------------------------------------------------------------------------

/** One entry of the form's booking_appt_service list; only service_id is read. */
export const walkInServiceInput = z.strictObject({
  service_id: id,
  service_name: z.string().max(200).optional(),
  taxes: z.string().max(100).optional(),
  unit_price: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

/** customer_info: a new customer to register with the check-in (docs/front-desk.md: action defaults to register). */
export const walkInCustomerInfo = z.strictObject({
  first_name: blankable(z.string().trim().max(100, 'The first name is at most 100 characters.')).optional(),
  last_name: createCustomerBody.shape.last_name,
  email: createCustomerBody.shape.email,
  birthday: createCustomerBody.shape.birthday,
  telephone: telephoneField,
  /** The spec names only 'register'. */
  action: z.enum(['register'], { error: "The action must be 'register'." }).default('register'),
});
export type WalkInCustomerInfo = z.output<typeof walkInCustomerInfo>;

/** customer_info asks for a registration: action register and at least one field filled in. */
export function registersCustomer(info: WalkInCustomerInfo | undefined): info is WalkInCustomerInfo {
  if (!info || info.action !== 'register') return false;
  return [info.first_name, info.last_name, info.email, info.birthday, info.telephone].some(
    (v) => v !== null && v !== undefined,
  );
}

/**
 * POST /api/pos/walk-in: the register form. The customer is one of: an existing customer (customer_id), a
 * new one (customer_info, registered with the check-in), or just a name to call (customer_name).
 */
export const createWalkInBody = z
  .strictObject({
    /** Client-made id of this check-in (optional): a second create with it answers the first walk-in. */
    uuid: z.uuid('The uuid must be a UUID.').optional(),
    /** The requested technician; none = any. */
    user_id: blankable(id).optional(),
    title: text(100, 'The title is at most 100 characters.'),
    customer_name: text(200, "The customer's name is at most 200 characters."),
    customer_id: blankable(id).optional(),
    telephone: telephoneField,
    notes: text(2000, 'Notes are at most 2000 characters.'),
    effective_start: blankable(isoDateTime).optional(),
    effective_end: blankable(isoDateTime).optional(),
    /** Shown on the form; the customer row's balance is the truth, so this is never read. */
    point_balance: blankable(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)).optional(),
    booking_appt_service: z
      .array(walkInServiceInput)
      .max(MAX_WALK_IN_SERVICES, `At most ${MAX_WALK_IN_SERVICES} services.`)
      .default([]),
    customer_info: walkInCustomerInfo.optional(),
  })
  .superRefine((body, ctx) => {
    const registering = registersCustomer(body.customer_info);
    if (registering && body.customer_id) {
      ctx.addIssue({ code: 'custom', path: ['customer_info'], message: EITHER_CUSTOMER_MESSAGE });
    }
    if (registering && !body.customer_id && !body.customer_info?.first_name) {
      ctx.addIssue({ code: 'custom', path: ['customer_info', 'first_name'], message: FIRST_NAME_MESSAGE });
    }
    if (!registering && !body.customer_id && !body.customer_name) {
      ctx.addIssue({ code: 'custom', path: ['customer_name'], message: CUSTOMER_NAME_MESSAGE });
    }
    if (
      body.effective_start &&
      body.effective_end &&
      Date.parse(body.effective_end) < Date.parse(body.effective_start)
    ) {
      ctx.addIssue({ code: 'custom', path: ['effective_end'], message: EFFECTIVE_ORDER_MESSAGE });
    }
  });
export type CreateWalkInBody = z.output<typeof createWalkInBody>;

const STATUS_MESSAGE = `Status is one of ${WALK_IN_STATUS_VALUES.join(', ')}.`;

/** filter[status]=waiting, a comma list (waiting,served) or the key repeated. */
const statusFilter = z
  .union([z.string().max(100), z.array(z.string().max(20)).max(10)])
  .transform((value) =>
    [value]
      .flat()
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter((s) => s !== ''),
  )
  .pipe(z.array(z.enum(WALK_IN_STATUS_VALUES, { error: STATUS_MESSAGE })));

const businessDate = z.iso.date('Give the date as YYYY-MM-DD.');

/** GET /api/pos/walk-in: a day's queue of the store (default today, store-local), oldest first. */
export const walkInListQuery = pagingQuery.extend({
  /** The session's store; another store is 403. */
  store_id: queryId.optional(),
  filter: z
    .strictObject({
      status: statusFilter.optional(),
      /** Store-local business date; default today. */
      date: businessDate.optional(),
    })
    .optional(),
});
export type WalkInListQuery = z.output<typeof walkInListQuery>;

/**
 * GET /api/pos/walk-in/group-by-employee: the day's walk-ins by technician: the one who took them when
 * assigned or in service, else the one they asked for ('any' for none). filter[status] defaults to waiting
 * (the API as it was); the desk's queue asks for waiting,assigned.
 */
export const walkInGroupQuery = z.strictObject({
  store_id: queryId.optional(),
  filter: z.strictObject({ date: businessDate.optional(), status: statusFilter.optional() }).optional(),
});
export type WalkInGroupQuery = z.output<typeof walkInGroupQuery>;

/** /api/pos/walk-in/:id and its moves. */
export const walkInIdParams = z.strictObject({ id: queryId });

/**
 * Every move may carry the version the desk's screen showed (walkInSchema.version). Two desks act on one
 * queue: a move made on a stale view (someone else assigned or started the customer meanwhile) is refused
 * with 409 walk_in_stale instead of silently overwriting; without `version` the move applies to whatever is
 * current, which is what a replayed offline write needs (the status rules still refuse what no longer fits).
 */
const expectedVersion = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional();

/**
 * POST /api/pos/walk-in/:id/assign: a technician takes the customer (waiting → assigned, or hand-over while
 * assigned). The desk shows the turn system's suggestion first (GET /api/pos/turn-system, docs/turns.md) but
 * the choice sent here is the person's: the server checks only that the technician takes walk-ins in the store.
 */
export const assignWalkInBody = z.strictObject({
  technician_id: id,
  version: expectedVersion,
});
export type AssignWalkInBody = z.output<typeof assignWalkInBody>;

/**
 * POST /api/pos/walk-in/:id/start: the service begins (assigned → in_service, or waiting → in_service when a
 * technician is named here). The answer carries what the sale screen attaches with turn.add.
 */
export const startWalkInBody = z.strictObject({
  /** Required from waiting; from assigned it replaces the assigned technician. */
  technician_id: id.optional(),
  version: expectedVersion,
});
export type StartWalkInBody = z.output<typeof startWalkInBody>;

/** POST unassign, done, left, no-show: nothing but the version seen. */
export const walkInMoveBody = z.strictObject({ version: expectedVersion }).default({});
export type WalkInMoveBody = z.output<typeof walkInMoveBody>;

// ---- responses ---------------------------------------------------------------------------------------

/** A requested service as the catalog had it at check-in (unit_price in minor units). */
export const walkInServiceSchema = z.object({
  service_id: id,
  service_name: z.string(),
  taxes: z.string(),
  unit_price: z.number().int().min(0),
});
export type WalkInService = z.infer<typeof walkInServiceSchema>;

export const walkInEmployeeSchema = z.object({ id, name: z.string() });

export const walkInSchema = z.object({
  id,
  uuid: z.string(),
  store_id: id,
  status: z.enum(WALK_IN_STATUS_VALUES),
  /**
   * Goes up by one with every change of the walk-in (a move, a hand-over). Live events carry it
   * (src/contracts/live.ts) so a screen can tell a stale row from a fresh one; moves may send it back.
   */
  version: z.number().int().min(1),
  customer_id: id.nullable(),
  customer_name: z.string(),
  telephone: z.string().nullable(),
  title: z.string().nullable(),
  notes: z.string().nullable(),
  /** The requested technician (null = any) and their display name. */
  user_id: id.nullable(),
  employee: walkInEmployeeSchema.nullable(),
  /** The technician who took the customer (assign or start); null while waiting or after unassign. */
  technician: walkInEmployeeSchema.nullable(),
  booking_appt_service: z.array(walkInServiceSchema),
  effective_start: isoDateTime.nullable(),
  effective_end: isoDateTime.nullable(),
  /** Store-local date of the check-in. */
  business_date: z.iso.date(),
  checked_in_at: isoDateTime,
  assigned_at: isoDateTime.nullable(),
  started_at: isoDateTime.nullable(),
  /** When it reached done, left or no_show. */
  finished_at: isoDateTime.nullable(),
  created_at: isoDateTime,
});
export type WalkIn = z.infer<typeof walkInSchema>;

export const walkInGroupSchema = z.object({
  /** The technician's id as a string, or 'any'. */
  key: z.string(),
  employee: walkInEmployeeSchema.nullable(),
  items: z.array(walkInSchema),
});
export type WalkInGroup = z.infer<typeof walkInGroupSchema>;

export const walkInGroupsSchema = z.object({
  business_date: z.iso.date(),
  groups: z.array(walkInGroupSchema),
});
export type WalkInGroups = z.infer<typeof walkInGroupsSchema>;

/**
 * The sale machine's Turn (src/domain/order.types.ts, event turn.add): the walk-in's id, its technician and
 * the service line to add. A walk-in that asked for several services gives the first here; the others are in
 * `services` for the sale screen to add as lines of the same technician.
 */
export const walkInTurnSchema = z.object({
  id,
  employee: walkInEmployeeSchema.nullable(),
  service: z
    .object({
      id,
      service_name: z.string(),
      taxes: z.string(),
      unit_price: z.number().int().min(0),
    })
    .nullable(),
});
export type WalkInTurn = z.infer<typeof walkInTurnSchema>;

/** The answer of POST /api/pos/walk-in/:id/start. */
export const startedWalkInSchema = z.object({
  walk_in: walkInSchema,
  turn: walkInTurnSchema,
  services: z.array(walkInServiceSchema),
});
export type StartedWalkIn = z.infer<typeof startedWalkInSchema>;
