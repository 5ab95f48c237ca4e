/**
 * The app's API client: the stored session's token, the app's loading store and notice channel, and the offline
 * queue's fetch (lib/offline-queue/offline-fetch.ts; design.md §6, 000 §7, §8). Until the auth provider
 * registers its handler (AuthProvider sends 'session.expired' to the auth machine), a 401 clears the stored
 * session directly, so a stale token is never sent twice.
 *
 * Offline: a write the server cannot get (navigator offline, no answer, a 502-504 or the service worker's 503)
 * goes to the IndexedDB queue and resolves with the synthetic `{ offline: true, message, requestId }`; the
 * cashier gets the info notice "saved offline with ID n". Each queued request keeps the signed-in user's id
 * (its context), so a replay after a later login of the same person may use the new token
 * (features/pwa/queue-sync.ts replayHeaders) and another person's token is never put on it. The queue module
 * (with idb) loads on the first request to queue, not with the shell.
 */
import { getI18n } from 'react-i18next';
import { createOfflineFetch } from '../offline-queue/offline-fetch';
import type { RequestContext } from '../offline-queue/queue-db';
import { clearSession, readAuthRecord, readToken } from '../storage';
import { createApiClient } from './client';
import { apiNotices } from './notices';
import type { ApiNotice } from './notices';

type Translate = (key: string, options: Record<string, unknown>) => string;

/**
 * A notice whose text needs values (the queue's `{{id}}`), made into text now: the shell's toasts translate a
 * notice's `code` without values (app/providers.tsx), which would print "{{id}}". The English text stays the
 * fallback, and a notice without values is passed on untouched.
 */
export function withNoticeValues(
  notice: ApiNotice & { params?: Record<string, string> },
  translate: Translate,
) {
  const { params, ...plain } = notice;
  if (!params || !plain.code) return plain;
  return { ...plain, code: null, message: translate(plain.code, { ...params, defaultValue: plain.message }) };
}

function translate(key: string, options: Record<string, unknown>): string {
  const i18n = getI18n();
  if (!i18n?.isInitialized) return String(options.defaultValue ?? key);
  return i18n.t(key, { ns: 'common', ...options });
}

/** What a queued request remembers of the page (design.md §6): who queued it. */
export function queueContext(storage?: Storage): RequestContext | undefined {
  const user = readAuthRecord(storage)?.user;
  return user ? { userId: user.id } : undefined;
}

export const api = createApiClient({
  fetch: createOfflineFetch({
    notify: (notice) => apiNotices.notify(withNoticeValues(notice, translate)),
    context: () => queueContext(),
  }),
  getToken: () => readToken(),
  onUnauthorizedFallback: () => clearSession(),
});
