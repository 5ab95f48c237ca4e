import { sql } from 'drizzle-orm';
import { bigint, check, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from './columns';

/**
 * The tenant's general settings as the login response's initial_settings.generalSettings carries them
 * (docs/settings.md, docs/api.md#defaults-and-formats). Validated by zod in src/contracts when read or
 * written; unknown keys are kept so a newer client's settings survive an older server.
 */
export interface TenantGeneralSettings {
  country_code: string;
  enable_checkin_employee_daily: 0 | 1;
  /** Screens that ask for a PIN before they open. */
  enterPinCodeScreens: string[];
  [key: string]: unknown;
}

export const DEFAULT_TENANT_GENERAL_SETTINGS: TenantGeneralSettings = {
  country_code: 'US',
  enable_checkin_employee_daily: 0,
  enterPinCodeScreens: [],
};

/**
 * A salon business (one owner, one or more stores). Its id is the tenant_id every other table carries.
 * `code` is the upper-case tenant part of a workstation code (spec §9: "upper-case tenant, store code
 * padded to 4, workstation padded to 2").
 *
 * `pin_secret` (64 hex chars = 32 bytes) keys users.pin_lookup = HMAC-SHA256(pin_secret, PIN): a PIN is
 * found with one indexed query, and a copy of the users table alone does not give the PINs away (10^4-10^6
 * PINs are trivially brute-forced from a plain hash). The default draws 244 random bits from two v4 UUIDs
 * (gen_random_uuid is built into PostgreSQL 13+ and uses its strong random source), so any tenant insert
 * gets a secret without application code. Never sent to a client.
 */
export const tenants = pgTable(
  'tenants',
  {
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity().primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    settings: jsonb('settings')
      .$type<TenantGeneralSettings>()
      .notNull()
      .default(DEFAULT_TENANT_GENERAL_SETTINGS),
    pinSecret: text('pin_secret')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('tenants_code_key').on(t.code),
    check(
      'tenants_code_upper',
      sql`${t.code} = upper(${t.code}) and char_length(${t.code}) between 1 and 32`,
    ),
    check('tenants_pin_secret_hex', sql`${t.pinSecret} ~ '^[0-9a-f]{64}$'`),
  ],
);
