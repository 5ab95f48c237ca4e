/**
 * View facts of the sale screen, derived from a snapshot of the sale machine (conventions.md: selectors are
 * computed from context, `matches`, `can` and `hasTag`, never stored). Each is meant for one
 * `useSelector(actor, selectX)`; the ones returning objects return the same reference while their input is
 * unchanged, so a component re-renders only when its fact changes.
 */
import type { SnapshotFrom } from 'xstate';
import type { OrderTotals } from '../../src/domain/order-total';
import type { Employee, Order, OrderEmployee, OrderItem, WaitingTicket } from '../../src/domain/order.types';
import { employeesOnSeveralTickets } from '../../src/domain/waiting-tickets';
import { totalsOf } from './sale.machine';
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
export const selectChangeDue = (snapshot: SaleSnapshot): number => selectTotals(snapshot).change_due;

export const selectEmployees = (snapshot: SaleSnapshot): OrderEmployee[] =>
  snapshot.context.order.orderEmployees;

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
/** design.md §6: a receipt of a sale queued offline is shown from local data and marked pending. */
export const selectIsPendingSync = (snapshot: SaleSnapshot): boolean => snapshot.context.offlinePending;

const severalTicketsCache = new WeakMap<WaitingTicket[], WeakMap<Order, Employee[]>>();
/**
 * Employees with work on more than one ticket (000 §4), counting the current order as one more; memoised by
 * the references of the waiting list and the order. WHY the filter: a resumed ticket stays parked until its
 * sale is created, and its parked copy is the current order, not another ticket.
 */
export function selectEmployeesOnSeveralTickets(snapshot: SaleSnapshot): Employee[] {
  const { waitingTickets, order, activeTicketId } = snapshot.context;
  let byOrder = severalTicketsCache.get(waitingTickets);
  if (!byOrder) {
    byOrder = new WeakMap();
    severalTicketsCache.set(waitingTickets, byOrder);
  }
  let employees = byOrder.get(order);
  if (!employees) {
    const others = waitingTickets.filter((ticket) => ticket.id !== activeTicketId);
    employees = employeesOnSeveralTickets(others, order);
    byOrder.set(order, employees);
  }
  return employees;
}
