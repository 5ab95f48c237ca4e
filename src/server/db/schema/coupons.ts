import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { DiscountType } from '../../../domain/constants';
import {
  createdAtColumn,
  discountValueCheck,
  discountValueColumn,
  idColumn,
  moneyColumn,
  tenantIdColumn,
  updatedAtColumn,
} from './columns';
import { tenantRowKeys } from './tenant-keys';
import { stores } from './stores';

/**
 * Coupons, tenant-wide; `store_id` null = valid in every store, else only there. `code` is stored as
 * normaliseCode(input).toUpperCase(). A use is
 *   update coupons set used_count = used_count + 1 where tenant_id = $t and id = $id and is_active
 *     and (max_uses is null or used_count < max_uses) and now() between coalesce(starts_at, '-infinity')
 *     and coalesce(ends_at, 'infinity') returning ...
 * plus a coupon_histories row, in the sale's transaction; the CHECK (used_count <= max_uses) holds under
 * concurrency. `max_uses` null = unlimited; `min_order_amount` in minor units (compared with sub_total).
 */
export const coupons = pgTable(
  'coupons',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    storeId: bigint('store_id', { mode: 'number' }),
    code: text('code').notNull(),
    name: text('name').notNull().default(''),
    discountType: integer('discount_type').$type<DiscountType>().notNull(),
    discountValue: discountValueColumn('discount_value').notNull(),
    minOrderAmount: moneyColumn('min_order_amount').notNull().default(0),
    maxUses: integer('max_uses'),
    /** Uses one customer may make (uses minus releases, counted in coupon_histories); null = no limit. */
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    /** The services it discounts; empty = the whole ticket. Ids of the tenant's services, checked on write. */
    serviceIds: bigint('service_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    usedCount: integer('used_count').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    ...tenantRowKeys('coupons', t),
    foreignKey({
      name: 'coupons_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }),
    uniqueIndex('coupons_tenant_code_key').on(t.tenantId, t.code),
    check('coupons_code_normalised', sql`${t.code} ~ '^[A-Z0-9-]{1,64}$'`),
    check('coupons_discount_valid', discountValueCheck(t.discountType, t.discountValue)),
    check('coupons_min_order_non_negative', sql`${t.minOrderAmount} >= 0`),
    check('coupons_max_uses_positive', sql`${t.maxUses} is null or ${t.maxUses} > 0`),
    check(
      'coupons_max_uses_per_customer_positive',
      sql`${t.maxUsesPerCustomer} is null or ${t.maxUsesPerCustomer} > 0`,
    ),
    check(
      'coupons_used_within_max',
      sql`${t.usedCount} >= 0 and (${t.maxUses} is null or ${t.usedCount} <= ${t.maxUses})`,
    ),
    check(
      'coupons_period',
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} <= ${t.endsAt}`,
    ),
  ],
);
