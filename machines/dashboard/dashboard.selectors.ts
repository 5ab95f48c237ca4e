import type { SnapshotFrom } from 'xstate';
import type { dashboardMachine } from './dashboard.machine';

type Snapshot = SnapshotFrom<typeof dashboardMachine>;

export type DashboardStatus = 'loading' | 'ready' | 'empty' | 'failed' | 'offline';

export const selectStatus = (s: Snapshot): DashboardStatus => s.value as DashboardStatus;
export const selectPeriod = (s: Snapshot) => s.context.period;
export const selectSummary = (s: Snapshot) => s.context.data?.summary ?? null;
export const selectDetails = (s: Snapshot) => s.context.data?.details ?? null;
export const selectFailure = (s: Snapshot) => s.context.failure;
/** A load runs (the first, a refresh or a new period); figures already shown stay until it ends. */
export const selectIsLoading = (s: Snapshot) => s.hasTag('busy');
