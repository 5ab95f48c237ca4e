/**
 * The Web Push calls (docs/platform.md#push POST /api/push/subscribe and /api/push/unsubscribe;
 * src/contracts/push.ts; ADR 009), for the push machine's actors (src/client/app/pwa-actors.tsx). The app
 * loads this file only when someone subscribes, unsubscribes or sends a test, so the contracts' zod stays out
 * of the shell's chunk.
 *
 * - Subscribe: "A non-ok status raises 'Server error: {status}'" (docs/platform.md#push); a call that never
 *   reached the server keeps the client's own text (there is no status to name).
 * - Unsubscribe: "no payload. Failures only logged." We send this device's endpoint when we know it: without one
 *   the server removes EVERY device of the person (ADR 009), and unsubscribing the till must not silence the
 *   owner's phone. A failure is logged and reported as `false`, never thrown.
 * - No notices from the API client: the push tab shows each error where it belongs.
 */
import { pushServerError } from '../../../domain/constants';
import {
  PUSH_PATHS,
  pushSubscriptionSchema,
  sendSummarySchema,
  unsubscribeResponseSchema,
  vapidPublicKeySchema,
} from '../../../contracts/push';
import type { PushSubscriptionInfo, SendSummary } from '../../../contracts/push';
import { api } from './api';
import { isApiError } from './api-error';
import { API_BASE } from './client';
import type { ApiClient } from './client';

export interface PushCallOptions {
  signal?: AbortSignal;
  client?: ApiClient;
}

/** The body of POST /api/push/subscribe (docs/platform.md#push "subscription (endpoint, keys p256dh and auth), userAgent, platform"). */
export interface SubscribeRequest {
  subscription: {
    endpoint: string;
    expirationTime?: number | null;
    keys: { p256dh: string; auth: string };
  };
  userAgent: string;
  platform: string;
}

/** '/api/push/subscribe' → '/push/subscribe': the client adds its base. */
export function clientPath(path: string): string {
  return path.startsWith(`${API_BASE}/`) ? path.slice(API_BASE.length) : path;
}

const quiet = { skipNotice: true, skipLoading: true } as const;

export async function getVapidPublicKey({ signal, client = api }: PushCallOptions = {}): Promise<string> {
  const data = await client.get(clientPath(PUSH_PATHS.vapidPublicKey), {
    ...quiet,
    signal,
    schema: vapidPublicKeySchema,
  });
  return data.publicKey;
}

export async function subscribePush(
  body: SubscribeRequest,
  { signal, client = api }: PushCallOptions = {},
): Promise<PushSubscriptionInfo> {
  try {
    return await client.post(
      clientPath(PUSH_PATHS.subscribe),
      { ...body },
      {
        ...quiet,
        signal,
        schema: pushSubscriptionSchema,
      },
    );
  } catch (error) {
    if (isApiError(error) && error.status > 0)
      throw new Error(pushServerError(error.status), { cause: error });
    throw error;
  }
}

/** Resolves true when the server removed the subscription, false when the call failed (logged only). */
export async function unsubscribePush(
  endpoint: string | null,
  { signal, client = api }: PushCallOptions = {},
): Promise<boolean> {
  try {
    await client.post(clientPath(PUSH_PATHS.unsubscribe), endpoint ? { endpoint } : null, {
      ...quiet,
      signal,
      schema: unsubscribeResponseSchema,
    });
    return true;
  } catch (error) {
    console.warn('Push unsubscribe failed on the server; the browser subscription is gone anyway.', error);
    return false;
  }
}

/** Asks the server to push a test notification to every device of the caller (404 without one). */
export function sendTestPush(
  notification: { title: string; body: string },
  { signal, client = api }: PushCallOptions = {},
): Promise<SendSummary> {
  const title = notification.title.trim();
  const body = notification.body.trim();
  return client.post(
    clientPath(PUSH_PATHS.test),
    { ...(title ? { title } : {}), ...(body ? { body } : {}) },
    { ...quiet, signal, schema: sendSummarySchema },
  );
}
