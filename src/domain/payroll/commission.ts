/**
 * A technician's commissions for a period (docs/payroll.md, service commission and product commission).
 *
 * Services: each line's net (after line discounts, as the sale stored it) less its supply deduction, never below
 * zero. A line whose service has its own rate is paid at that rate, line by line with the sale's own
 * `lineCommission`, and is left out of the tiered base; every other service line adds to the period's tiered
 * base, paid once by the technician's schedule (tiers.ts). Products: their own rate or the technician's product
 * rate, no deduction, never in the tiered base. Gift cards earn nothing (docs/money.md step 11).
 */
import { DEFAULT_CURRENCY, ITEM_TYPE } from '../constants';
import { lineCommission, ownCommissionRate } from '../commission';
import type { Minor } from '../order.types';
import { lineShareFor } from './shares';
import { tieredCommission, type TieredCommission } from './tiers';
import type { CommissionSchedule, PayrollLine } from './types';

export function isServiceLine(line: Pick<PayrollLine, 'itemType'>): boolean {
  return line.itemType === ITEM_TYPE.SERVICE;
}

export function isProductLine(line: Pick<PayrollLine, 'itemType'>): boolean {
  return line.itemType === ITEM_TYPE.PRODUCT || line.itemType === ITEM_TYPE.PRODUCT_KIT;
}

export interface ServiceLineResult {
  saleId: number;
  lineId: number;
  /** The technician's percent of the line (100 when not shared). */
  sharePercent: number;
  net: Minor;
  deduction: Minor;
  commissionable: Minor;
  /** The service's own rate; null when the line is in the tiered base. */
  ownRate: number | null;
  /** The line's commission when it has its own rate; null for a tiered line (paid on the period's base). */
  commission: Minor | null;
}

export interface ServiceCommission {
  lines: ServiceLineResult[];
  /** Σ net: the gross service base, after line discounts. */
  gross: Minor;
  /** Σ supply deductions. */
  deductions: Minor;
  /** gross − deductions. */
  commissionable: Minor;
  /** The part of `commissionable` paid by the tiers. */
  tieredBase: Minor;
  /** The part paid at services' own rates. */
  ownRateBase: Minor;
  tiered: TieredCommission;
  ownRateCommission: Minor;
  /** tiered.commission + ownRateCommission. */
  commission: Minor;
}

/** Service commission of `technicianId` over the period's lines (other kinds and foreign splits are skipped). */
export function serviceCommission(
  lines: readonly PayrollLine[],
  technicianId: number,
  schedule: CommissionSchedule,
  currency: string = DEFAULT_CURRENCY,
): ServiceCommission {
  const results: ServiceLineResult[] = [];
  let gross = 0;
  let deductions = 0;
  let tieredBase = 0;
  let ownRateBase = 0;
  let ownRateCommission = 0;
  for (const line of lines) {
    if (!isServiceLine(line)) continue;
    const share = lineShareFor(line, technicianId, currency);
    if (!share) continue;
    const own = ownCommissionRate({ commission_rate: line.ownRate });
    const commission = own === undefined ? null : lineCommission(share.net, share.deduction, own, currency);
    gross += share.net;
    deductions += share.deduction;
    if (commission === null) tieredBase += share.commissionable;
    else {
      ownRateBase += share.commissionable;
      ownRateCommission += commission;
    }
    results.push({
      saleId: line.saleId,
      lineId: line.lineId,
      sharePercent: share.percent,
      net: share.net,
      deduction: share.deduction,
      commissionable: share.commissionable,
      ownRate: own ?? null,
      commission,
    });
  }
  const tiered = tieredCommission(tieredBase, schedule, currency);
  return {
    lines: results,
    gross,
    deductions,
    commissionable: gross - deductions,
    tieredBase,
    ownRateBase,
    tiered,
    ownRateCommission,
    commission: tiered.commission + ownRateCommission,
  };
}

export interface ProductLineResult {
  saleId: number;
  lineId: number;
  sharePercent: number;
  net: Minor;
  /** The item's own rate, else the technician's product rate. */
  rate: number;
  commission: Minor;
}

export interface ProductCommission {
  lines: ProductLineResult[];
  /** Σ net of the technician's product and kit lines. */
  sales: Minor;
  commission: Minor;
}

/** Product and kit commission, line by line: own rate else `productRate`, on the net with nothing deducted. */
export function productCommission(
  lines: readonly PayrollLine[],
  technicianId: number,
  productRate: number,
  currency: string = DEFAULT_CURRENCY,
): ProductCommission {
  const results: ProductLineResult[] = [];
  let sales = 0;
  let commission = 0;
  for (const line of lines) {
    if (!isProductLine(line)) continue;
    const share = lineShareFor(line, technicianId, currency);
    if (!share) continue;
    const rate = ownCommissionRate({ commission_rate: line.ownRate }) ?? productRate;
    const amount = lineCommission(share.net, share.deduction, rate, currency);
    sales += share.net;
    commission += amount;
    results.push({
      saleId: line.saleId,
      lineId: line.lineId,
      sharePercent: share.percent,
      net: share.net,
      rate,
      commission: amount,
    });
  }
  return { lines: results, sales, commission };
}
