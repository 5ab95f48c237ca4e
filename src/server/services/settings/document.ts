/**
 * The settings document of a store (docs/settings.md): every group the settings screen edits, read from the
 * stores row (name, currency, time zone, settings JSON), the store's tax list (taxes table) and the tenant's
 * settings JSON. Provider secrets never leave: the payment group says only which providers are set up.
 */
import { readTurnSettings } from '../turn-system';
import { asc } from 'drizzle-orm';
import type { SettingsDocument } from '../../../contracts/settings';
import type { AuthContext } from '../../auth-context';
import { requireStore } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { taxes } from '../../db/schema/catalog';
import { storeWhere } from '../../db/scoped';
import { notFound } from '../../errors';
import { loadStore, loadTenantSettings, readGeneralSettings, storeSettingsView } from './views';

export const STORE_NOT_FOUND_MESSAGE = 'Store not found.';

function objectOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function textOf(value: unknown, max: number): string {
  return typeof value === 'string' ? value.slice(0, max) : '';
}

/** Whether a provider's stored keys are complete (payments/payment-requests/ refuses incomplete ones). */
function providerSet(settings: Record<string, unknown>, provider: string, keys: readonly string[]): boolean {
  const stored = objectOf(settings[provider]);
  return keys.every((key) => typeof stored[key] === 'string' && stored[key] !== '');
}

export const PROVIDER_KEYS = {
  momo: ['partnerCode', 'accessKey', 'secretKey'],
  vnpay: ['tmnCode', 'hashSecret'],
  vietqr: ['acqId', 'accountNo', 'accountName'],
} as const;

export async function readTaxList(db: Queryable, scope: { tenantId: number; storeId: number }) {
  const rows = await db
    .select({ id: taxes.id, name: taxes.name, rate: taxes.rate, is_active: taxes.isActive })
    .from(taxes)
    .where(storeWhere(taxes, scope))
    .orderBy(asc(taxes.position), asc(taxes.id));
  return rows.map((row) => ({ ...row, rate: Number(row.rate) }));
}

/** The document of a store of the session: 403 for another store (requireStore), 404 if it vanished. */
export async function settingsDocument(
  db: Queryable,
  auth: AuthContext,
  storeId: number,
): Promise<SettingsDocument> {
  requireStore(auth, storeId);
  // One after another, not Promise.all: a save reads the document inside its transaction, whose one client
  // runs one query at a time (docs/architecture.md#one-query-at-a-time-on-a-client).
  const store = await loadStore(db, auth.tenantId, storeId);
  const tenantSettings = await loadTenantSettings(db, auth.tenantId);
  const taxList = await readTaxList(db, { tenantId: auth.tenantId, storeId });
  if (!store) throw notFound(STORE_NOT_FOUND_MESSAGE);
  const view = storeSettingsView(store);
  const raw = objectOf(store.settings);
  const profile = objectOf(raw.profile);
  const receipt = objectOf(raw.receipt);
  const general = readGeneralSettings(tenantSettings);
  const turns = readTurnSettings(store.settings);
  return {
    store_id: store.id,
    general: {
      default_home: view.default_home,
      language: view.language,
      currency: store.currency,
      timezone: store.timezone,
    },
    profile: {
      store_name: store.name,
      phone: textOf(profile.phone, 32),
      email: textOf(profile.email, 254),
      address: textOf(profile.address, 300),
    },
    tax: {
      config_tax_on_tax: view.config_tax_on_tax,
      config_indian_tax: view.config_indian_tax,
      taxes: taxList,
    },
    payment: {
      creditcard_fee_percent: view.creditcard_fee_percent,
      creditcard_fee_to_customer: view.creditcard_fee_to_customer,
      offline_card_limit_per_ticket: view.offline_card_limit_per_ticket,
      offline_card_limit_total: view.offline_card_limit_total,
      cash_drawer_tolerance: view.cash_drawer_tolerance ?? 0,
      cash_drawer_required: view.cash_drawer_required ?? false,
      providers: {
        momo: providerSet(raw, 'momo', PROVIDER_KEYS.momo),
        vnpay: providerSet(raw, 'vnpay', PROVIDER_KEYS.vnpay),
        vietqr: providerSet(raw, 'vietqr', PROVIDER_KEYS.vietqr),
      },
    },
    print: {
      receipt_name: textOf(receipt.name, 120),
      receipt_address: textOf(receipt.address, 120),
      receipt_phone: textOf(receipt.phone, 120),
      receipt_footer: textOf(receipt.footer, 500),
    },
    others: {
      enable_checkin_employee_daily: general.enable_checkin_employee_daily,
      country_code: general.country_code,
    },
    turns: { ...turns, opens_at: turns.opens_at ?? '' },
  };
}
