/**
 * <PwaProvider>: the PWA platform for the whole app. The platform itself, five
 * charts with their real side effects (pwa-platform.ts), loads right after the first render, as its own chunk,
 * and starts once for the page; until then the PWA shells (banners, offline indicator, debug badge, settings
 * dialog) render nothing. The shell of /pos/sales thus carries only those shells.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { DebugBadge } from '../features/pwa/debug-badge';
import { PwaBanners } from '../features/pwa/pwa-banners';
import { PwaActorsContext } from '../features/pwa/pwa-context';
import type { PwaActors } from '../features/pwa/pwa-context';
import { PwaSettingsHost } from '../features/pwa/settings-host';

let actors: PwaActors | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function loadPlatform(): void {
  loading ??= import('./pwa-platform')
    .then(({ startPwaPlatform }) => {
      actors = startPwaPlatform();
      for (const listener of listeners) listener();
    })
    .catch((error: unknown) => {
      // A chunk that fails to load (offline before the worker cached it): the app works without the platform.
      loading = null;
      console.error('The PWA platform could not be loaded.', error);
    });
}

/**
 * Starts the PWA actors once for the app (they live as long as the page) and gives them to the PWA feature:
 * the banners above the screens (startup error, update, install), the settings dialog, the debug badge.
 */
export function PwaProvider({ children }: { children: ReactNode }) {
  const value = useSyncExternalStore(
    subscribe,
    () => actors,
    () => null,
  );
  useEffect(loadPlatform, []);
  return (
    <PwaActorsContext.Provider value={value}>
      <PwaBanners />
      {children}
      <PwaSettingsHost />
      <DebugBadge />
    </PwaActorsContext.Provider>
  );
}
