import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, moneyColumn, tenantIdColumn, updatedAtColumn } from './columns';
import { sales } from './sales';
import { stores } from './stores';
import { users } from './users';

export const PAYMENT_PROVIDERS = ['momo', 'vnpay', 'vietqr'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_REQUEST_STATUS = ['pending', 'paid', 'failed', 'cancelled', 'expired'] as const;
export type PaymentRequestStatus = (typeof PAYMENT_REQUEST_STATUS)[number];

const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A wallet or QR payment asked of Momo, VnPay or VietQR before it becomes a
 * sale_payments row. The sale may not exist yet (the client pays before it saves), so it is named by
 * `sale_uuid` (the client's sale uuid) and/or `sale_id`. `order_id` is the id we send the provider
 * (MoMo orderId, VnPay vnp_TxnRef); the provider's callback carries only it, before any tenant is known, so
 * it is unique across tenants: build it with the tenant in it (e.g. `${tenantId}-${id}-${random}`).
 * `request_id` is MoMo's requestId. `payload` is what we sent (with signature), `response` what the
 * provider answered at create, `callback` its IPN/return query; `signature_ok` the verification of the
 * last provider message (null until one arrives). Amounts are minor units (VnPay's ×100 is applied when
 * signing, never stored).
 */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    id: idColumn(),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    saleId: bigint('sale_id', { mode: 'number' }),
    saleUuid: uuid('sale_uuid'),
    amount: moneyColumn('amount').notNull(),
    orderId: text('order_id').notNull(),
    requestId: text('request_id'),
    status: text('status').$type<PaymentRequestStatus>().notNull().default('pending'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    response: jsonb('response').$type<Record<string, unknown>>(),
    callback: jsonb('callback').$type<Record<string, unknown>>(),
    signatureOk: boolean('signature_ok'),
    resultCode: text('result_code'),
    createdBy: bigint('created_by', { mode: 'number' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'payment_requests_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }),
    foreignKey({
      name: 'payment_requests_sale_fk',
      columns: [t.tenantId, t.saleId],
      foreignColumns: [sales.tenantId, sales.id],
    }),
    foreignKey({
      name: 'payment_requests_created_by_fk',
      columns: [t.tenantId, t.createdBy],
      foreignColumns: [users.tenantId, users.id],
    }),
    uniqueIndex('payment_requests_provider_order_id_key').on(t.provider, t.orderId),
    index('payment_requests_sale_uuid_idx').on(t.tenantId, t.saleUuid),
    index('payment_requests_sale_idx').on(t.tenantId, t.saleId),
    check('payment_requests_provider_known', sql`${t.provider} in (${sqlList(PAYMENT_PROVIDERS)})`),
    check('payment_requests_status_known', sql`${t.status} in (${sqlList(PAYMENT_REQUEST_STATUS)})`),
    check('payment_requests_amount_positive', sql`${t.amount} > 0`),
  ],
);
