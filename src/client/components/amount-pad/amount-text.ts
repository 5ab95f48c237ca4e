/**
 * What a cashier types on the amount pad, as text, before it becomes minor units (docs/money.md: parsed by
 * src/domain/amount.ts parseAmount, never a float). Pure, so the pad's keys and the physical keyboard edit the
 * text by the same rules:
 * - digits, '00' and one decimal point, and only as many decimals as the currency has (USD 2, VND and JPY 0:
 *   no point key at all), so what is typed is exactly what is taken;
 * - no leading zeros ("007" is 7) and at most 12 digits in all (the server's largest payment,
 *   MAX_PAYMENT_AMOUNT, is 10^12 minor units: $9,999,999,999.99 or 999,999,999,999 ₫);
 * - the point is always '.', whatever the language: parseAmount reads every comma as a thousands separator
 *   (docs/money.md), so a typed "1,5" would be 15; commas typed or pasted are dropped for the same reason.
 */
import { parseAmount } from '../../../domain/amount';
import { minorDigits, toDecimalString } from '../../../domain/money';
import type { Minor } from '../../../domain/order.types';

export type AmountKey =
  '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '00' | '.' | 'backspace' | 'clear';

/** Digits of minor units a payment may have (MAX_PAYMENT_AMOUNT = 10^12). */
export const MAX_MINOR_DIGITS = 12;

function isDigit(key: string): boolean {
  return key.length === 1 && key >= '0' && key <= '9';
}

function addDigit(text: string, digit: string, decimals: number): string {
  const point = text.indexOf('.');
  if (point >= 0) {
    return text.length - point - 1 >= decimals ? text : text + digit;
  }
  if (text === '0') return digit;
  if (text.length >= MAX_MINOR_DIGITS - decimals) return text;
  return text + digit;
}

/** The text after one key of the pad. `decimals` is the currency's minor digits. */
export function applyAmountKey(text: string, key: AmountKey, decimals: number): string {
  if (key === 'clear') return '';
  if (key === 'backspace') return text.slice(0, -1);
  if (key === '00') return addDigit(addDigit(text, '0', decimals), '0', decimals);
  if (key === '.') {
    if (decimals === 0 || text.includes('.')) return text;
    return text === '' ? '0.' : `${text}.`;
  }
  return isDigit(key) ? addDigit(text, key, decimals) : text;
}

/** Typed or pasted text, kept to what the pad could have produced ("1,234.567" USD → "1234.56"). */
export function sanitiseAmountText(raw: string, decimals: number): string {
  let text = '';
  for (const char of raw) {
    if (isDigit(char)) text = applyAmountKey(text, char as AmountKey, decimals);
    else if (char === '.') text = applyAmountKey(text, '.', decimals);
  }
  return text;
}

/** Minor units of the text, or null when nothing (or only a point) is typed. */
export function amountOfText(text: string, currency: string): Minor | null {
  if (text === '' || text === '.' || text === '0.') return text === '0.' ? 0 : null;
  return parseAmount(text, currency);
}

/** The text that shows `minor` on the pad: 3745 USD → "37.45", 150000 VND → "150000". */
export function amountTextOf(minor: Minor, currency: string): string {
  return minor > 0 ? toDecimalString(minor, currency) : '';
}

export function decimalsOf(currency: string): number {
  return minorDigits(currency);
}
