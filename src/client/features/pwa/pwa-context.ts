/**
 * The PWA platform's actors as this feature sees them (conventions.md "A screen": the feature reads facts with
 * selectors and sends typed events; app/pwa-actors.tsx creates the actors with their real side effects and
 * provides them here). One set for the app: the sync scheduler, the worker update lifecycle, app startup, push
 * and install, plus the live queue counts and the worker tools' logic for the panels that run operations.
 *
 * Also the settings dialog's open state, shared by every entry point (the POS bar's offline indicator, the user
 * menu): which tab it opens on is a view fact, kept in a tiny store rather than a machine.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { appStartupMachine } from '../../../../machines/app-startup/app-startup.machine';
import type { installMachine } from '../../../../machines/install/install.machine';
import type { pushMachine } from '../../../../machines/push/push.machine';
import type { syncSchedulerMachine } from '../../../../machines/sync-scheduler/sync-scheduler.machine';
import type { QueueStats } from '../../../../machines/sync-scheduler/sync-scheduler.types';
import type { workerToolsMachine } from '../../../../machines/worker-tools/worker-tools.machine';
import type { workerUpdateMachine } from '../../../../machines/worker-update/worker-update.machine';

/** The live counts of the offline queue: an observable actor whose snapshot's context is the latest count. */
export interface QueueStatsRef {
  getSnapshot(): { context: QueueStats | undefined };
  subscribe(observer: () => void): { unsubscribe(): void };
}

export interface PwaActors {
  syncScheduler: ActorRefFrom<typeof syncSchedulerMachine>;
  workerUpdate: ActorRefFrom<typeof workerUpdateMachine>;
  appStartup: ActorRefFrom<typeof appStartupMachine>;
  push: ActorRefFrom<typeof pushMachine>;
  install: ActorRefFrom<typeof installMachine>;
  queueStats: QueueStatsRef;
  /** The worker tools chart with its real operations; each panel runs its own actor of it. */
  workerTools: typeof workerToolsMachine;
  /** Capabilities read once at start, for badges (not workflow). */
  capabilities: PwaCapabilities;
}

export interface PwaCapabilities {
  serviceWorker: boolean;
  installPromptEvent: boolean;
  embedded: boolean;
  /** ?debug=true when the app loaded (docs/platform.md#the-settings-dialog debug badge). */
  debug: boolean;
}

export const PwaActorsContext = createContext<PwaActors | null>(null);

export function usePwaActors(): PwaActors {
  const actors = useContext(PwaActorsContext);
  if (!actors) throw new Error('usePwaActors: mount <PwaProvider> (src/client/app/pwa-actors.tsx) above.');
  return actors;
}

/** The same, for the shells that render nothing without the platform (tests mounting one component). */
export function useOptionalPwaActors(): PwaActors | null {
  return useContext(PwaActorsContext);
}

const EMPTY_STATS: QueueStats = {
  totalRequests: 0,
  pendingRequests: 0,
  failedRequests: 0,
  pendingRetries: 0,
  heldRequests: 0,
  pendingWrites: 0,
  failedWrites: 0,
  nextRetryInMs: null,
};

/** One subscribe function per ref, so useSyncExternalStore does not resubscribe on every render. */
const subscribers = new WeakMap<QueueStatsRef, (onChange: () => void) => () => void>();
function subscribeTo(ref: QueueStatsRef): (onChange: () => void) => () => void {
  let subscribe = subscribers.get(ref);
  if (!subscribe) {
    subscribe = (onChange) => {
      const subscription = ref.subscribe(onChange);
      return () => subscription.unsubscribe();
    };
    subscribers.set(ref, subscribe);
  }
  return subscribe;
}

/** The queue's live counts; zeros until the first read answers. */
export function useQueueStats(ref: QueueStatsRef): QueueStats {
  const stats = useSyncExternalStore(subscribeTo(ref), () => ref.getSnapshot().context);
  return stats ?? EMPTY_STATS;
}

// ---- the settings dialog's open state ----------------------------------------------------------------------

// 'printer' is ours (docs/printing.md): the device's receipt printer, beside the spec's five tabs.
export const SETTINGS_TABS = ['sync', 'push', 'install', 'caching', 'widgets', 'printer'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

let openTab: SettingsTab | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function openPwaSettings(tab: SettingsTab = 'sync'): void {
  openTab = tab;
  emit();
}

export function closePwaSettings(): void {
  openTab = null;
  emit();
}

function subscribeSettings(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The tab the settings dialog is open on, or null when it is closed. */
export function usePwaSettingsTab(): SettingsTab | null {
  return useSyncExternalStore(
    subscribeSettings,
    () => openTab,
    () => null,
  );
}
