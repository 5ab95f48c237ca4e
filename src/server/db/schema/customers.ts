import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
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

// Customers, memberships and points belong to the tenant, not to one store: a chain's client is the same
// person in every shop, and their points and membership follow them. `store_id` on a customer is the
// store that created it (for reports), not a filter.

/**
 * A membership level. Its discount is the order's membership discount (DISCOUNT_SOURCE.MEMBERSHIP):
 * discount_type Percent (0) or Amount (1), discount_value a percentage or minor units (DiscountValue).
 * Points rule: a sale earns floor(spent / points_unit_amount) × points_per_unit points, where spent is
 * the sale's total_price minus tips, in minor units (100 = 1 point per dollar).
 */
export const memberships = pgTable(
  'memberships',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    discountType: integer('discount_type').$type<DiscountType>().notNull().default(0),
    discountValue: discountValueColumn('discount_value').notNull().default(0),
    pointsPerUnit: integer('points_per_unit').notNull().default(1),
    pointsUnitAmount: moneyColumn('points_unit_amount').notNull().default(100),
    /** What joining costs, minor units (0 = free, a loyalty level). */
    price: moneyColumn('price').notNull().default(0),
    /** How long a customer holds it after joining or renewing, in months; null = until removed. */
    durationMonths: integer('duration_months'),
    /** The benefits as the salon words them, shown to staff and on the customer's page. */
    benefits: text('benefits'),
    isActive: boolean('is_active').notNull().default(true),
    displayOrder: integer('display_order').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    ...tenantRowKeys('memberships', t),
    // A level's name is unique in the tenant whatever its case, as customer groups' are (docs/back-office.md
    // "Memberships"): a customer's membership is picked by its name. Migration 0009 renamed duplicates first.
    uniqueIndex('memberships_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
    check('memberships_discount_valid', discountValueCheck(t.discountType, t.discountValue)),
    check('memberships_points_per_unit_non_negative', sql`${t.pointsPerUnit} >= 0`),
    check('memberships_points_unit_amount_positive', sql`${t.pointsUnitAmount} > 0`),
    check('memberships_price_non_negative', sql`${t.price} >= 0`),
    check(
      'memberships_duration_months_range',
      sql`${t.durationMonths} is null or ${t.durationMonths} between 1 and 120`,
    ),
  ],
);

/**
 * A customer group (docs/back-office.md, "Customer groups"): a label the salon sorts its clients by
 * ('Regulars', 'Students'). The tenant's, like the customers it groups; its name is unique in the tenant
 * whatever its case, as the back office's other names are.
 */
export const customerGroups = pgTable(
  'customer_groups',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    ...tenantRowKeys('customer_groups', t),
    uniqueIndex('customer_groups_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

/**
 * `phone` is stored normalised with normalisePhone (src/domain/normalise.ts) and searched the same way.
 * `point_balance` is changed only together with a customer_point_history row, by
 * `update ... set point_balance = point_balance + $delta ... returning`, so the CHECK refuses an overdraw
 * under concurrency. `customer_group_id` names one of the tenant's customer groups; a group that customers
 * are in cannot be deleted (the API answers 409 `in_use` first; the key refuses it too).
 */
export const customers = pgTable(
  'customers',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    storeId: bigint('store_id', { mode: 'number' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    email: text('email'),
    birthday: date('birthday', { mode: 'string' }),
    notes: text('notes'),
    pointBalance: integer('point_balance').notNull().default(0),
    membershipId: bigint('membership_id', { mode: 'number' }),
    /** The last day the membership holds (its duration from joining or renewing); null = no end. */
    membershipExpiresOn: date('membership_expires_on', { mode: 'string' }),
    /** The customer agreed to receive the salon's messages (SMS, e-marketing, reminders). */
    acceptsMessages: boolean('accepts_messages').notNull().default(false),
    /** Path of the customer's picture under the media directory (served by /api/media?path=), or null. */
    avatarPath: text('avatar_path'),
    customerGroupId: bigint('customer_group_id', { mode: 'number' }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    ...tenantRowKeys('customers', t),
    foreignKey({
      name: 'customers_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }),
    foreignKey({
      name: 'customers_membership_fk',
      columns: [t.tenantId, t.membershipId],
      foreignColumns: [memberships.tenantId, memberships.id],
    }),
    foreignKey({
      name: 'customers_customer_group_fk',
      columns: [t.tenantId, t.customerGroupId],
      foreignColumns: [customerGroups.tenantId, customerGroups.id],
    }).onDelete('restrict'),
    // One active customer per phone and per email in the tenant (docs/back-office.md, "Customers"): an import
    // or a second till offering the same number is told whose it is, never given a double. A deactivated
    // customer's old number is free again.
    uniqueIndex('customers_tenant_phone_key')
      .on(t.tenantId, t.phone)
      .where(sql`${t.isActive}`),
    uniqueIndex('customers_tenant_email_key')
      .on(t.tenantId, sql`lower(${t.email})`)
      .where(sql`${t.isActive}`),
    // Counts a group's customers (check-has-customer, the in-use check) and serves the key's delete check.
    index('customers_customer_group_idx').on(t.tenantId, t.customerGroupId),
    index('customers_name_idx').on(t.tenantId, sql`lower(${t.firstName})`, sql`lower(${t.lastName})`),
    // Customer search (docs/back-office.md "Customers"; bench/back-office/customer-search.bench.ts): a phone
    // fragment or part of a name or an email anywhere is ILIKE '%term%', which only a trigram index serves
    // (pg_trgm, migration 0008). The full name both ways round, as the sale screen searches it.
    index('customers_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
    index('customers_full_name_trgm_idx').using(
      'gin',
      sql`lower(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`,
    ),
    index('customers_full_name_reversed_trgm_idx').using(
      'gin',
      sql`lower(${t.lastName} || ' ' || ${t.firstName}) gin_trgm_ops`,
    ),
    index('customers_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    check('customers_point_balance_non_negative', sql`${t.pointBalance} >= 0`),
  ],
);
