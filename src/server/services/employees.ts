/**
 * POS employees (docs/front-desk.md "clock employees in and out", docs/sales.md#the-sale-screen sale screen:
 * checked-in employees and employee list; docs/front-desk.md /pos/employees, /pos/employees/checked-in,
 * /pos/employees/check-in-out).
 *
 * The employees of a store are the tenant's active users whose home store is that store, plus those who
 * work across the tenant's stores (users.store_id null: owner, admins). Clocked in = an open working_times
 * row (check_out_at null) in the store; schema working-times.ts allows one open row per person.
 */
import { LIVE_TOPIC } from '../../contracts/live';
import { publishStoreChange } from '../live/publish';
import { and, asc, count, desc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type {
  CheckedInEmployee,
  CheckedInQuery,
  CheckInOutBody,
  CheckInOutResponse,
  EmployeeListQuery,
  EmployeeView,
  WorkingTime,
} from '../../contracts/employees';
import type { Page } from '../../contracts/envelope';
import { ERROR_CODE } from '../../contracts/error-codes';
import type { ErrorCode } from '../../contracts/error-codes';
import { clockRefusal, clockStatus, needsEmployeePin, toggleAction, workedMinutes } from '../../domain/clock';
import type { ClockRefusal } from '../../domain/clock';
import type { Role } from '../../domain/constants';
import type { AuthContext } from '../auth-context';
import { requireStore } from '../auth-context';
import { verifySecret } from '../auth/passwords';
import {
  claimPinAttempt,
  PIN_LOCKED_MESSAGE,
  pinLockedMessage,
  recordPinFailure,
  resetPinFailures,
} from '../auth/throttling';
import type { Queryable } from '../db/client';
import { stores } from '../db/schema/stores';
import { users } from '../db/schema/users';
import { workingTimeBreaks, workingTimes } from '../db/schema/working-times';
import { scopeStoreId, storeValues, storeWhere, tenantIdWhere, tenantWhere } from '../db/scoped';
import type { StoreScope } from '../db/scoped';
import { conflict, notFound, unprocessable } from '../errors';
import { containsPattern } from '../db/list-query';
import { ThrottledError, wrongPinError } from './auth';

export const EMPLOYEE_NOT_FOUND = 'Employee not found.';
export const CHECKED_IN_ELSEWHERE_MESSAGE =
  'This employee is clocked in at another store. Clock out there first.';
export const PIN_NEEDED_MESSAGE = "Enter the employee's PIN to clock them in or out.";

/** The store a list is for: the one named (only the session's own, else 403) or the session's. */
function listStore(auth: AuthContext, storeId: number | undefined): number {
  return storeId !== undefined ? requireStore(auth, storeId) : scopeStoreId(auth);
}

/**
 * Home store = this store, or no home store (works in every store of the tenant). users.store_id is a
 * nullable home, not a scope column, so storeWhere cannot express it; the tenant filter stays the helper's.
 */
function worksInStore(storeId: number): SQL {
  return or(isNull(users.storeId), eq(users.storeId, storeId)) as SQL;
}

const employeeColumns = {
  id: users.id,
  displayName: users.displayName,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  isTechnician: users.isTechnician,
  commissionRate: users.commissionRate,
  displayOrder: users.displayOrder,
  avatarPath: users.avatarPath,
  enableBooking: users.enableBooking,
  enableWalkin: users.enableWalkin,
  checkInAt: workingTimes.checkInAt,
  // The open shift's open break (null shift: no break). working_time_breaks_one_open_key: at most one.
  onBreak: sql<boolean>`exists (select 1 from ${workingTimeBreaks} where ${workingTimeBreaks.tenantId} = ${workingTimes.tenantId} and ${workingTimeBreaks.workingTimeId} = ${workingTimes.id} and ${workingTimeBreaks.endedAt} is null)`,
};

interface EmployeeRow {
  id: number;
  displayName: string;
  firstName: string;
  lastName: string;
  role: string;
  isTechnician: boolean;
  commissionRate: number;
  displayOrder: number;
  avatarPath: string | null;
  enableBooking: boolean;
  enableWalkin: boolean;
  checkInAt: Date | null;
  onBreak: boolean;
}

function employeeView(row: EmployeeRow): EmployeeView {
  return {
    id: row.id,
    name: row.displayName,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role as Role,
    is_technician: row.isTechnician,
    commission_rate: row.commissionRate,
    display_order: row.displayOrder,
    avatar_path: row.avatarPath,
    enable_booking: row.enableBooking,
    enable_walkin: row.enableWalkin,
    checked_in: row.checkInAt !== null,
    check_in_at: row.checkInAt ? row.checkInAt.toISOString() : null,
    on_break: row.onBreak,
  };
}

/** The open working_times row of each user in this store (at most one: working_times_one_open_key). */
function openRowJoin(storeId: number): SQL {
  return and(
    eq(workingTimes.tenantId, users.tenantId),
    eq(workingTimes.userId, users.id),
    eq(workingTimes.storeId, storeId),
    isNull(workingTimes.checkOutAt),
  ) as SQL;
}

function nameCondition(term: string | undefined): SQL | undefined {
  if (!term) return undefined;
  const pattern = containsPattern(term.toLowerCase());
  return or(
    sql`lower(${users.displayName}) like ${pattern}`,
    sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern}`,
  );
}

const EMPLOYEE_SORT = {
  name: [sql`lower(${users.displayName})`],
  display_order: [users.displayOrder],
  is_technician: [users.isTechnician],
} as const;

/** GET /api/pos/employees: the store's active employees, technicians first, then display_order and name. */
export async function listEmployees(
  db: Queryable,
  auth: AuthContext,
  query: EmployeeListQuery,
): Promise<Page<EmployeeView>> {
  const storeId = listStore(auth, query.store_id);
  const filter = query.filter ?? {};
  const where = tenantWhere(
    users,
    auth,
    eq(users.isActive, true),
    worksInStore(storeId),
    nameCondition(filter.name),
    filter.is_technician !== undefined ? eq(users.isTechnician, filter.is_technician) : undefined,
  );
  const orderBy = query.sort?.length
    ? query.sort.flatMap((t) => EMPLOYEE_SORT[t.field].map((c) => (t.desc ? desc(c) : asc(c))))
    : [desc(users.isTechnician), asc(users.displayOrder), asc(sql`lower(${users.displayName})`)];
  const [rows, [total]] = await Promise.all([
    db
      .select(employeeColumns)
      .from(users)
      .leftJoin(workingTimes, openRowJoin(storeId))
      .where(where)
      .orderBy(...orderBy, asc(users.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    items: (rows as EmployeeRow[]).map(employeeView),
    total: total?.n ?? 0,
    page: query.page,
    per_page: query.per_page,
  };
}

/** One employee as the sale screen's Employee (sale init: the caller). */
export async function getEmployee(
  db: Queryable,
  auth: AuthContext,
  userId: number,
  storeId: number,
): Promise<EmployeeView> {
  const [row] = await db
    .select(employeeColumns)
    .from(users)
    .leftJoin(workingTimes, openRowJoin(storeId))
    .where(tenantIdWhere(users, auth, userId, eq(users.isActive, true)))
    .limit(1);
  if (!row) throw notFound(EMPLOYEE_NOT_FOUND);
  return employeeView(row as EmployeeRow);
}

/** The store-local calendar date (YYYY-MM-DD) of `at`, by stores.timezone, as the sale counters compute it. */
export async function storeLocalDate(
  db: Queryable,
  auth: AuthContext,
  storeId: number,
  at: Date,
): Promise<string> {
  const [row] = await db
    .select({
      date: sql<string>`to_char(${at.toISOString()}::timestamptz at time zone ${stores.timezone}, 'YYYY-MM-DD')`,
    })
    .from(stores)
    .where(tenantIdWhere(stores, auth, storeId))
    .limit(1);
  if (!row) throw notFound('Store not found.');
  return row.date;
}

const CHECKED_IN_SORT = {
  check_in_at: [workingTimes.checkInAt],
  name: [sql`lower(${users.displayName})`],
  display_order: [users.displayOrder],
} as const;

/**
 * GET /api/pos/employees/checked-in: employees clocked in now in the store whose check-in day is within
 * date_range (default today, store-local); first checked in first unless sorted otherwise.
 */
export async function listCheckedIn(
  db: Queryable,
  auth: AuthContext,
  query: CheckedInQuery,
  now: Date = new Date(),
): Promise<Page<CheckedInEmployee>> {
  const storeId = listStore(auth, query.store_id);
  const scope = { tenantId: auth.tenantId, storeId };
  const range = query.date_range ?? {};
  // No range: today. One end only: open on the other side.
  const today = range.from || range.to ? undefined : await storeLocalDate(db, auth, storeId, now);
  const from = range.from ?? today;
  const to = range.to ?? today;
  const filter = query.filter ?? {};
  const where = storeWhere(
    workingTimes,
    scope,
    isNull(workingTimes.checkOutAt),
    from ? gte(workingTimes.dateWork, from) : undefined,
    to ? lte(workingTimes.dateWork, to) : undefined,
    eq(users.isActive, true),
    nameCondition(filter.name),
    filter.is_technician !== undefined ? eq(users.isTechnician, filter.is_technician) : undefined,
  );
  const userJoin = and(eq(users.tenantId, workingTimes.tenantId), eq(users.id, workingTimes.userId));
  const orderBy = query.sort?.length
    ? query.sort.flatMap((t) => CHECKED_IN_SORT[t.field].map((c) => (t.desc ? desc(c) : asc(c))))
    : [asc(workingTimes.checkInAt)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...employeeColumns,
        workingTimeId: workingTimes.id,
        dateWork: workingTimes.dateWork,
      })
      .from(workingTimes)
      .innerJoin(users, userJoin)
      .where(where)
      .orderBy(...orderBy, asc(workingTimes.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(workingTimes).innerJoin(users, userJoin).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      ...employeeView(r as EmployeeRow),
      checked_in: true as const,
      check_in_at: r.checkInAt.toISOString(),
      working_time_id: r.workingTimeId,
      date_work: r.dateWork,
    })),
    total: total?.n ?? 0,
    page: query.page,
    per_page: query.per_page,
  };
}

/**
 * Checks `pin` against the employee's own PIN. Wrong PINs count against the CALLER's account, as on
 * /role-by-code (auth/throttling.ts), and through `counterDb`, which must be outside the request's
 * transaction: a wrong PIN fails the request and rolls that transaction back, and the count must stay.
 */
async function verifyEmployeePin(
  counterDb: Queryable,
  auth: AuthContext,
  pinHash: string | null,
  pin: string,
  now: Date,
): Promise<void> {
  const attempt = await claimPinAttempt(counterDb, auth.tenantId, auth.userId, now);
  if (attempt.kind === 'locked')
    throw new ThrottledError(pinLockedMessage(attempt.until, now), attempt.until, ERROR_CODE.PIN_LOCKED);
  if (!(await verifySecret(pinHash, pin))) {
    const failure = await recordPinFailure(counterDb, auth.tenantId, auth.userId, attempt.attempt, now);
    if (failure.locked && failure.until)
      throw new ThrottledError(PIN_LOCKED_MESSAGE, failure.until, ERROR_CODE.PIN_LOCKED);
    throw wrongPinError('pin', failure.remaining);
  }
  await resetPinFailures(counterDb, auth.tenantId, auth.userId);
}

const CLOCK_REFUSAL_MESSAGE: Readonly<Record<ClockRefusal, string>> = {
  already_checked_in: 'This employee is already clocked in.',
  not_checked_in: 'This employee is not clocked in.',
  already_on_break: 'This employee is already on a break.',
  not_on_break: 'This employee is not on a break.',
};

const CLOCK_REFUSAL_CODE: Readonly<Record<ClockRefusal, ErrorCode>> = {
  already_checked_in: ERROR_CODE.ALREADY_CHECKED_IN,
  not_checked_in: ERROR_CODE.NOT_CHECKED_IN,
  already_on_break: ERROR_CODE.ALREADY_ON_BREAK,
  not_on_break: ERROR_CODE.NOT_ON_BREAK,
};

async function findOpenBreak(db: Queryable, store: StoreScope, shiftId: number) {
  const [row] = await db
    .select({ id: workingTimeBreaks.id })
    .from(workingTimeBreaks)
    .where(
      storeWhere(
        workingTimeBreaks,
        store,
        eq(workingTimeBreaks.workingTimeId, shiftId),
        isNull(workingTimeBreaks.endedAt),
      ),
    )
    .limit(1);
  return row;
}

/** A shift as the API shows it: its times, its breaks oldest first and the minutes worked up to `now`. */
async function loadShift(db: Queryable, store: StoreScope, shiftId: number, now: Date): Promise<WorkingTime> {
  const [[shift], breaks] = await Promise.all([
    db
      .select()
      .from(workingTimes)
      .where(storeWhere(workingTimes, store, eq(workingTimes.id, shiftId)))
      .limit(1),
    db
      .select({ startedAt: workingTimeBreaks.startedAt, endedAt: workingTimeBreaks.endedAt })
      .from(workingTimeBreaks)
      .where(storeWhere(workingTimeBreaks, store, eq(workingTimeBreaks.workingTimeId, shiftId)))
      .orderBy(asc(workingTimeBreaks.startedAt), asc(workingTimeBreaks.id)),
  ]);
  if (!shift) throw notFound('Working time not found.');
  return {
    id: shift.id,
    user_id: shift.userId,
    store_id: shift.storeId,
    date_work: shift.dateWork,
    check_in_at: shift.checkInAt.toISOString(),
    check_out_at: shift.checkOutAt ? shift.checkOutAt.toISOString() : null,
    breaks: breaks.map((b) => ({
      started_at: b.startedAt.toISOString(),
      ended_at: b.endedAt ? b.endedAt.toISOString() : null,
    })),
    worked_minutes: workedMinutes(
      { start: shift.checkInAt, end: shift.checkOutAt },
      breaks.map((b) => ({ start: b.startedAt, end: b.endedAt })),
      now,
    ),
  };
}

/**
 * Locks the person's users row for the transaction: a clock move and a manager's correction of their day
 * (services/working-times.ts) then run one after the other, never interleaved.
 */
export async function lockEmployeeRow(tx: Queryable, auth: AuthContext, userId: number): Promise<void> {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(tenantIdWhere(users, auth, userId))
    .for('update');
}

export interface CheckInOutOptions {
  /** Where wrong-PIN counts are written: the pool, never the request's transaction. Default `db`. */
  counterDb?: Queryable;
  now?: Date;
}

/**
 * POST /api/pos/employees/check-in-out: the action asked for (check in, start or end a break, check out), or
 * without one the spec's toggle (out when they have an open row in this store, else in; date_work = today in the
 * store's time zone). An action the person's status does not allow is a 409 with its code (src/domain/clock.ts). Clocking oneself needs no PIN; clocking another
 * employee needs their PIN unless the caller may approve with a PIN (manager, admin, owner). A PIN that is
 * sent is always checked. Toggles of one person are serialised by a lock on their users row.
 */
export async function checkInOut(
  db: Queryable,
  auth: AuthContext,
  body: CheckInOutBody,
  options: CheckInOutOptions = {},
): Promise<CheckInOutResponse> {
  const storeId = scopeStoreId(auth);
  const now = options.now ?? new Date();

  const [employee] = await db
    .select({ id: users.id, displayName: users.displayName, pinHash: users.pinHash })
    .from(users)
    .where(tenantIdWhere(users, auth, body.user_id, eq(users.isActive, true), worksInStore(storeId)))
    .limit(1);
  if (!employee) throw notFound(EMPLOYEE_NOT_FOUND);
  // Before any row lock of the transaction below: the counter writes go to the caller's users row.
  if (body.pin !== undefined) {
    await verifyEmployeePin(options.counterDb ?? db, auth, employee.pinHash, body.pin, now);
  } else if (needsEmployeePin(auth.userId, auth.role, employee.id)) {
    throw unprocessable(PIN_NEEDED_MESSAGE, { pin: [PIN_NEEDED_MESSAGE] }, ERROR_CODE.PIN_REQUIRED);
  }

  return db.transaction(async (tx) => {
    await lockEmployeeRow(tx, auth, employee.id);
    const [open] = await tx
      .select({ id: workingTimes.id, storeId: workingTimes.storeId })
      .from(workingTimes)
      .where(
        tenantWhere(
          workingTimes,
          auth,
          eq(workingTimes.userId, employee.id),
          isNull(workingTimes.checkOutAt),
        ),
      )
      .limit(1);
    if (open && open.storeId !== storeId)
      throw conflict(CHECKED_IN_ELSEWHERE_MESSAGE, ERROR_CODE.CHECKED_IN_ELSEWHERE);
    const store = { tenantId: auth.tenantId, storeId };
    const openBreak = open ? await findOpenBreak(tx, store, open.id) : undefined;
    const status = clockStatus({ hasOpenShift: open !== undefined, hasOpenBreak: openBreak !== undefined });
    const action = body.action ?? toggleAction(status);
    const refusal = clockRefusal(status, action);
    if (refusal) throw conflict(CLOCK_REFUSAL_MESSAGE[refusal], CLOCK_REFUSAL_CODE[refusal]);
    // greatest(): a time stamped by a clock slightly ahead of ours must not fail end >= start.
    const nowAfter = (column: typeof workingTimes.checkInAt | typeof workingTimeBreaks.startedAt) =>
      sql`greatest(${now.toISOString()}::timestamptz, ${column})`;

    let shiftId: number;
    if (action === 'check_in') {
      const dateWork = await storeLocalDate(tx, auth, storeId, now);
      const [row] = await tx
        .insert(workingTimes)
        .values(storeValues(store, { userId: employee.id, dateWork, checkInAt: now }))
        .returning({ id: workingTimes.id });
      shiftId = row!.id;
    } else {
      shiftId = open!.id;
      if (action === 'break_start') {
        await tx
          .insert(workingTimeBreaks)
          .values(storeValues(store, { workingTimeId: shiftId, startedAt: now }));
      } else if (openBreak) {
        // break_end, or a check-out from a break: the break ends now.
        await tx
          .update(workingTimeBreaks)
          .set({ endedAt: nowAfter(workingTimeBreaks.startedAt), updatedAt: now })
          .where(storeWhere(workingTimeBreaks, store, eq(workingTimeBreaks.id, openBreak.id)));
      }
      if (action === 'check_out') {
        await tx
          .update(workingTimes)
          .set({ checkOutAt: nowAfter(workingTimes.checkInAt), updatedAt: now })
          .where(storeWhere(workingTimes, store, eq(workingTimes.id, shiftId)));
      }
    }
    const shift = await loadShift(tx, store, shiftId, now);
    // The TV and the kiosk show who is available (docs/live.md): they hear of the clock when it commits.
    await publishStoreChange(tx, auth.tenantId, storeId, LIVE_TOPIC.EMPLOYEES, [employee.id]);
    const after = clockStatus({
      hasOpenShift: shift.check_out_at === null,
      hasOpenBreak: shift.breaks.some((b) => b.ended_at === null),
    });
    return {
      user_id: employee.id,
      name: employee.displayName,
      action,
      checked_in: after !== 'off',
      status: after,
      working_time: shift,
    };
  });
}
