import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { Queryable } from '../client';
import { tenantIdColumn, updatedAtColumn } from './columns';
import { stores } from './stores';

// Gap-free sale numbering under concurrency ("ticket_no, daily_ticket_no and invoice_no
// allocated without gaps or duplicates under concurrency"). A sequence would leave gaps (nextval is never
// rolled back); MAX()+1 would hand two concurrent sales the same number. A counter row incremented with
// INSERT ... ON CONFLICT DO UPDATE ... RETURNING inside the sale's transaction takes a row lock that lasts
// until commit: a second sale of the same store waits for it, and a rolled-back sale releases its number
// to the next one. The cost is that one store's sale inserts serialise on the counter, which a salon's
// rate (a few sales a minute per store) never notices.

export const STORE_COUNTER_NAMES = ['ticket', 'invoice'] as const;
export type StoreCounterName = (typeof STORE_COUNTER_NAMES)[number];

/** Running numbers of a store; `value` is the last number handed out. Rows appear on first use. */
export const storeCounters = pgTable(
  'store_counters',
  {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    name: text('name').$type<StoreCounterName>().notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.storeId, t.name] }),
    foreignKey({
      name: 'store_counters_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }).onDelete('cascade'),
    check('store_counters_name_known', sql`${t.name} in ('ticket', 'invoice')`),
    check('store_counters_value_positive', sql`${t.value} > 0`),
  ],
);

/** The daily ticket number of a store: one row per store-local business date. */
export const storeDailyCounters = pgTable(
  'store_daily_counters',
  {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.storeId, t.businessDate] }),
    foreignKey({
      name: 'store_daily_counters_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }).onDelete('cascade'),
    check('store_daily_counters_value_positive', sql`${t.value} > 0`),
  ],
);

/** Hands out the next value of a store counter; call it inside the transaction that uses the number. */
export async function nextStoreCounter(
  tx: Queryable,
  tenantId: number,
  storeId: number,
  name: StoreCounterName,
): Promise<number> {
  const [row] = await tx
    .insert(storeCounters)
    .values({ tenantId, storeId, name, value: 1 })
    .onConflictDoUpdate({
      target: [storeCounters.tenantId, storeCounters.storeId, storeCounters.name],
      set: { value: sql`${storeCounters.value} + 1`, updatedAt: sql`now()` },
    })
    .returning({ value: storeCounters.value });
  if (!row) throw new Error('store counter upsert returned no row');
  return row.value;
}

export interface SaleNumbers {
  ticketNo: number;
  dailyTicketNo: number;
  /** The store-local date (YYYY-MM-DD) the daily number belongs to: store it in sales.business_date. */
  businessDate: string;
  invoiceNo: string;
}

/** 'S' + store code padded to 4 + '-' + number padded to 6: 'S0001-000123'. */
export function formatInvoiceNo(storeCode: string, value: number): string {
  return `S${storeCode.trim().padStart(4, '0')}-${String(value).padStart(6, '0')}`;
}

/**
 * ticket_no, daily_ticket_no (for the store-local date of `at`, default the transaction's now()) and
 * invoice_no for a new sale of the store. MUST run inside the transaction that inserts the sale (pass the
 * tx): the numbers are final when it commits and handed to the next sale if it rolls back. Counters are
 * always locked in the same order (ticket, invoice, daily), so concurrent sales never deadlock on them.
 * Throws when the store is not the tenant's (check the store first; routes 404 before getting here).
 *
 * One statement (one round trip) for the store lookup and the three upserts: the counter locks last until
 * commit and serialise a store's sales, so every round trip under them is paid by every sale of the store.
 * The sub-statements of a WITH run in no order Postgres promises, so the lock order is forced by data
 * dependencies instead: the ticket and invoice rows come from one INSERT fed in `ord` order (a ModifyTable
 * handles its input rows one by one, in the order given), and the daily upsert's input waits for both of
 * their RETURNING rows (the count), so it always locks last.
 */
export async function allocateSaleNumbers(
  tx: Queryable,
  tenantId: number,
  storeId: number,
  at?: Date,
): Promise<SaleNumbers> {
  const result = await tx.execute<{
    code: string;
    business_date: string;
    ticket_no: string | number | null;
    invoice_value: string | number | null;
    daily_ticket_no: string | number | null;
  }>(sql`
    with store as (
      select ${stores.code} as code,
        to_char(coalesce(${at?.toISOString() ?? null}::timestamptz, now()) at time zone ${stores.timezone},
          'YYYY-MM-DD') as business_date
      from ${stores}
      where ${stores.tenantId} = ${tenantId} and ${stores.id} = ${storeId}
    ),
    numbered as (
      insert into store_counters as c (tenant_id, store_id, name, value)
      select ${tenantId}::bigint, ${storeId}::bigint, v.name, 1
      from store, (values ('ticket', 1), ('invoice', 2)) as v (name, ord)
      order by v.ord
      on conflict (tenant_id, store_id, name)
      do update set value = c.value + 1, updated_at = now()
      returning c.name, c.value
    ),
    daily as (
      insert into store_daily_counters as d (tenant_id, store_id, business_date, value)
      select ${tenantId}::bigint, ${storeId}::bigint, store.business_date::date, 1
      from store
      where (select count(*) from numbered) = 2
      on conflict (tenant_id, store_id, business_date)
      do update set value = d.value + 1, updated_at = now()
      returning d.value
    )
    select store.code, store.business_date,
      (select value from numbered where name = 'ticket') as ticket_no,
      (select value from numbered where name = 'invoice') as invoice_value,
      (select value from daily) as daily_ticket_no
    from store
  `);
  const row = result.rows[0];
  if (!row) throw new Error(`store ${storeId} of tenant ${tenantId} not found`);
  if (row.ticket_no === null || row.invoice_value === null || row.daily_ticket_no === null) {
    throw new Error('sale number allocation returned no value');
  }
  return {
    ticketNo: Number(row.ticket_no),
    dailyTicketNo: Number(row.daily_ticket_no),
    businessDate: row.business_date,
    invoiceNo: formatInvoiceNo(row.code, Number(row.invoice_value)),
  };
}
