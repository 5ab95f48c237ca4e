import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn } from './columns';
import { stores } from './stores';
import { users } from './users';

/**
 * Every kind of entry of the turn ledger: the engine's events (docs/turns.md "The day is a ledger") and two
 * the server adds to correct a turn given by mistake (`update_turn`, `cancel_turn`, docs/turns.md "The ledger
 * on the server"): they name the take_turn they correct and are applied to it when the day is replayed.
 */
export const TURN_LEDGER_TYPES = [
  'clock_in',
  'clock_out',
  'break_start',
  'break_end',
  'take_turn',
  'finish_turn',
  'skip',
  'cancel_skip',
  'grant_bonus',
  'reorder',
  'update_turn',
  'cancel_turn',
] as const;
export type TurnLedgerType = (typeof TURN_LEDGER_TYPES)[number];

/**
 * What an entry carries besides its technician and time (docs/turns.md): the services of a clock-in, the
 * service, value and flags of a turn, a bonus count, a position. Kept as the engine reads them.
 */
export interface TurnLedgerPayload {
  serviceIds?: string[];
  serviceId?: string;
  serviceName?: string;
  turnValue?: 'full' | 'half' | 'none';
  requested?: boolean;
  appointment?: boolean;
  count?: number;
  position?: number;
}

/**
 * The audited turn ledger (docs/turns.md "The ledger on the server"): one row per event of a store's business
 * day, in `seq` order (1, 2, … per tenant, store and business date, given under the store-day's lock so the
 * order is the order the events were accepted in). `business_date` is the store-local date (stores.timezone),
 * as sales and walk-ins keep theirs. `actor_id` is the session that wrote it, `approved_by` the manager whose
 * PIN approved it (reorder, bonus), `reason` the reason typed. `turn_id` names the take_turn an entry finishes,
 * updates or cancels. Rows are never updated nor deleted: the day is the ledger folded.
 */
export const turnEvents = pgTable(
  'turn_events',
  {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    id: idColumn(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    seq: integer('seq').notNull(),
    type: text('type').$type<TurnLedgerType>().notNull(),
    technicianId: bigint('technician_id', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    turnId: bigint('turn_id', { mode: 'number' }),
    payload: jsonb('payload').$type<TurnLedgerPayload>().notNull().default({}),
    actorId: bigint('actor_id', { mode: 'number' }),
    approvedBy: bigint('approved_by', { mode: 'number' }),
    reason: text('reason'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'turn_events_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'turn_events_technician_fk',
      columns: [t.tenantId, t.technicianId],
      foreignColumns: [users.tenantId, users.id],
    }),
    uniqueIndex('turn_events_day_seq_key').on(t.tenantId, t.storeId, t.businessDate, t.seq),
    index('turn_events_turn_idx').on(t.tenantId, t.turnId),
    check('turn_events_seq_positive', sql`${t.seq} > 0`),
    check(
      'turn_events_type_known',
      sql`${t.type} in ('clock_in', 'clock_out', 'break_start', 'break_end', 'take_turn', 'finish_turn', 'skip', 'cancel_skip', 'grant_bonus', 'reorder', 'update_turn', 'cancel_turn')`,
    ),
  ],
);
