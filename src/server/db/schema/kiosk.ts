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
import { customers } from './customers';
import { stores } from './stores';
import { users } from './users';

/**
 * A store's kiosk token (docs/settings.md#kiosk-tokens; src/contracts/kiosk.ts): what authorises a
 * self-service tablet nobody logs in to. Only the SHA-256 of the secret is stored (the secret is 256 random
 * bits, so a plain hash is enough: there is nothing to guess, unlike a password), so a copy of the database
 * cannot be used as a kiosk. `token_hash` is unique across tenants: a kiosk request names no tenant, the
 * token does. Revoked tokens stay, with who revoked them and when.
 */
export const kioskTokens = pgTable(
  'kiosk_tokens',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    label: text('label').notNull(),
    tokenHash: text('token_hash').notNull(),
    hint: text('hint').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAtColumn(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedBy: bigint('revoked_by', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'kiosk_tokens_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'kiosk_tokens_created_by_fk',
      columns: [t.tenantId, t.createdBy],
      foreignColumns: [users.tenantId, users.id],
    }),
    foreignKey({
      name: 'kiosk_tokens_revoked_by_fk',
      columns: [t.tenantId, t.revokedBy],
      foreignColumns: [users.tenantId, users.id],
    }),
    uniqueIndex('kiosk_tokens_hash_key').on(t.tokenHash),
    index('kiosk_tokens_store_idx').on(t.tenantId, t.storeId),
    check('kiosk_tokens_label_length', sql`char_length(${t.label}) between 1 and 60`),
  ],
);

/**
 * A kiosk's handle on a customer (src/contracts/kiosk.ts kioskCustomerSchema): what sign-in and sign-up
 * answer instead of the customer's id, so a kiosk can check that person in or take their review and learn
 * nothing else. Random, stored hashed, bound to the kiosk token that made it and short-lived (expires_at):
 * another tablet, or the same one tomorrow, cannot use it.
 */
export const kioskHandles = pgTable(
  'kiosk_handles',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    kioskTokenId: bigint('kiosk_token_id', { mode: 'number' }).notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    handleHash: text('handle_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'kiosk_handles_token_fk',
      columns: [t.tenantId, t.kioskTokenId],
      foreignColumns: [kioskTokens.tenantId, kioskTokens.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'kiosk_handles_customer_fk',
      columns: [t.tenantId, t.customerId],
      foreignColumns: [customers.tenantId, customers.id],
    }).onDelete('cascade'),
    uniqueIndex('kiosk_handles_hash_key').on(t.handleHash),
    index('kiosk_handles_expires_idx').on(t.expiresAt),
  ],
);
