/**
 * Money helpers over dinero.js v2 (docs/money.md): amounts are integer minor units (`Minor`) of the store
 * currency, and every step that rounds goes through dinero's `halfAwayFromZero`, to the currency's minor unit.
 *
 * Why not a dinero object end to end: the sale screen recomputes the whole ticket on every keystroke, and
 * additions of integers below 2^53 are already exact in a JS number. So sums and integer products stay plain
 * integers, guarded by `assertMinor` (a value beyond 2^53 would silently lose cents), and only the steps that
 * divide (percentages, decimal quantities, parsed decimals) are handed to dinero.
 */
import {
  dinero,
  halfAwayFromZero,
  multiply,
  toDecimal,
  toSnapshot,
  transformScale,
  type Dinero,
  type DineroCalculator,
  type DineroCurrency,
} from 'dinero.js';
import * as currencies from 'dinero.js/currencies';
import {
  calculator as bigintCalculator,
  dinero as dineroBig,
  halfAwayFromZero as halfAwayFromZeroBig,
  transformScale as transformScaleBig,
  toSnapshot as toSnapshotBig,
} from 'dinero.js/bigint';
import { DEFAULT_CURRENCY } from './constants';
import type { Minor } from './order.types';

export type Currency = DineroCurrency<number>;

/** A decimal number as an exact scaled integer: 9.5 → { amount: 95, scale: 1 } (value = amount / 10^scale). */
export interface ScaledDecimal {
  amount: number;
  scale: number;
}

/**
 * Percentages keep at most this many decimals (Québec's QST is 9.975 %, three). A float such as 100 / 3 has
 * seventeen digits no cashier typed; rounding it here keeps percent × amount within safe integers.
 */
export const PERCENT_MAX_DECIMALS = 6;

const currencyCache = new Map<string, Currency>();

/**
 * The dinero currency of an ISO 4217 code (default USD). Only decimal currencies are accepted: dinero ships
 * MGA and MRU with base 5, where a scale counts fifths, so a decimal percentage cannot be expressed exactly;
 * refusing them is better than a silently wrong tax. An unknown code is a configuration error, so it throws.
 */
export function currencyOf(code: string = DEFAULT_CURRENCY): Currency {
  const cached = currencyCache.get(code);
  if (cached) return cached;
  const found = (currencies as Record<string, unknown>)[code] as Currency | undefined;
  if (!found || typeof found !== 'object' || found.code !== code) {
    throw new RangeError(`Unknown currency code: ${code}`);
  }
  if (found.base !== 10) throw new RangeError(`Unsupported non-decimal currency: ${code}`);
  currencyCache.set(code, found);
  return found;
}

/** True when `currencyOf(code)` would accept the code (for validating a store setting before use). */
export function isSupportedCurrency(code: string): boolean {
  try {
    currencyOf(code);
    return true;
  } catch {
    return false;
  }
}

/** Decimal places of the currency's minor unit: USD 2, JPY and VND 0, KWD 3. */
export function minorDigits(code: string = DEFAULT_CURRENCY): number {
  return currencyOf(code).exponent;
}

/** Throws when a value is not an integer a JS number holds exactly: beyond 2^53 cents go missing silently. */
export function assertMinor(value: number, what = 'amount'): Minor {
  if (!Number.isSafeInteger(value))
    throw new RangeError(`${what} is not a safe integer of minor units: ${value}`);
  return value;
}

export function toDinero(minor: Minor, code: string = DEFAULT_CURRENCY): Dinero<number> {
  return dinero({ amount: assertMinor(minor), currency: currencyOf(code) });
}

/** Minor units of a dinero object, rounded half away from zero when it carries a finer scale. */
export function fromDinero(value: Dinero<number>): Minor {
  const { currency } = toSnapshot(value);
  return toSnapshot(transformScale(value, currency.exponent, halfAwayFromZero)).amount + 0;
}

/** "114.98" for 11498 USD, "1150" for 1150 JPY, "-0.05" for -5 USD. For storage and tests, not display. */
export function toDecimalString(minor: Minor, code: string = DEFAULT_CURRENCY): string {
  return toDecimal(toDinero(minor, code));
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * The digits of a decimal string, without floats: "-1.2e3" → { negative, digits: "12", scale: -2 }.
 * Returns null for anything that is not a plain decimal number.
 */
export function decimalDigits(input: string): { negative: boolean; digits: string; scale: number } | null {
  const match = DECIMAL.exec(input);
  if (!match) return null;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  if (whole === '' && fraction === '') return null;
  // Numbers print exponents up to ±324; a larger one is hostile input that would build a giant bigint.
  if (Math.abs(Number(exponent)) > 400) return null;
  const digits = (whole + fraction).replace(/^0+(?=\d)/, '');
  return { negative: sign === '-', digits, scale: fraction.length - Number(exponent) };
}

/**
 * Rounds a decimal string to `places` decimals, half away from zero, through dinero (bigint, so any length
 * is exact). Returns the scaled integer as a bigint, or null when the input is not a decimal number.
 */
export function roundDecimalToScale(input: string, places: number): bigint | null {
  const parts = decimalDigits(input);
  if (!parts) return null;
  let amount = BigInt(parts.digits);
  if (parts.negative) amount = -amount;
  let scale = parts.scale;
  if (scale < 0) {
    amount *= 10n ** BigInt(-scale);
    scale = 0;
  }
  if (scale <= places) return amount * 10n ** BigInt(places - scale);
  const currency = { code: 'DEC', base: 10n, exponent: BigInt(places) };
  const exact = dineroBig({ amount, currency, scale: BigInt(scale) });
  return toSnapshotBig(transformScaleBig(exact, BigInt(places), halfAwayFromZeroBig)).amount;
}

const scaledCache = new Map<number, Readonly<ScaledDecimal>>();

/**
 * A percentage or quantity as an exact scaled integer via its decimal string, so 9.5 is 95 tenths
 * and never 9.4999…; trailing zeros trimmed (10.50 → { 105, 1 }). More than PERCENT_MAX_DECIMALS decimals
 * are rounded half away from zero.
 */
export function scaledDecimal(value: number): Readonly<ScaledDecimal> {
  const cached = scaledCache.get(value);
  if (cached) return cached;
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  const rounded = roundDecimalToScale(String(value), PERCENT_MAX_DECIMALS);
  if (rounded === null) throw new RangeError(`Not a decimal number: ${value}`);
  let amount = rounded;
  let scale = PERCENT_MAX_DECIMALS;
  while (scale > 0 && amount % 10n === 0n) {
    amount /= 10n;
    scale -= 1;
  }
  const result = Object.freeze({ amount: Number(amount), scale });
  assertMinor(result.amount, 'scaled decimal');
  // Keys are the rates and quantities of a store (a handful); the bound only guards against a runaway.
  if (scaledCache.size > 1000) scaledCache.clear();
  scaledCache.set(value, result);
  return result;
}

/** Products up to 2^50 stay clear of the float division inside dinero's number calculator. */
const NUMBER_PATH_LIMIT = 2 ** 50;

const numberCalculator: DineroCalculator<number> = dinero({ amount: 0, currency: currencies.USD }).calculator;
const powersOfTen = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * round(minor × factor.amount / 10^(factor.scale + extraScale)) half away from zero, with dinero's rounding.
 * This is dinero's `multiply` followed by `transformScale(…, halfAwayFromZero)` without building the two
 * intermediate objects: the hot path of every percentage (the property tests compare it with the full
 * dinero pipeline). A product beyond 2^50 takes dinero's bigint calculator instead.
 */
function multiplyRounded(minor: Minor, factor: ScaledDecimal, extraScale: number): Minor {
  const divisorScale = factor.scale + extraScale;
  if (factor.amount === 0 || minor === 0) return 0;
  const product = minor * factor.amount;
  if (divisorScale === 0) return assertMinor(product);
  if (Math.abs(product) <= NUMBER_PATH_LIMIT) {
    // + 0 turns the -0 of a tiny negative product into 0: -0 is not an amount anyone wants to print.
    return halfAwayFromZero(product, powersOfTen[divisorScale] as number, numberCalculator) + 0;
  }
  const currency = { code: 'BIG', base: 10n, exponent: 0n };
  const exact = dineroBig({
    amount: BigInt(minor) * BigInt(factor.amount),
    currency,
    scale: BigInt(divisorScale),
  });
  const rounded = toSnapshotBig(transformScaleBig(exact, 0n, halfAwayFromZeroBig)).amount;
  return assertMinor(Number(rounded));
}

/**
 * round(minor × percent / 100), half away from zero, to the minor unit of the currency: the one rounding
 * step of every discount, tax, commission and fee (docs/money.md). Exact: the percent is a scaled integer.
 */
export function percentOf(minor: Minor, percent: number, code: string = DEFAULT_CURRENCY): Minor {
  currencyOf(code);
  assertMinor(minor);
  return multiplyRounded(minor, scaledDecimal(percent), 2);
}

/** The same step through dinero objects, kept as the reference the fast path is tested against. */
export function percentOfViaDinero(minor: Minor, percent: number, code: string = DEFAULT_CURRENCY): Minor {
  const { amount, scale } = scaledDecimal(percent);
  return fromDinero(multiply(toDinero(minor, code), { amount, scale: scale + 2 }));
}

/**
 * Price × quantity. Whole quantities are an exact integer product; a decimal quantity (a weighed product)
 * is rounded half away from zero to the minor unit.
 */
export function multiplyMinor(minor: Minor, quantity: number, code: string = DEFAULT_CURRENCY): Minor {
  currencyOf(code);
  assertMinor(minor);
  if (Number.isInteger(quantity)) return assertMinor(minor * quantity);
  return multiplyRounded(minor, scaledDecimal(quantity), 0);
}

/**
 * round(numerator / denominator), half away from zero, with dinero's rounding on exact bigints: the division
 * that is not a percentage (hourly pay is minutes × rate / 60; docs/payroll.md). The denominator must be > 0.
 */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError(`divideRounded by ${denominator}`);
  return halfAwayFromZeroBig(numerator, denominator, bigintCalculator);
}

/** A minor amount and the percent applied to it: one term of `percentOfSum`. */
export interface PercentTerm {
  minor: Minor;
  percent: number;
}

/**
 * round(Σ minor × percent / 100), half away from zero, rounded ONCE over the exact sum (docs/payroll.md, tier
 * bands): progressive commission is one amount split into bands at different rates, and rounding each band
 * would pay more than the tier reached pays on everything (two bands of 0.01 at 50 % and 51 % would round to
 * 0.02 where 0.02 at 51 % is 0.01).
 */
export function percentOfSum(terms: readonly PercentTerm[], code: string = DEFAULT_CURRENCY): Minor {
  currencyOf(code);
  const scaled = terms.map((t) => ({ minor: assertMinor(t.minor), factor: scaledDecimal(t.percent) }));
  const scale = scaled.reduce((max, t) => Math.max(max, t.factor.scale), 0);
  let numerator = 0n;
  for (const t of scaled) {
    numerator += BigInt(t.minor) * BigInt(t.factor.amount) * 10n ** BigInt(scale - t.factor.scale);
  }
  // + 0 turns a -0 into 0, as multiplyRounded does.
  return assertMinor(Number(divideRounded(numerator, 10n ** BigInt(scale + 2))) + 0);
}
