/**
 * A manager's correction or removal of one person's working day (docs/front-desk.md "Working-time reports"):
 * checked against the domain's rules of a valid day (src/domain/working-day.ts), written under the person's row
 * lock, audited with the day before and after and why. The reads are services/working-times.ts.
 */
import { eq, isNull, ne, or } from 'drizzle-orm';
import type { FieldErrors } from '../../contracts/envelope';
import type { CorrectWorkingDayBody, WorkingDay } from '../../contracts/working-times';
import { workingDayProblems } from '../../domain/working-day';
import type { WorkingDayProblem } from '../../domain/working-day';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { workingTimeBreaks, workingTimes } from '../db/schema/working-times';
import { storeValues, storeWhere, tenantWhere } from '../db/scoped';
import type { StoreScope } from '../db/scoped';
import { notFound, unprocessable } from '../errors';
import { writeResourceAudit } from '../resources/audit';
import { lockEmployeeRow, storeLocalDate } from './employees';
import { findEmployee, loadDay, storeScope } from './working-times';

export const NO_WORKING_DAY_MESSAGE = 'This employee has no working time on that day.';
export const CORRECTION_INVALID_MESSAGE = 'The corrected day does not add up. Check the times marked.';

const PROBLEM_MESSAGE: Readonly<Record<WorkingDayProblem, string>> = {
  future_day: 'A day in the future has no working time yet.',
  second_open_shift: 'Only one shift can still be open.',
  open_shift_on_past_day: 'A shift of a past day needs its check-out time.',
  check_in_in_future: 'The check-in cannot be in the future.',
  check_out_in_future: 'The check-out cannot be in the future.',
  check_out_before_check_in: 'The check-out is before the check-in.',
  break_ends_before_start: 'The break ends before it starts.',
  break_outside_shift: 'The break is outside its shift.',
  breaks_overlap: 'This break overlaps another break.',
  shifts_overlap: 'This shift overlaps another shift.',
};

/** The domain's problems with a corrected day (src/domain/working-day.ts) as the 422's field messages. */
export function correctionProblems(
  body: Pick<CorrectWorkingDayBody, 'shifts'>,
  dateWork: string,
  today: string,
  now: Date,
): FieldErrors {
  return Object.fromEntries(
    Object.entries(workingDayProblems(body.shifts, dateWork, today, now)).map(([path, problems]) => [
      path,
      problems.map((p) => PROBLEM_MESSAGE[p]),
    ]),
  );
}

export interface DayWriteOptions {
  now?: Date;
  /** Whose PIN approved it (request.pinApprover), for the audit row. */
  approvedBy: number | null;
}

interface DayRewrite {
  now: Date;
  approvedBy: number | null;
  action: 'working_times.correct' | 'working_times.delete';
  reason: string;
  /** Refuses the write (throws) from the day as it stands, inside the lock. */
  check: (tx: Queryable, before: WorkingDay) => Promise<void> | void;
  /** Writes the day's new shifts after its old ones are removed; absent: the day stays empty. */
  write?: (tx: Queryable) => Promise<void>;
}

/**
 * A correction and a removal alike: under the person's row lock (as a clock toggle takes it), the day before,
 * its shifts removed (their breaks cascade), the new ones written, and one audit row with before, after, the
 * reason and who approved it.
 */
async function rewriteDay(
  db: Queryable,
  auth: AuthContext,
  store: StoreScope,
  employee: { id: number; name: string },
  dateWork: string,
  change: DayRewrite,
): Promise<WorkingDay> {
  return db.transaction(async (tx) => {
    await lockEmployeeRow(tx, auth, employee.id);
    const before = await loadDay(tx, store, employee, dateWork, change.now);
    await change.check(tx, before);
    await tx
      .delete(workingTimes)
      .where(
        storeWhere(
          workingTimes,
          store,
          eq(workingTimes.userId, employee.id),
          eq(workingTimes.dateWork, dateWork),
        ),
      );
    await change.write?.(tx);
    const after = await loadDay(tx, store, employee, dateWork, change.now);
    await writeResourceAudit(tx, auth, [
      {
        action: change.action,
        entityType: 'working_day',
        entityId: `${employee.id}:${dateWork}`,
        before,
        after: { ...after, reason: change.reason },
        approvedBy: change.approvedBy,
      },
    ]);
    return after;
  });
}

/**
 * POST /api/report/working-times/details-in-date/{user_id}/{date_work}: replaces the day's shifts and breaks
 * with the corrected ones in one transaction, writing an audit row with the day before and after and why.
 */
export async function correctWorkingDay(
  db: Queryable,
  auth: AuthContext,
  userId: number,
  dateWork: string,
  body: CorrectWorkingDayBody,
  options: DayWriteOptions,
): Promise<WorkingDay> {
  const now = options.now ?? new Date();
  const store = storeScope(auth);
  const employee = await findEmployee(db, auth, store.storeId, userId);
  const today = await storeLocalDate(db, auth, store.storeId, now);
  const problems = correctionProblems(body, dateWork, today, now);
  if (Object.keys(problems).length > 0) throw unprocessable(CORRECTION_INVALID_MESSAGE, problems);

  return rewriteDay(db, auth, store, employee, dateWork, {
    ...options,
    now,
    action: 'working_times.correct',
    reason: body.reason,
    check: async (tx) => {
      const openShift = body.shifts.findIndex((s) => s.check_out_at === null);
      if (openShift >= 0) {
        // working_times_one_open_key: one open shift per person in the tenant. One left open on another day or
        // in another store must be closed there first, not collide here.
        const [elsewhere] = await tx
          .select({ id: workingTimes.id })
          .from(workingTimes)
          .where(
            tenantWhere(
              workingTimes,
              auth,
              eq(workingTimes.userId, employee.id),
              isNull(workingTimes.checkOutAt),
              or(ne(workingTimes.storeId, store.storeId), ne(workingTimes.dateWork, dateWork)),
            ),
          )
          .limit(1);
        if (elsewhere) {
          const message = 'This employee is still clocked in on another day or in another store.';
          throw unprocessable(CORRECTION_INVALID_MESSAGE, {
            [`shifts.${openShift}.check_out_at`]: [message],
          });
        }
      }
    },
    write: async (tx) => {
      for (const shift of body.shifts) {
        const [row] = await tx
          .insert(workingTimes)
          .values(
            storeValues(store, {
              userId: employee.id,
              dateWork,
              checkInAt: new Date(shift.check_in_at),
              checkOutAt: shift.check_out_at === null ? null : new Date(shift.check_out_at),
            }),
          )
          .returning({ id: workingTimes.id });
        if (shift.breaks.length > 0) {
          await tx.insert(workingTimeBreaks).values(
            shift.breaks.map((b) =>
              storeValues(store, {
                workingTimeId: row!.id,
                startedAt: new Date(b.started_at),
                endedAt: b.ended_at === null ? null : new Date(b.ended_at),
              }),
            ),
          );
        }
      }
    },
  });
}

/** DELETE /api/report/working-times: removes the person's day in this store (404 when there is none). */
export async function deleteWorkingDay(
  db: Queryable,
  auth: AuthContext,
  userId: number,
  dateWork: string,
  reason: string,
  options: DayWriteOptions,
): Promise<WorkingDay> {
  const now = options.now ?? new Date();
  const store = storeScope(auth);
  const employee = await findEmployee(db, auth, store.storeId, userId);
  return rewriteDay(db, auth, store, employee, dateWork, {
    ...options,
    now,
    action: 'working_times.delete',
    reason,
    check: (_tx, before) => {
      if (before.shifts.length === 0) throw notFound(NO_WORKING_DAY_MESSAGE);
    },
  });
}
