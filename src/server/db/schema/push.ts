import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn, updatedAtColumn } from './columns';
import { stores } from './stores';
import { tenants } from './tenants';
import { users } from './users';

/**
 * The tenant's VAPID key pair (RFC 8292, ADR 009): one per tenant, made with
 * web-push.generateVAPIDKeys the first time the tenant needs it and never replaced, because every browser
 * subscription is bound to the public key it was made with (a new pair silently orphans them all). Per
 * tenant rather than per server: the row carries tenant_id like every table
 * (docs/architecture.md#data-and-running), so a tenant moved to another database keeps working subscriptions,
 * and a subscription of one tenant cannot be delivered with another's key. Keys are unpadded base64url
 * (65-byte uncompressed P-256 point, 32-byte scalar), the form web-push takes. The private key never leaves
 * the server.
 */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    tenantId: tenantIdColumn().primaryKey(),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    foreignKey({
      name: 'push_vapid_keys_tenant_fk',
      columns: [t.tenantId],
      foreignColumns: [tenants.id],
    }).onDelete('cascade'),
    check('push_vapid_keys_public_key_format', sql`${t.publicKey} ~ '^[A-Za-z0-9_-]{87}$'`),
    check('push_vapid_keys_private_key_format', sql`${t.privateKey} ~ '^[A-Za-z0-9_-]{43}$'`),
  ],
);

/**
 * A browser's push subscription (docs/platform.md#push "Push subscription sent to the server: subscription
 * (endpoint, keys p256dh and auth), userAgent, platform"), owned by the user who registered it and bound to
 * the store of that session, so a store's notifications (a walk-in checks in) reach the devices working
 * there.
 *
 * The endpoint is unique within the tenant: a device that logs in as someone else of the tenant moves its
 * row to them (src/server/services/push.ts upserts on it). Not unique across tenants on purpose: each
 * tenant has its own VAPID key, so one endpoint cannot belong to two tenants, and a global key would let a
 * write of one tenant collide with (and reveal) a row of another.
 *
 * Delivery bookkeeping: last_success_at; consecutive failures (failure_count, reset by a success) with the
 * last failure's time and reason. A 404 or 410 from the push service deletes the row (RFC 8030 §7.3), as
 * does a run of failures past the service's limit.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** The store the registering session worked in; null for a session without one. */
    storeId: bigint('store_id', { mode: 'number' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's ECDH public key (P-256, uncompressed), unpadded base64url. */
    p256dh: text('p256dh').notNull(),
    /** The browser's 16-byte authentication secret, unpadded base64url. */
    auth: text('auth').notNull(),
    /** PushSubscription.expirationTime, when the browser gives one. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    userAgent: text('user_agent').notNull().default(''),
    platform: text('platform').notNull().default(''),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    failureCount: integer('failure_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'push_subscriptions_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'push_subscriptions_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }),
    uniqueIndex('push_subscriptions_tenant_endpoint_key').on(t.tenantId, t.endpoint),
    index('push_subscriptions_user_idx').on(t.tenantId, t.userId),
    index('push_subscriptions_store_idx').on(t.tenantId, t.storeId),
    check(
      'push_subscriptions_endpoint_https',
      sql`${t.endpoint} ~ '^https://' and char_length(${t.endpoint}) <= 2048`,
    ),
    check('push_subscriptions_p256dh_format', sql`${t.p256dh} ~ '^[A-Za-z0-9_-]{87}$'`),
    check('push_subscriptions_auth_format', sql`${t.auth} ~ '^[A-Za-z0-9_-]{22}$'`),
    check('push_subscriptions_user_agent_length', sql`char_length(${t.userAgent}) <= 512`),
    check('push_subscriptions_platform_length', sql`char_length(${t.platform}) <= 64`),
    check('push_subscriptions_last_error_length', sql`char_length(${t.lastError}) <= 200`),
    check('push_subscriptions_failure_count_non_negative', sql`${t.failureCount} >= 0`),
  ],
);
