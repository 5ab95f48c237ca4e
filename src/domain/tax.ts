/**
 * Line tax (docs/money.md step 4, docs/money.md). Each tax amount is rounded on its own, half away from zero,
 * before the next rate compounds on it: that is how a receipt lists them and how Revenu Québec computes QST
 * on GST (net 100.00, "5,9.5", tax-on-tax 2 → 5.00 + 9.98 = 14.98).
 */
import { DEFAULT_CURRENCY, TAXABLE_ITEM_TYPES, type ItemType } from './constants';
import { parsePercent } from './amount';
import { percentOf } from './money';
import type { Minor } from './order.types';

const ratesCache = new Map<string, readonly number[]>();

/**
 * The rates of an item's taxes string: "5, ,9.5" → [5, 9.5]. Blank entries are ignored (docs/money.md). An
 * entry that is not a percentage ("abc", "-5", "5%%") is ignored too rather than blocking the sale: the
 * catalog refuses it when the item is saved, and a ticket rung under an old bad value still sells.
 */
export function parseTaxRates(taxes: string | null | undefined): readonly number[] {
  if (!taxes) return [];
  const cached = ratesCache.get(taxes);
  if (cached) return cached;
  const rates: number[] = [];
  for (const entry of taxes.split(',')) {
    if (entry.trim() === '') continue;
    const rate = parsePercent(entry);
    if (rate !== null) rates.push(rate);
  }
  const frozen = Object.freeze(rates);
  // A store has a handful of distinct taxes strings; the bound only guards against a runaway.
  if (ratesCache.size > 1000) ratesCache.clear();
  ratesCache.set(taxes, frozen);
  return frozen;
}

/** Only services, products and kits are taxed; gift cards never (docs/money.md). */
export function isTaxable(itemType: ItemType): boolean {
  return TAXABLE_ITEM_TYPES.includes(itemType);
}

export interface LineTaxOptions {
  /** 0: every rate on the net. N ≥ 1: rates from position N (1-based) compound on the taxes before them. */
  taxOnTax: number;
  /** '1' (or true): only the first rate applies (the store's config_indian_tax). */
  indianTax: '0' | '1' | boolean;
  itemType: ItemType;
  currency?: string;
}

export interface LineTax {
  /** One amount per applied rate, in the order of the taxes string; empty for an untaxed line. */
  amounts: Minor[];
  total: Minor;
}

/**
 * The taxes of one line on its net. A tax-on-tax value that is not a whole number ≥ 1 (NaN, negative)
 * reads as 0, no compounding; a position past the last rate also means no rate compounds.
 */
export function lineTax(net: Minor, taxes: string | readonly number[], options: LineTaxOptions): LineTax {
  if (!isTaxable(options.itemType)) return { amounts: [], total: 0 };
  // Discounts are capped at gross, so a net below zero is a caller's bug; it is taxed as zero, never refunded.
  const taxedNet = Math.max(0, net);
  const all = typeof taxes === 'string' ? parseTaxRates(taxes) : taxes;
  const indian = options.indianTax === true || options.indianTax === '1';
  const count = indian ? Math.min(1, all.length) : all.length;
  const position =
    Number.isFinite(options.taxOnTax) && options.taxOnTax >= 1 ? Math.trunc(options.taxOnTax) : 0;
  const currency = options.currency ?? DEFAULT_CURRENCY;
  const amounts: Minor[] = new Array<Minor>(count);
  let total = 0;
  for (let i = 0; i < count; i++) {
    // Rate i (0-based) is at position i + 1; from position N on, it applies to net + every tax before it.
    const compounds = position >= 1 && i + 1 >= position;
    const base = compounds ? taxedNet + total : taxedNet;
    const amount = percentOf(base, all[i] as number, currency);
    amounts[i] = amount;
    total += amount;
  }
  return { amounts, total };
}
