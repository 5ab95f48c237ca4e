/**
 * Store and general settings as the client sees them (docs/settings.md): the lenient readers of the
 * stores.settings and tenants.settings JSON columns and the views built from them. Login, the initial
 * settings, the sale screen and the settings screen all read settings through here.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { GeneralSettingsView, StoreSettingsView } from '../../../contracts/auth';
import {
  DEFAULT_COUNTRY_CODE,
  DEFAULT_ENABLE_CHECKIN_EMPLOYEE_DAILY,
  DEFAULT_HOME,
  DEFAULT_LANGUAGE,
  HOME_CHOICES,
  LANGUAGES,
} from '../../../domain/constants';
import type { Queryable } from '../../db/client';
import { stores } from '../../db/schema/stores';
import { tenants } from '../../db/schema/tenants';
import { tenantIdWhere } from '../../db/scoped';

/** Plan limit when the tenant's settings name none (permissions carry a maximum of employees). */
export const DEFAULT_MAXIMUM_EMPLOYEES = 100;

/**
 * Stored settings are read leniently: a value a newer client or a hand edit left malformed falls back to
 * its default instead of failing every login of the store. Only these keys are ever sent to a client.
 */
const storedStoreSettings = z.object({
  default_home: z.enum(HOME_CHOICES).catch(DEFAULT_HOME),
  language: z.enum(LANGUAGES).catch(DEFAULT_LANGUAGE),
  config_tax_on_tax: z.number().int().min(0).catch(0),
  config_indian_tax: z.enum(['0', '1']).catch('0'),
  creditcard_fee_percent: z.number().min(0).max(100).catch(0),
  creditcard_fee_to_customer: z.boolean().catch(false),
  offline_card_limit_per_ticket: z.number().int().min(0).catch(0),
  offline_card_limit_total: z.number().int().min(0).catch(0),
  cash_drawer_tolerance: z.number().int().min(0).catch(0),
  cash_drawer_required: z.boolean().catch(false),
});

const storedGeneralSettings = z.object({
  country_code: z.string().min(2).max(3).catch(DEFAULT_COUNTRY_CODE),
  enable_checkin_employee_daily: z
    .union([z.literal(0), z.literal(1)])
    .catch(DEFAULT_ENABLE_CHECKIN_EMPLOYEE_DAILY as 0),
  enterPinCodeScreens: z.array(z.string().max(200)).max(200).catch([]),
  maximum_employees: z.number().int().min(0).catch(DEFAULT_MAXIMUM_EMPLOYEES),
});

export interface StoreRow {
  id: number;
  name: string;
  currency: string;
  timezone: string;
  settings: unknown;
}

export function storeSettingsView(store: StoreRow): StoreSettingsView {
  const settings = storedStoreSettings.parse(
    typeof store.settings === 'object' && store.settings !== null ? store.settings : {},
  );
  return {
    store_id: store.id,
    store_name: store.name,
    currency: store.currency,
    timezone: store.timezone,
    ...settings,
  };
}

export function readGeneralSettings(stored: unknown) {
  return storedGeneralSettings.parse(typeof stored === 'object' && stored !== null ? stored : {});
}

export function generalSettingsView(stored: unknown): GeneralSettingsView {
  const { country_code, enable_checkin_employee_daily, enterPinCodeScreens } = readGeneralSettings(stored);
  return { country_code, enable_checkin_employee_daily, enterPinCodeScreens };
}

export async function loadStore(db: Queryable, tenantId: number, storeId: number): Promise<StoreRow | null> {
  const [store] = await db
    .select({
      id: stores.id,
      name: stores.name,
      currency: stores.currency,
      timezone: stores.timezone,
      settings: stores.settings,
    })
    .from(stores)
    .where(tenantIdWhere(stores, { tenantId }, storeId))
    .limit(1);
  return store ?? null;
}

export async function loadTenantSettings(db: Queryable, tenantId: number): Promise<unknown> {
  const [tenant] = await db
    .select({ settings: tenants.settings })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  return tenant?.settings ?? {};
}
