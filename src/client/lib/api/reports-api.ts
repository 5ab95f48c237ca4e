/**
 * The sales reports' calls (docs/reports.md; src/contracts/reports.ts; the server's src/server/reports/):
 * GET /api/report/<name> for a page of rows with the range and the totals, and GET /api/report/<name>/export
 * for the same query as a CSV file, saved as a download. Both need the session's PIN approval
 * (X-Pin-Approval, docs/roles.md#access-rules, ADR 006), which the report route's PIN gate obtained.
 *
 * Thin: the report chart (machines/report) gets these as its actors through features/reports/report-logic.ts.
 * No zod parsing of the answer: a value import of the contracts would put zod in the reports chunk (as
 * sale-management-api.ts says); the server validates its own answers against the contracts.
 */
import type { ReportPage, ReportQueryInput } from '../../../../machines/report/report.types';
import { api } from './api';
import type { ApiClient } from './client';
import { PIN_APPROVAL_HEADER } from './client';
import { fetchCsv, saveDownload } from './csv-download';
import type { CsvFetchOptions } from './csv-download';
import type { QueryParams } from './query';

export interface ReportCallOptions {
  signal?: AbortSignal;
  /** The approval of POST /api/role-by-code, sent as X-Pin-Approval; absent = the server answers 403. */
  pinApproval?: string | undefined;
  client?: Pick<ApiClient, 'get'>;
}

/**
 * The filter part of a report's query (docs/reports.md#the-query): a named period as `time_type`, a custom
 * range as `time_type=other` with its two store days (taken as they are by the server), and the sort.
 */
export function reportFilterQuery({ period, custom, sort, filters }: ReportQueryInput): QueryParams {
  return {
    ...filters,
    time_type: period,
    effective_start: period === 'other' ? (custom?.start ?? null) : null,
    effective_end: period === 'other' ? (custom?.end ?? null) : null,
    sort,
  };
}

/** The page query: the filters, `page` and `per_page`. */
export function reportQuery(input: ReportQueryInput): QueryParams {
  return { ...reportFilterQuery(input), page: input.page, per_page: input.perPage };
}

/** A report's path; a details report's name has its own segments ('customers/details'). */
const reportPath = (name: string): string => `/report/${name.split('/').map(encodeURIComponent).join('/')}`;

/** GET /api/report/<name>: a page of the report. The screen shows its own errors: no notice. */
export function fetchReport(
  name: string,
  input: ReportQueryInput,
  { signal, pinApproval, client = api }: ReportCallOptions = {},
): Promise<ReportPage> {
  return client.get<ReportPage>(reportPath(name), {
    query: reportQuery(input),
    skipNotice: true,
    ...(signal ? { signal } : {}),
    ...(pinApproval ? { pinApproval } : {}),
  });
}

/** The file a report's export is saved as: `daily-report-<first day>-<last day>.csv`, or today's date. */
export function reportFileName(name: string, input: ReportQueryInput, today: string): string {
  const days = input.period === 'other' && input.custom ? `${input.custom.start}-${input.custom.end}` : today;
  return `${name.replaceAll('/', '-')}-report-${input.period}-${days}.csv`;
}

export interface ReportExportOptions {
  signal?: AbortSignal | undefined;
  pinApproval?: string | undefined;
  fetchImpl?: CsvFetchOptions['fetchImpl'];
  /** Saves the file; the browser's download unless a test gives its own. */
  save?: (blob: Blob, filename: string) => void;
  today?: string;
}

/** GET /api/report/<name>/export with the query shown (no paging), saved as a CSV download. */
export async function exportReport(
  name: string,
  input: ReportQueryInput,
  {
    signal,
    pinApproval,
    fetchImpl,
    save = saveDownload,
    today = new Date().toISOString().slice(0, 10),
  }: ReportExportOptions = {},
): Promise<void> {
  const blob = await fetchCsv(
    `${reportPath(name).slice(1)}/export`,
    reportFilterQuery(input),
    () => undefined,
    {
      signal,
      fetchImpl,
      headers: pinApproval ? { [PIN_APPROVAL_HEADER]: pinApproval } : {},
    },
  );
  save(blob, reportFileName(name, input, today));
}
