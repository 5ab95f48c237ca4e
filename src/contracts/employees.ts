/**
 * POS employee requests and responses (docs/sales.md#the-sale-screen sale screen: "GET checked-in employees
 * with filter, sort and pagination (cached locally, keyed by store_id, page, per_page and date_range); GET
 * employee list"; docs/front-desk.md "clock employees in and out", docs/front-desk.md "After clock in/out the
 * checked-in employee list is reloaded"; docs/front-desk.md /pos/employees, /pos/employees/check-in-out,
 * /pos/employees/checked-in), shared by client and server.
 */
import { z } from 'zod';
import { CLOCK_ACTIONS } from '../domain/clock';
import { ROLE } from '../domain/constants';
import { PIN_MESSAGE, PIN_PATTERN } from './auth';
import { pagingQuery, queryBoolean } from './customers';
import { sortSchema } from './envelope';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const queryId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const isoDateTime = z.iso.datetime({ offset: true });
const roleSchema = z.enum([ROLE.OWNER, ROLE.ADMIN, ROLE.MANAGER, ROLE.STAFF]);

// ---- requests ----------------------------------------------------------------------------------------

const employeeFilter = z
  .strictObject({
    /** Part of the display, first or last name (case-insensitive). */
    name: z.string().trim().max(100).optional(),
    is_technician: queryBoolean.optional(),
  })
  .optional();

/** GET /api/pos/employees. Default order: technicians first, then display_order, then name. */
export const employeeListQuery = pagingQuery.extend({
  /** The session's store; another store is 403. */
  store_id: queryId.optional(),
  sort: sortSchema(['name', 'display_order', 'is_technician']).optional(),
  filter: employeeFilter,
});
export type EmployeeListQuery = z.output<typeof employeeListQuery>;

const DATE_RANGE_MESSAGE = 'Give the date range as from and to dates (YYYY-MM-DD), from not after to.';
const isoDate = z.iso.date(DATE_RANGE_MESSAGE);

/**
 * `date_range[from]=2025-01-01&date_range[to]=2025-01-31`, or `date_range=2025-01-01,2025-01-31`; one date
 * alone is that day. Store-local business dates (working_times.date_work).
 */
export const dateRangeSchema = z
  .union([
    z.strictObject({ from: isoDate.optional(), to: isoDate.optional() }),
    z
      .string()
      .trim()
      .max(40)
      .transform((value, ctx) => {
        const [from = '', to = from, ...rest] = value.split(/[,~]/).map((s) => s.trim());
        if (rest.length > 0 || !isoDate.safeParse(from).success || !isoDate.safeParse(to).success) {
          ctx.addIssue({ code: 'custom', message: DATE_RANGE_MESSAGE });
          return z.NEVER;
        }
        return { from, to };
      }),
  ])
  .refine((r) => !r.from || !r.to || r.from <= r.to, DATE_RANGE_MESSAGE);
export type DateRange = z.output<typeof dateRangeSchema>;

/**
 * GET /api/pos/employees/checked-in: the store's employees clocked in now (an open working_times row) whose
 * check-in day is in date_range (default: today in the store's time zone). Default order: first checked
 * in first, the order the sale screen and the turn rotation want.
 */
export const checkedInQuery = pagingQuery.extend({
  store_id: queryId.optional(),
  sort: sortSchema(['check_in_at', 'name', 'display_order']).optional(),
  filter: employeeFilter,
  date_range: dateRangeSchema.optional(),
});
export type CheckedInQuery = z.output<typeof checkedInQuery>;

/**
 * POST /api/pos/employees/check-in-out: toggles the employee's clock (in when out, out when in). Clocking
 * oneself needs nothing more; clocking someone else needs that person's PIN, unless the session is a
 * manager's, an admin's or the owner's.
 */
export const checkInOutBody = z.strictObject({
  user_id: z.coerce.number({ error: 'Choose an employee.' }).int().positive().max(Number.MAX_SAFE_INTEGER),
  pin: z.string().regex(PIN_PATTERN, PIN_MESSAGE).optional(),
  /**
   * What to do (docs/front-desk.md "Clock in and out"): check in, start or end a break, check out. Left out, the
   * spec's toggle: in when off, else out. Named, it is refused (409 with its code) when the person's status does
   * not allow it, so a tap sent twice cannot undo itself.
   */
  action: z.enum(CLOCK_ACTIONS).optional(),
});
export type CheckInOutBody = z.output<typeof checkInOutBody>;

// ---- responses ---------------------------------------------------------------------------------------

/** An employee as the sale screen uses it (domain Employee: id, name, commission_rate) plus list details. */
export const employeeSchema = z.object({
  id,
  /** Display name. */
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: roleSchema,
  is_technician: z.boolean(),
  /** Default service commission, percent. */
  commission_rate: z.number().min(0).max(100),
  display_order: z.number().int(),
  avatar_path: z.string().nullable(),
  enable_booking: z.boolean(),
  enable_walkin: z.boolean(),
  /** Clocked in now in this store. */
  checked_in: z.boolean(),
  check_in_at: isoDateTime.nullable(),
  /** On a break now (clocked in, not available: the sale screen and the turn queue leave them out). */
  on_break: z.boolean(),
});
export type EmployeeView = z.infer<typeof employeeSchema>;

export const checkedInEmployeeSchema = employeeSchema.extend({
  checked_in: z.literal(true),
  check_in_at: isoDateTime,
  working_time_id: id,
  /** Store-local business date of the check-in. */
  date_work: z.iso.date(),
});
export type CheckedInEmployee = z.infer<typeof checkedInEmployeeSchema>;

export const workingTimeSchema = z.object({
  id,
  user_id: id,
  store_id: id,
  date_work: z.iso.date(),
  check_in_at: isoDateTime,
  check_out_at: isoDateTime.nullable(),
  /** The shift's breaks, oldest first; an open one has no end. */
  breaks: z.array(z.object({ started_at: isoDateTime, ended_at: isoDateTime.nullable() })),
  /** Whole minutes worked so far (the shift less its breaks, src/domain/clock.ts workedMinutes). */
  worked_minutes: z.number().int().min(0),
});
export type WorkingTime = z.infer<typeof workingTimeSchema>;

export const checkInOutResponseSchema = z.object({
  user_id: id,
  name: z.string(),
  action: z.enum(CLOCK_ACTIONS),
  checked_in: z.boolean(),
  /** Where the person stands after it: off, working or on a break. */
  status: z.enum(['off', 'working', 'on_break']),
  working_time: workingTimeSchema,
});
export type CheckInOutResponse = z.infer<typeof checkInOutResponseSchema>;
