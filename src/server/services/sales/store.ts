/** The session's store as the sales services read it: its settings for the arithmetic and its receipt text. */
import type { OrderSettings } from '../../../domain/order.types';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { scopeStoreId } from '../../db/scoped';
import { loadPaymentStore } from '../../payments/payment-rows';
import type { PaymentStore } from '../../payments/payment-rows';
import { storeSettingsView } from '../settings/views';

export interface SaleStore {
  id: number;
  code: string;
  name: string;
  timezone: string;
  currency: string;
  /** What changes the arithmetic (currency, tax-on-tax, Indian tax, card fee). */
  settings: OrderSettings;
  receipt: { name?: string; address?: string; phone?: string; footer?: string };
}

function receiptOf(settings: unknown): SaleStore['receipt'] {
  const raw =
    typeof settings === 'object' && settings !== null ? (settings as Record<string, unknown>).receipt : null;
  if (typeof raw !== 'object' || raw === null) return {};
  const out: SaleStore['receipt'] = {};
  for (const key of ['name', 'address', 'phone', 'footer'] as const) {
    const value = (raw as Record<string, unknown>)[key];
    if (typeof value === 'string') out[key] = value.slice(0, 500);
  }
  return out;
}

/** The session's store (sales live in the store the session works in; another store's sale is 404). */
export async function loadSaleStore(db: Queryable, auth: AuthContext): Promise<SaleStore> {
  return (await loadSaleStoreAndRow(db, auth)).store;
}

/** loadSaleStore and the row it read, which is the payments service's PaymentStore (create hands it on). */
export async function loadSaleStoreAndRow(
  db: Queryable,
  auth: AuthContext,
): Promise<{ store: SaleStore; row: PaymentStore }> {
  const row = await loadPaymentStore(db, auth, scopeStoreId(auth));
  const view = storeSettingsView(row);
  const store: SaleStore = {
    id: row.id,
    code: row.code,
    name: row.name,
    timezone: row.timezone,
    currency: row.currency,
    settings: {
      currency: row.currency,
      config_tax_on_tax: view.config_tax_on_tax,
      config_indian_tax: view.config_indian_tax,
      creditcard_fee_percent: view.creditcard_fee_percent,
      creditcard_fee_to_customer: view.creditcard_fee_to_customer,
    },
    receipt: receiptOf(row.settings),
  };
  return { store, row };
}
