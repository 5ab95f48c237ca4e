import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn } from './columns';
import { stores } from './stores';
import { users } from './users';
import { workstations } from './workstations';

/**
 * A login session (docs/security.md#sessions): the client holds an opaque random token (128+ bits); only its
 * SHA-256 (hex) is stored, so a copy of the database cannot be replayed as logins. A session ends at the
 * first of `idle_expires_at` (pushed forward on use, never past the absolute limit), `expires_at` (absolute)
 * and `revoked_at` (logout).
 *
 * token_hash is unique across tenants because the token is all a request carries before the session is
 * found. (If the tables are ever distributed by tenant, this table becomes a reference table or the token
 * carries its tenant id.)
 */
export const sessions = pgTable(
  'sessions',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    storeId: bigint('store_id', { mode: 'number' }),
    workstationId: bigint('workstation_id', { mode: 'number' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAtColumn(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'sessions_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'sessions_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }),
    foreignKey({
      name: 'sessions_workstation_fk',
      columns: [t.tenantId, t.workstationId],
      foreignColumns: [workstations.tenantId, workstations.id],
    }),
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.tenantId, t.userId),
    check('sessions_idle_within_absolute', sql`${t.idleExpiresAt} <= ${t.expiresAt}`),
  ],
);
