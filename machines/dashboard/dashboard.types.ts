import type { DashboardDetails, DashboardSummary } from '../../src/contracts/dashboard';
import type { NamedPeriod } from '../report/report.types';
import type { ResourceError } from '../resource/resource.types';

/** What one load brings: the two dashboard answers of the same period (docs/dashboard.md). */
export interface DashboardData {
  summary: DashboardSummary;
  details: DashboardDetails;
}

/** What a load asks for: a named period of the store's days; today by default. */
export interface DashboardQueryInput {
  period: NamedPeriod;
}

export interface DashboardInput {
  period?: NamedPeriod;
}

export interface DashboardContext extends DashboardQueryInput {
  /** The figures shown: kept while the next load runs, so a refresh does not blank the screen. */
  data: DashboardData | null;
  failure: ResourceError | null;
}

export type DashboardEvent =
  | { type: 'period.set'; period: NamedPeriod }
  | { type: 'refresh' }
  | { type: 'retry' }
  | { type: 'connection.online' };
