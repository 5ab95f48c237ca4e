/**
 * View facts of the update banner and the service-worker status panel (docs/platform.md#updates), derived
 * from the snapshot.
 */
import type { SnapshotFrom } from 'xstate';
import { UPDATE_BUTTON, UPDATE_MESSAGE } from '../../src/domain/constants';
import type { workerUpdateMachine } from './worker-update.machine';
import type { WorkerUpdateError } from './worker-update.types';

export type WorkerUpdateSnapshot = SnapshotFrom<typeof workerUpdateMachine>;

export type UpdateStatus =
  | 'embedded'
  | 'unsupported'
  | 'initialising'
  | 'unavailable'
  | 'idle'
  | 'checking'
  | 'installing'
  | 'available'
  | 'deferred'
  | 'activating'
  | 'activated'
  | 'applying'
  | 'failed'
  | 'reloading';

const UPDATE_STATES = [
  'idle',
  'checking',
  'installing',
  'available',
  'deferred',
  'activating',
  'activated',
  'applying',
  'failed',
  'reloading',
] as const;

export function selectUpdateStatus(snapshot: WorkerUpdateSnapshot): UpdateStatus {
  for (const mode of ['embedded', 'unsupported', 'initialising', 'unavailable'] as const) {
    if (snapshot.matches(mode)) return mode;
  }
  for (const state of UPDATE_STATES) {
    if (snapshot.matches({ running: { update: state } })) return state;
  }
  return 'initialising';
}

/** The panel's notice and disabled actions in a native WebView or wrapper (docs/platform.md#updates). */
export const selectIsEmbedded = (snapshot: WorkerUpdateSnapshot): boolean => snapshot.matches('embedded');

export const selectCurrentVersion = (snapshot: WorkerUpdateSnapshot): string | null =>
  snapshot.context.currentVersion;

/** "Update available" on the panel: a new worker waits (offered now or deferred). */
export function selectIsUpdateAvailable(snapshot: WorkerUpdateSnapshot): boolean {
  const status = selectUpdateStatus(snapshot);
  return status === 'available' || status === 'deferred';
}

/** The update prompt (Update Now / Later) is on screen. */
export const selectShowUpdatePrompt = (snapshot: WorkerUpdateSnapshot): boolean =>
  selectUpdateStatus(snapshot) === 'available';

/** Check Again is asking the server for a newer worker while this one stays offered. */
export const selectIsRechecking = (snapshot: WorkerUpdateSnapshot): boolean =>
  snapshot.matches({ running: { update: { available: 'rechecking' } } });

export const selectIsUpdateInProgress = (snapshot: WorkerUpdateSnapshot): boolean =>
  snapshot.context.updateFlagSetAt !== null;

export const selectCanCheckForUpdates = (snapshot: WorkerUpdateSnapshot): boolean =>
  snapshot.can({ type: 'update.check' });

export const selectCanApplyUpdate = (snapshot: WorkerUpdateSnapshot): boolean =>
  snapshot.can({ type: 'update.apply' });

export const selectCanClearUpdateState = (snapshot: WorkerUpdateSnapshot): boolean =>
  snapshot.can({ type: 'flags.clear' });

export type UpdateMessage = (typeof UPDATE_MESSAGE)[keyof typeof UPDATE_MESSAGE];

/** Which of the spec's three messages shows, if any (docs/platform.md#updates). */
export function selectUpdateMessage(snapshot: WorkerUpdateSnapshot): UpdateMessage | null {
  switch (selectUpdateStatus(snapshot)) {
    case 'available':
    case 'activating':
      return UPDATE_MESSAGE.AVAILABLE;
    case 'activated':
    case 'reloading':
      return UPDATE_MESSAGE.SUCCESS;
    case 'failed':
      return UPDATE_MESSAGE.FAILED;
    default:
      return null;
  }
}

/** The label of the update button: Update Now, Updating... while activating, Reloading... after (docs/platform.md#updates). */
export function selectUpdateButtonLabel(snapshot: WorkerUpdateSnapshot): string {
  switch (selectUpdateStatus(snapshot)) {
    case 'activating':
    case 'applying':
      return UPDATE_BUTTON.UPDATING;
    case 'activated':
    case 'reloading':
      return UPDATE_BUTTON.RELOADING;
    default:
      return UPDATE_BUTTON.UPDATE_NOW;
  }
}

export const selectIsBusy = (snapshot: WorkerUpdateSnapshot): boolean => snapshot.hasTag('busy');

export const selectUpdateError = (snapshot: WorkerUpdateSnapshot): WorkerUpdateError | null =>
  snapshot.context.error;
