/**
 * Parsing what a cashier types into minor units and percentages (docs/money.md).
 *
 * Decisions (docs/money.md, "Parsing"):
 * - Every comma is a thousands separator and is removed ("1,234.50", and the Indian "1,23,456.00"); the
 *   grouping is not checked, and a decimal comma ("1,5") is therefore read as 15. The spec says so.
 * - More decimals than the currency has are not refused: they are rounded half away from zero to the minor
 *   unit ("0.125" USD → 13 cents, "100.5" JPY → 101 yen), the same rounding as every other step.
 * - A sign is kept (parseAmount("-5") is -500): refusing amounts ≤ 0 is the caller's rule (payments.ts).
 */
import { DEFAULT_CURRENCY } from './constants';
import { decimalDigits, minorDigits, PERCENT_MAX_DECIMALS, roundDecimalToScale } from './money';
import type { Minor } from './order.types';

function cleanNumberText(input: string | number): string | null {
  if (typeof input === 'number') return Number.isFinite(input) ? String(input) : null;
  if (typeof input !== 'string') return null;
  const text = input.trim();
  // A typed "1e3" is a slip, not scientific notation; only numbers (String(1e-7)) may carry an exponent.
  if (/e/i.test(text)) return null;
  return text;
}

/** Minor units of a typed amount, or null when it is not a number. "1,234.50" USD → 123450. */
export function parseAmount(input: string | number, code: string = DEFAULT_CURRENCY): Minor | null {
  const text = cleanNumberText(input);
  if (text === null) return null;
  const rounded = roundDecimalToScale(text.replace(/,/g, ''), minorDigits(code));
  if (rounded === null) return null;
  const minor = Number(rounded);
  return Number.isSafeInteger(minor) ? minor : null;
}

function formatScaled(value: bigint, places: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = places > 0 ? `.${digits.slice(digits.length - places)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * A decimal string rounded to `places` decimals, half away from zero: ("0.125", 2) → "0.13",
 * ("-0.125", 2) → "-0.13". Null when the input is not a decimal number. Exact for any length.
 */
export function roundHalfAwayFromZero(decimal: string, places: number): string | null {
  const rounded = roundDecimalToScale(decimal.trim(), places);
  return rounded === null ? null : formatScaled(rounded, places);
}

/**
 * A typed percentage ("9.5", "12.5 %", 10) or null. Refused: negatives, more than PERCENT_MAX_DECIMALS
 * decimals, commas (a comma separates tax rates, and "1,5" may be a European 1.5: better refused than 15).
 */
export function parsePercent(input: string | number): number | null {
  const cleaned = cleanNumberText(input);
  if (cleaned === null) return null;
  const text = cleaned.replace(/\s*%$/, '');
  const parts = decimalDigits(text);
  if (!parts || parts.negative) return null;
  const trailingZeros = /0*$/.exec(parts.digits)?.[0].length ?? 0;
  if (parts.scale - trailingZeros > PERCENT_MAX_DECIMALS) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}
