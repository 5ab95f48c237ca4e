/**
 * The working-time report's calls (docs/front-desk.md "Working-time reports", /api/report/working-times) and the
 * generic charts that read them: the report of a date range and one person's day are each a record
 * (machines/record); the CSV is the shared download (lib/api/csv-download.ts). The correction's chart gets its
 * write here too; its PIN check is the app's (app/areas/working-time-area.tsx provides it).
 */
import { fromPromise } from 'xstate';
import { createRecordMachine } from '../../../../machines/record/record.machine';
import { workingDayCorrectionMachine } from '../../../../machines/working-day-correction/working-day-correction.machine';
import type { SubmitCorrectionInput } from '../../../../machines/working-day-correction/working-day-correction.types';
import type { Page } from '../../../contracts/envelope';
import type { WorkingDay, WorkingTimeRow, WorkingTimeSummary } from '../../../contracts/working-times';
import { api } from '../../lib/api/api';
import type { ApiClient } from '../../lib/api/client';
import { fetchCsv, saveDownload } from '../../lib/api/csv-download';

const BASE = '/report/working-times';

/** Shifts listed under the summary: the list's largest page; the CSV has every one. */
export const LISTED_SHIFTS = 200;

export interface DateRange {
  from: string;
  to: string;
}

export interface WorkingTimeReport {
  summary: WorkingTimeSummary;
  shifts: Page<WorkingTimeRow>;
}

/** The range as the contract reads it in a query: `date_range=from,to` (src/contracts/employees.ts). */
export function rangeQuery(range: DateRange): { date_range: string } {
  return { date_range: `${range.from},${range.to}` };
}

export async function loadReport(
  range: DateRange,
  signal?: AbortSignal,
  client: ApiClient = api,
): Promise<WorkingTimeReport> {
  const options = { query: rangeQuery(range), skipNotice: true, signal } as const;
  const [summary, shifts] = await Promise.all([
    client.get<WorkingTimeSummary>(`${BASE}/report-summary`, options),
    client.get<Page<WorkingTimeRow>>(BASE, {
      ...options,
      query: { ...options.query, per_page: LISTED_SHIFTS },
    }),
  ]);
  return { summary, shifts };
}

/**
 * The store's report over `range`, as a record chart: the record is the store's (its id, the session's store),
 * the range the load is made for. A new range is a new chart (the screen keys it by the range).
 */
export function reportLogic(range: DateRange) {
  return createRecordMachine<WorkingTimeReport>().provide({
    actors: { load: fromPromise(({ signal }) => loadReport(range, signal)) },
  });
}

/** One person's day on `dateWork`, as a record chart whose id is the person's. */
export function dayLogic(dateWork: string) {
  return createRecordMachine<WorkingDay>().provide({
    actors: {
      load: fromPromise(({ input, signal }) =>
        api.get<WorkingDay>(`${BASE}/details-in-date/${input.id}/${dateWork}`, { skipNotice: true, signal }),
      ),
    },
  });
}

/** The correction's write: POST the day as it should be, or DELETE it, with the approval and the intent's key. */
export function submitCorrection(
  input: SubmitCorrectionInput,
  signal?: AbortSignal,
  client: ApiClient = api,
): Promise<WorkingDay> {
  const options = {
    skipNotice: true,
    pinApproval: input.approval,
    idempotencyKey: input.idempotencyKey,
    ...(signal ? { signal } : {}),
  };
  if (input.mode === 'delete') {
    return client.delete<WorkingDay>(BASE, {
      ...options,
      query: { user_id: input.userId, date_work: input.dateWork, reason: input.reason },
    });
  }
  return client.post<WorkingDay>(
    `${BASE}/details-in-date/${input.userId}/${input.dateWork}`,
    { shifts: input.shifts.map((s) => ({ ...s, breaks: [...s.breaks] })), reason: input.reason },
    options,
  );
}

/** The correction chart with its real write; the app adds its PIN check (`pinCheck`). */
export const correctionWithWrite = workingDayCorrectionMachine.provide({
  actors: { submitCorrection: fromPromise(({ input, signal }) => submitCorrection(input, signal)) },
});

/** The range's shifts as CSV (GET /export), saved as a download named by the range. */
export async function exportReport(range: DateRange, signal?: AbortSignal): Promise<void> {
  const blob = await fetchCsv(`${BASE.slice(1)}/export`, rangeQuery(range), () => undefined, { signal });
  saveDownload(blob, `working-times-${range.from}-${range.to}.csv`);
}
