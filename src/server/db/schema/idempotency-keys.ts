import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, tenantIdColumn } from './columns';
import { users } from './users';

/**
 * Idempotency-Key records (docs/api.md#writes-and-idempotency, ADR 005): (tenant, user, key) → fingerprint of
 * the request, its status and the stored response, kept at least 8 days (longer than any offline queue keeps
 * a request). A row is inserted 'running' in the same transaction as the handler's writes and turned 'done'
 * with the response before that transaction commits, so a committed row is 'done' unless a handler chooses to
 * commit a claim early; see src/server/idempotency.ts.
 */
export const IDEMPOTENCY_STATUS = { RUNNING: 'running', DONE: 'done' } as const;
export type IdempotencyStatus = (typeof IDEMPOTENCY_STATUS)[keyof typeof IDEMPOTENCY_STATUS];

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: tenantIdColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    status: text('status').$type<IdempotencyStatus>().notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAtColumn(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.key] }),
    foreignKey({
      name: 'idempotency_keys_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
    check('idempotency_keys_key_length', sql`char_length(${t.key}) between 1 and 255`),
    check('idempotency_keys_status_known', sql`${t.status} in ('running', 'done')`),
    check(
      'idempotency_keys_done_has_response',
      sql`${t.status} = 'running' or ${t.responseStatus} is not null`,
    ),
    check('idempotency_keys_kept_8_days', sql`${t.expiresAt} >= ${t.createdAt} + interval '8 days'`),
  ],
);
