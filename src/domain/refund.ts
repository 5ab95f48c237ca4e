/**
 * Refund amount of selected lines (docs/money.md step 10, docs/money.md: "Refund amount = sum + tax minus
 * item and employee discounts").
 *
 * Order-level discounts (ticket, membership, manager, other) and tips are not part of a line, so they are
 * not in a line's refund: refunding every line of a ticket that had a ticket discount returns more than the
 * lines cost the customer. That is the spec's rule; docs/money.md shows the example.
 */
import { DEFAULT_CURRENCY } from './constants';
import type { Minor, Order } from './order.types';
import { computeLineTotals } from './order-total';

export interface LineRef {
  /** Index in order.orderEmployees. */
  employeeIndex: number;
  /** Index in that group's orderItems. */
  itemIndex: number;
}

/**
 * Σ (gross + tax − item discount − employee discount) of the selected lines. A line selected twice counts
 * once. A reference to no line throws: the selection comes from lines on screen, so it is a bug to surface,
 * not an amount to guess.
 */
export function refundAmountOfLines(order: Order, selection: readonly LineRef[]): Minor {
  const currency = order.settings.currency || DEFAULT_CURRENCY;
  const seen = new Set<string>();
  let amount = 0;
  for (const { employeeIndex, itemIndex } of selection) {
    const key = `${employeeIndex}:${itemIndex}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const group = order.orderEmployees[employeeIndex];
    const item = group?.orderItems[itemIndex];
    if (!group || !item) throw new RangeError(`No line at employee ${employeeIndex}, item ${itemIndex}`);
    const line = computeLineTotals(item, group.employee, currency);
    amount += line.gross + line.tax - line.item_discount - line.employee_discount;
  }
  return amount;
}
