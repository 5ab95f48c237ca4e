/**
 * Tips (docs/payroll.md, tips): paid to the technician in full. The processor's fee on the tip part of a card
 * payment may be taken out only when the store allows it (settings deductCardFeeFromTips, default off: some
 * states forbid it). The fee is always computed and shown, so the owner sees what card tips cost the store.
 */
import { DEFAULT_CURRENCY } from '../constants';
import { creditcardFee } from '../commission';
import type { Minor } from '../order.types';
import type { PayrollTip, TipTender } from './types';

export interface TipsResult {
  /** Σ tips, every tender. */
  total: Minor;
  byTender: Record<TipTender, Minor>;
  /** The card fee on the card tips: Σ over card tips of round(amount × cardFeePercent / 100). */
  cardFee: Minor;
  /** Whether the store setting let the fee come out of the tips. */
  feeDeducted: boolean;
  /** cardFee when feeDeducted, else 0. */
  deduction: Minor;
  /** total − deduction: what the statement pays. */
  paid: Minor;
}

/**
 * The tips of a period. The fee is rounded per tip entry, as the processor charged each card payment; pass one
 * entry per card payment's tip (or one per tender and fee percent, when that is all that is known).
 */
export function tipsPay(
  tips: readonly PayrollTip[],
  deductCardFee: boolean,
  currency: string = DEFAULT_CURRENCY,
): TipsResult {
  const byTender: Record<TipTender, Minor> = { cash: 0, card: 0, other: 0 };
  let cardFee = 0;
  for (const tip of tips) {
    byTender[tip.tender] += tip.amount;
    if (tip.tender === 'card') cardFee += creditcardFee(tip.amount, tip.cardFeePercent ?? 0, currency);
  }
  const total = byTender.cash + byTender.card + byTender.other;
  const deduction = deductCardFee ? cardFee : 0;
  return { total, byTender, cardFee, feeDeducted: deductCardFee, deduction, paid: total - deduction };
}
