import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, moneyColumn, tenantIdColumn, updatedAtColumn } from './columns';
import { tenantRowKeys } from './tenant-keys';
import { customers } from './customers';
import { stores } from './stores';

/**
 * Gift cards, tenant-wide (a card sold in one store is spent in any). `number` is stored as
 * normaliseCode(input).toUpperCase() (src/domain/normalise.ts) and looked up the same way; the CHECK keeps
 * it so. `balance` changes only by
 *   update giftcards set balance = balance - $amount where tenant_id = $t and id = $id
 *     and balance >= $amount and is_active returning balance
 * inside the sale's transaction, with a giftcard_histories row: no row back = not enough balance; the row
 * lock serialises two sales on one card, and the CHECK (balance >= 0) is the last word against overdraw.
 * `store_id` is the store that issued it (reports), not a filter.
 */
export const giftcards = pgTable(
  'giftcards',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    storeId: bigint('store_id', { mode: 'number' }),
    number: text('number').notNull(),
    balance: moneyColumn('balance').notNull().default(0),
    initialAmount: moneyColumn('initial_amount').notNull().default(0),
    customerId: bigint('customer_id', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    notes: text('notes'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    ...tenantRowKeys('giftcards', t),
    foreignKey({
      name: 'giftcards_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }),
    foreignKey({
      name: 'giftcards_customer_fk',
      columns: [t.tenantId, t.customerId],
      foreignColumns: [customers.tenantId, customers.id],
    }),
    uniqueIndex('giftcards_tenant_number_key').on(t.tenantId, t.number),
    index('giftcards_customer_idx').on(t.tenantId, t.customerId),
    check('giftcards_balance_non_negative', sql`${t.balance} >= 0`),
    check('giftcards_initial_amount_non_negative', sql`${t.initialAmount} >= 0`),
    check('giftcards_number_normalised', sql`${t.number} ~ '^[A-Z0-9-]{1,64}$'`),
  ],
);
