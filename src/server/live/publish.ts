/**
 * Publishing a store's change to its live screens (docs/live.md; ADR 017).
 *
 *   await publishStoreChange(tx, tenantId, storeId, LIVE_TOPIC.WALK_INS, [walkIn.id], walkIn.version);
 *
 * Called by a service INSIDE the transaction of the change: it bumps the store's sequence number (the SSE
 * event id) and issues NOTIFY in that same transaction. PostgreSQL delivers a notification only when its
 * transaction commits, and in commit order, so a screen never hears of a change that rolled back and hears a
 * store's changes in sequence order (the sequence row stays locked until commit, so the next number waits).
 *
 * The payload is small JSON (ids, not rows): NOTIFY payloads must stay under 8000 bytes, and a screen that
 * needs the rows reads them (the TV board is read once per process and store, src/server/live/hub.ts).
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { LIVE_TOPIC_VALUES } from '../../contracts/live';
import type { LiveTopic } from '../../contracts/live';
import type { Queryable } from '../db/client';

/** The one channel every process LISTENs on; the payload says which tenant and store. */
export const LIVE_CHANNEL = 'salon_live';

/**
 * More ids than this are not listed (truncated: true, "reload everything"): 500 ids of up to 16 digits is
 * about 8.5 kB, over NOTIFY's 8000-byte limit; 200 keeps the payload near 3.5 kB.
 */
export const MAX_LIVE_IDS = 200;

const id = z.number().int().positive();
/** What travels in a NOTIFY (short keys: it is read by every process for every change). */
export const livePayloadSchema = z.object({
  tenant: id,
  store: id,
  seq: z.number().int().min(1),
  topic: z.enum(LIVE_TOPIC_VALUES),
  ids: z.array(id),
  version: z.number().int().min(0),
  truncated: z.boolean(),
});
export type LivePayload = z.infer<typeof livePayloadSchema>;

/**
 * Number the change and NOTIFY it, in `tx` (a transaction: outside one, the number and the notice would be
 * visible before the change itself). Returns the change's sequence number. `version` is the changed
 * record's version when one record changed; it defaults to the sequence number.
 */
export async function publishStoreChange(
  tx: Queryable,
  tenantId: number,
  storeId: number,
  topic: LiveTopic,
  ids: readonly number[],
  version?: number,
): Promise<number> {
  const result = await tx.execute<{ seq: string | number }>(sql`
    insert into live_store_sequences (tenant_id, store_id, seq, updated_at)
    values (${tenantId}, ${storeId}, 1, now())
    on conflict (tenant_id, store_id)
    do update set seq = live_store_sequences.seq + 1, updated_at = now()
    returning seq`);
  const seq = Number(result.rows[0]!.seq);
  const unique = [...new Set(ids)];
  const truncated = unique.length > MAX_LIVE_IDS;
  const payload: LivePayload = {
    tenant: tenantId,
    store: storeId,
    seq,
    topic,
    ids: truncated ? [] : unique,
    version: version ?? seq,
    truncated,
  };
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(payload)})`);
  return seq;
}

/** The store's last sequence number (0 before its first change). */
export async function currentStoreSeq(db: Queryable, tenantId: number, storeId: number): Promise<number> {
  const result = await db.execute<{ seq: string | number }>(sql`
    select seq from live_store_sequences where tenant_id = ${tenantId} and store_id = ${storeId}`);
  const row = result.rows[0];
  return row ? Number(row.seq) : 0;
}

/** A NOTIFY payload as the listener reads it; null when it is not ours (never trust a channel blindly). */
export function parseLivePayload(text: string | undefined): LivePayload | null {
  if (!text) return null;
  try {
    const parsed = livePayloadSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
