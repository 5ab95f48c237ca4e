/**
 * Sliding commission tiers over a period's commissionable service total (docs/payroll.md, tiers): zero-based
 * (the tier reached pays its rate on everything) or progressive (each rate on its band, like tax brackets).
 */
import { DEFAULT_CURRENCY } from '../constants';
import { percentOf, percentOfSum } from '../money';
import type { Minor } from '../order.types';
import { isNonNegativeMinor, isPercent } from './checks';
import type { CommissionSchedule, CommissionTier, PayrollIssue } from './types';

/** One rate on everything: the technician's plain commission percent. */
export function flatSchedule(rate: number): CommissionSchedule {
  return { mode: 'zero_based', tiers: [{ from: 0, rate }] };
}

/**
 * At least one tier; the first from 0 (so every base has a rate: "nothing below 500.00" is a first tier at
 * 0 %); `from` strictly ascending whole minor units; rates within 0..100. Rates need not ascend.
 */
export function validateSchedule(schedule: CommissionSchedule, path = 'schedule'): PayrollIssue[] {
  const issues: PayrollIssue[] = [];
  const { tiers } = schedule;
  if (tiers.length === 0) return [{ code: 'tiers_empty', path: `${path}.tiers` }];
  tiers.forEach((tier, i) => {
    const at = `${path}.tiers[${i}]`;
    if (!isNonNegativeMinor(tier.from)) issues.push({ code: 'amount_invalid', path: `${at}.from` });
    else if (i === 0 && tier.from !== 0) issues.push({ code: 'tiers_first_not_zero', path: `${at}.from` });
    else if (i > 0 && !(tier.from > (tiers[i - 1] as CommissionTier).from))
      issues.push({ code: 'tiers_not_ascending', path: `${at}.from` });
    if (!isPercent(tier.rate)) issues.push({ code: 'rate_out_of_range', path: `${at}.rate` });
  });
  return issues;
}

/** The part of the base inside one tier's band and the commission shown for it. */
export interface TierBand {
  /** Index of the tier in the schedule. */
  tier: number;
  from: Minor;
  /** First amount of the next tier (exclusive end of the band); null for the top tier. */
  to: Minor | null;
  rate: number;
  /** How much of the base this band pays on. */
  base: Minor;
  commission: Minor;
}

export interface TieredCommission {
  /** The tier the base reached (the highest `from` ≤ base). */
  reached: number;
  /** Bands with a base > 0; zero-based lists only the tier reached, paying on the whole base. */
  bands: TierBand[];
  commission: Minor;
}

function tierReached(tiers: readonly CommissionTier[], base: Minor): number {
  let reached = 0;
  tiers.forEach((tier, i) => {
    if (tier.from <= base) reached = i;
  });
  return reached;
}

/**
 * The commission of a period's tiered base under a valid schedule (validateSchedule). A base ≤ 0 earns 0.
 *
 * Progressive: the total is rounded once over the exact sum of the bands (money.ts percentOfSum); band i shows
 * round(cumulative exact through band i) − round(cumulative through band i − 1), so the bands shown add up to
 * the total and each is within one minor unit of its exact amount. Rounding each band on its own could pay
 * more than the zero-based tier on everything, for the same rates.
 */
export function tieredCommission(
  baseIn: Minor,
  schedule: CommissionSchedule,
  currency: string = DEFAULT_CURRENCY,
): TieredCommission {
  const { tiers } = schedule;
  const base = Math.max(0, baseIn);
  if (tiers.length === 0) return { reached: 0, bands: [], commission: 0 };
  const reached = tierReached(tiers, base);
  const toOf = (i: number): Minor | null => tiers[i + 1]?.from ?? null;
  if (base === 0) return { reached, bands: [], commission: 0 };
  if (schedule.mode === 'zero_based') {
    const tier = tiers[reached] as CommissionTier;
    const commission = percentOf(base, tier.rate, currency);
    return {
      reached,
      bands: [{ tier: reached, from: tier.from, to: toOf(reached), rate: tier.rate, base, commission }],
      commission,
    };
  }
  const bands: TierBand[] = [];
  const terms: { minor: Minor; percent: number }[] = [];
  let before = 0;
  for (let i = 0; i <= reached; i++) {
    const tier = tiers[i] as CommissionTier;
    const to = toOf(i);
    const inBand = Math.min(base, to ?? base) - tier.from;
    if (inBand <= 0) continue;
    terms.push({ minor: inBand, percent: tier.rate });
    const cumulative = percentOfSum(terms, currency);
    bands.push({
      tier: i,
      from: tier.from,
      to,
      rate: tier.rate,
      base: inBand,
      commission: cumulative - before,
    });
    before = cumulative;
  }
  return { reached, bands, commission: before };
}
