/**
 * Real actors a feature or component needs, handed down by app/ through a context: app/ is the one place that
 * gives machines their side effects (docs/architecture.md), and features and components never import app/,
 * so they read what app/ provides from here.
 *
 *   export const ReceiptLogic = provided<typeof receiptMachine>('ReceiptLogic');      // beside the reader
 *   <ReceiptLogic.Provider value={appReceiptMachine}>…                                // app/, eager
 *   <ReceiptLogic.Provider load={() => import('../receipt-actors').then((m) => m.appReceiptMachine)}>
 *   const logic = ReceiptLogic.use();          // suspends (inside the part's <Suspense>) until loaded
 *
 * WHY a loader: a part that opens on a tap (the payment panel, the receipt) keeps its actors in its own chunk
 * instead of the screen's first load; `preload` lets the screen's idle warm-up fetch them with the part.
 */
import { createContext, use, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';

type Source<T> = { value: T } | { load: () => Promise<T> };

interface Slot<T> {
  read: () => T | Promise<T>;
  preload: () => Promise<void>;
}

export interface Provided<T> {
  Provider: (props: Source<T> & { children: ReactNode }) => ReactNode;
  /** The provided value; suspends while a loader runs; throws when nothing above provides it. */
  use: () => T;
  /** Starts the loader of the nearest provider (a warm-up); resolves when it is done. */
  usePreload: () => () => Promise<void>;
}

function slotOf<T>(source: Source<T>): Slot<T> {
  if ('value' in source) {
    return { read: () => source.value, preload: () => Promise.resolve() };
  }
  let loaded: { value: T } | null = null;
  let loading: Promise<T> | null = null;
  const start = () =>
    (loading ??= source.load().then(
      (value) => {
        loaded = { value };
        return value;
      },
      (error: unknown) => {
        // Offline before the warm-up ran: the next render (a tap) loads again.
        loading = null;
        throw error;
      },
    ));
  return { read: () => (loaded ? loaded.value : start()), preload: () => start().then(() => undefined) };
}

export function provided<T>(name: string): Provided<T> {
  const Context = createContext<Slot<T> | null>(null);
  const useSlot = (): Slot<T> => {
    const slot = useContext(Context);
    if (!slot) throw new Error(`${name} is not provided: app/ provides it above this component.`);
    return slot;
  };
  function Provider({ children, ...source }: Source<T> & { children: ReactNode }) {
    const key = 'value' in source ? source.value : source.load;
    // One slot per value or loader: a loaded value is kept across renders.
    const slot = useMemo(() => slotOf(source), [key]);
    return <Context.Provider value={slot}>{children}</Context.Provider>;
  }
  return {
    Provider,
    use: () => {
      const value = useSlot().read();
      return value instanceof Promise ? use(value) : value;
    },
    usePreload: () => useSlot().preload,
  };
}
