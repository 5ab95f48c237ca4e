/**
 * The note a service worker leaves when the browser replaced this device's push subscription (ADR 009): the
 * worker writes it (src/sw/push-subscription.ts), a signed-in page registers it with the server and clears it
 * (features/pwa/push-renewal.ts). One shape and one reader for both sides, in the worker's meta cache, which
 * pages and the worker share. Here, in lib/, because the worker already builds on lib/ (the offline queue).
 */
import { PUSH_RENEWAL } from '../../domain/constants';

/** PushSubscription.toJSON() as POST /api/push/subscribe takes it. */
export interface SubscriptionJson {
  endpoint: string;
  expirationTime: number | null;
  keys: { p256dh: string; auth: string };
}

export interface PendingRenewal {
  /** null: the worker could not resubscribe (no known key, or permission gone). */
  subscription: SubscriptionJson | null;
  oldEndpoint: string | null;
  /** When the worker made it (ms); clearPendingRenewal removes only this one, never a newer renewal. */
  at: number;
}

/** The part of CacheStorage the note needs (structural: the worker's tests pass fakes). */
export interface NoteCaches {
  open(name: string): Promise<{
    match(request: string): Promise<{ text(): Promise<string> } | undefined>;
    delete(request: string): Promise<boolean>;
  }>;
}

/** The renewal a worker left, if any; nothing for a missing or damaged entry. */
export async function readPendingRenewal(caches: NoteCaches): Promise<PendingRenewal | null> {
  const found = await (await caches.open(PUSH_RENEWAL.CACHE)).match(PUSH_RENEWAL.PATH);
  if (!found) return null;
  try {
    const parsed = JSON.parse(await found.text()) as PendingRenewal;
    return typeof parsed === 'object' && parsed !== null && typeof parsed.at === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

/** Once the server has it: removes the renewal made at `at` (a newer one, made meanwhile, stays). */
export async function clearPendingRenewal(caches: NoteCaches, at: number): Promise<boolean> {
  const current = await readPendingRenewal(caches);
  if (!current || current.at !== at) return false;
  await (await caches.open(PUSH_RENEWAL.CACHE)).delete(PUSH_RENEWAL.PATH);
  return true;
}
