/**
 * The worked people of docs/payroll.md ("The statement", "Adjustments") as statement inputs, and line builders
 * for the payroll tests. Amounts in minor units (USD cents).
 */
import { ITEM_TYPE } from '../constants';
import type { Minor } from '../order.types';
import { flatSchedule } from './tiers';
import type { LineShare, PaySettings, PayrollLine, StatementInput } from './types';

export const ANNA = 1;
export const BINH = 2;

let nextLineId = 1;

export function serviceLine(net: Minor, deductible = 0, extra: Partial<PayrollLine> = {}): PayrollLine {
  return {
    saleId: 1000,
    lineId: nextLineId++,
    itemType: ITEM_TYPE.SERVICE,
    net,
    deductible,
    ownRate: null,
    ...extra,
  };
}

export function productLine(net: Minor, extra: Partial<PayrollLine> = {}): PayrollLine {
  return serviceLine(net, 0, { itemType: ITEM_TYPE.PRODUCT, ...extra });
}

export const PEDICURE_SPLIT: readonly LineShare[] = [
  { technicianId: ANNA, percent: 60 },
  { technicianId: BINH, percent: 40 },
];

/** Sale 1050's pedicure, 45.00 with 3.00 of supplies, shared 60/40 by Anna and Binh. */
export const SHARED_PEDICURE = serviceLine(4500, 300, { saleId: 1050, split: PEDICURE_SPLIT });

export function settings(extra: Partial<PaySettings> = {}): PaySettings {
  return {
    service: flatSchedule(40),
    productRate: 0,
    hourlyRate: 0,
    plan: { kind: 'commission' },
    payout: { kind: 'all_check' },
    deductCardFeeFromTips: false,
    ...extra,
  };
}

export const WEEK = { start: '2026-01-12', end: '2026-01-18' };

export const ANNA_WEEK: StatementInput = {
  technicianId: ANNA,
  period: WEEK,
  lines: [
    serviceLine(3150, 200),
    SHARED_PEDICURE,
    serviceLine(6000, 800, { ownRate: 50 }),
    serviceLine(150, 200),
    productLine(800),
    productLine(2499, { ownRate: 15 }),
    serviceLine(5000, 0, { itemType: ITEM_TYPE.GIFTCARD }),
  ],
  tips: [
    { saleId: 1050, amount: 2000, tender: 'cash' },
    { saleId: 1051, amount: 1500, tender: 'card', cardFeePercent: 3 },
    { saleId: 1052, amount: 850, tender: 'card', cardFeePercent: 2.9 },
  ],
  workedMinutes: [],
  adjustments: [
    {
      amount: -672,
      reason: 'Sale 1032 (2026-01-09): pedicure shared 60/40 with Binh after the week was locked',
      sourceSaleId: 1032,
      sourcePeriod: { start: '2026-01-05', end: '2026-01-11' },
    },
  ],
  settings: settings({
    productRate: 10,
    plan: { kind: 'higher_of', guarantee: 50_000 },
    payout: { kind: 'check_percent', percent: 65 },
  }),
};

export const BINH_SCHEDULE: PaySettings['service'] = {
  mode: 'progressive',
  tiers: [
    { from: 0, rate: 35 },
    { from: 30_000, rate: 40 },
    { from: 45_000, rate: 45 },
  ],
};

export const BINH_WEEK: StatementInput = {
  technicianId: BINH,
  period: WEEK,
  lines: [
    SHARED_PEDICURE,
    serviceLine(26_000, 3200),
    serviceLine(27_500, 2000),
    serviceLine(1500, 0, { ownRate: 60 }),
  ],
  tips: [
    { saleId: 1060, amount: 1000, tender: 'cash' },
    { saleId: 1061, amount: 4000, tender: 'card', cardFeePercent: 3 },
    { saleId: 1062, amount: 1235, tender: 'card', cardFeePercent: 2.9 },
  ],
  workedMinutes: [445, 445, 445],
  adjustments: [
    {
      amount: 588,
      reason: 'Sale 1032 (2026-01-09): pedicure shared 60/40 with Anna after the week was locked',
      sourceSaleId: 1032,
      sourcePeriod: { start: '2026-01-05', end: '2026-01-11' },
    },
  ],
  settings: settings({
    service: BINH_SCHEDULE,
    productRate: 10,
    hourlyRate: 1525,
    plan: { kind: 'base_plus_commission', base: 20_000 },
    payout: { kind: 'cash_fixed', amount: 30_000 },
    deductCardFeeFromTips: true,
  }),
};
