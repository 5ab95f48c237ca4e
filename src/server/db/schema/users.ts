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
import { createdAtColumn, idColumn, tenantIdColumn, updatedAtColumn } from './columns';
import { stores } from './stores';
import { tenants } from './tenants';

const roles = Object.values(ROLE);

/**
 * A person who logs in or is identified by PIN: owner, admin, manager or staff (technicians and cashiers).
 * `store_id` is the home store; null for people who work across the tenant's stores (owner, admin).
 * Hashes are argon2id strings (design.md §8); a technician may have a PIN and no password.
 * `failed_pin_count` and `locked_until` carry the per-account PIN lockout (issue 3: at most 10 consecutive
 * failures, then a lock); they live on the row so the lock survives a restart and holds across instances.
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
    permissions: jsonb('permissions').$type<ModulePermission[]>().notNull().default([]),
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
    check(
      'users_role_known',
      sql`${t.role} in (${sql.join(
        roles.map((r) => sql.raw(`'${r}'`)),
        sql`, `,
      )})`,
    ),
    check('users_failed_pin_count_non_negative', sql`${t.failedPinCount} >= 0`),
  ],
);
