/**
 * Money as a reader sees it, for the tests' expectations: integer minor units turned into an exact decimal
 * string (no float ever holds an amount, docs/money.md) and formatted by Intl for the locale and currency.
 * Written apart from the app's own formatter (src/client/lib/format.ts) so the screens are checked against an
 * independent oracle, not against themselves.
 */

/** 2 minor digits: every currency these tests use (the demo store is in USD). */
export function decimalOf(minor: number): `${number}` {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}` as `${number}`;
}

/** 3500 → "$35.00" (en-US), "35,00 US$" (vi-VN). */
export function moneyText(minor: number, locale = 'en-US', currency = 'USD'): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(decimalOf(minor));
}
