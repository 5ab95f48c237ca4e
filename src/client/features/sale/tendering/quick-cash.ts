/**
 * Quick-cash buttons: the exact balance, then
 * the next round amounts a customer is likely to hand over, from the notes of the store's currency. Integer
 * arithmetic on minor units only (docs/money.md).
 */
import { minorDigits } from '../../../../domain/money';
import type { Minor } from '../../../../domain/order.types';

/** Notes in circulation, in major units; a currency not listed uses DEFAULT_NOTES. */
const NOTES: Readonly<Record<string, readonly number[]>> = {
  USD: [1, 5, 10, 20, 50, 100],
  CAD: [5, 10, 20, 50, 100],
  AUD: [5, 10, 20, 50, 100],
  EUR: [5, 10, 20, 50, 100, 200],
  GBP: [5, 10, 20, 50],
  MXN: [20, 50, 100, 200, 500, 1000],
  VND: [10_000, 20_000, 50_000, 100_000, 200_000, 500_000],
  KRW: [1_000, 5_000, 10_000, 50_000],
  THB: [20, 50, 100, 500, 1_000],
  JPY: [1_000, 2_000, 5_000, 10_000],
};
const DEFAULT_NOTES = [1, 5, 10, 20, 50, 100] as const;

/** `amount` rounded up to a multiple of `step` (both integers). */
function roundUp(amount: Minor, step: Minor): Minor {
  const rest = amount % step;
  return rest === 0 ? amount : amount - rest + step;
}

/**
 * The exact balance first, then up to `more` round amounts above it, ascending: 37.45 USD → 37.45, 38, 40, 50,
 * 100. Nothing when nothing is due.
 */
export function quickCashAmounts(due: Minor, currency: string, more = 4): Minor[] {
  if (!(due > 0)) return [];
  const unit = 10 ** minorDigits(currency);
  const notes = NOTES[currency] ?? DEFAULT_NOTES;
  const above = new Set<Minor>();
  for (const note of notes) {
    const amount = roundUp(due, note * unit);
    if (amount > due) above.add(amount);
  }
  return [due, ...[...above].sort((a, b) => a - b).slice(0, more)];
}
