/**
 * The page's half of a push subscription the browser replaced (pushsubscriptionchange; the worker's half is
 * src/sw/push-subscription.ts). The worker cannot call the API (the bearer token lives only in this page's
 * storage, ADR 009), so it leaves a note in its meta cache and tells open windows; a signed-in page registers the
 * new subscription, drops the old endpoint, then removes the note it handled (a newer note, written meanwhile,
 * stays). A failure leaves the note for the next start.
 */
import { clearPendingRenewal, readPendingRenewal } from '../../lib/push-renewal-note';
import type { NoteCaches, SubscriptionJson } from '../../lib/push-renewal-note';

export interface RenewalDeps {
  caches: NoteCaches;
  subscribe(subscription: SubscriptionJson): Promise<unknown>;
  unsubscribe(endpoint: string): Promise<unknown>;
}

/** Registers the renewal the worker noted, if any; true when one was handled. */
export async function forwardPushRenewal(deps: RenewalDeps): Promise<boolean> {
  const renewal = await readPendingRenewal(deps.caches);
  if (!renewal) return false;
  if (renewal.subscription) await deps.subscribe(renewal.subscription);
  if (renewal.oldEndpoint && renewal.oldEndpoint !== renewal.subscription?.endpoint) {
    await deps.unsubscribe(renewal.oldEndpoint);
  }
  await clearPendingRenewal(deps.caches, renewal.at);
  return true;
}
