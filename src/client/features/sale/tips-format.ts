/**
 * A tip as the cashier types it ("1,000.50"), parsed by the domain (src/domain/amount.ts: thousands commas
 * removed, rounded half away from zero to the currency's minor unit). An empty box is no tip: the sale
 * machine's tip.set with 0 removes the employee's tip (docs/sales.md#editing-the-order).
 */
import { parseAmount } from '../../../domain/amount';
import type { Minor } from '../../../domain/order.types';

export type TipProblem = 'notANumber' | 'negative';

export function parseTip(text: string, currency: string): { amount: Minor } | { problem: TipProblem } {
  if (text.trim() === '') return { amount: 0 };
  const amount = parseAmount(text, currency);
  if (amount === null) return { problem: 'notANumber' };
  if (amount < 0) return { problem: 'negative' };
  return { amount };
}
