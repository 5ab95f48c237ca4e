/**
 * The store, gift card and services/products screens' configs against the server's contracts
 * (src/contracts/reports-store.ts): every sortable column and default order is a sort field of its endpoint, the
 * fields a screen reads and its Details links carry are the query fields its endpoint declares, and the kinds
 * table's "all kinds" line is the sum of the kinds.
 */
import { describe, expect, it } from 'vitest';
import {
  GIFTCARD_DETAILS_SORTS,
  GIFTCARD_SORTS,
  giftcardDetailsParams,
  ITEM_DETAILS_SORTS,
  ITEM_SORTS,
  itemDetailsParams,
  itemReportParams,
  STORE_DETAILS_SORTS,
  STORE_SORTS,
  storeDetailsParams,
} from '../../../contracts/reports-store';
import type { ItemKind } from '../../../contracts/reports-store';
import { GIFTCARD_CONFIG, GIFTCARD_DETAILS_CONFIG } from './giftcard-report';
import type { AnyReportConfig } from './report-config';
import { ITEM_DETAILS_CONFIG, ITEMS_CONFIG, kindLines } from './services-products-report';
import { STORE_CONFIG, STORE_DETAILS_CONFIG } from './store-report';

const cases: [string, AnyReportConfig, readonly string[], Record<string, unknown>][] = [
  ['store', STORE_CONFIG as never, STORE_SORTS, {}],
  ['store/details', STORE_DETAILS_CONFIG as never, STORE_DETAILS_SORTS, storeDetailsParams],
  ['giftcard', GIFTCARD_CONFIG as never, GIFTCARD_SORTS, {}],
  ['giftcard/details', GIFTCARD_DETAILS_CONFIG as never, GIFTCARD_DETAILS_SORTS, giftcardDetailsParams],
  ['services-products', ITEMS_CONFIG as never, ITEM_SORTS, itemReportParams],
  ['services-products/details', ITEM_DETAILS_CONFIG as never, ITEM_DETAILS_SORTS, itemDetailsParams],
];

describe.each(cases)('%s', (name, config, sorts, params) => {
  it('is the endpoint of its name, sorted only by its fields', () => {
    expect(config.name).toBe(name);
    expect(sorts).toContain(config.defaultSort.replace(/^-/, ''));
    for (const column of config.columns) if (column.sort) expect(sorts, column.id).toContain(column.sort);
  });

  it('reads the query fields its endpoint declares', () => {
    expect([...(config.params ?? [])].sort()).toEqual(Object.keys(params).sort());
  });
});

it("the Details links carry their details endpoint's fields", () => {
  const links: [AnyReportConfig, AnyReportConfig][] = [
    [STORE_CONFIG as never, STORE_DETAILS_CONFIG as never],
    [GIFTCARD_CONFIG as never, GIFTCARD_DETAILS_CONFIG as never],
    [ITEMS_CONFIG as never, ITEM_DETAILS_CONFIG as never],
  ];
  const row = {
    workstation_id: 0,
    giftcard_id: 7,
    item_type: 2,
    item_id: 9,
  } as never;
  for (const [report, details] of links) {
    expect(report.details!.path).toBe(`/pos/report/${details.name}`);
    expect(Object.keys(report.details!.params(row)).sort()).toEqual([...(details.params ?? [])].sort());
  }
});

it('the kinds table starts with all kinds, their sum', () => {
  const figures = {
    sales_count: 2,
    quantity: 3,
    gross: 100,
    line_discounts: 5,
    net: 95,
    tax: 4,
    refunded_quantity: 1,
    refunds: 10,
  };
  const kinds: ItemKind[] = [
    { ...figures, item_type: 1, category: 'service' },
    { ...figures, quantity: 1, gross: 50, net: 50, line_discounts: 0, item_type: 2, category: 'product' },
  ];
  const lines = kindLines({ ...figures, kinds });
  expect(lines.map((l) => l.category)).toEqual(['all', 'service', 'product']);
  expect(lines[0]).toMatchObject({
    item_type: 0,
    quantity: 4,
    gross: 150,
    net: 145,
    line_discounts: 5,
    refunds: 20,
  });
});
