/**
 * Input and output types of the payroll rules (docs/payroll.md). Everything here is plain data: the server reads
 * sale lines, tips, clock records and settings from the database, hands them to `buildStatement`, and stores or
 * shows what comes back. Amounts are integer minor units (`Minor`, docs/money.md); percents are plain
 * percentages (40 means 40 %).
 */
import type { ItemType } from '../constants';
import type { Minor } from '../order.types';

export const PAY_PERIOD_KINDS = ['weekly', 'biweekly', 'semi_monthly', 'monthly'] as const;
export type PayPeriodKind = (typeof PAY_PERIOD_KINDS)[number];

/**
 * How a store cuts the calendar into pay periods. Weekly and biweekly periods count from an anchor: the first
 * day of any one of their periods ('YYYY-MM-DD'); semi-monthly (1st–15th, 16th–end) and monthly need none.
 */
export type PayPeriodRule =
  { kind: 'weekly' | 'biweekly'; anchor: string } | { kind: 'semi_monthly' | 'monthly' };

/** A pay period: inclusive first and last civil day in the store's time zone ('YYYY-MM-DD'). */
export interface PayPeriod {
  start: string;
  end: string;
}

export const TIER_MODES = ['zero_based', 'progressive'] as const;
/**
 * zero_based: the tier the period's base reaches pays its rate on the whole base. progressive: each tier's rate
 * is paid on the part of the base inside its band, like tax brackets.
 */
export type TierMode = (typeof TIER_MODES)[number];

/** A tier starts at `from` (minor units of the period's base, inclusive) and pays `rate` percent. */
export interface CommissionTier {
  from: Minor;
  rate: number;
}

/**
 * The technician's service commission. A flat rate is one tier from 0 (`flatSchedule(40)`). Valid when there is
 * at least one tier, the first starts at 0, `from` strictly ascends and every rate is within 0..100.
 */
export interface CommissionSchedule {
  mode: TierMode;
  tiers: readonly CommissionTier[];
}

/** One technician's part of a line shared with an assistant; the percents of a line sum to exactly 100. */
export interface LineShare {
  technicianId: number;
  percent: number;
}

/**
 * A sale line as the sale stored it (sale_lines: net, deductible, commission_rate; docs/money.md step 11).
 * Refunded quantities are the caller's to take off `net` and `deductible` before payroll (a refund in a locked
 * period is an adjustment instead, docs/payroll.md).
 */
export interface PayrollLine {
  saleId: number;
  lineId: number;
  itemType: ItemType;
  /** After line discounts, before order-level discounts (not spread over lines). */
  net: Minor;
  /** The service's supply cost taken off before commission; products deduct nothing. */
  deductible: Minor;
  /** The item's own commission percent; null when the technician's rate (or tiers) applies. */
  ownRate: number | null;
  /** Present when the line is shared (with an assistant); must name the technician of the statement. */
  split?: readonly LineShare[] | null;
}

export const TIP_TENDERS = ['cash', 'card', 'other'] as const;
export type TipTender = (typeof TIP_TENDERS)[number];

/**
 * A tip, or the tips of one tender added up. `cardFeePercent` is the processor's percent on the card payment
 * that carried the tip (settings creditcard_fee_percent when it was taken); read only for card tips.
 */
export interface PayrollTip {
  saleId: number | null;
  amount: Minor;
  tender: TipTender;
  cardFeePercent?: number;
}

/** A correction of a locked period paid in the open one (docs/payroll.md, adjustments). Signed. */
export interface PayrollAdjustment {
  amount: Minor;
  reason: string;
  sourceSaleId: number | null;
  /** The locked period the correction belongs to, when known (shown on the statement). */
  sourcePeriod?: PayPeriod | null;
}

/** The pay plan on top of commission. */
export type PayPlan =
  | { kind: 'commission' }
  /** Paid the higher of the guarantee and what was earned (commissions + hourly); docs/payroll.md. */
  | { kind: 'higher_of'; guarantee: Minor }
  /** A fixed base per period plus everything earned. */
  | { kind: 'base_plus_commission'; base: Minor };

/** How the total is paid out (docs/payroll.md, cash and check). */
export type PayoutRule =
  | { kind: 'all_check' }
  | { kind: 'all_cash' }
  /** check = round(total × percent / 100), cash = the rest. */
  | { kind: 'check_percent'; percent: number }
  /** cash = min(amount, total), check = the rest. */
  | { kind: 'cash_fixed'; amount: Minor }
  /** check = min(amount, total), cash = the rest. */
  | { kind: 'check_fixed'; amount: Minor };

export interface PaySettings {
  service: CommissionSchedule;
  /** Percent on product and kit lines without their own rate; no supply deduction, no tiers. */
  productRate: number;
  /** Minor units per hour worked; 0 when the technician is not paid by the hour. */
  hourlyRate: Minor;
  plan: PayPlan;
  payout: PayoutRule;
  /**
   * Store setting: take the card processor's fee on card tips out of the tips. Unlawful in some states, so it
   * defaults to false (DEFAULT_PAY_SETTINGS).
   */
  deductCardFeeFromTips: boolean;
}

export interface StatementInput {
  technicianId: number;
  period?: PayPeriod | null;
  /** ISO 4217 code of the store currency (default USD). */
  currency?: string;
  lines: readonly PayrollLine[];
  tips: readonly PayrollTip[];
  /** Minutes worked, one entry per shift or day; rounded to money once over their sum. */
  workedMinutes: readonly number[];
  adjustments: readonly PayrollAdjustment[];
  settings: PaySettings;
}

export const PAYROLL_ISSUE_CODES = [
  'tiers_empty',
  'tiers_first_not_zero',
  'tiers_not_ascending',
  'rate_out_of_range',
  'amount_invalid',
  'minutes_invalid',
  'split_invalid',
  'split_missing_technician',
  'reason_missing',
  'anchor_invalid',
  'currency_invalid',
] as const;
export type PayrollIssueCode = (typeof PAYROLL_ISSUE_CODES)[number];

/** Why an input was refused: a code for the client's i18n key and where (a path into the input). */
export interface PayrollIssue {
  code: PayrollIssueCode;
  path: string;
}
