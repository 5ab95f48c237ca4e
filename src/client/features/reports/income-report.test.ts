/**
 * The income and details configs against the server's contract (src/contracts/reports-income.ts) and the words
 * (locales/<lang>/reports.json): every sortable column names a sort field of its endpoint, every label and every
 * report's title is a key of all five languages, and hours read as h:mm.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DAILY_SALE_SORTS,
  EMPLOYEE_LINE_SORTS,
  INCOME_DAY_SORTS,
  INCOME_SORTS,
  INCOME_WKT_SORTS,
} from '../../../contracts/reports-income';
import { DAILY_CONFIG } from './daily-report';
import { hoursOf, INCOME_CONFIG, INCOME_DETAILS_CONFIG, INCOME_WKT_CONFIG } from './income-report';
import { wordsOf } from './report-config';
import type { AnyReportConfig } from './report-config';
import { DAILY_DETAILS_CONFIG, SUMMARY_DETAILS_CONFIG } from './sale-details-reports';
import { SUMMARY_CONFIG } from './summary-report';

const CONFIGS: [AnyReportConfig, readonly string[]][] = [
  [INCOME_CONFIG as unknown as AnyReportConfig, INCOME_SORTS],
  [INCOME_DETAILS_CONFIG as unknown as AnyReportConfig, INCOME_DAY_SORTS],
  [INCOME_WKT_CONFIG as unknown as AnyReportConfig, INCOME_WKT_SORTS],
  [DAILY_DETAILS_CONFIG as unknown as AnyReportConfig, DAILY_SALE_SORTS],
  [SUMMARY_DETAILS_CONFIG as unknown as AnyReportConfig, EMPLOYEE_LINE_SORTS],
];

const LANGUAGES = ['en', 'es', 'vi', 'thai', 'kr'] as const;
const words = Object.fromEntries(
  LANGUAGES.map((lang) => [
    lang,
    JSON.parse(readFileSync(path.resolve(`locales/${lang}/reports.json`), 'utf8')) as Record<string, unknown>,
  ]),
);
const has = (lang: string, key: string) =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], words[lang]) !==
  undefined;

describe('income and details report configs', () => {
  it.each(CONFIGS.map(([config, sorts]) => [config.name, config, sorts] as const))(
    '%s: sorts are the server’s, the default among them',
    (_name, config, sorts) => {
      for (const column of config.columns) if (column.sort) expect(sorts).toContain(column.sort);
      expect(sorts).toContain(config.defaultSort.replace(/^-/, ''));
    },
  );

  it.each(LANGUAGES)('every title and label is a word in %s', (lang) => {
    for (const [config] of CONFIGS) {
      const keys = [
        `${wordsOf(config)}.title`,
        `${wordsOf(config)}.rowsTitle`,
        ...config.columns.map((c) => c.label),
        ...config.figures.map((f) => f.label),
      ];
      for (const key of keys) expect(has(lang, key), `${lang}: ${key}`).toBe(true);
    }
    expect(has(lang, 'income.pay_issues_found')).toBe(true);
  });

  it('the daily and summary rows link to their details with their day and employee', () => {
    const day = DAILY_CONFIG.details!;
    expect(day.path).toBe('/pos/report/daily/details');
    expect(day.params({ date: '2026-11-05' } as never)).toEqual({ date: '2026-11-05' });
    expect(DAILY_DETAILS_CONFIG.params).toEqual(['date']);
    expect(SUMMARY_CONFIG.details!.params({ user_id: 7 } as never)).toEqual({ user_id: '7' });
    expect(SUMMARY_DETAILS_CONFIG.params).toEqual(['user_id']);
    expect(INCOME_CONFIG.details!.path).toBe('/pos/report/income/details');
    expect(INCOME_DETAILS_CONFIG.params).toEqual(['user_id']);
  });

  it('shows minutes as hours and minutes', () => {
    expect(hoursOf(0)).toBe('0:00');
    expect(hoursOf(450)).toBe('7:30');
    expect(hoursOf(61 * 60 + 5)).toBe('61:05');
  });
});
