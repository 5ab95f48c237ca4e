/**
 * Working-time reports (docs/front-desk.md "Working-time reports").
 * Service: src/server/services/working-times.ts. Schemas: src/contracts/working-times.ts.
 *
 * Access: module Report. docs/roles.md#access-rules exempts the employee check-in/out report from the report
 * PIN, so the reads need none; a correction or removal changes what people are paid for, so it needs the
 * Report module writable, a PIN approval of a manager, an admin or the owner, and an Idempotency-Key.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pageSchema } from '../../../contracts/envelope';
import {
  correctWorkingDayBody,
  deleteWorkingDayRequest,
  deleteWorkingDayPart,
  workingDateQuery,
  workingDateSchema,
  workingDayParams,
  workingDaySchema,
  workingTimeListQuery,
  workingTimeReportQuery,
  workingTimeRowSchema,
  workingTimeSummarySchema,
} from '../../../contracts/working-times';
import type { WorkingTimeRow } from '../../../contracts/working-times';
import { MODULE } from '../../../domain/constants';
import { PIN_APPROVER_ROLES, REPORT_ACCESS_WITHOUT_PIN } from '../../auth/access';
import type { SessionAccess } from '../../auth/access';
import { requireAuth } from '../../auth-context';
import { csvStream } from '../../resources/csv';
import type { CsvValue } from '../../resources/csv';
import { rawResponse, route } from '../../route';
import { correctWorkingDay, deleteWorkingDay } from '../../services/working-day-writes';
import {
  getWorkingDate,
  getWorkingDay,
  listWorkingTimes,
  workingTimeExport,
  workingTimeSummary,
} from '../../services/working-times';
import { z } from 'zod';

const TAGS = ['report'];
const BASE = '/api/report/working-times';

/** A correction or removal of someone's day: Report writable and a manager's (or higher) PIN approval. */
export const WORKING_TIME_WRITE: SessionAccess = {
  module: MODULE.REPORT,
  write: true,
  pin: { roles: PIN_APPROVER_ROLES },
};

const EXPORT_COLUMNS: readonly { header: string; value: (row: WorkingTimeRow) => CsvValue }[] = [
  { header: 'Date', value: (r) => r.date_work },
  { header: 'Employee', value: (r) => r.name },
  { header: 'Check in', value: (r) => r.check_in_at },
  { header: 'Check out', value: (r) => r.check_out_at },
  { header: 'Break minutes', value: (r) => r.break_minutes },
  { header: 'Worked minutes', value: (r) => r.worked_minutes },
];

function approvedBy(request: FastifyRequest): number | null {
  return request.pinApprover?.userId ?? null;
}

export function registerWorkingTimeRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: BASE,
    summary: "The store's shifts in a date range (default today), newest day first (user_id, paging)",
    tags: TAGS,
    access: REPORT_ACCESS_WITHOUT_PIN,
    querystring: workingTimeListQuery,
    data: pageSchema(workingTimeRowSchema),
    handler: ({ db, query, request }) => listWorkingTimes(db, requireAuth(request), query),
  });

  route(app, {
    method: 'GET',
    url: `${BASE}/export`,
    summary: 'The working-time list of the range as CSV',
    tags: TAGS,
    access: REPORT_ACCESS_WITHOUT_PIN,
    querystring: workingTimeReportQuery,
    data: z.string(),
    handler: async ({ db, query, request }) => {
      // Awaited here, so an unknown person is a 404 envelope, not a CSV cut off after its header.
      const report = await workingTimeExport(db, requireAuth(request), query);
      async function* batches(): AsyncGenerator<CsvValue[][]> {
        for await (const rows of report) yield rows.map((row) => EXPORT_COLUMNS.map((c) => c.value(row)));
      }
      const csv = csvStream(
        EXPORT_COLUMNS.map((c) => c.header),
        batches(),
      );
      return rawResponse('text/csv; charset=utf-8', csv, {
        'content-disposition': 'attachment; filename="working-times.csv"',
      });
    },
  });

  route(app, {
    method: 'GET',
    url: `${BASE}/report-summary`,
    summary: 'Per employee over the range: days worked, shifts, worked and break minutes; and totals',
    tags: TAGS,
    access: REPORT_ACCESS_WITHOUT_PIN,
    querystring: workingTimeReportQuery,
    data: workingTimeSummarySchema,
    handler: ({ db, query, request }) => workingTimeSummary(db, requireAuth(request), query),
  });

  route(app, {
    method: 'GET',
    url: `${BASE}/details-in-date`,
    summary:
      "Everyone's day on one business day (date, default today): each person's shifts with their breaks",
    tags: TAGS,
    access: REPORT_ACCESS_WITHOUT_PIN,
    querystring: workingDateQuery,
    data: workingDateSchema,
    handler: ({ db, query, request }) => getWorkingDate(db, requireAuth(request), query),
  });

  route(app, {
    method: 'GET',
    url: `${BASE}/details-in-date/:user_id/:date_work`,
    summary: "One employee's day: each shift with its breaks",
    tags: TAGS,
    access: REPORT_ACCESS_WITHOUT_PIN,
    params: workingDayParams,
    data: workingDaySchema,
    handler: ({ db, params, request }) =>
      getWorkingDay(db, requireAuth(request), params.user_id, params.date_work),
  });

  route(app, {
    method: 'POST',
    url: `${BASE}/details-in-date/:user_id/:date_work`,
    summary: "Correct one employee's day: replaces its shifts and breaks (manager PIN, reason)",
    tags: TAGS,
    access: WORKING_TIME_WRITE,
    idempotency: { required: true },
    params: workingDayParams,
    body: correctWorkingDayBody,
    data: workingDaySchema,
    message: 'Working day corrected.',
    handler: ({ body, db, params, request }) =>
      correctWorkingDay(db, requireAuth(request), params.user_id, params.date_work, body, {
        approvedBy: approvedBy(request),
      }),
  });

  route(app, {
    method: 'DELETE',
    url: BASE,
    summary: "Remove one employee's day (user_id, date_work, reason in the query or body; manager PIN)",
    tags: TAGS,
    access: WORKING_TIME_WRITE,
    idempotency: { required: true },
    querystring: deleteWorkingDayPart,
    // No body on a DELETE reaches the schema as null.
    body: deleteWorkingDayPart.nullish(),
    data: workingDaySchema,
    message: 'Working day removed.',
    handler: ({ body, db, query, request }) => {
      // A ZodError here is the caller's input: the error handler answers 422 with the fields (errors.ts).
      const target = deleteWorkingDayRequest.parse({ ...query, ...body });
      return deleteWorkingDay(db, requireAuth(request), target.user_id, target.date_work, target.reason, {
        approvedBy: approvedBy(request),
      });
    },
  });
}
