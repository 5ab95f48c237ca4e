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
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, moneyColumn, tenantIdColumn } from './columns';
import { stores } from './stores';
import { tenantRowKeys } from './tenant-keys';
import { users } from './users';

/**
 * A calculated pay run (docs/payroll.md, "Calculate and lock"): one store's pay period, computed and frozen.
 * While the row exists its period is locked: a correction of a sale inside it is paid as an adjustment in the
 * next open period. No two runs of a store overlap: checked by the calculation under a lock of the store row,
 * and by the exclusion constraint `payrolls_no_overlap`, hand-written in the migration (btree_gist; drizzle-kit
 * cannot declare it). `kind` is the store's period rule when it was calculated; the totals are the sums of its
 * statements, kept for the list.
 */
export const payrolls = pgTable(
  'payrolls',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('locked'),
    currency: text('currency').notNull(),
    technicians: integer('technicians').notNull(),
    total: moneyColumn('total').notNull(),
    cash: moneyColumn('cash').notNull(),
    check: moneyColumn('check').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    ...tenantRowKeys('payrolls', t),
    foreignKey({
      name: 'payrolls_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'payrolls_created_by_fk',
      columns: [t.tenantId, t.createdBy],
      foreignColumns: [users.tenantId, users.id],
    }),
    index('payrolls_store_period_idx').on(t.tenantId, t.storeId, t.periodStart),
    check('payrolls_period_order', sql`${t.periodEnd} >= ${t.periodStart}`),
    check('payrolls_kind', sql`${t.kind} in ('weekly', 'biweekly', 'semi_monthly', 'monthly')`),
    check('payrolls_status', sql`${t.status} in ('locked')`),
  ],
);

/**
 * One technician's statement of a run: what `buildStatement` returned (src/domain/payroll/statement.ts), frozen
 * as JSON in `statement`, with the figures the lists sort and sum by as columns. `name` is the technician's
 * name when the run was calculated. Adjustments carried into the period are inside the statement (its
 * `adjustments`), with their sum in `adjustments`.
 */
export const payrollStatements = pgTable(
  'payroll_statements',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    payrollId: bigint('payroll_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    serviceCommission: moneyColumn('service_commission').notNull(),
    productCommission: moneyColumn('product_commission').notNull(),
    hourlyPay: moneyColumn('hourly_pay').notNull(),
    tipsPaid: moneyColumn('tips_paid').notNull(),
    topUp: moneyColumn('top_up').notNull(),
    adjustments: moneyColumn('adjustments').notNull(),
    total: moneyColumn('total').notNull(),
    cash: moneyColumn('cash').notNull(),
    check: moneyColumn('check').notNull(),
    statement: jsonb('statement').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    ...tenantRowKeys('payroll_statements', t),
    foreignKey({
      name: 'payroll_statements_payroll_fk',
      columns: [t.tenantId, t.payrollId],
      foreignColumns: [payrolls.tenantId, payrolls.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'payroll_statements_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }),
    uniqueIndex('payroll_statements_one_per_user_key').on(t.tenantId, t.payrollId, t.userId),
    index('payroll_statements_user_idx').on(t.tenantId, t.userId),
  ],
);
