/**
 * The live channel's rules (docs/live.md): when a change follows on from what the screen holds, and how long
 * to wait before reconnecting.
 */

/** The first reconnect waits this long; each further one twice as long, up to MAX_RETRY_MS. */
export const FIRST_RETRY_MS = 1_000;
/** A TV left alone for hours must come back within half a minute of the server. */
export const MAX_RETRY_MS = 30_000;

/** The wait before reconnect number `attempt` (1-based): 1 s, 2 s, 4 s … 30 s. */
export function retryDelayMs(attempt: number): number {
  const n = Math.max(1, Math.floor(attempt));
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(n - 1, 16));
}

export type ChangeFit = 'next' | 'old' | 'gap';

/**
 * How a change's sequence number fits what the screen holds: the next one (apply it), one the screen already
 * has (a snapshot covered it: ignore), or a gap (one was missed: catch up).
 */
export function changeFit(held: number | null, seq: number): ChangeFit {
  if (held === null) return 'gap';
  if (seq <= held) return 'old';
  return seq === held + 1 ? 'next' : 'gap';
}
