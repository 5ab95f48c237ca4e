import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { GIFTCARD_HISTORY_KIND_VALUES } from '../../../contracts/giftcards';
import { createdAtColumn, idColumn, moneyColumn, tenantIdColumn } from './columns';
import { coupons } from './coupons';
import { customers, memberships } from './customers';
import { giftcards } from './giftcards';
import { sales } from './sales';
import { stores } from './stores';
import { users } from './users';

// Append-only histories of the three balances a sale can spend: gift card balance, coupon uses, customer
// points. Each row is written in the same transaction as the balance change it records, so the history
// always adds up to the balance. Rows are never updated or deleted.

const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const GIFTCARD_HISTORY_KINDS = GIFTCARD_HISTORY_KIND_VALUES;
export type GiftcardHistoryKind = (typeof GIFTCARD_HISTORY_KINDS)[number];

/**
 * `amount` is signed: + credits the card (issue, reload, refund, void of a sale that spent it), − debits it
 * (sale); `balance_after` is the card's balance after this row. 'issue' is selling or first loading the card,
 * 'reload' adding to it later; 'deactivate' and 'activate' record the card being switched off and on (amount 0).
 */
export const giftcardHistories = pgTable(
  'giftcard_histories',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    giftcardId: bigint('giftcard_id', { mode: 'number' }).notNull(),
    storeId: bigint('store_id', { mode: 'number' }),
    saleId: bigint('sale_id', { mode: 'number' }),
    kind: text('kind').$type<GiftcardHistoryKind>().notNull(),
    amount: moneyColumn('amount').notNull(),
    balanceAfter: moneyColumn('balance_after').notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    note: text('note'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'giftcard_histories_giftcard_fk',
      columns: [t.tenantId, t.giftcardId],
      foreignColumns: [giftcards.tenantId, giftcards.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'giftcard_histories_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }),
    foreignKey({
      name: 'giftcard_histories_sale_fk',
      columns: [t.tenantId, t.saleId],
      foreignColumns: [sales.tenantId, sales.id],
    }),
    foreignKey({
      name: 'giftcard_histories_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }),
    index('giftcard_histories_giftcard_idx').on(t.tenantId, t.giftcardId, t.createdAt),
    index('giftcard_histories_sale_idx').on(t.tenantId, t.saleId),
    // The gift card report reads a store's movements of a period (docs/reports.md "Gift cards").
    index('giftcard_histories_store_created_idx').on(t.tenantId, t.storeId, t.createdAt),
    check('giftcard_histories_kind_known', sql`${t.kind} in (${sqlList(GIFTCARD_HISTORY_KINDS)})`),
    check('giftcard_histories_balance_after_non_negative', sql`${t.balanceAfter} >= 0`),
  ],
);

export const COUPON_HISTORY_KINDS = ['use', 'release'] as const;
export type CouponHistoryKind = (typeof COUPON_HISTORY_KINDS)[number];

/** 'use' took one of the coupon's uses for a sale; 'release' gave it back (the sale was voided or refunded). */
export const couponHistories = pgTable(
  'coupon_histories',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    couponId: bigint('coupon_id', { mode: 'number' }).notNull(),
    storeId: bigint('store_id', { mode: 'number' }),
    saleId: bigint('sale_id', { mode: 'number' }),
    customerId: bigint('customer_id', { mode: 'number' }),
    kind: text('kind').$type<CouponHistoryKind>().notNull(),
    /** The discount the coupon gave on that sale, minor units. */
    discountAmount: moneyColumn('discount_amount').notNull().default(0),
    userId: bigint('user_id', { mode: 'number' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'coupon_histories_coupon_fk',
      columns: [t.tenantId, t.couponId],
      foreignColumns: [coupons.tenantId, coupons.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'coupon_histories_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }),
    foreignKey({
      name: 'coupon_histories_sale_fk',
      columns: [t.tenantId, t.saleId],
      foreignColumns: [sales.tenantId, sales.id],
    }),
    foreignKey({
      name: 'coupon_histories_customer_fk',
      columns: [t.tenantId, t.customerId],
      foreignColumns: [customers.tenantId, customers.id],
    }),
    foreignKey({
      name: 'coupon_histories_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }),
    index('coupon_histories_coupon_idx').on(t.tenantId, t.couponId, t.createdAt),
    check('coupon_histories_kind_known', sql`${t.kind} in (${sqlList(COUPON_HISTORY_KINDS)})`),
    check('coupon_histories_discount_non_negative', sql`${t.discountAmount} >= 0`),
  ],
);

export const POINT_HISTORY_KINDS = ['earn', 'redeem', 'refund', 'void', 'adjust'] as const;
export type PointHistoryKind = (typeof POINT_HISTORY_KINDS)[number];

/** `points` is signed (+ earn, − redeem); `balance_after` is customers.point_balance after this row. */
export const customerPointHistory = pgTable(
  'customer_point_history',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    storeId: bigint('store_id', { mode: 'number' }),
    saleId: bigint('sale_id', { mode: 'number' }),
    kind: text('kind').$type<PointHistoryKind>().notNull(),
    points: integer('points').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    note: text('note'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'customer_point_history_customer_fk',
      columns: [t.tenantId, t.customerId],
      foreignColumns: [customers.tenantId, customers.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'customer_point_history_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }),
    foreignKey({
      name: 'customer_point_history_sale_fk',
      columns: [t.tenantId, t.saleId],
      foreignColumns: [sales.tenantId, sales.id],
    }),
    foreignKey({
      name: 'customer_point_history_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }),
    index('customer_point_history_customer_idx').on(t.tenantId, t.customerId, t.createdAt),
    check('customer_point_history_kind_known', sql`${t.kind} in (${sqlList(POINT_HISTORY_KINDS)})`),
    check('customer_point_history_balance_non_negative', sql`${t.balanceAfter} >= 0`),
  ],
);

export const MEMBERSHIP_HISTORY_KINDS = ['join', 'renew', 'change', 'leave'] as const;
export type MembershipHistoryKind = (typeof MEMBERSHIP_HISTORY_KINDS)[number];

/**
 * Who held which membership when (/memberships/{id}/histories, the customer's page): one row per join,
 * renewal, change of level or leaving, written with the customer's change. `price` is what the customer paid
 * (minor units), `ends_on` the expiry it set (null = no end). Append-only.
 */
export const membershipHistories = pgTable(
  'membership_histories',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    membershipId: bigint('membership_id', { mode: 'number' }).notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    storeId: bigint('store_id', { mode: 'number' }),
    kind: text('kind').$type<MembershipHistoryKind>().notNull(),
    price: moneyColumn('price').notNull().default(0),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    userId: bigint('user_id', { mode: 'number' }),
    note: text('note'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'membership_histories_membership_fk',
      columns: [t.tenantId, t.membershipId],
      foreignColumns: [memberships.tenantId, memberships.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'membership_histories_customer_fk',
      columns: [t.tenantId, t.customerId],
      foreignColumns: [customers.tenantId, customers.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'membership_histories_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }),
    foreignKey({
      name: 'membership_histories_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }),
    index('membership_histories_membership_idx').on(t.tenantId, t.membershipId, t.createdAt),
    index('membership_histories_customer_idx').on(t.tenantId, t.customerId, t.createdAt),
    check('membership_histories_kind_known', sql`${t.kind} in (${sqlList(MEMBERSHIP_HISTORY_KINDS)})`),
    check('membership_histories_price_non_negative', sql`${t.price} >= 0`),
  ],
);

/**
 * A customer's review of a visit (/customers/reviews, /pos/reviews): a rating of 1 to 5 stars and what they
 * wrote, with the sale and the technician it is about when known. Shown on the customer's page.
 */
export const customerReviews = pgTable(
  'customer_reviews',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    storeId: bigint('store_id', { mode: 'number' }),
    saleId: bigint('sale_id', { mode: 'number' }),
    employeeId: bigint('employee_id', { mode: 'number' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'customer_reviews_customer_fk',
      columns: [t.tenantId, t.customerId],
      foreignColumns: [customers.tenantId, customers.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'customer_reviews_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }),
    foreignKey({
      name: 'customer_reviews_sale_fk',
      columns: [t.tenantId, t.saleId],
      foreignColumns: [sales.tenantId, sales.id],
    }),
    foreignKey({
      name: 'customer_reviews_employee_fk',
      columns: [t.tenantId, t.employeeId],
      foreignColumns: [users.tenantId, users.id],
    }),
    index('customer_reviews_customer_idx').on(t.tenantId, t.customerId, t.createdAt),
    check('customer_reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);
