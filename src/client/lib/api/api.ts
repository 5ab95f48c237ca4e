/**
 * The app's API client: the stored session's token, the app's loading store and notice channel, and the offline
 * queue's fetch (lib/offline-queue/offline-fetch.ts; docs/offline.md#the-queue, docs/api.md#the-client).
 * Until the auth provider registers its handler (AuthProvider sends 'session.expired' to the auth machine), a
 * 401 clears the stored session directly, so a stale token is never sent twice.
 *
 * Offline: a write the server cannot get (navigator offline, no answer, a 502-504 or the service worker's 503)
 * goes to the IndexedDB queue and resolves with the synthetic `{ offline: true, message, requestId }`; the
 * cashier gets the info notice "saved offline with ID n" (its `params` carry the id for the translation). Each queued request keeps the signed-in user's id
 * (its context), so a replay after a later login of the same person may use the new token
 * (features/pwa/queue-sync.ts replayHeaders) and another person's token is never put on it. The queue module
 * (with idb) loads on the first request to queue, not with the shell.
 */
import { createOfflineFetch } from '../offline-queue/offline-fetch';
import type { RequestContext } from '../offline-queue/queue-db';
import { clearSession, readAuthRecord, readToken } from '../storage';
import { createApiClient } from './client';
import { apiNotices } from './notices';

/** What a queued request remembers of the page (docs/offline.md): who queued it. */
export function queueContext(storage?: Storage): RequestContext | undefined {
  const user = readAuthRecord(storage)?.user;
  return user ? { userId: user.id } : undefined;
}

export const api = createApiClient({
  fetch: createOfflineFetch({
    // The notice keeps its values (`{ id }`): the shell translates it with them (app/providers.tsx).
    notify: (notice) => apiNotices.notify(notice),
    context: () => queueContext(),
  }),
  getToken: () => readToken(),
  onUnauthorizedFallback: () => clearSession(),
});
