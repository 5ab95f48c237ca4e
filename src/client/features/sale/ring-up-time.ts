/**
 * When a sale was rung up: its order_at (docs/sales.md#the-order), fixed the first time the sale is sent to
 * the server and kept for every later send of the same intent (docs/api.md, docs/offline.md).
 *
 * Why here and keyed by the idempotency key: a new order carries no order_at (the domain's createOrder), and
 * the server stamps a sale without one with the time it receives it. A sale queued offline and replayed hours
 * later would then be recorded at the replay's time, on the wrong business day. So the first send stamps it;
 * a retry, and the queue's replay (which sends the stored body), carry the same time, and the server's
 * idempotency fingerprint sees the same body (a new time on a retry would be "key reused with another
 * payload", 422). The local receipt of a sale waiting to sync prints this same time.
 *
 * Kept in memory: the offline queue stores the body it sends, so a reload loses nothing the replay needs; a
 * sale in progress survives a reload only as a parked ticket, which is sent later under a new key anyway.
 */
const MAX_REMEMBERED = 50;
const times = new Map<string, string>();

export function ringUpTime(idempotencyKey: string, now: () => Date = () => new Date()): string {
  const known = times.get(idempotencyKey);
  if (known !== undefined) return known;
  const at = now().toISOString();
  times.set(idempotencyKey, at);
  // A till completes a few hundred sales a day; only the last few can still be retried.
  if (times.size > MAX_REMEMBERED) times.delete(times.keys().next().value as string);
  return at;
}

/** The order as it is sent: a new order gets its ring-up time; a loaded sale keeps its own. */
export function withRingUpTime<T extends { order_at: string | null }>(
  order: T,
  idempotencyKey: string,
  now?: () => Date,
): T {
  return order.order_at ? order : { ...order, order_at: ringUpTime(idempotencyKey, now) };
}
