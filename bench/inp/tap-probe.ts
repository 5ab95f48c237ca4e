/**
 * What runs inside the page for bench/inp.ts. Two measures of one tap on an item tile:
 *
 * - Event Timing (the INP source): a PerformanceObserver of type 'event' with durationThreshold 16 keeps every
 *   entry that has an interactionId; an interaction's latency is its longest entry's duration (input delay +
 *   processing + presentation, to the next paint), as INP counts it. Entries shorter than 16 ms are never
 *   reported, so a tap with none was under 16 ms.
 * - Tap to painted total: the pointerdown's timeStamp (capture listener) to the first frame after the grand
 *   total's text changed (MutationObserver on the totals, then requestAnimationFrame and a task after it,
 *   the usual "next paint" approximation). This one also sees an update that lands after the event's own
 *   paint (a deferred render), which Event Timing would not.
 *
 * Functions here are serialised by Playwright and run in the page: they use only their arguments and globals.
 */

export interface ProbeWindow {
  __tapProbe?: {
    events: { name: string; startTime: number; duration: number; interactionId: number }[];
    pointerDowns: number[];
  };
}

/** addInitScript: the observers, before any app script runs. */
export function installProbe(): void {
  const w = window as unknown as ProbeWindow;
  if (w.__tapProbe) return;
  const probe: NonNullable<ProbeWindow['__tapProbe']> = { events: [], pointerDowns: [] };
  w.__tapProbe = probe;
  new PerformanceObserver((list) => {
    // interactionId is newer than TypeScript's DOM types.
    for (const entry of list.getEntries() as (PerformanceEntry & { interactionId?: number })[]) {
      if (!entry.interactionId) continue;
      probe.events.push({
        name: entry.name,
        startTime: entry.startTime,
        duration: entry.duration,
        interactionId: entry.interactionId,
      });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  addEventListener('pointerdown', (event) => probe.pointerDowns.push(event.timeStamp), { capture: true });
}

export interface TotalWatch {
  /** The total's text before the tap. */
  before: string;
}

/**
 * Resolves when the total shown in `totals` differs from `before`: ms from the last pointerdown to the task
 * after the frame that paints it, and the new text. Rejects after `timeoutMs`.
 */
export function waitForTotalPaint(args: {
  totalsSelector: string;
  totalSelector: string | null;
  before: string;
  timeoutMs: number;
}): Promise<{ tapToPaint: number; tapToMutation: number; text: string; pointerDown: number }> {
  const read = (): string => {
    const root = document.querySelector(args.totalsSelector);
    if (!root) return '';
    const node = args.totalSelector ? root.querySelector(args.totalSelector) : root;
    return node?.textContent ?? '';
  };
  const w = window as unknown as ProbeWindow;
  return new Promise((resolve, reject) => {
    const root = document.querySelector(args.totalsSelector);
    if (!root) {
      reject(new Error(`no ${args.totalsSelector}`));
      return;
    }
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`the total stayed "${args.before}" for ${args.timeoutMs} ms`));
    }, args.timeoutMs);
    const observer = new MutationObserver(() => {
      const text = read();
      if (text === args.before) return;
      const mutatedAt = performance.now();
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const downs = w.__tapProbe?.pointerDowns ?? [];
          const pointerDown = downs[downs.length - 1] ?? NaN;
          resolve({
            tapToPaint: performance.now() - pointerDown,
            tapToMutation: mutatedAt - pointerDown,
            text,
            pointerDown,
          });
        };
        channel.port2.postMessage(null);
      });
    });
    observer.observe(root, { subtree: true, childList: true, characterData: true });
  });
}

/** The longest Event Timing duration among entries of the interaction that began at `pointerDown`. */
export function interactionLatency(pointerDown: number): number | null {
  const events = (window as unknown as ProbeWindow).__tapProbe?.events ?? [];
  const mine = events.filter((e) => e.startTime >= pointerDown - 1 && e.startTime <= pointerDown + 1_000);
  if (mine.length === 0) return null;
  const ids = new Set(mine.map((e) => e.interactionId));
  return Math.max(...events.filter((e) => ids.has(e.interactionId)).map((e) => e.duration));
}
