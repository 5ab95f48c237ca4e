/**
 * Parts of a screen that are shown only after a tap (a dialog, the payment panel, the receipt), kept out of
 * the screen's first load (target: ≤ 150 KB of JS on a cold /pos/sales) and fetched while the
 * browser is idle once the screen is up, so that Pay and every dialog still open at once — and offline too,
 * once fetched: a module loaded is in memory.
 *
 *   const tips = lazyPart(() => import('./tips-dialog').then((m) => m.TipsDialog));
 *   <Suspense fallback={…}><tips.Component {...props} /></Suspense>
 *   useEffect(() => preloadWhenIdle([tips.preload, …]), []);
 */
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

export interface LazyPart<P extends object> {
  /** Render inside a <Suspense>; it suspends only while its chunk has not arrived. */
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Fetches the chunk (once; again after a failure). */
  preload: () => Promise<void>;
}

export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loaded: { default: ComponentType<P> } | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () =>
    (loading ??= load().then(
      (component) => (loaded = { default: component }),
      (error: unknown) => {
        // Offline before the warm-up ran: the next try (a tap) fetches again.
        loading = null;
        throw error;
      },
    ));
  const Component = lazy(() => {
    const ready = loaded;
    return ready ? resolvedAtOnce(ready) : start();
  });
  return { Component, preload: () => start().then(() => undefined) };
}

/**
 * WHY a thenable that calls back at once: React.lazy renders the component in the same pass when its thenable
 * has resolved synchronously; a resolved Promise calls back only in a microtask, which would show the
 * fallback for a frame although the part was warmed long ago.
 */
function resolvedAtOnce<T>(value: T): Promise<T> {
  const thenable = { then: (resolve: (value: T) => void) => resolve(value) };
  return thenable as unknown as Promise<T>;
}

type IdleHandle = { cancel: () => void };

function whenIdle(run: () => void): IdleHandle {
  if (typeof requestIdleCallback === 'function') {
    // The timeout: a till that never goes idle (an animation) still gets its parts within a few seconds.
    const id = requestIdleCallback(run, { timeout: 4000 });
    return { cancel: () => cancelIdleCallback(id) };
  }
  // Safari (iPad tills) has no requestIdleCallback: a short delay after the first paint does the same.
  const id = setTimeout(run, 300);
  return { cancel: () => clearTimeout(id) };
}

/**
 * Runs each preload in an idle period of its own, one after the other (a chunk's parse never lands on a
 * tap that comes meanwhile), and returns a cancel for an effect's clean-up. A failed preload is skipped: the
 * part loads on its tap instead, and shows its own fallback or error there.
 */
export function preloadWhenIdle(preloads: ReadonlyArray<() => Promise<unknown>>): () => void {
  let cancelled = false;
  let pending: IdleHandle | null = null;
  const next = (index: number) => {
    const preload = preloads[index];
    if (cancelled || !preload) return;
    pending = whenIdle(() => {
      pending = null;
      preload()
        .catch(() => undefined)
        .finally(() => next(index + 1));
    });
  };
  next(0);
  return () => {
    cancelled = true;
    pending?.cancel();
  };
}
