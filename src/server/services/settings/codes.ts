/**
 * GET /api/codes (docs/settings.md "Codes"): the fixed code lists the back office picks values from, by
 * codeName, or one entry by keyCodeName. Names are English; screens show their own words by key.
 * GET /api/support/ordering/{model}: a catalog model's rows of the session's store in display order.
 */
import { asc } from 'drizzle-orm';
import type { z } from 'zod';
import type { Codes, CodesQuery, orderingSchema } from '../../../contracts/settings';
import { PAYMENT_PROVIDERS, SETTINGS_GROUPS } from '../../../contracts/settings';
import { HOME_CHOICES, LANGUAGES } from '../../../domain/constants';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { categories, productKits, products, services } from '../../db/schema/catalog';
import { storeWhere } from '../../db/scoped';

const LANGUAGE_NAMES: Readonly<Record<(typeof LANGUAGES)[number], string>> = {
  en: 'English',
  es: 'Español',
  kr: '한국어',
  thai: 'ไทย',
  vi: 'Tiếng Việt',
};

/** The currencies offered first; any ISO 4217 code dinero.js knows is accepted by the general group. */
const CURRENCIES = ['USD', 'CAD', 'EUR', 'GBP', 'AUD', 'VND', 'THB', 'KRW', 'JPY', 'MXN'] as const;

const titleOf = (key: string) => key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

function timeZones(): string[] {
  return Intl.supportedValuesOf('timeZone');
}

const LISTS: Readonly<Record<CodesQuery['codeName'], () => { key: string; name: string }[]>> = {
  language: () => LANGUAGES.map((key) => ({ key, name: LANGUAGE_NAMES[key] })),
  default_home: () => HOME_CHOICES.map((key) => ({ key, name: titleOf(key) })),
  currency: () => CURRENCIES.map((key) => ({ key, name: key })),
  timezone: () => timeZones().map((key) => ({ key, name: key })),
  settings_group: () => SETTINGS_GROUPS.map((key) => ({ key, name: titleOf(key) })),
  payment_provider: () => PAYMENT_PROVIDERS.map((key) => ({ key, name: key })),
};

export function codes(query: CodesQuery): Codes {
  const items = LISTS[query.codeName]();
  return {
    codeName: query.codeName,
    items: query.keyCodeName === undefined ? items : items.filter((item) => item.key === query.keyCodeName),
  };
}

const ORDERING_TABLES = {
  categories,
  services,
  products,
  product_kits: productKits,
} as const;

export async function ordering(
  db: Queryable,
  auth: AuthContext,
  model: keyof typeof ORDERING_TABLES,
): Promise<z.infer<typeof orderingSchema>> {
  const table = ORDERING_TABLES[model];
  const items = await db
    .select({ id: table.id, name: table.name, display_order: table.displayOrder })
    .from(table)
    .where(storeWhere(table, auth))
    .orderBy(asc(table.displayOrder), asc(table.id));
  return { model, items };
}
