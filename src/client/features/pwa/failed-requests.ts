/**
 * The offline queue's failed requests as the sync tab lists them (docs/offline.md: a sale or payment that
 * used up its retries stays visible, can be retried, exported or, confirmed, removed): method, path, tags,
 * attempts, the last error ('HTTP {status}: {statusText}', docs/offline.md#the-queue) and the age. Pure.
 */
import type { FailedRequestSummary } from '../../../../machines/worker-tools/worker-tools.types';

/** A queued request (lib/offline-queue/queue-db.ts QueuedRequest), as far as the list reads it. */
export interface FailedRequestRecord {
  id: number;
  url: string;
  method: string;
  tags: readonly string[];
  retryCount: number;
  timestamp: number;
  lastAttemptAt?: number;
  lastError?: string;
}

function pathOf(url: string, origin: string): string {
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin ? `${parsed.pathname}${parsed.search}` : url;
  } catch {
    return url;
  }
}

export function summariseFailed(request: FailedRequestRecord, origin: string): FailedRequestSummary {
  // The first send and each retry; a request marked failed by hand may never have been sent.
  const attempts = request.lastAttemptAt === undefined ? request.retryCount : request.retryCount + 1;
  return {
    id: request.id,
    method: request.method.toUpperCase(),
    path: pathOf(request.url, origin),
    tags: request.tags.filter((tag) => tag !== 'failed'),
    attempts,
    lastError: request.lastError ?? null,
    queuedAt: request.timestamp,
    lastAttemptAt: request.lastAttemptAt ?? null,
  };
}

export interface Age {
  unit: 'second' | 'minute' | 'hour' | 'day';
  value: number;
}

/** An age in its largest whole unit (Intl.RelativeTimeFormat words it in the reader's language). */
export function formatAge(ms: number): Age {
  const seconds = Math.max(0, Math.floor(ms / 1_000));
  if (seconds < 60) return { unit: 'second', value: seconds };
  if (seconds < 3_600) return { unit: 'minute', value: Math.floor(seconds / 60) };
  if (seconds < 86_400) return { unit: 'hour', value: Math.floor(seconds / 3_600) };
  return { unit: 'day', value: Math.floor(seconds / 86_400) };
}
