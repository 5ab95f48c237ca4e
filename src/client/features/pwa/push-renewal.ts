/**
 * The page's half of a push subscription the browser replaced (pushsubscriptionchange; the worker's half is
 * src/sw/push-subscription.ts). The worker cannot call the API (the bearer token lives only in this page's
 * storage, ADR 009), so it leaves a note in its meta cache and tells open windows; a signed-in page registers the
 * new subscription, drops the old endpoint, then removes the note it handled (a newer note, written meanwhile,
 * stays). A failure leaves the note for the next start.
 */
import { PUSH_RENEWAL } from '../../../domain/constants';

export interface SubscriptionJson {
  endpoint: string;
  expirationTime: number | null;
  keys: { p256dh: string; auth: string };
}

export interface PendingRenewal {
  subscription: SubscriptionJson | null;
  oldEndpoint: string | null;
  at: number;
}

export interface RenewalDeps {
  caches: Pick<CacheStorage, 'open'>;
  subscribe(subscription: SubscriptionJson): Promise<unknown>;
  unsubscribe(endpoint: string): Promise<unknown>;
}

export async function readPendingRenewal(caches: Pick<CacheStorage, 'open'>): Promise<PendingRenewal | null> {
  const found = await (await caches.open(PUSH_RENEWAL.CACHE)).match(PUSH_RENEWAL.PATH);
  if (!found) return null;
  try {
    const parsed = JSON.parse(await found.text()) as PendingRenewal;
    return typeof parsed === 'object' && parsed !== null && typeof parsed.at === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

/** Registers the renewal the worker noted, if any; true when one was handled. */
export async function forwardPushRenewal(deps: RenewalDeps): Promise<boolean> {
  const renewal = await readPendingRenewal(deps.caches);
  if (!renewal) return false;
  if (renewal.subscription) await deps.subscribe(renewal.subscription);
  if (renewal.oldEndpoint && renewal.oldEndpoint !== renewal.subscription?.endpoint) {
    await deps.unsubscribe(renewal.oldEndpoint);
  }
  const current = await readPendingRenewal(deps.caches);
  if (current?.at === renewal.at)
    await (await deps.caches.open(PUSH_RENEWAL.CACHE)).delete(PUSH_RENEWAL.PATH);
  return true;
}
