/**
 * Waiting tickets: sales parked on this workstation to be resumed or merged later
 * (docs/sales.md#waiting-tickets "Waiting ticket: id plus order content"). They are stored only locally under
 * waitingTicketsKey() (docs/sales.md#the-sale-screen); these functions are the pure list operations, the
 * storage lives in the client.
 */
import { DISCOUNT_TYPE } from './constants';
import { createOrder, OrderEditError, paymentKey } from './order-editing';
import type { Employee, Order, OrderEmployee, OrderItem, Payment, WaitingTicket } from './order.types';

export function ticketFromOrder(order: Order, id: string, savedAt: string): WaitingTicket {
  return { id, order: { ...order }, saved_at: savedAt };
}

/** docs/sales.md#waiting-tickets: "Waiting tickets are saved by id (replaced if the id exists)"; a replaced ticket keeps its place. */
export function saveWaitingTicket(tickets: WaitingTicket[], ticket: WaitingTicket): WaitingTicket[] {
  const at = tickets.findIndex((t) => t.id === ticket.id);
  return at >= 0 ? tickets.map((t, i) => (i === at ? ticket : t)) : [...tickets, ticket];
}

export function deleteWaitingTicket(tickets: WaitingTicket[], ticketId: string): WaitingTicket[] {
  return tickets.filter((t) => t.id !== ticketId);
}

/**
 * When two parked lines may become one line with the quantities added.
 * WHY: merging must not change what anyone pays beyond what ringing all items on one ticket would, so lines
 * combine only when they have the same item (and gift card number), the same price override, the same tax
 * rules and the same discounts, and neither carries an Amount discount: a fixed amount off each of two
 * lines would otherwise be given once. Lines that differ stay separate lines of the same employee.
 */
function mergeKey(line: OrderItem): string | null {
  const discounts = [...(line.discounts ?? [])].sort((a, b) => a.type - b.type);
  if (discounts.some((d) => d.discount.type === DISCOUNT_TYPE.AMOUNT)) return null;
  return JSON.stringify([
    line.item_id,
    line.item_type,
    line.giftcard_number ?? null,
    line.price,
    line.tax_on,
    line.indian_tax,
    discounts.map((d) => [d.type, d.discount.type, d.discount.value]),
  ]);
}

function mergeGroupInto(groups: OrderEmployee[], group: OrderEmployee): void {
  let target = groups.find((g) => g.employee.id === group.employee.id);
  if (!target) {
    target = { employee: group.employee, orderItems: [] };
    groups.push(target);
  }
  for (const line of group.orderItems) {
    const key = mergeKey(line);
    const at = key === null ? -1 : target.orderItems.findIndex((l) => mergeKey(l) === key);
    const existing = target.orderItems[at];
    if (existing) {
      target.orderItems[at] = { ...existing, quantity: existing.quantity + line.quantity };
    } else {
      target.orderItems.push({ ...line, discounts: [...(line.discounts ?? [])] });
    }
  }
  // WHY: a tip is money the customer gave that employee on each ticket, so the tips add up.
  if (group.tips) {
    target.tips = {
      user_id: group.employee.id,
      tip_amount: (target.tips?.tip_amount ?? 0) + group.tips.tip_amount,
    };
  }
}

function mergePayments(orders: Order[]): Payment[] {
  const payments: Payment[] = [];
  for (const payment of orders.flatMap((o) => o.payments)) {
    const at = payments.findIndex((p) => paymentKey(p) === paymentKey(payment));
    const existing = payments[at];
    if (existing) {
      payments[at] = { ...existing, payment_amount: existing.payment_amount + payment.payment_amount };
    } else if (payment.payment_amount > 0) {
      payments.push({ ...payment });
    }
  }
  return payments;
}

function firstNonNull<T>(values: (T | null | undefined)[]): T | null {
  return values.find((v) => v !== null && v !== undefined) ?? null;
}

/**
 * docs/sales.md#waiting-tickets: "merged by a list of ticket ids. Merged tickets combine items by item_id per
 * employee." The tickets are taken in the order of `ticketIds` (the first picked is the base) and leave the
 * list; the others stay in their order. The result is a new draft with the given uuid:
 * - employee groups in order of first appearance, lines combined as mergeKey allows, tips added;
 * - customer, booking and turn: the first non-null; main employee: the first ticket's, else the first found;
 * - payments kept, combined by paymentKey with the amounts added (money already taken is never dropped);
 * - order discounts and settings of the first ticket only. WHY: an order discount was granted on one
 *   ticket's total; applying several to the merged total would stack them.
 * Throws `nothingToMerge` for no ids and `ticketNotFound` for an id not in the list (guard in the machine).
 */
export function mergeWaitingTickets(
  tickets: WaitingTicket[],
  ticketIds: string[],
  uuid: string,
): { order: Order; tickets: WaitingTicket[] } {
  const ids = [...new Set(ticketIds)];
  if (ids.length === 0) throw new OrderEditError('nothingToMerge', 'no waiting ticket to merge');
  const orders = ids.map((id) => {
    const ticket = tickets.find((t) => t.id === id);
    if (!ticket) throw new OrderEditError('ticketNotFound', `no waiting ticket ${id}`);
    return ticket.order;
  });
  const first = orders[0] as Order;

  const orderEmployees: OrderEmployee[] = [];
  for (const order of orders) {
    for (const group of order.orderEmployees) mergeGroupInto(orderEmployees, group);
  }

  const order: Order = {
    ...createOrder(uuid, first.settings),
    customer: firstNonNull(orders.map((o) => o.customer)),
    booking: firstNonNull(orders.map((o) => o.booking)),
    turn: firstNonNull(orders.map((o) => o.turn)),
    employee: firstNonNull([...orders.map((o) => o.employee), orderEmployees[0]?.employee]),
    orderEmployees,
    discount: { ...first.discount },
    payments: mergePayments(orders),
    activeCategory: first.activeCategory,
    activeEmployeeIndex: orderEmployees.length > 0 ? 0 : -1,
    activeItemIndex: -1,
  };
  return { order, tickets: tickets.filter((t) => !ids.includes(t.id)) };
}

/**
 * docs/sales.md#waiting-tickets: "A check for an employee appearing on several tickets exists." Returns each
 * employee (once, in order of first appearance) whose group is on more than one of the tickets; `current`,
 * when given, counts as one more ticket. WHY: only employee groups count, not the order's main employee
 * field, because a group is what puts someone's work on a ticket.
 */
export function employeesOnSeveralTickets(tickets: WaitingTicket[], current?: Order): Employee[] {
  const orders = current ? [...tickets.map((t) => t.order), current] : tickets.map((t) => t.order);
  const seen = new Map<number, { employee: Employee; count: number }>();
  for (const order of orders) {
    const ids = new Set<number>();
    for (const { employee } of order.orderEmployees) {
      if (ids.has(employee.id)) continue;
      ids.add(employee.id);
      const entry = seen.get(employee.id);
      if (entry) entry.count += 1;
      else seen.set(employee.id, { employee, count: 1 });
    }
  }
  return [...seen.values()].filter((e) => e.count > 1).map((e) => e.employee);
}
