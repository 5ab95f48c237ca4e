/**
 * App-wide notices (toasts). `notify()` is callable from anywhere, React or not: the API client raises its
 * error and offline notices with it (000 §8), screens their confirmations. `<Notices />` is mounted once by
 * the app's providers; it loads the toast view (notices-view.tsx) when the first notice arrives, and the
 * view then shows every notice raised so far (the store keeps them).
 *
 * 001 §8: "Toasts auto-close after 5000 ms, kinds success, error, info, warning, default".
 */
import { createToaster } from '@chakra-ui/react';
import { lazy, Suspense, useSyncExternalStore } from 'react';

export type NoticeType = 'success' | 'error' | 'info' | 'warning' | 'default';

export interface Notice {
  type: NoticeType;
  title: string;
  description?: string;
  /** Same id while shown: the notice is updated, not stacked (e.g. one "offline" notice). */
  id?: string;
}

export const NOTICE_DURATION_MS = 5_000;

export const toaster = createToaster({
  placement: 'top-end',
  pauseOnPageIdle: true,
  duration: NOTICE_DURATION_MS,
  max: 5,
});

export function notify({ type, title, description, id }: Notice): string {
  const options = {
    title,
    description,
    // Chakra has no 'default' kind: a neutral toast is one without a type.
    type: type === 'default' ? undefined : type,
    closable: true,
  };
  if (id && toaster.isVisible(id)) {
    toaster.update(id, options);
    return id;
  }
  return toaster.create(id ? { ...options, id } : options);
}

const NoticesView = lazy(() => import('./notices-view').then((m) => ({ default: m.NoticesView })));

/** Latched: once a notice was raised, the view stays mounted for the ones that follow. */
let noticeSeen = false;
function subscribe(onChange: () => void): () => void {
  return toaster.subscribe(() => {
    noticeSeen = true;
    onChange();
  });
}
const getSnapshot = () => noticeSeen || toaster.getCount() > 0;

export function Notices() {
  const active = useSyncExternalStore(subscribe, getSnapshot, () => false);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <NoticesView />
    </Suspense>
  );
}
