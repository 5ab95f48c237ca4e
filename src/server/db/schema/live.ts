import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './columns';
import { stores } from './stores';

/**
 * Each store's live sequence (docs/live.md): the number of changes published for the store, the SSE event id.
 * The row is bumped in the transaction of the change it numbers (src/server/live/publish.ts), so numbers are
 * handed out in commit order (a second writer waits on the row lock until the first commits) and a
 * rolled-back change gives its number back. It lives in the database, not in a process's memory, because
 * every server process numbers the same store's events (design: nothing that must hold across processes
 * lives in one process's memory).
 */
export const liveStoreSequences = pgTable(
  'live_store_sequences',
  {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.storeId] }),
    foreignKey({
      name: 'live_store_sequences_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }).onDelete('cascade'),
    check('live_store_sequences_seq_non_negative', sql`${t.seq} >= 0`),
  ],
);
