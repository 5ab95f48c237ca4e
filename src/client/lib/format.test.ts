import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPercent, intlLocale } from './format';

// Intl inserts no-break and narrow no-break spaces; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('format', () => {
  it("maps the spec's language codes to BCP-47 locales (kr is Korean, thai is Thai)", () => {
    expect(intlLocale('en')).toBe('en-US');
    expect(intlLocale('kr')).toBe('ko-KR');
    expect(intlLocale('thai')).toBe('th-TH');
    expect(intlLocale('vi')).toBe('vi-VN');
    expect(intlLocale('es')).toBe('es');
    expect(intlLocale('xx')).toBe('en-US');
  });

  it('formats minor units of the store currency for the language, exactly', () => {
    expect(formatMoney(1234567, 'en', 'USD')).toBe('$12,345.67');
    expect(plain(formatMoney(1234567, 'vi', 'USD'))).toBe('12.345,67 US$');
    expect(plain(formatMoney(1234567, 'es', 'EUR'))).toBe('12.345,67 €');
    expect(formatMoney(-5, 'en', 'USD')).toBe('-$0.05');
    // 2^53 - 1 cents is still exact: the amount never becomes a float.
    expect(formatMoney(9007199254740991, 'en', 'USD')).toBe('$90,071,992,547,409.91');
  });

  it("uses the currency's own minor unit: none for VND and KRW, two for THB", () => {
    expect(plain(formatMoney(150000, 'vi', 'VND'))).toBe('150.000 ₫');
    expect(formatMoney(15000, 'kr', 'KRW')).toBe('₩15,000');
    expect(formatMoney(12050, 'thai', 'THB')).toBe('฿120.50');
  });

  it('formats numbers and percentages with the decimal mark of the language', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(plain(formatNumber(1234.5, 'es'))).toBe('1234,5');
    expect(formatPercent(9.5, 'en')).toBe('9.5%');
    expect(plain(formatPercent(9.5, 'es'))).toBe('9,5 %');
  });

  it("formats dates in the language and the store's time zone", () => {
    const utc = '2025-03-01T03:30:00Z';
    expect(formatDate(utc, 'en', { timeZone: 'America/New_York' })).toBe('Feb 28, 2025');
    expect(formatDate(utc, 'en', { timeZone: 'Asia/Ho_Chi_Minh' })).toBe('Mar 1, 2025');
    expect(plain(formatDateTime(utc, 'en', 'America/New_York'))).toBe('Feb 28, 2025, 10:30 PM');
    expect(formatDate(utc, 'vi', { timeZone: 'Asia/Ho_Chi_Minh' })).toMatch(/2025/);
    expect(formatDate(utc, 'kr', { timeZone: 'Asia/Seoul' })).toBe('2025. 3. 1.');
  });
});
