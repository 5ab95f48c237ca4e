/** The value checks every payroll input goes through before any arithmetic (docs/payroll.md, invalid input). */

/** An amount of minor units: a safe integer (a float or NaN would lose or invent cents). */
export function isMinor(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

export function isNonNegativeMinor(value: unknown): value is number {
  return isMinor(value) && value >= 0;
}

/** A percent within 0..100 (money.ts keeps at most six decimals of it, docs/money.md). */
export function isPercent(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100;
}
