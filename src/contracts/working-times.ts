/**
 * Working-time reports (docs/front-desk.md "Working-time reports"): who worked when in the store, per day, and a
 * manager's correction or removal of one person's day. Shared by client and server.
 */
import { z } from 'zod';
import { dateRangeSchema } from './employees';
import { pagingQuery } from './customers';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const queryId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const isoDateTime = z.iso.datetime({ offset: true });
const isoDate = z.iso.date('Give the date as YYYY-MM-DD.');

// ---- requests ----------------------------------------------------------------------------------------

/**
 * GET /api/report/working-times, /report-summary and /export: the store's shifts whose business day
 * (working_times.date_work, store-local) is in date_range, as /api/pos/employees/checked-in takes it; no
 * range is today in the store's time zone. `user_id` narrows to one person of the store (another's is 404).
 */
export const workingTimeReportQuery = z.strictObject({
  date_range: dateRangeSchema.optional(),
  user_id: queryId.optional(),
});
export type WorkingTimeReportQuery = z.output<typeof workingTimeReportQuery>;

export const workingTimeListQuery = pagingQuery.extend(workingTimeReportQuery.shape);
export type WorkingTimeListQuery = z.output<typeof workingTimeListQuery>;

/** One person's day: /details-in-date/{user_id}/{date_work}. */
export const workingDayParams = z.strictObject({
  user_id: queryId,
  date_work: isoDate,
});
export type WorkingDayParams = z.output<typeof workingDayParams>;

/** Why a correction or a delete is made: kept in the audit row (docs/front-desk.md "Working-time reports"). */
const reason = z
  .string({ error: 'Say why the day is changed.' })
  .trim()
  .min(3, 'Say why the day is changed (at least 3 characters).')
  .max(500, 'Keep the reason under 500 characters.');

const correctedBreak = z.strictObject({ started_at: isoDateTime, ended_at: isoDateTime.nullable() });
const correctedShift = z.strictObject({
  check_in_at: isoDateTime,
  check_out_at: isoDateTime.nullable(),
  breaks: z.array(correctedBreak).max(20).default([]),
});

/**
 * POST /api/report/working-times/details-in-date/{user_id}/{date_work}: the day as it should be. The shifts
 * given replace the day's shifts and breaks; an empty list leaves the day with none. The time rules (an end
 * after its start, breaks inside their shift, nothing overlapping, one open shift, only today) are the
 * service's, answered as 422 on the field that breaks them.
 */
export const correctWorkingDayBody = z.strictObject({
  shifts: z.array(correctedShift).max(20),
  reason,
});
export type CorrectWorkingDayBody = z.output<typeof correctWorkingDayBody>;

/**
 * DELETE /api/report/working-times: removes one person's day. The catalogue names the day by user_id and
 * date_work; they and the reason may come in the query or in a JSON body (a client whose HTTP library sends no
 * body on DELETE uses the query), the body's value winning where both give one.
 */
export const deleteWorkingDayRequest = z.strictObject({
  user_id: queryId,
  date_work: isoDate,
  reason,
});
export type DeleteWorkingDayRequest = z.output<typeof deleteWorkingDayRequest>;
/** Each part alone may leave fields to the other; the two together must make a deleteWorkingDayRequest. */
export const deleteWorkingDayPart = deleteWorkingDayRequest.partial();

// ---- responses ---------------------------------------------------------------------------------------

/** One shift of the report (a working_times row), its minutes counted by src/domain/clock.ts workedMinutes. */
export const workingTimeRowSchema = z.object({
  id,
  user_id: id,
  /** Display name. */
  name: z.string(),
  date_work: z.iso.date(),
  check_in_at: isoDateTime,
  /** null: still clocked in; worked_minutes then counts up to now. */
  check_out_at: isoDateTime.nullable(),
  /** Whole minutes of its breaks, each counted inside the shift (an open one up to now). */
  break_minutes: z.number().int().min(0),
  worked_minutes: z.number().int().min(0),
});
export type WorkingTimeRow = z.infer<typeof workingTimeRowSchema>;

const summaryFigures = {
  days_worked: z.number().int().min(0),
  shifts: z.number().int().min(0),
  worked_minutes: z.number().int().min(0),
  break_minutes: z.number().int().min(0),
};

export const workingTimeSummarySchema = z.object({
  date_from: z.iso.date().nullable(),
  date_to: z.iso.date().nullable(),
  /** One row per person who worked in the range, by name. */
  employees: z.array(z.object({ user_id: id, name: z.string(), ...summaryFigures })),
  /** days_worked here counts person-days. */
  totals: z.object(summaryFigures),
});
export type WorkingTimeSummary = z.infer<typeof workingTimeSummarySchema>;

export const workingDaySchema = z.object({
  user_id: id,
  name: z.string(),
  date_work: z.iso.date(),
  /** The day's shifts, earliest first, each with its breaks earliest first. */
  shifts: z.array(
    workingTimeRowSchema.omit({ user_id: true, name: true, date_work: true }).extend({
      breaks: z.array(z.object({ started_at: isoDateTime, ended_at: isoDateTime.nullable() })),
    }),
  ),
  worked_minutes: z.number().int().min(0),
  break_minutes: z.number().int().min(0),
});
export type WorkingDay = z.infer<typeof workingDaySchema>;

/** /details-in-date?date=: everyone's day on one business day (default today, store-local). */
export const workingDateQuery = z.strictObject({ date: isoDate.optional() });
export type WorkingDateQuery = z.output<typeof workingDateQuery>;

export const workingDateSchema = z.object({
  date_work: z.iso.date(),
  /** Each person who has a shift that day, by name. */
  days: z.array(workingDaySchema),
});
export type WorkingDate = z.infer<typeof workingDateSchema>;
