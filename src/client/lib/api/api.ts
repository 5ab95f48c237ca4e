/**
 * The app's API client: the stored session's token, the app's loading store and notice channel. Until the
 * auth provider registers its handler (AuthProvider sends 'session.expired' to the auth machine), a 401 clears
 * the stored session directly, so a stale token is never sent twice.
 */
import { clearSession, readToken } from '../storage';
import { createApiClient } from './client';

export const api = createApiClient({
  getToken: () => readToken(),
  onUnauthorizedFallback: () => clearSession(),
});
