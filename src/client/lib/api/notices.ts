/**
 * Error notices of the API client (docs/api.md#the-client: "A GET that is not queued shows the error notice
 * 'Unable to connect to server. Please check your Internet connection and try again'. Notices are debounced
 * by 1 second."). The shell subscribes and shows each notice as a toast; `code` is the i18n key, `message`
 * the English text (the spec's, or the server's own message), shown when the key has no translation.
 *
 * Debounced as the word says: a burst of failures (the sale screen fires five reads when Wi-Fi drops) gives ONE
 * notice, the last one, 1 s after the burst ends — not five toasts stacked over the keypad.
 */
import { OFFLINE_QUEUE_ERROR } from '../../../domain/constants';

export const NOTICE_DEBOUNCE_MS = 1000;

/**
 * Texts that reach the channel without a code but are ours, with the key that translates them (conventions.md:
 * codes mapped to i18n keys). The queue's 507 answer (lib/offline-queue/offline-fetch.ts queueFullResponse)
 * carries 'Offline queue is full' (docs/offline.md#the-queue) as its message, which the client passes on as
 * the server's text.
 */
export const NOTICE_CODES: Readonly<Record<string, string>> = {
  [OFFLINE_QUEUE_ERROR.QUEUE_FULL]: 'pwa.queue.full',
};

/** The notice with its code when its text is a known one and it came without a code. */
export function withNoticeCode(notice: ApiNotice): ApiNotice {
  if (notice.code !== null) return notice;
  const code = NOTICE_CODES[notice.message];
  return code ? { ...notice, code } : notice;
}

export const NETWORK_ERROR_MESSAGE =
  'Unable to connect to server. Please check your Internet connection and try again';

export interface ApiNotice {
  kind: 'error' | 'info';
  /** i18n key (common namespace), e.g. 'api.errors.network'; null when only the server's text is known. */
  code: string | null;
  message: string;
  /** Values the translation of `code` needs (the queue's `{{id}}`); the shell passes them to t(). */
  params?: Record<string, unknown>;
  /** The server's error code of a refused call (docs/errors.md); keyedNotice turns it into `code`. */
  errorCode?: string;
}

/**
 * The notice with the i18n key of its server code, when it has one this build knows (else as it came: the
 * server's own text). WHY a dynamic import: the code→key map (error-messages.ts) lists every code the server
 * has, and the shell sends no code of its own; fetched at the first coded notice, it stays out of every
 * screen's first load (docs/architecture.md#first-load-of-the-sale-screen). A coded notice means the server
 * answered, so the chunk can be fetched; if it still cannot be, the server's text is shown.
 */
export async function keyedNotice(notice: ApiNotice): Promise<ApiNotice> {
  const { errorCode, ...rest } = notice;
  if (!errorCode) return notice;
  const key = await import('./error-messages').then(
    (module) => module.codeMessageKey(errorCode),
    () => null,
  );
  return key ? { ...rest, code: key } : rest;
}

type Listener = (notice: ApiNotice) => void;

export interface NoticeChannel {
  /** Queue a notice; only the last one of a burst is delivered, NOTICE_DEBOUNCE_MS after the burst. */
  notify: (notice: ApiNotice) => void;
  subscribe: (listener: Listener) => () => void;
  /** Deliver a pending notice now (tests, page unload). */
  flush: () => void;
}

export function createNoticeChannel(
  delayMs: number = NOTICE_DEBOUNCE_MS,
  timers: {
    setTimeout: (fn: () => void, ms: number) => unknown;
    clearTimeout: (handle: unknown) => void;
  } = {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
  },
): NoticeChannel {
  const listeners = new Set<Listener>();
  let pending: ApiNotice | null = null;
  let handle: unknown = null;
  const deliver = (): void => {
    handle = null;
    const notice = pending;
    pending = null;
    if (notice) listeners.forEach((listener) => listener(notice));
  };
  return {
    notify(notice) {
      pending = withNoticeCode(notice);
      if (handle !== null) timers.clearTimeout(handle);
      handle = timers.setTimeout(deliver, delayMs);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    flush() {
      if (handle !== null) timers.clearTimeout(handle);
      deliver();
    },
  };
}

/** The app's one notice channel, used by the default API client. */
export const apiNotices = createNoticeChannel();
