/**
 * A lazy screen that survives its chunk not arriving. React.lazy keeps a rejected load for good, and a
 * rejection thrown into the tree ends at the router's error element, replacing the whole layout. A till that
 * opens the app over plain http on the salon's LAN has no service worker: once the Wi-Fi drops, every screen
 * not opened yet is a chunk that cannot be fetched.
 *
 * So the screen's loader never rejects for a chunk error: it resolves with a stand-in that says "This screen
 * could not be loaded. Check the connection and try again." with Retry, inside the layout (menu still there).
 * Retry fetches the chunk again (the browser does not keep a failed dynamic import) and, once it arrives, the
 * stand-in renders the real screen. Any other error is thrown as before (the 500 page).
 *
 * The stand-in's state (failed, retrying, loaded) is a tiny external store read with useSyncExternalStore, as
 * components/notices.tsx does: it belongs to the module load, not to a component instance.
 */
import { useSyncExternalStore } from 'react';
import type { ComponentType } from 'react';
import { isChunkLoadError } from './chunk-error';
import { ScreenLoadFailed } from './error-screens';

type Load = () => Promise<ComponentType>;

interface RetryState {
  retrying: boolean;
  screen: ComponentType | null;
}

/** The stand-in for one failed load; `load` is the screen's own loader, called again on Retry. */
export function screenRetry(load: Load): ComponentType {
  let state: RetryState = { retrying: false, screen: null };
  const listeners = new Set<() => void>();
  const set = (next: RetryState): void => {
    state = next;
    listeners.forEach((listener) => listener());
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const retry = (): void => {
    if (state.retrying || state.screen) return;
    set({ retrying: true, screen: null });
    load().then(
      (screen) => set({ retrying: false, screen }),
      () => set({ retrying: false, screen: null }),
    );
  };

  return function RetryableScreen() {
    const { retrying, screen: Screen } = useSyncExternalStore(
      subscribe,
      () => state,
      () => state,
    );
    if (Screen) return <Screen />;
    return <ScreenLoadFailed onRetry={retry} busy={retrying} />;
  };
}

/** The screen's loader, resolving with the stand-in when its chunk cannot be fetched (see the file comment). */
export function retryableScreen(load: Load): Load {
  return () =>
    load().catch((error: unknown) => {
      if (!isChunkLoadError(error)) throw error;
      console.error('A screen could not be loaded.', error);
      return screenRetry(load);
    });
}
