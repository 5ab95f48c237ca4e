/**
 * The global loading indicator (docs/api.md#the-client: "Each call shows a loading indicator unless flagged
 * to skip"): a counter of calls in flight, as a tiny external store the shell reads with
 * useSyncExternalStore:
 *
 *   const busy = useSyncExternalStore(apiLoading.subscribe, apiLoading.getSnapshot) > 0;
 *
 * A counter, not a flag: two overlapping calls must not hide the indicator when the first one ends.
 */
type Listener = () => void;

export interface LoadingStore {
  subscribe: (listener: Listener) => () => void;
  /** Calls in flight (0 when idle). */
  getSnapshot: () => number;
  start: () => void;
  stop: () => void;
}

export function createLoadingStore(): LoadingStore {
  let count = 0;
  const listeners = new Set<Listener>();
  const emit = (): void => listeners.forEach((listener) => listener());
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => count,
    start() {
      count += 1;
      emit();
    },
    stop() {
      count = Math.max(0, count - 1);
      emit();
    },
  };
}

/** The app's one loading store, used by the default API client. */
export const apiLoading = createLoadingStore();
