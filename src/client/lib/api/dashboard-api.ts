/**
 * The dashboard's calls (docs/dashboard.md; src/contracts/dashboard.ts; the server's
 * src/server/reports/dashboard-report.ts): the period's summary and its details, read together as one load of
 * the dashboard chart (machines/dashboard). Login only: no PIN approval (docs/roles.md#access-rules).
 *
 * No zod parsing of the answer and no value import of the contracts: that would put zod in the dashboard's
 * chunk (as reports-api.ts says); the server validates its own answers against the contracts.
 */
import type { DashboardDetails, DashboardSummary } from '../../../contracts/dashboard';
import type { DashboardData, DashboardQueryInput } from '../../../../machines/dashboard/dashboard.types';
import { api } from './api';
import type { ApiClient } from './client';

/** The paths of src/contracts/dashboard.ts (DASHBOARD_SUMMARY_PATH, DASHBOARD_DETAILS_PATH) under /api. */
export const DASHBOARD_PATHS = {
  summary: '/report/dashboard/income-summary',
  details: '/report/dashboard/income-details',
} as const;

export interface DashboardCallOptions {
  signal?: AbortSignal;
  client?: Pick<ApiClient, 'get'>;
}

/** Both answers of one period; the screen shows its own errors, so no notice. */
export async function fetchDashboard(
  input: DashboardQueryInput,
  { signal, client = api }: DashboardCallOptions = {},
): Promise<DashboardData> {
  const options = { query: { time_type: input.period }, skipNotice: true, ...(signal ? { signal } : {}) };
  const [summary, details] = await Promise.all([
    client.get<DashboardSummary>(DASHBOARD_PATHS.summary, options),
    client.get<DashboardDetails>(DASHBOARD_PATHS.details, options),
  ]);
  return { summary, details };
}
