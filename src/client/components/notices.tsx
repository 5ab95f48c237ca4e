/**
 * App-wide notices (toasts). `notify()` is callable from anywhere, React or not: the API client raises its
 * error and offline notices with it (docs/api.md#the-client), screens their confirmations. `<Notices />` is
 * mounted once by the app's providers; the toast view (notices-view.tsx, its own chunk, with Chakra's toast
 * store) is fetched when the browser is idle after the first paint, or at the first notice if that comes
 * sooner, and then shows every notice raised so far (kept here until it is there).
 *
 * WHY the toast store is in the view's chunk, not here: this module is in every screen's first load, and the
 * store's package brings the toast machines with it (docs/architecture.md#first-load-of-the-sale-screen).
 *
 * Trap (a till on plain http on the salon's LAN has no service worker): offline, a chunk not fetched yet
 * cannot be fetched. Loaded with React.lazy, the view's failed load was thrown into the tree and, with no error
 * boundary above the providers, blanked the whole app at the very moment a notice said "offline". So the view
 * is warmed while the connection is still there, and it is loaded by hand, never by React.lazy: a failed load
 * renders nothing and the next notice tries again.
 *
 * docs/api.md#the-client: "Toasts auto-close after 5000 ms, kinds success, error, info, warning, default".
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { ComponentType } from 'react';

export type NoticeType = 'success' | 'error' | 'info' | 'warning' | 'default';

export interface Notice {
  type: NoticeType;
  title: string;
  description?: string;
  /** Same id while shown: the notice is updated, not stacked (e.g. one "offline" notice). */
  id?: string;
}

export const NOTICE_DURATION_MS = 5_000;

interface ViewModule {
  NoticesView: ComponentType;
  show: (notice: Notice) => void;
}

let loaded: ViewModule | null = null;
let loading: Promise<void> | null = null;
/** Notices raised before the view's chunk came; a same-id notice replaces its earlier one, as on screen. */
let pending: Notice[] = [];
/** Latched: once a notice was raised, the view stays mounted for the ones that follow. */
let noticeSeen = false;
const listeners = new Set<() => void>();
const changed = (): void => listeners.forEach((listener) => listener());

/** Fetches the toast view once; a failure is forgotten, so the next call (the next notice) fetches again. */
export function loadNoticesView(): Promise<void> {
  loading ??= import('./notices-view').then(
    (module) => {
      loaded = module;
      const raised = pending;
      pending = [];
      raised.forEach(module.show);
      changed();
    },
    (error: unknown) => {
      loading = null;
      console.error('The notices could not be loaded.', error);
    },
  );
  return loading;
}

export function notify(notice: Notice): void {
  noticeSeen = true;
  if (loaded) {
    loaded.show(notice);
  } else {
    pending = [...pending.filter((raised) => !notice.id || raised.id !== notice.id), notice];
    // The first notice before the warm-up: fetch now (a failure shows nothing and the next notice retries).
    void loadNoticesView();
  }
  changed();
}

function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    // The timeout: a till that never goes idle (an animation) still gets the view within a few seconds.
    const id = requestIdleCallback(run, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  // Safari (iPad tills) has no requestIdleCallback: a short delay after the first paint does the same.
  const id = setTimeout(run, 300);
  return () => clearTimeout(id);
}

/** Warms the toast view when the browser is idle after the first paint; returns the cancel. */
export function warmNoticesView(): () => void {
  return whenIdle(() => void loadNoticesView());
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}
const getSnapshot = (): ComponentType | null => (noticeSeen && loaded ? loaded.NoticesView : null);

export function Notices() {
  const View = useSyncExternalStore(subscribe, getSnapshot, () => null);
  useEffect(warmNoticesView, []);
  return View ? <View /> : null;
}
