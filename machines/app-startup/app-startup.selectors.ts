/** View facts of startup (docs/platform.md#start-up): the error banner and its Retry button, derived from the snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { StartupBanner } from '../../src/domain/constants';
import type { appStartupMachine } from './app-startup.machine';

export type AppStartupSnapshot = SnapshotFrom<typeof appStartupMachine>;

export type StartupStatus = 'starting' | 'retrying' | 'checkingVersion' | 'ready' | 'failed' | 'skipped';

export function selectStartupStatus(snapshot: AppStartupSnapshot): StartupStatus {
  if (snapshot.matches('backingOff')) return 'retrying';
  if (snapshot.matches('checkingVersion')) return 'checkingVersion';
  if (snapshot.matches('ready')) return 'ready';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('skipped')) return 'skipped';
  return 'starting';
}

/** The error banner: only once every retry has failed. */
export const selectStartupBanner = (snapshot: AppStartupSnapshot): StartupBanner | null =>
  snapshot.matches('failed') ? (snapshot.context.error?.banner ?? null) : null;

export const selectCanRetry = (snapshot: AppStartupSnapshot): boolean =>
  snapshot.can({ type: 'startup.retry' });

/** Attempts made or under way (1 to 4). */
export const selectAttempt = (snapshot: AppStartupSnapshot): number => snapshot.context.retries + 1;

export const selectLastStartupError = (snapshot: AppStartupSnapshot): string | null =>
  snapshot.context.error?.message ?? null;

export const selectWorkerVersion = (snapshot: AppStartupSnapshot): string | null => snapshot.context.version;
export const selectVersionChanged = (snapshot: AppStartupSnapshot): boolean =>
  snapshot.context.versionChanged;
export const selectIsStarting = (snapshot: AppStartupSnapshot): boolean => snapshot.hasTag('busy');
