/**
 * Path tests of the sale machine (docs/architecture.md#statecharts, conventions.md "Tests"): paths generated
 * from the real machine with xstate/graph prove every state reached and every transition taken, then each
 * path is replayed on a real actor with fake actors.
 *
 * The graph's nodes are the state value plus the facts the guards read (see `serializeState`), not the whole
 * context: a ticket's quantities grow on every line.add, so the full context would never stop growing. Ids
 * come from a constant createId so a replayed path's context equals the generated one.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { DISCOUNT_SOURCE, DISCOUNT_TYPE, ITEM_TYPE, PAYMENT_TYPE, ROLE } from '../../src/domain/constants';
import type { CreatedSale, SaleRecord } from '../../src/domain/order-editing';
import { hasItems, isEmptyOrder } from '../../src/domain/order-editing';
import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { saleMachine } from './sale.machine';
import { isPaidInFull } from './sale.rules';
import type { SaleContext, SaleEvent, SaleInput } from './sale.types';

const ann = { id: 1, name: 'Ann' };
const bo = { id: 2, name: 'Bo' };
const created: CreatedSale = {
  id: 501,
  ticket_no: 12,
  daily_ticket_no: 3,
  invoice_no: 'INV-000012',
  order_at: '2025-03-01T10:00:00.000Z',
};
const loadedSale: SaleRecord = {
  id: 42,
  uuid: 'sale-42',
  status: 1,
  ticket_no: 7,
  daily_ticket_no: 2,
  invoice_no: 'INV-000007',
  order_at: '2025-02-28T15:00:00.000Z',
  customer: null,
  employee: ann,
  orderEmployees: [{ employee: ann, orderItems: [] }],
  discount: {},
  payments: [],
};

const card = (amount: number) => ({
  payment_type: PAYMENT_TYPE.CREDIT,
  payment_amount: amount,
  payment_info: { reference: '4242', last4: '4242' },
});

/** One variant per guarded branch the chart has; the traversal sends each where its type is accepted. */
const userEvents: SaleEvent[] = [
  { type: 'employee.add', employee: ann },
  { type: 'employee.change', employee: bo },
  { type: 'employee.select', employeeIndex: 0 },
  { type: 'employee.remove', employeeIndex: 0 },
  {
    type: 'line.add',
    item: { item_id: 10, item_type: ITEM_TYPE.SERVICE, name: 'Gel manicure', taxes: '', unit_price: 3000 },
  },
  { type: 'line.select', employeeIndex: 0, itemIndex: 0 },
  { type: 'line.quantity', employeeIndex: 0, itemIndex: 0, delta: -1 },
  { type: 'line.price', employeeIndex: 0, itemIndex: 0, price: 2500 },
  {
    type: 'line.discount',
    employeeIndex: 0,
    itemIndex: 0,
    source: DISCOUNT_SOURCE.ITEM,
    discount: { type: DISCOUNT_TYPE.AMOUNT, value: 100 },
  },
  { type: 'line.move', employeeIndex: 0, itemIndex: 0, employee: bo },
  { type: 'discount.set', kind: 'manager', discount: { type: DISCOUNT_TYPE.AMOUNT, value: 500 } },
  { type: 'discount.set', kind: 'ticket', discount: { type: DISCOUNT_TYPE.PERCENT, value: 10 } },
  { type: 'discount.remove', kind: 'ticket' },
  { type: 'tip.set', userId: 1, amount: 500 },
  { type: 'customer.set', customer: { id: 9, name: 'Cleo' } },
  {
    type: 'booking.add',
    booking: {
      id: 70,
      booking_appt_service: [{ service_id: 11, service_name: 'Pedicure', taxes: '', unit_price: 4500 }],
    },
  },
  { type: 'turn.add', turn: { id: 80, service: null } },
  { type: 'order.clear' },
  { type: 'order.clearAll' },
  { type: 'ticket.park' },
  { type: 'ticket.resume', ticketId: 'id' },
  { type: 'ticket.merge', ticketIds: ['id'] },
  { type: 'ticket.delete', ticketId: 'id' },
  { type: 'tender.start' },
  { type: 'tender.back' },
  { type: 'payment.set', payment: { payment_type: PAYMENT_TYPE.CASH, payment_amount: 100_000 } },
  { type: 'payment.set', payment: { payment_type: PAYMENT_TYPE.CASH, payment_amount: 0 } },
  { type: 'payment.remove', paymentType: PAYMENT_TYPE.CASH },
  // Offline card payments: one within the limits below, one over them (online, both are plain card payments).
  { type: 'payment.set', payment: card(100) },
  { type: 'payment.set', payment: card(300) },
  { type: 'connectivity.change', online: false },
  { type: 'connectivity.change', online: true },
  { type: 'offlineCard.status', limits: { perTicket: 200, total: 200 }, unsynced: 0 },
  { type: 'offlineCard.status', limits: { perTicket: 200, total: 200 }, unsynced: -1 },
  { type: 'sale.complete' },
  { type: 'sale.retry' },
  { type: 'pin.submit', pin: '9999' },
  { type: 'pin.cancel' },
  { type: 'receipt.done' },
  { type: 'load.retry' },
  { type: 'load.cancel' },
];

const actorEvents = [
  doneEvent('loadSale', loadedSale),
  errorEvent('loadSale', new Error('Not found')),
  doneEvent('checkManagerPin', { userId: 7, role: ROLE.MANAGER }),
  doneEvent('checkManagerPin', { userId: 5, role: ROLE.STAFF }),
  errorEvent('checkManagerPin', new Error('Wrong PIN')),
  doneEvent('createSale', created),
  doneEvent('createSale', { offline: true, requestId: 'req-1' }),
  errorEvent('createSale', new Error('Gateway timeout')),
];

const events = [...userEvents, ...actorEvents];

/** The facts the guards read; two snapshots that agree on them behave alike for every listed event. */
function serializeState(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as SaleContext;
  const { order } = context;
  return JSON.stringify([
    snapshot.value,
    {
      employees: order.orderEmployees.length > 0,
      items: hasItems(order),
      empty: isEmptyOrder(order),
      paid: isPaidInFull(order),
      tickets: context.waitingTickets.length,
      online: context.online,
      offlineCardLimit: context.offlineCardLimits.perTicket,
    },
  ]);
}

const baseInput: SaleInput = { createId: () => 'id', now: () => '2025-03-01T09:00:00.000Z' };
const newSaleInput: SaleInput = baseInput;
const loadSaleInput: SaleInput = { ...baseInput, saleId: 42 };

// The two starts (/pos/sales and /pos/sales/:id) together: what either leaves missing, the other may take.
describeMachinePaths(saleMachine, {
  events,
  compareContext: false,
  starts: [
    { name: 'replayed on a real actor (new sale)', input: newSaleInput, serializeState },
    {
      name: 'replayed on a real actor (sale loaded by id)',
      input: loadSaleInput,
      // From /pos/sales/:id only the way into building is new: once the sale is loaded, every snapshot is one
      // node, as building onwards is the new sale's exploration.
      serializeState: (snapshot) =>
        ['starting', 'loading', 'loadFailed'].some((mode) => snapshot.matches(mode))
          ? serializeState(snapshot)
          : 'loaded',
    },
  ],
});
