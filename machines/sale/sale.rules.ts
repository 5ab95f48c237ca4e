/**
 * The sale chart's own rules, kept apart from the chart (sale.machine.ts) so the selectors, the app and the
 * tests read them without the chart: an order's memoised totals and when it is paid, the offline card checks,
 * moving a line to another employee, and an actor's failure as a SaleError.
 */
import { PAYMENT_TYPE } from '../../src/domain/constants';
import {
  addItem,
  changeQuantity,
  OrderEditError,
  overridePrice,
  selectItem,
  setLineDiscount,
  soldItemOf,
} from '../../src/domain/order-editing';
import type { CatalogItem } from '../../src/domain/order-editing';
import { checkOfflineCard, offlineCardOnTicket } from '../../src/domain/offline-card';
import type { OfflineCardCheck, OfflineCardLimits } from '../../src/domain/offline-card';
import { computeOrderTotals } from '../../src/domain/order-total';
import type { OrderTotals } from '../../src/domain/order-total';
import type { Employee, Order, OrderItem, Payment } from '../../src/domain/order.types';
import type {
  CreateSaleOutput,
  LineRef,
  OfflineQueued,
  SaleContext,
  SaleError,
  SaleErrorSource,
} from './sale.types';

const totalsCache = new WeakMap<Order, OrderTotals>();
/**
 * Totals of an order, memoised by the order's reference: orders are never mutated (every edit returns a new
 * one), so the same reference always has the same totals. Guards run after every event (the eventless
 * splits), and selectors on every render; this keeps it one computation per edit.
 */
export function totalsOf(order: Order): OrderTotals {
  let totals = totalsCache.get(order);
  if (!totals) {
    totals = computeOrderTotals(order);
    totalsCache.set(order, totals);
  }
  return totals;
}

export function isPaidInFull(order: Order): boolean {
  const totals = totalsOf(order);
  // WHY the second test: a card or gift card may not be charged beyond the balance (docs/money.md: change
  // only from cash), which can happen when the ticket is lowered after tendering.
  return totals.balance_due === 0 && totals.overpaid_non_cash === 0;
}

export function isOfflineQueued(output: CreateSaleOutput): output is OfflineQueued {
  return 'offline' in output && output.offline === true;
}

/** No card payment offline until the app says what the store allows (SaleInput.offlineCardLimits). */
export const NO_OFFLINE_CARDS: OfflineCardLimits = { perTicket: 0, total: 0 };

/**
 * Whether `payment` is a card payment to take as an offline one: the till is offline, or the screen marked it
 * so itself (then it is held to the same limits: a flag must never be a way around them).
 */
export function isOfflineCardIntent(context: Pick<SaleContext, 'online'>, payment: Payment): boolean {
  return (
    payment.payment_type === PAYMENT_TYPE.CREDIT &&
    (!context.online || payment.payment_info?.offline === true)
  );
}

/** The offline card payment as recorded: marked offline, with the time it was taken (its age, docs/offline.md). */
export function asOfflineCard(payment: Payment, takenAt: string): Payment {
  return { ...payment, payment_info: { ...payment.payment_info, offline: true, taken_at: takenAt } };
}

/** The domain's verdict on taking `payment` by card offline on this ticket. */
export function checkOfflineCardPayment(
  context: Pick<SaleContext, 'order' | 'offlineCardLimits' | 'unsyncedOfflineCard'>,
  payment: Payment,
): OfflineCardCheck {
  return checkOfflineCard({
    limits: context.offlineCardLimits,
    onTicket: offlineCardOnTicket(context.order.payments, payment),
    unsynced: context.unsyncedOfflineCard,
    amount: payment.payment_amount,
  });
}

export function isMinor(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** The catalog item a line was rung from: what addItem needs to ring it again for another employee. */
export function catalogItemOfLine(line: OrderItem): CatalogItem {
  return {
    ...soldItemOf(line),
    giftcard_number: line.giftcard_number ?? null,
    info: line.info ?? null,
    ...(line.cost !== undefined ? { cost: line.cost } : {}),
    ...(line.commission_rate !== undefined ? { commission_rate: line.commission_rate } : {}),
  };
}

/**
 * "Change employee on a line" in one edit: the item rung for `to` (docs/sales.md#editing-the-order's add
 * rule: when `to` already has that item its quantity rises and that line keeps its own price and discounts),
 * the same quantity, price override and discounts on a new line, then the line taken off its first employee,
 * whose group stays (docs/sales.md#editing-the-order: removing an employee is its own action). Composed of
 * the domain's own edits, so every rule of theirs applies; one event, so no snapshot ever shows the line on
 * both employees or on neither.
 */
export function moveLine(order: Order, from: LineRef, to: Employee): Order {
  const line = order.orderEmployees[from.employeeIndex]?.orderItems[from.itemIndex];
  if (!line) throw new OrderEditError('lineNotFound', `no line at ${from.employeeIndex}/${from.itemIndex}`);
  let next = addItem(order, catalogItemOfLine(line), to);
  const target = { employeeIndex: next.activeEmployeeIndex, itemIndex: next.activeItemIndex };
  const merged = (next.orderEmployees[target.employeeIndex]?.orderItems[target.itemIndex]?.quantity ?? 1) > 1;
  if (line.quantity > 1) {
    next = changeQuantity(next, target.employeeIndex, target.itemIndex, line.quantity - 1);
  }
  if (!merged) {
    if (line.price !== null) next = overridePrice(next, target.employeeIndex, target.itemIndex, line.price);
    for (const discount of line.discounts ?? []) {
      next = setLineDiscount(next, target.employeeIndex, target.itemIndex, discount.type, discount.discount);
    }
  }
  // `to` is another group, and a group stays when its last line goes: `target` still points at the moved line.
  next = changeQuantity(next, from.employeeIndex, from.itemIndex, -line.quantity);
  return selectItem(next, target.employeeIndex, target.itemIndex);
}

/** An actor's failure as a SaleError: its `code` when it carries one (mapped to i18n), else a fallback. */
export function toSaleError(source: SaleErrorSource, error: unknown, fallbackCode: string): SaleError {
  const code =
    typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
      ? error.code
      : fallbackCode;
  const message = error instanceof Error ? error.message : undefined;
  const remaining = (error as { remaining?: unknown } | null)?.remaining;
  return {
    source,
    code,
    ...(message === undefined ? {} : { message }),
    ...(typeof remaining === 'number' ? { remaining } : {}),
  };
}
