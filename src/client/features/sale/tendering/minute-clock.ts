/**
 * "Now" for the ages of offline card payments (docs/offline.md: shown with their age), ticking once a minute.
 * An external store read with useSyncExternalStore: the time is not workflow state and lives in no component.
 *
 * One timer for the page, running only while something shows an age, started by the first one shown: a card
 * taken offline is shown the moment it is taken, so its age turns over on the minute after it was taken, not
 * up to a minute late. While nothing listens, a read gives the time afresh (to the second, so two reads in one
 * render agree), so a row that appears shows its true age at once.
 */
import { useSyncExternalStore } from 'react';

export const MINUTE_MS = 60_000;

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;
let now = Date.now();

function tick(): void {
  now = Date.now();
  for (const listener of listeners) listener();
}

export function subscribeMinute(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(tick, MINUTE_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The time the ages are measured at (ms since the epoch): fixed between ticks while anything listens. */
export function readMinuteNow(): number {
  if (listeners.size === 0) now = Math.floor(Date.now() / 1000) * 1000;
  return now;
}

/** Now, re-rendering the caller once a minute. */
export function useMinuteNow(): number {
  return useSyncExternalStore(subscribeMinute, readMinuteNow, readMinuteNow);
}
