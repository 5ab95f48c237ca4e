/**
 * What the waiting-tickets list shows of a parked ticket ("Waiting tickets: park, list,
 * resume, merge"): who is on it, how many items, what it comes to and when it was parked. The total is the
 * domain's (the sale machine's memoised totals), never recomputed here.
 */
import { totalsOf } from '../../../../machines/sale/sale.rules';
import type { Minor, WaitingTicket } from '../../../domain/order.types';

export interface TicketSummary {
  id: string;
  employees: string[];
  customer: string | null;
  /** Units on the ticket (a line of quantity 3 is 3 items). */
  itemCount: number;
  total: Minor;
  savedAt: string;
}

export function summariseTicket(ticket: WaitingTicket): TicketSummary {
  const { order } = ticket;
  return {
    id: ticket.id,
    employees: order.orderEmployees.map((group) => group.employee.name),
    customer: order.customer?.name ?? null,
    itemCount: order.orderEmployees.reduce(
      (sum, group) => sum + group.orderItems.reduce((n, line) => n + line.quantity, 0),
      0,
    ),
    total: totalsOf(order).total.total_price,
    savedAt: ticket.saved_at,
  };
}
