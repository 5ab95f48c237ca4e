import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, moneyColumn, tenantIdColumn, updatedAtColumn } from './columns';
import { stores } from './stores';
import { users } from './users';

/**
 * What a store spends outside sales (rent, supplies, repairs): the back office's expenses. `amount` is
 * integer minor units of the store currency (docs/money.md); `expense_date` the store-local day it was
 * spent; `paid_by` the user who paid it, if any; `category` a free label the store chooses ('Rent').
 */
export const expenses = pgTable(
  'expenses',
  {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    id: idColumn(),
    category: text('category').notNull(),
    amount: moneyColumn('amount').notNull(),
    expenseDate: date('expense_date', { mode: 'string' }).notNull(),
    paidBy: bigint('paid_by', { mode: 'number' }),
    note: text('note'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'expenses_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'expenses_paid_by_fk',
      columns: [t.tenantId, t.paidBy],
      foreignColumns: [users.tenantId, users.id],
    }),
    index('expenses_store_date_idx').on(t.tenantId, t.storeId, t.expenseDate),
    index('expenses_paid_by_idx').on(t.tenantId, t.paidBy),
    check('expenses_amount_non_negative', sql`${t.amount} >= 0`),
  ],
);
