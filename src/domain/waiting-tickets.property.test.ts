import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { DISCOUNT_SOURCE, DISCOUNT_TYPE, ITEM_TYPE, PAYMENT_TYPE } from './constants';
import type { LineDiscount, Order, OrderEmployee, OrderItem, Payment, WaitingTicket } from './order.types';
import { createOrder } from './order-editing';
import { mergeWaitingTickets } from './waiting-tickets';

// Orders are generated as raw structures (not through addItem) so stored tickets with any layout are
// covered, including the same item twice in one group.

const lineArb: fc.Arbitrary<OrderItem> = fc
  .record({
    item_id: fc.integer({ min: 1, max: 4 }),
    item_type: fc.constantFrom(ITEM_TYPE.SERVICE, ITEM_TYPE.PRODUCT),
    quantity: fc.integer({ min: 1, max: 5 }),
    price: fc.constantFrom(null, 1000, 1500),
    discounts: fc.constantFrom<LineDiscount[]>(
      [],
      [{ type: DISCOUNT_SOURCE.ITEM, discount: { type: DISCOUNT_TYPE.PERCENT, value: 10 } }],
      [{ type: DISCOUNT_SOURCE.EMPLOYEE, discount: { type: DISCOUNT_TYPE.AMOUNT, value: 200 } }],
    ),
  })
  .map((l) => ({
    ...l,
    name: `item ${l.item_id}`,
    taxes: '5',
    unit_price: 2000,
    tax_on: 0,
    indian_tax: '0' as const,
  }));

const groupArb: fc.Arbitrary<OrderEmployee> = fc.record({
  employee: fc.integer({ min: 1, max: 4 }).map((id) => ({ id, name: `E${id}` })),
  orderItems: fc.array(lineArb, { maxLength: 4 }),
});

const paymentArb: fc.Arbitrary<Payment> = fc.record({
  payment_type: fc.constantFrom(PAYMENT_TYPE.CASH, PAYMENT_TYPE.GIFTCARD),
  payment_amount: fc.integer({ min: 1, max: 10_000 }),
  payment_info: fc.record({ reference: fc.constantFrom('', 'A', 'B') }),
});

const orderArb: fc.Arbitrary<Order> = fc
  .record({
    groups: fc.uniqueArray(groupArb, { maxLength: 3, selector: (g) => g.employee.id }),
    payments: fc.array(paymentArb, { maxLength: 3 }),
  })
  .map(({ groups, payments }) => ({ ...createOrder('u'), orderEmployees: groups, payments }));

const scenarioArb = fc
  .array(orderArb, { minLength: 1, maxLength: 6 })
  .map((orders) =>
    orders.map((order, i): WaitingTicket => ({ id: `t${i}`, order, saved_at: '2025-03-04T10:00:00Z' })),
  )
  .chain((tickets) =>
    fc.record({
      tickets: fc.constant(tickets),
      picked: fc.shuffledSubarray(
        tickets.map((t) => t.id),
        { minLength: 1 },
      ),
    }),
  );

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

function quantities(orders: Order[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const order of orders)
    for (const group of order.orderEmployees)
      for (const line of group.orderItems) {
        const key = `${group.employee.id}/${line.item_type}/${line.item_id}`;
        sums.set(key, (sums.get(key) ?? 0) + line.quantity);
      }
  return sums;
}

function paidByType(orders: Order[]): Map<number, number> {
  const sums = new Map<number, number>();
  for (const p of orders.flatMap((o) => o.payments))
    sums.set(p.payment_type, (sums.get(p.payment_type) ?? 0) + p.payment_amount);
  return sums;
}

describe('mergeWaitingTickets properties', () => {
  it('merging any set of tickets preserves every item total quantity per employee and item', () => {
    fc.assert(
      fc.property(scenarioArb, ({ tickets, picked }) => {
        // Frozen: merging must never write into the parked tickets.
        const { order } = mergeWaitingTickets(deepFreeze(tickets), picked, 'merged');
        const source = tickets.filter((t) => picked.includes(t.id)).map((t) => t.order);
        expect(quantities([order])).toEqual(quantities(source));
      }),
    );
  });

  it('the merged ticket ids leave the list while the others remain in their order', () => {
    fc.assert(
      fc.property(scenarioArb, ({ tickets, picked }) => {
        const { tickets: rest } = mergeWaitingTickets(tickets, picked, 'merged');
        expect(rest.map((t) => t.id)).toEqual(tickets.map((t) => t.id).filter((id) => !picked.includes(id)));
      }),
    );
  });

  it('merging keeps one group per employee and every amount paid', () => {
    fc.assert(
      fc.property(scenarioArb, ({ tickets, picked }) => {
        const { order } = mergeWaitingTickets(tickets, picked, 'merged');
        const employeeIds = order.orderEmployees.map((g) => g.employee.id);
        expect(new Set(employeeIds).size).toBe(employeeIds.length);
        const source = tickets.filter((t) => picked.includes(t.id)).map((t) => t.order);
        expect(paidByType([order])).toEqual(paidByType(source));
      }),
    );
  });
});
