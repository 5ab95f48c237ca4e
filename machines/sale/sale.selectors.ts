/**
 * View facts of the sale screen, derived from a snapshot of the sale machine (conventions.md: selectors are
 * computed from context, `matches`, `can` and `hasTag`, never stored). Each is meant for one
 * `useSelector(actor, selectX)`; the ones returning objects return the same reference while their input is
 * unchanged, so a component re-renders only when its fact changes.
 */
import type { SnapshotFrom } from 'xstate';
import { SALE_STATUS } from '../../src/domain/constants';
import { offlineCardOnTicket, offlineCardRoom } from '../../src/domain/offline-card';
import type { OfflineCardLimits, OfflineCardRoom } from '../../src/domain/offline-card';
import { canAddItem } from '../../src/domain/order-editing';
import type { OrderTotals } from '../../src/domain/order-total';
import { parseTaxRates } from '../../src/domain/tax';
import type { Employee, Order, OrderEmployee, OrderItem, WaitingTicket } from '../../src/domain/order.types';
import { employeesOnSeveralTickets } from '../../src/domain/waiting-tickets';
import { totalsOf } from './sale.rules';
import type { saleMachine } from './sale.machine';
import type { SaleError } from './sale.types';

export type SaleSnapshot = SnapshotFrom<typeof saleMachine>;

/** The screen's mode: which panel to show. */
export type SaleMode =
  'loading' | 'loadFailed' | 'building' | 'awaitingPin' | 'tendering' | 'completing' | 'receipt';

export function selectMode(snapshot: SaleSnapshot): SaleMode {
  if (snapshot.matches('loading') || snapshot.matches('starting')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('awaitingPin')) return 'awaitingPin';
  if (snapshot.matches('tendering')) return 'tendering';
  if (snapshot.matches('completing')) return 'completing';
  if (snapshot.matches('receipt')) return 'receipt';
  return 'building';
}

export const selectOrder = (snapshot: SaleSnapshot): Order => snapshot.context.order;

/** Memoised by the order's reference (orders are immutable), shared with the machine's guards. */
export const selectTotals = (snapshot: SaleSnapshot): OrderTotals => totalsOf(snapshot.context.order);

export const selectBalanceDue = (snapshot: SaleSnapshot): number => selectTotals(snapshot).balance_due;
/** The grand total (the Pay button), a number: equal after an edit that does not change it. */
export const selectTotalPrice = (snapshot: SaleSnapshot): number => selectTotals(snapshot).total.total_price;
export const selectTipTotal = (snapshot: SaleSnapshot): number => selectTotals(snapshot).total.tip_amount;
/** What the order-level discounts (ticket, manager, membership, other) take off together. */
export const selectOrderDiscountTotal = (snapshot: SaleSnapshot): number => {
  const { discount } = selectTotals(snapshot);
  return (
    discount.discount_ticket +
    discount.discount_manager +
    discount.discount_membership +
    discount.discount_other
  );
};
export const selectChangeDue = (snapshot: SaleSnapshot): number => selectTotals(snapshot).change_due;

export const selectEmployees = (snapshot: SaleSnapshot): OrderEmployee[] =>
  snapshot.context.order.orderEmployees;
/** How many employees are on the ticket: a number where a list would change with every line. */
/** How many lines the ticket holds, over all its employees (the compact screen's ticket button shows it). */
export const selectLineCount = (snapshot: SaleSnapshot): number =>
  snapshot.context.order.orderEmployees.reduce((count, group) => count + group.orderItems.length, 0);
export const selectEmployeeCount = (snapshot: SaleSnapshot): number =>
  snapshot.context.order.orderEmployees.length;

export function selectActiveEmployee(snapshot: SaleSnapshot): OrderEmployee | undefined {
  const { orderEmployees, activeEmployeeIndex } = snapshot.context.order;
  return activeEmployeeIndex >= 0 ? orderEmployees[activeEmployeeIndex] : undefined;
}

export function selectActiveLine(snapshot: SaleSnapshot): OrderItem | undefined {
  const { activeItemIndex } = snapshot.context.order;
  return activeItemIndex >= 0 ? selectActiveEmployee(snapshot)?.orderItems[activeItemIndex] : undefined;
}

export const selectPayments = (snapshot: SaleSnapshot) => snapshot.context.order.payments;
export const selectCustomer = (snapshot: SaleSnapshot) => snapshot.context.order.customer;
export const selectError = (snapshot: SaleSnapshot): SaleError | null => snapshot.context.error;
export const selectWaitingTickets = (snapshot: SaleSnapshot): WaitingTicket[] =>
  snapshot.context.waitingTickets;
export const selectWaitingCount = (snapshot: SaleSnapshot): number => snapshot.context.waitingTickets.length;
export const selectActiveTicketId = (snapshot: SaleSnapshot): string | null =>
  snapshot.context.activeTicketId;

export const selectIsBusy = (snapshot: SaleSnapshot): boolean => snapshot.hasTag('busy');
export const selectIsDirty = (snapshot: SaleSnapshot): boolean => snapshot.hasTag('dirty');
export const selectIsEditable = (snapshot: SaleSnapshot): boolean => snapshot.hasTag('editable');

export const selectCanTender = (snapshot: SaleSnapshot): boolean => snapshot.can({ type: 'tender.start' });
export const selectCanComplete = (snapshot: SaleSnapshot): boolean => snapshot.can({ type: 'sale.complete' });
export const selectCanRetry = (snapshot: SaleSnapshot): boolean => snapshot.can({ type: 'sale.retry' });
export const selectCanPark = (snapshot: SaleSnapshot): boolean => snapshot.can({ type: 'ticket.park' });
export const selectIsPaidInFull = (snapshot: SaleSnapshot): boolean =>
  snapshot.matches({ tendering: 'paid' });

export const selectIsPinRequired = (snapshot: SaleSnapshot): boolean => snapshot.matches('awaitingPin');
export const selectIsCheckingPin = (snapshot: SaleSnapshot): boolean =>
  snapshot.matches({ awaitingPin: 'checking' });
export const selectPendingManagerDiscount = (snapshot: SaleSnapshot) =>
  snapshot.context.pendingManagerDiscount;

export const selectCreatedSale = (snapshot: SaleSnapshot) => snapshot.context.createdSale;
/** docs/offline.md: a receipt of a sale queued offline is shown from local data and marked pending. */
export const selectIsPendingSync = (snapshot: SaleSnapshot): boolean => snapshot.context.offlinePending;

// ---- offline card payments (docs/offline.md)
// ---------------------------------------------------------------

/** The till is offline as the app last reported it: a card payment now is taken as an offline one. */
export const selectIsOffline = (snapshot: SaleSnapshot): boolean => !snapshot.context.online;

export interface OfflineCardStatus {
  limits: OfflineCardLimits;
  /** Offline card payments already on this ticket. */
  onTicket: number;
  /** Offline card payments of other tickets not yet synced. */
  unsynced: number;
  /** What may still be taken by card offline here, under each limit and under both. */
  room: OfflineCardRoom;
}

interface OfflineCardMemo {
  limits: OfflineCardLimits;
  unsynced: number;
  status: OfflineCardStatus;
}
const offlineCardCache = new WeakMap<Order, OfflineCardMemo>();
/**
 * The store's offline card limits and what they still allow on this ticket (the credit form's notice when
 * offline). The same object while the order, the limits and the unsynced sum are unchanged.
 */
export function selectOfflineCardStatus(snapshot: SaleSnapshot): OfflineCardStatus {
  const { order, offlineCardLimits: limits, unsyncedOfflineCard: unsynced } = snapshot.context;
  const memo = offlineCardCache.get(order);
  if (memo && memo.limits === limits && memo.unsynced === unsynced) return memo.status;
  const onTicket = offlineCardOnTicket(order.payments);
  const status = { limits, onTicket, unsynced, room: offlineCardRoom(limits, onTicket, unsynced) };
  offlineCardCache.set(order, { limits, unsynced, status });
  return status;
}

/** Same elements in the same order: a selector may hand back its previous array instead of an equal new one. */
function sameElements<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

interface SeveralTicketsMemo {
  order: Order;
  activeTicketId: string | null;
  employees: Employee[];
}
const severalTicketsCache = new WeakMap<WaitingTicket[], SeveralTicketsMemo>();
/**
 * Employees with work on more than one ticket (docs/sales.md#editing-the-order), counting the current order
 * as one more; memoised by the waiting list, the order and the active ticket. WHY the filter: a resumed
 * ticket stays parked until its sale is created, and its parked copy is the current order, not another
 * ticket.
 *
 * WHY the previous array comes back when the same people are found: every tap on an item makes a new order,
 * and the warning that shows these names would otherwise re-render on each one.
 */
export function selectEmployeesOnSeveralTickets(snapshot: SaleSnapshot): Employee[] {
  const { waitingTickets, order, activeTicketId } = snapshot.context;
  const memo = severalTicketsCache.get(waitingTickets);
  if (memo && memo.order === order && memo.activeTicketId === activeTicketId) return memo.employees;
  const others = waitingTickets.filter((ticket) => ticket.id !== activeTicketId);
  const found = employeesOnSeveralTickets(others, order);
  const employees = memo && sameElements(memo.employees, found) ? memo.employees : found;
  severalTicketsCache.set(waitingTickets, { order, activeTicketId, employees });
  return employees;
}

/** The order-level discounts as set (ticket, manager, membership, other). */
export const selectOrderDiscounts = (snapshot: SaleSnapshot) => snapshot.context.order.discount;

// ---- the sale screen's panels (features/sale) ---------------------------------------------------------

export const selectCurrency = (snapshot: SaleSnapshot): string => snapshot.context.order.settings.currency;

/** A tap on an item would land on a line: the ticket is editable and has an employee to put it on. */
export const selectCanAddLine = (snapshot: SaleSnapshot): boolean =>
  snapshot.hasTag('editable') && canAddItem(snapshot.context.order);

/** A sale read back from the server that is no longer a draft: the server refuses to change it (409). */
export const selectIsCompletedSale = (snapshot: SaleSnapshot): boolean =>
  snapshot.context.order.id !== null && snapshot.context.order.status !== SALE_STATUS.DRAFT;

export interface TaxAmount {
  /** The percentage, as the items' taxes strings give it. */
  rate: number;
  amount: number;
}

const taxCache = new WeakMap<Order, TaxAmount[]>();
/**
 * The order's taxes per rate, in the order the rates first appear (the totals panel's "taxes per tax"). An
 * item's taxes string lists its rates and the totals give one amount per applied rate in that order
 * (domain tax.ts: blank entries ignored, only the first under the Indian rule), so the two zip together.
 */
export function selectTaxBreakdown(snapshot: SaleSnapshot): TaxAmount[] {
  const order = snapshot.context.order;
  let breakdown = taxCache.get(order);
  if (!breakdown) {
    const totals = totalsOf(order);
    const byRate = new Map<number, number>();
    order.orderEmployees.forEach((group, g) => {
      group.orderItems.forEach((item, i) => {
        const amounts = totals.employees[g]?.lines[i]?.tax_amounts ?? [];
        const rates = parseTaxRates(item.taxes);
        amounts.forEach((amount, r) => {
          const rate = rates[r];
          if (rate !== undefined) byRate.set(rate, (byRate.get(rate) ?? 0) + amount);
        });
      });
    });
    breakdown = [...byRate].map(([rate, amount]) => ({ rate, amount }));
    taxCache.set(order, breakdown);
  }
  return breakdown;
}
