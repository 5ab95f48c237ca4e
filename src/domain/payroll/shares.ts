/**
 * A line's amounts for one technician (docs/payroll.md, shared lines): the whole line, or the technician's
 * share of a line split with an assistant. The remainder rule: shares are cut by cumulative rounding, share i =
 * round(amount × (p1 + … + pi) / 100) − round(amount × (p1 + … + pi−1) / 100), in the order the split lists
 * them, so the shares of a line add up to the line exactly and each is within one minor unit of its percent.
 * Every technician's statement cuts the same list the same way, so no cent is lost or paid twice.
 */
import { DEFAULT_CURRENCY } from '../constants';
import { lineDeductible } from '../commission';
import { percentOfSum, scaledDecimal } from '../money';
import type { Minor } from '../order.types';
import { isMinor, isPercent } from './checks';
import type { LineShare, PayrollIssue, PayrollLine } from './types';

/** `amount` cut by `percents` with the cumulative remainder rule; exact when the percents sum to 100. */
export function splitAmount(
  amount: Minor,
  percents: readonly number[],
  currency: string = DEFAULT_CURRENCY,
): Minor[] {
  const terms: { minor: Minor; percent: number }[] = [];
  let before = 0;
  return percents.map((percent) => {
    terms.push({ minor: amount, percent });
    const cumulative = percentOfSum(terms, currency);
    const share = cumulative - before;
    before = cumulative;
    return share;
  });
}

/** Whether percents add up to exactly 100, compared as exact scaled integers (33.3 + 33.3 + 33.4 does). */
export function percentsSumTo100(percents: readonly number[]): boolean {
  const scaled = percents.map((p) => scaledDecimal(p));
  const scale = scaled.reduce((max, s) => Math.max(max, s.scale), 0);
  const sum = scaled.reduce((acc, s) => acc + BigInt(s.amount) * 10n ** BigInt(scale - s.scale), 0n);
  return sum === 100n * 10n ** BigInt(scale);
}

/**
 * A split is valid when it has at least one share, every percent is in (0, 100], the technicians differ, the
 * percents sum to exactly 100 and the statement's technician is one of them.
 */
export function validateSplit(
  split: readonly LineShare[],
  technicianId: number,
  path: string,
): PayrollIssue[] {
  const ids = new Set(split.map((s) => s.technicianId));
  const percentsOk = split.length > 0 && split.every((s) => isPercent(s.percent) && s.percent > 0);
  if (!percentsOk || ids.size !== split.length || !percentsSumTo100(split.map((s) => s.percent)))
    return [{ code: 'split_invalid', path }];
  if (!ids.has(technicianId)) return [{ code: 'split_missing_technician', path }];
  return [];
}

function atLeastZero(value: Minor): Minor {
  return isMinor(value) && value > 0 ? value : 0;
}

/** One technician's part of a line. */
export interface LineShareAmounts {
  /** 100 for a line not shared. */
  percent: number;
  /** deduction + commissionable. */
  net: Minor;
  /** The supply cost taken off: a service's deductible, capped at the net (commission is never negative). */
  deduction: Minor;
  /** What commission is paid on: net − deduction. */
  commissionable: Minor;
}

/**
 * The technician's part of a line. The deduction (min(net, deductible) for a service, 0 for anything else) and
 * the commissionable amount are each cut by the remainder rule and the net share is their sum, so no share is
 * ever negative. Null when the line is split without this technician. A negative or invalid amount counts as
 * 0 (validateStatementInput refuses it before a statement is built).
 */
export function lineShareFor(
  line: PayrollLine,
  technicianId: number,
  currency: string = DEFAULT_CURRENCY,
): LineShareAmounts | null {
  const net = atLeastZero(line.net);
  const deductible = atLeastZero(lineDeductible({ item_type: line.itemType }, line.deductible));
  const deduction = Math.min(net, deductible);
  const commissionable = net - deduction;
  if (!line.split) return { percent: 100, net, deduction, commissionable };
  const index = line.split.findIndex((s) => s.technicianId === technicianId);
  if (index < 0) return null;
  const percents = line.split.map((s) => s.percent);
  const deductionShare = splitAmount(deduction, percents, currency)[index] as Minor;
  const commissionableShare = splitAmount(commissionable, percents, currency)[index] as Minor;
  return {
    percent: percents[index] as number,
    net: deductionShare + commissionableShare,
    deduction: deductionShare,
    commissionable: commissionableShare,
  };
}
