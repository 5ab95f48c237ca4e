/**
 * The customer report, its details and the two analyses as configs (docs/reports.md "Customers", "Customer
 * analysis", "Payment analysis"): each sortable column and default sort is one of the server's sort fields,
 * every word the screen looks up is in the reports namespace, and a row's Details link names the details route
 * with its customer.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_DETAILS_SORTS,
  CUSTOMER_REPORT_SORTS,
  CUSTOMER_VISIT_SORTS,
  PAYMENT_ANALYSIS_SORTS,
} from '../../../contracts/reports-customers';
import type { CustomerReportRow } from '../../../contracts/reports-customers';
import { ANALYSIS_CUSTOMER_CONFIG, PAYMENT_ANALYSIS_CONFIG } from './analysis-reports';
import { CUSTOMER_CONFIG, CUSTOMER_DETAILS_CONFIG } from './customer-report';
import { wordsOf } from './report-config';
import type { AnyReportConfig } from './report-config';

const CASES: [string, AnyReportConfig, readonly string[]][] = [
  ['customers', CUSTOMER_CONFIG as unknown as AnyReportConfig, CUSTOMER_REPORT_SORTS],
  ['customers/details', CUSTOMER_DETAILS_CONFIG as unknown as AnyReportConfig, CUSTOMER_DETAILS_SORTS],
  ['analysis-customer', ANALYSIS_CUSTOMER_CONFIG as unknown as AnyReportConfig, CUSTOMER_VISIT_SORTS],
  ['payment-analysis/summary', PAYMENT_ANALYSIS_CONFIG as unknown as AnyReportConfig, PAYMENT_ANALYSIS_SORTS],
];

const en: unknown = JSON.parse(
  readFileSync(new URL('../../../../locales/en/reports.json', import.meta.url), 'utf8'),
);

const hasWord = (key: string): boolean =>
  typeof key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en) ===
  'string';

describe.each(CASES)('%s', (name, config, sorts) => {
  it("names the server's endpoint and sorts by the server's fields", () => {
    expect(config.name).toBe(name);
    expect(sorts).toContain(config.defaultSort);
    for (const column of config.columns) if (column.sort) expect(sorts).toContain(column.sort);
  });

  it('has every word it shows', () => {
    const words = wordsOf(config);
    for (const key of [`${words}.title`, `${words}.rowsTitle`]) expect(hasWord(key), key).toBe(true);
    for (const { label } of [...config.columns, ...config.figures]) expect(hasWord(label), label).toBe(true);
  });
});

it("a customer's row links to their sales on the details route", () => {
  const row = { customer_id: 42 } as CustomerReportRow;
  expect(CUSTOMER_CONFIG.details?.path).toBe('/pos/report/customer/details');
  expect(CUSTOMER_CONFIG.details?.params(row)).toEqual({ customer_id: '42' });
  expect(CUSTOMER_DETAILS_CONFIG.params).toEqual(['customer_id']);
});
