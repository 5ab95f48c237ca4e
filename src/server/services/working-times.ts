/**
 * Working-time reports (docs/front-desk.md "Working-time reports"): the store's shifts per day, a summary per
 * person, one person's day with its breaks, and a manager's correction or removal of that day.
 *
 * Everything is read through the session's store (storeWhere): a shift clocked in another store is that
 * store's report. A person named by id must be of the tenant and work in this store (home store this one or
 * none, as the clock-in board lists them: services/employees.ts), else 404, so another tenant's or store's
 * id learns nothing. Minutes come from src/domain/clock.ts, the same count the clock-in answer shows.
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Page } from '../../contracts/envelope';
import type {
  WorkingDate,
  WorkingDateQuery,
  WorkingDay,
  WorkingTimeListQuery,
  WorkingTimeReportQuery,
  WorkingTimeRow,
  WorkingTimeSummary,
} from '../../contracts/working-times';
import { breakMinutes, workedMinutes } from '../../domain/clock';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { users } from '../db/schema/users';
import { workingTimeBreaks, workingTimes } from '../db/schema/working-times';
import { scopeStoreId, storeWhere, tenantIdWhere } from '../db/scoped';
import type { StoreScope } from '../db/scoped';
import { notFound } from '../errors';
import { EMPLOYEE_NOT_FOUND, storeLocalDate } from './employees';

interface Shift {
  id: number;
  userId: number;
  name: string;
  dateWork: string;
  checkInAt: Date;
  checkOutAt: Date | null;
}
interface Break {
  workingTimeId: number;
  startedAt: Date;
  endedAt: Date | null;
}

export function storeScope(auth: AuthContext): StoreScope & { storeId: number } {
  return { tenantId: auth.tenantId, storeId: scopeStoreId(auth) };
}

/** The person, if they are of the tenant and work in the store (home store this one, or every store). */
export async function findEmployee(db: Queryable, auth: AuthContext, storeId: number, userId: number) {
  const [row] = await db
    .select({ id: users.id, name: users.displayName })
    .from(users)
    .where(tenantIdWhere(users, auth, userId, or(isNull(users.storeId), eq(users.storeId, storeId)) as SQL))
    .limit(1);
  if (!row) throw notFound(EMPLOYEE_NOT_FOUND);
  return row;
}

/** The range asked for; none is today in the store's time zone, one end alone leaves the other open. */
async function dateRange(
  db: Queryable,
  auth: AuthContext,
  storeId: number,
  query: WorkingTimeReportQuery,
  now: Date,
): Promise<{ from: string | null; to: string | null }> {
  const range = query.date_range ?? {};
  if (range.from || range.to) return { from: range.from ?? null, to: range.to ?? null };
  const today = await storeLocalDate(db, auth, storeId, now);
  return { from: today, to: today };
}

const shiftColumns = {
  id: workingTimes.id,
  userId: workingTimes.userId,
  name: users.displayName,
  dateWork: workingTimes.dateWork,
  checkInAt: workingTimes.checkInAt,
  checkOutAt: workingTimes.checkOutAt,
};
const userJoin = and(eq(users.tenantId, workingTimes.tenantId), eq(users.id, workingTimes.userId)) as SQL;

async function breaksOf(db: Queryable, store: StoreScope, shiftIds: readonly number[]): Promise<Break[]> {
  if (shiftIds.length === 0) return [];
  return db
    .select({
      workingTimeId: workingTimeBreaks.workingTimeId,
      startedAt: workingTimeBreaks.startedAt,
      endedAt: workingTimeBreaks.endedAt,
    })
    .from(workingTimeBreaks)
    .where(storeWhere(workingTimeBreaks, store, inArray(workingTimeBreaks.workingTimeId, [...shiftIds])))
    .orderBy(asc(workingTimeBreaks.startedAt), asc(workingTimeBreaks.id));
}

function minutesOf(shift: Shift, breaks: readonly Break[], now: Date) {
  const span = { start: shift.checkInAt, end: shift.checkOutAt };
  const spans = breaks.map((b) => ({ start: b.startedAt, end: b.endedAt }));
  return { worked: workedMinutes(span, spans, now), onBreak: breakMinutes(span, spans, now) };
}

function rowsOf(shifts: readonly Shift[], breaks: readonly Break[], now: Date): WorkingTimeRow[] {
  return shifts.map((s) => {
    const minutes = minutesOf(
      s,
      breaks.filter((b) => b.workingTimeId === s.id),
      now,
    );
    return {
      id: s.id,
      user_id: s.userId,
      name: s.name,
      date_work: s.dateWork,
      check_in_at: s.checkInAt.toISOString(),
      check_out_at: s.checkOutAt ? s.checkOutAt.toISOString() : null,
      break_minutes: minutes.onBreak,
      worked_minutes: minutes.worked,
    };
  });
}

async function reportWhere(
  db: Queryable,
  auth: AuthContext,
  query: WorkingTimeReportQuery,
  now: Date,
): Promise<{ store: StoreScope & { storeId: number }; where: SQL; from: string | null; to: string | null }> {
  const store = storeScope(auth);
  if (query.user_id !== undefined) await findEmployee(db, auth, store.storeId, query.user_id);
  const { from, to } = await dateRange(db, auth, store.storeId, query, now);
  const where = storeWhere(
    workingTimes,
    store,
    from ? gte(workingTimes.dateWork, from) : undefined,
    to ? lte(workingTimes.dateWork, to) : undefined,
    query.user_id !== undefined ? eq(workingTimes.userId, query.user_id) : undefined,
  );
  return { store, where, from, to };
}

/** Newest day first, then the latest check-in: the order a manager reads a time sheet back in. */
const LIST_ORDER = [desc(workingTimes.dateWork), desc(workingTimes.checkInAt), desc(workingTimes.id)];

/** GET /api/report/working-times: one row per shift in the range, paged. */
export async function listWorkingTimes(
  db: Queryable,
  auth: AuthContext,
  query: WorkingTimeListQuery,
  now: Date = new Date(),
): Promise<Page<WorkingTimeRow>> {
  const { store, where } = await reportWhere(db, auth, query, now);
  const [shifts, [total]] = await Promise.all([
    db
      .select(shiftColumns)
      .from(workingTimes)
      .innerJoin(users, userJoin)
      .where(where)
      .orderBy(...LIST_ORDER)
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(workingTimes).where(where),
  ]);
  const breaks = await breaksOf(
    db,
    store,
    shifts.map((s) => s.id),
  );
  return {
    items: rowsOf(shifts, breaks, now),
    total: total?.n ?? 0,
    page: query.page,
    per_page: query.per_page,
  };
}

/** Shifts read per batch by the export and the summary: a year of a busy store stays out of memory. */
const REPORT_BATCH = 500;

async function* batchesOf(
  db: Queryable,
  store: StoreScope,
  where: SQL,
  now: Date,
): AsyncGenerator<WorkingTimeRow[]> {
  for (let offset = 0; ; offset += REPORT_BATCH) {
    const shifts = await db
      .select(shiftColumns)
      .from(workingTimes)
      .innerJoin(users, userJoin)
      .where(where)
      .orderBy(...LIST_ORDER)
      .limit(REPORT_BATCH)
      .offset(offset);
    if (shifts.length === 0) return;
    const breaks = await breaksOf(
      db,
      store,
      shifts.map((s) => s.id),
    );
    yield rowsOf(shifts, breaks, now);
    if (shifts.length < REPORT_BATCH) return;
  }
}

/**
 * GET /api/report/working-times/export: the list's rows, every page, in batches. The query is checked (an
 * unknown person is 404) when this resolves, before the CSV's first byte is sent; the rows are read as the
 * batches are consumed.
 */
export async function workingTimeExport(
  db: Queryable,
  auth: AuthContext,
  query: WorkingTimeReportQuery,
  now: Date = new Date(),
): Promise<AsyncIterable<WorkingTimeRow[]>> {
  const { store, where } = await reportWhere(db, auth, query, now);
  return batchesOf(db, store, where, now);
}

/** GET /api/report/working-times/report-summary: per person and in total over the range. */
export async function workingTimeSummary(
  db: Queryable,
  auth: AuthContext,
  query: WorkingTimeReportQuery,
  now: Date = new Date(),
): Promise<WorkingTimeSummary> {
  const { store, where, from, to } = await reportWhere(db, auth, query, now);
  const people = new Map<
    number,
    { user_id: number; name: string; days: Set<string>; shifts: number; worked: number; onBreak: number }
  >();
  for await (const rows of batchesOf(db, store, where, now)) {
    for (const r of rows) {
      const p = people.get(r.user_id) ?? {
        user_id: r.user_id,
        name: r.name,
        days: new Set<string>(),
        shifts: 0,
        worked: 0,
        onBreak: 0,
      };
      p.days.add(r.date_work);
      p.shifts += 1;
      p.worked += r.worked_minutes;
      p.onBreak += r.break_minutes;
      people.set(r.user_id, p);
    }
  }
  const employees = [...people.values()]
    .sort((x, y) => x.name.localeCompare(y.name) || x.user_id - y.user_id)
    .map((p) => ({
      user_id: p.user_id,
      name: p.name,
      days_worked: p.days.size,
      shifts: p.shifts,
      worked_minutes: p.worked,
      break_minutes: p.onBreak,
    }));
  const totals = employees.reduce(
    (t, e) => ({
      days_worked: t.days_worked + e.days_worked,
      shifts: t.shifts + e.shifts,
      worked_minutes: t.worked_minutes + e.worked_minutes,
      break_minutes: t.break_minutes + e.break_minutes,
    }),
    { days_worked: 0, shifts: 0, worked_minutes: 0, break_minutes: 0 },
  );
  return { date_from: from, date_to: to, employees, totals };
}

export async function loadDay(
  db: Queryable,
  store: StoreScope,
  employee: { id: number; name: string },
  dateWork: string,
  now: Date,
): Promise<WorkingDay> {
  const shifts = await db
    .select(shiftColumns)
    .from(workingTimes)
    .innerJoin(users, userJoin)
    .where(
      storeWhere(
        workingTimes,
        store,
        eq(workingTimes.userId, employee.id),
        eq(workingTimes.dateWork, dateWork),
      ),
    )
    .orderBy(asc(workingTimes.checkInAt), asc(workingTimes.id));
  const breaks = await breaksOf(
    db,
    store,
    shifts.map((s) => s.id),
  );
  const days = shifts.map((s) => {
    const own = breaks.filter((b) => b.workingTimeId === s.id);
    const minutes = minutesOf(s, own, now);
    return {
      id: s.id,
      check_in_at: s.checkInAt.toISOString(),
      check_out_at: s.checkOutAt ? s.checkOutAt.toISOString() : null,
      break_minutes: minutes.onBreak,
      worked_minutes: minutes.worked,
      breaks: own.map((b) => ({
        started_at: b.startedAt.toISOString(),
        ended_at: b.endedAt ? b.endedAt.toISOString() : null,
      })),
    };
  });
  return {
    user_id: employee.id,
    name: employee.name,
    date_work: dateWork,
    shifts: days,
    worked_minutes: days.reduce((sum, s) => sum + s.worked_minutes, 0),
    break_minutes: days.reduce((sum, s) => sum + s.break_minutes, 0),
  };
}

/**
 * GET /api/report/working-times/details-in-date?date=: the day of everyone who has a shift on that business day
 * in this store (default today), by name. One read a person: a store's team is a few dozen at most.
 */
export async function getWorkingDate(
  db: Queryable,
  auth: AuthContext,
  query: WorkingDateQuery,
  now: Date = new Date(),
): Promise<WorkingDate> {
  const store = storeScope(auth);
  const dateWork = query.date ?? (await storeLocalDate(db, auth, store.storeId, now));
  const people = await db
    .selectDistinct({ id: users.id, name: users.displayName })
    .from(workingTimes)
    .innerJoin(users, userJoin)
    .where(storeWhere(workingTimes, store, eq(workingTimes.dateWork, dateWork)))
    .orderBy(users.displayName, users.id);
  const days: WorkingDay[] = [];
  for (const person of people) days.push(await loadDay(db, store, person, dateWork, now));
  return { date_work: dateWork, days };
}

/** GET /api/report/working-times/details-in-date/{user_id}/{date_work}: the day, empty when they did not work. */
export async function getWorkingDay(
  db: Queryable,
  auth: AuthContext,
  userId: number,
  dateWork: string,
  now: Date = new Date(),
): Promise<WorkingDay> {
  const store = storeScope(auth);
  const employee = await findEmployee(db, auth, store.storeId, userId);
  return loadDay(db, store, employee, dateWork, now);
}
