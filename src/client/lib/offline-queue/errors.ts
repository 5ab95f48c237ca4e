/**
 * The offline queue's errors, with the spec's exact texts (docs/offline.md#the-queue: "Offline queue:
 * 'Offline queue is full'; 'Cannot sync while offline' on a forced sync; 'Request not found'; 'HTTP {status}:
 * {statusText}'"). `code` is for machines and i18n keys (conventions.md: codes mapped to i18n keys);
 * `message` is the spec's English text, shown when a key has no translation.
 */
export const QUEUE_FULL_MESSAGE = 'Offline queue is full';
export const SYNC_OFFLINE_MESSAGE = 'Cannot sync while offline';
export const REQUEST_NOT_FOUND_MESSAGE = 'Request not found';

export type OfflineQueueErrorCode = 'queue-full' | 'offline' | 'not-found';

const MESSAGES: Record<OfflineQueueErrorCode, string> = {
  'queue-full': QUEUE_FULL_MESSAGE,
  offline: SYNC_OFFLINE_MESSAGE,
  'not-found': REQUEST_NOT_FOUND_MESSAGE,
};

export class OfflineQueueError extends Error {
  override readonly name = 'OfflineQueueError';
  readonly code: OfflineQueueErrorCode;

  constructor(code: OfflineQueueErrorCode) {
    super(MESSAGES[code]);
    this.code = code;
  }
}

export function isOfflineQueueError(
  error: unknown,
  code?: OfflineQueueErrorCode,
): error is OfflineQueueError {
  return error instanceof OfflineQueueError && (code === undefined || error.code === code);
}

/** A replay answered with a non-OK status (docs/offline.md#the-queue 'HTTP {status}: {statusText}'). */
export function httpErrorMessage(status: number, statusText: string): string {
  return `HTTP ${status}: ${statusText}`;
}
