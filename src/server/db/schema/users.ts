import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ROLE } from '../../../domain/constants';
import type { ModulePermission } from '../../../domain/constants';
import { createdAtColumn, idColumn, percentColumn, tenantIdColumn, updatedAtColumn } from './columns';
import { stores } from './stores';
import { tenants } from './tenants';

const roles = Object.values(ROLE);

/**
 * A person who logs in or is identified by PIN: owner, admin, manager or staff (technicians and cashiers).
 * `store_id` is the home store; null for people who work across the tenant's stores (owner, admin).
 * Hashes are argon2id strings (docs/security.md#passwords-and-pins); a technician may have a PIN and no
 * password. `failed_pin_count` and `locked_until` carry the per-account PIN lockout (at most 10 consecutive
 * failures, then a lock); they live on the row so the lock survives a restart and holds across instances.
 *
 * `pin_lookup` = pinLookup(tenants.pin_secret, PIN): /role-by-code finds the PIN's owner with ONE indexed
 * query on (tenant_id, pin_lookup), then argon2-verifies pin_hash (a lookup match alone is not a login:
 * pin_hash stays the proof). Its unique index makes PINs unique per tenant: setting a PIN another person
 * holds fails with 23505 on users_tenant_pin_lookup_key (answer 422 "PIN already in use", never say whose).
 * Set pin_hash and pin_lookup together, always; both null means "no PIN".
 *
 * `commission_rate` is the employee's default service commission in percent (<= 6 decimals, numeric(9,6)),
 * the domain's Employee.commission_rate. `display_order` orders the employee lists (then display name).
 *
 * `pay_settings` is the technician's payroll settings (docs/payroll.md: tier schedule, product rate, hourly
 * rate, guarantee plan, cash/check payout) as src/contracts/payroll.ts technicianPaySettingsSchema validates
 * them; null = not set, paid `commission_rate` flat (the preview's default).
 */
export const users = pgTable(
  'users',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    storeId: bigint('store_id', { mode: 'number' }),
    role: text('role').$type<(typeof roles)[number]>().notNull(),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    passwordHash: text('password_hash'),
    pinHash: text('pin_hash'),
    pinLookup: text('pin_lookup'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email'),
    phone: text('phone'),
    avatarPath: text('avatar_path'),
    commissionRate: percentColumn('commission_rate').notNull().default(0),
    isTechnician: boolean('is_technician').notNull().default(false),
    enableBooking: boolean('enable_booking').notNull().default(false),
    enableWalkin: boolean('enable_walkin').notNull().default(false),
    displayOrder: integer('display_order').notNull().default(0),
    permissions: jsonb('permissions').$type<ModulePermission[]>().notNull().default([]),
    paySettings: jsonb('pay_settings').$type<Record<string, unknown>>(),
    failedPinCount: integer('failed_pin_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // The store key below is not checked while store_id is null, so the tenant gets its own key.
    foreignKey({ name: 'users_tenant_fk', columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      name: 'users_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }),
    // Usernames are compared case-insensitively: "Anna" and "anna" must not be two accounts.
    uniqueIndex('users_tenant_username_key').on(t.tenantId, sql`lower(${t.username})`),
    uniqueIndex('users_tenant_pin_lookup_key')
      .on(t.tenantId, t.pinLookup)
      .where(sql`${t.pinLookup} is not null`),
    check(
      'users_role_known',
      sql`${t.role} in (${sql.join(
        roles.map((r) => sql.raw(`'${r}'`)),
        sql`, `,
      )})`,
    ),
    check('users_failed_pin_count_non_negative', sql`${t.failedPinCount} >= 0`),
    check('users_commission_rate_percent', sql`${t.commissionRate} between 0 and 100`),
  ],
);

/**
 * users.pin_lookup for `pin` in a tenant: hex HMAC-SHA256 keyed with the tenant's pin_secret (hex-decoded).
 * Compute it from the PIN exactly as typed (digits; no trimming here: validate the PIN's shape first).
 */
export function pinLookup(pinSecretHex: string, pin: string): string {
  return createHmac('sha256', Buffer.from(pinSecretHex, 'hex')).update(pin, 'utf8').digest('hex');
}
