import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn, updatedAtColumn } from './columns';
import { tenantRowKeys } from './tenant-keys';

/**
 * The store settings kept in stores.settings (docs/settings.md store config, docs/money.md and
 * docs/offline.md). Validated by zod in src/contracts when read or written; every key is optional in the row
 * (defaults apply: DEFAULT_STORE_SETTINGS). Provider secrets (momo.secretKey, vnpay.hashSecret) never leave
 * the server: the settings routes must strip them from what they send to a client.
 */
export interface StoreSettings {
  /** HOME_CHOICES of src/domain/constants. */
  default_home?: string;
  /** LANGUAGES of src/domain/constants. */
  language?: string;
  /** 0: every rate on the net; N >= 1: rates from position N compound (docs/money.md step 4). */
  config_tax_on_tax?: number;
  config_indian_tax?: '0' | '1';
  /** Percent, <= 6 decimals. */
  creditcard_fee_percent?: number;
  creditcard_fee_to_customer?: boolean;
  /** Offline card payments (docs/offline.md), minor units; 0 = none allowed offline. */
  offline_card_limit_per_ticket?: number;
  offline_card_limit_total?: number;
  /** Cash drawer (docs/cash-drawer.md#settings): over/short closable without a manager, minor units. */
  cash_drawer_tolerance?: number;
  /** Refuse a cash payment while the workstation has no open drawer. */
  cash_drawer_required?: boolean;
  momo?: { partnerCode: string; accessKey: string; secretKey: string; endpoint?: string };
  vnpay?: { tmnCode: string; hashSecret: string; endpoint?: string };
  vietqr?: { acqId: string; accountNo: string; accountName: string };
  receipt?: { name?: string; address?: string; phone?: string; footer?: string };
  /**
   * Payroll (docs/payroll.md): { period: PayPeriodRule, deductCardFeeFromTips } as src/contracts/payroll.ts
   * storePayrollSettingsSchema validates it; absent = DEFAULT_STORE_PAYROLL_SETTINGS (weekly, fee not deducted).
   */
  payroll?: Record<string, unknown>;
  [key: string]: unknown;
}

export const DEFAULT_STORE_SETTINGS = {
  default_home: 'dashboard',
  language: 'en',
  config_tax_on_tax: 0,
  config_indian_tax: '0',
  creditcard_fee_percent: 0,
  creditcard_fee_to_customer: false,
  offline_card_limit_per_ticket: 0,
  offline_card_limit_total: 0,
} as const satisfies StoreSettings;

/**
 * A shop of a tenant. `timezone` (IANA name) decides where a business day starts for daily ticket numbers
 * and reports; `currency` (ISO 4217) is the one currency of every amount in the store (docs/money.md).
 * `settings` holds the store settings of the spec (default_home, language, config_tax_on_tax, payment
 * provider keys...): see StoreSettings.
 */
export const stores = pgTable(
  'stores',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    timezone: text('timezone').notNull().default('UTC'),
    currency: text('currency').notNull().default('USD'),
    settings: jsonb('settings').$type<StoreSettings>().notNull().default({}),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    ...tenantRowKeys('stores', t),
    uniqueIndex('stores_tenant_code_key').on(t.tenantId, t.code),
    check('stores_currency_iso', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);
