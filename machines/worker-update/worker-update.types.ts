/**
 * Context, events, input and actor contracts of the worker update lifecycle (docs/platform.md#worker-tools
 * status panel, docs/platform.md#updates). Events named `update.*` and `worker.*` are what the app forwards
 * from workbox-window and the worker's messages; the buttons send `update.now`, `update.later`,
 * `update.apply`, `update.check`, `update.refresh`, `update.close` and `flags.clear`.
 */

export interface WorkerUpdateError {
  /** i18n key (pwa namespace). */
  code: string;
  /** English text: the spec's where it has one (docs/platform.md#updates). */
  message: string;
}

export interface WorkerUpdateInput {
  /** A native WebView or wrapper: updates are handled by the native app and every action is disabled (docs/platform.md#updates). */
  embedded?: boolean;
  /** The browser has service workers; default true. */
  supported?: boolean;
  /** When the update-in-progress flag was set (epoch ms), as read from session storage; null when not set. */
  updateFlagSetAt?: number | null;
  /** The clock the flag's age is measured with; default Date.now. */
  now?: () => number;
}

export interface WorkerUpdateContext {
  /** The version the active worker reported (VERSION_INFO); null until known. */
  currentVersion: string | null;
  /** The update-in-progress flag (docs/platform.md#updates: kept in session storage): when it was set, or null. */
  updateFlagSetAt: number | null;
  error: WorkerUpdateError | null;
  embedded: boolean;
  supported: boolean;
  now: () => number;
}

export type WorkerUpdateEvent =
  /** workbox-window 'installing' of an update: a new worker is being installed. */
  | { type: 'update.found' }
  /** workbox-window 'waiting': a new worker is installed and waits. */
  | { type: 'update.waiting' }
  /** The new worker failed to install (it became redundant) or reported FORCE_UPDATE_ERROR. */
  | { type: 'update.failed'; message?: string }
  /** workbox-window 'controlling': the new worker controls this page. */
  | { type: 'worker.activated' }
  /** The worker's VERSION_CHANGED message (docs/platform.md#worker-tools). */
  | { type: 'version.changed'; version: string }
  | { type: 'update.now' }
  | { type: 'update.later' }
  /** The status panel's Apply Update. */
  | { type: 'update.apply' }
  /** Check for Updates (panel) or Check Again (banner). */
  | { type: 'update.check' }
  /** Refresh Page on the failure message. */
  | { type: 'update.refresh' }
  | { type: 'update.close' }
  /** Clear Update State (panel). */
  | { type: 'flags.clear' };

export interface InitialiseOutput {
  /** The active worker's version (GET_VERSION → VERSION_INFO); null when no worker controls the page yet. */
  version: string | null;
  /**
   * The version differs from the one this browser ran last (app startup's version check): the update is done,
   * so the update flags go, as for the worker's VERSION_CHANGED, which the page reloading after Apply Update
   * may never receive (the worker broadcasts it while activating, before or during the reload).
   */
  versionChanged?: boolean;
  /**
   * A new worker already waits when the page starts (Later, then a reload; or found by another tab): offered at
   * once. workbox-window reports it before the chart leaves `initialising`, where the event would be lost.
   */
  updateWaiting?: boolean;
}

export interface PersistUpdateFlagParams {
  setAt: number;
}
