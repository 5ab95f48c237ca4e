/**
 * What runs inside the page for bench/book.ts (as bench/inp/tap-probe.ts does for bench/inp.ts):
 *
 * - Event Timing, durationThreshold 16: every entry kept (pointermove and mousemove have no interactionId but
 *   are the drag's own work); an interaction's latency is its longest entry's duration, as INP counts it.
 * - Long tasks (type 'longtask'): start and duration, for the long-task total of a render.
 * - pointerdown and pointerup (capture listeners): the event's timeStamp to the task after the next frame
 *   (requestAnimationFrame, then a message: the usual "next paint" approximation).
 *
 * Functions here are serialised by Playwright and run in the page: they use only their arguments and globals.
 */

export interface BookProbe {
  events: { name: string; startTime: number; duration: number; interactionId: number }[];
  longTasks: { startTime: number; duration: number }[];
  /** [event name, its timeStamp, ms to the next paint] */
  toPaint: [string, number, number][];
  /** The last pointerdown's timeStamp (set at once, not after the paint). */
  lastDown: number;
}

/** addInitScript: the observers, before any app script runs. */
export function installBookProbe(): void {
  const w = window as unknown as { __bookProbe?: BookProbe };
  if (w.__bookProbe) return;
  const probe: BookProbe = { events: [], longTasks: [], toPaint: [], lastDown: -1 };
  w.__bookProbe = probe;
  new PerformanceObserver((list) => {
    // interactionId is newer than TypeScript's DOM types.
    for (const entry of list.getEntries() as (PerformanceEntry & { interactionId?: number })[])
      probe.events.push({
        name: entry.name,
        startTime: entry.startTime,
        duration: entry.duration,
        interactionId: entry.interactionId ?? 0,
      });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      probe.longTasks.push({ startTime: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  for (const type of ['pointerdown', 'pointerup'])
    addEventListener(
      type,
      (event) => {
        const at = event.timeStamp;
        if (type === 'pointerdown') probe.lastDown = at;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => probe.toPaint.push([type, at, performance.now() - at]);
          channel.port2.postMessage(null);
        });
      },
      { capture: true },
    );
}

/**
 * Resolves when at least `count` book events are in the page: ms from the (last) pointerdown after `since`
 * (performance.now() time; `since` itself when there was none) to the task after the frame that paints them,
 * and the long-task total in between. Rejects after `timeoutMs`.
 */
export function waitForEvents(args: {
  count: number;
  since: number;
  timeoutMs: number;
}): Promise<{ ms: number; longTaskMs: number; longTasks: number; shown: number }> {
  const w = window as unknown as { __bookProbe?: BookProbe };
  const count = () =>
    document.querySelectorAll('[data-testid="book-calendar"] [data-testid="book-event"]').length;
  return new Promise((resolve, reject) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const end = performance.now();
          const down = w.__bookProbe?.lastDown ?? -1;
          const from = down >= args.since ? down : args.since;
          // Long tasks are reported a little late: read them after the frame.
          setTimeout(() => {
            const tasks = (w.__bookProbe?.longTasks ?? []).filter(
              (t) => t.startTime + t.duration > from && t.startTime < end,
            );
            resolve({
              ms: end - from,
              longTaskMs: tasks.reduce((sum, t) => sum + t.duration, 0),
              longTasks: tasks.length,
              shown: count(),
            });
          }, 300);
        };
        channel.port2.postMessage(null);
      });
    };
    const timer = setTimeout(() => {
      observer.disconnect();
      const book = document.querySelector('[data-testid="book"]');
      reject(
        new Error(
          `${count()} of ${args.count} events after ${args.timeoutMs} ms (book ${book?.getAttribute('data-view')} ` +
            `${book?.getAttribute('data-status')}, ${document.querySelectorAll('.rbc-event').length} .rbc-event)`,
        ),
      );
    }, args.timeoutMs);
    const observer = new MutationObserver(() => {
      if (count() >= args.count) done();
      else if (document.querySelector('[data-testid="book"]')?.getAttribute('data-status') === 'error') {
        observer.disconnect();
        clearTimeout(timer);
        reject(new Error(`the book failed after ${(performance.now() - args.since).toFixed(0)} ms`));
      }
    });
    if (count() >= args.count) done();
    else observer.observe(document.body, { subtree: true, childList: true });
  });
}

/** The probe's records from `since` on (performance.now() time). */
export function probeSince(since: number): BookProbe {
  const p = (window as unknown as { __bookProbe?: BookProbe }).__bookProbe;
  if (!p) throw new Error('no book probe in the page');
  return {
    events: p.events.filter((e) => e.startTime >= since),
    longTasks: p.longTasks.filter((t) => t.startTime >= since),
    toPaint: p.toPaint.filter(([, at]) => at >= since),
    lastDown: p.lastDown,
  };
}

/**
 * A point inside the event of `dataId` that hit-tests to that event (events of one hour overlap in the week
 * view), in viewport pixels, or null when none of it is on top.
 */
export function grabPoint(dataId: string): { x: number; y: number } | null {
  const inner = document.querySelector(`[data-testid="book-event"][data-id="${dataId}"]`);
  const box = inner?.closest('.rbc-event') as HTMLElement | null;
  if (!box) return null;
  box.scrollIntoView({ block: 'center' });
  const r = box.getBoundingClientRect();
  for (const dy of [0.3, 0.5, 0.2, 0.7])
    for (let x = r.left + 1; x < r.right - 1; x += 1) {
      const y = r.top + r.height * dy;
      if (document.elementFromPoint(x, y)?.closest('.rbc-event') === box) return { x, y };
    }
  return null;
}
