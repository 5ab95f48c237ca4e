import { describe, it, expect } from 'vitest';
import { DISCOUNT_SOURCE, DISCOUNT_TYPE, ITEM_TYPE, PAYMENT_TYPE, SALE_STATUS } from './constants';
import type { Employee, Order, WaitingTicket } from './order.types';
import {
  OrderEditError,
  addEmployee,
  addItem,
  changeQuantity,
  createOrder,
  overridePrice,
  setCustomer,
  setLineDiscount,
  setOrderDiscount,
  setPayment,
  setTip,
} from './order-editing';
import type { CatalogItem } from './order-editing';
import {
  deleteWaitingTicket,
  employeesOnSeveralTickets,
  mergeWaitingTickets,
  saveWaitingTicket,
  ticketFromOrder,
} from './waiting-tickets';

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

const ANA: Employee = { id: 1, name: 'Ana' };
const BEN: Employee = { id: 2, name: 'Ben' };
const CAM: Employee = { id: 3, name: 'Cam' };
const MANICURE: CatalogItem = {
  item_id: 10,
  item_type: ITEM_TYPE.SERVICE,
  name: 'Manicure',
  taxes: '5',
  unit_price: 2500,
};
const PEDICURE: CatalogItem = {
  item_id: 11,
  item_type: ITEM_TYPE.SERVICE,
  name: 'Pedicure',
  taxes: '5',
  unit_price: 3500,
};

function orderWith(uuid: string, ...edits: ((o: Order) => Order)[]): Order {
  return edits.reduce((o, edit) => edit(o), createOrder(uuid));
}
function ticket(id: string, ...edits: ((o: Order) => Order)[]): WaitingTicket {
  return ticketFromOrder(orderWith(`u-${id}`, ...edits), id, '2025-03-04T10:00:00Z');
}
const ids = (tickets: WaitingTicket[]) => tickets.map((t) => t.id);

function editError(fn: () => unknown): OrderEditError {
  try {
    fn();
  } catch (error) {
    if (error instanceof OrderEditError) return error;
    throw error;
  }
  throw new Error('expected an OrderEditError');
}

describe('saving and deleting waiting tickets', () => {
  const list = deepFreeze([
    ticket('a', (o) => addItem(o, MANICURE, ANA)),
    ticket('b', (o) => addEmployee(o, BEN)),
  ]);

  it('ticketFromOrder wraps the order with its id and the time it was parked', () => {
    const order = orderWith('u-x', (o) => addItem(o, MANICURE, ANA));
    expect(ticketFromOrder(order, 'x', '2025-03-04T10:00:00Z')).toEqual({
      id: 'x',
      order,
      saved_at: '2025-03-04T10:00:00Z',
    });
  });

  it('a ticket with a new id is appended', () => {
    expect(ids(saveWaitingTicket(list, ticket('c')))).toEqual(['a', 'b', 'c']);
  });

  it('a ticket with an existing id replaces it in its place', () => {
    const replacement = ticket('a', (o) => addItem(o, PEDICURE, CAM));
    const saved = saveWaitingTicket(list, replacement);
    expect(ids(saved)).toEqual(['a', 'b']);
    expect(saved[0]).toBe(replacement);
  });

  it('deleting by ticket id removes only that ticket', () => {
    expect(ids(deleteWaitingTicket(list, 'a'))).toEqual(['b']);
    expect(ids(deleteWaitingTicket(list, 'zzz'))).toEqual(['a', 'b']);
  });
});

describe('mergeWaitingTickets', () => {
  const cash = (amount: number) => ({ payment_type: PAYMENT_TYPE.CASH, payment_amount: amount });
  const gift = (n: string, amount: number) => ({
    payment_type: PAYMENT_TYPE.GIFTCARD,
    payment_amount: amount,
    payment_info: { reference: n },
  });

  const a = ticket(
    'a',
    (o) => addItem(o, MANICURE, ANA),
    (o) => addItem(o, PEDICURE),
    (o) => setTip(o, ANA.id, 300),
    (o) => setOrderDiscount(o, 'ticket', { type: DISCOUNT_TYPE.PERCENT, value: 10 }),
    (o) => setPayment(o, cash(1000)),
  );
  const b = ticket(
    'b',
    (o) => setCustomer(o, { id: 9, name: 'Dana' }),
    (o) => addItem(o, MANICURE, ANA),
    (o) => changeQuantity(o, 0, 0, 1),
    (o) => addItem(o, MANICURE, BEN),
    (o) => setTip(o, ANA.id, 200),
    (o) => setOrderDiscount(o, 'manager', { type: DISCOUNT_TYPE.AMOUNT, value: 500 }),
    (o) => setPayment(o, cash(700)),
    (o) => setPayment(o, gift('GC-1', 400)),
  );
  const c = ticket('c', (o) => addItem(o, PEDICURE, CAM));
  const list = deepFreeze([a, b, c]);

  it('merged tickets leave the list and the others remain in their order', () => {
    expect(ids(mergeWaitingTickets(list, ['a', 'c'], 'm').tickets)).toEqual(['b']);
  });

  it('combines items by item_id per employee, adding the quantities', () => {
    const { order } = mergeWaitingTickets(list, ['a', 'b'], 'm');
    expect(
      order.orderEmployees.map((g) => [g.employee.id, g.orderItems.map((l) => [l.item_id, l.quantity])]),
    ).toEqual([
      [
        1,
        [
          [10, 3],
          [11, 1],
        ],
      ],
      [2, [[10, 1]]],
    ]);
  });

  it('the merged order is a new draft with the given uuid and the first employee active', () => {
    const { order } = mergeWaitingTickets(list, ['a', 'b'], 'merged-uuid');
    expect(order).toMatchObject({
      id: null,
      uuid: 'merged-uuid',
      status: SALE_STATUS.DRAFT,
      employee: ANA,
      activeEmployeeIndex: 0,
      activeItemIndex: -1,
    });
  });

  it('the customer is the first non-null one', () => {
    expect(mergeWaitingTickets(list, ['a', 'b'], 'm').order.customer).toEqual({ id: 9, name: 'Dana' });
    expect(mergeWaitingTickets(list, ['a', 'c'], 'm').order.customer).toBeNull();
  });

  it('payments are kept and combined by payment key with the amounts added', () => {
    expect(mergeWaitingTickets(list, ['a', 'b'], 'm').order.payments).toEqual([
      cash(1700),
      gift('GC-1', 400),
    ]);
  });

  it('the order discounts are those of the first ticket picked', () => {
    expect(mergeWaitingTickets(list, ['a', 'b'], 'm').order.discount).toEqual({
      ticket: { type: DISCOUNT_TYPE.PERCENT, value: 10 },
    });
    expect(mergeWaitingTickets(list, ['b', 'a'], 'm').order.discount).toEqual({
      manager: { type: DISCOUNT_TYPE.AMOUNT, value: 500 },
    });
  });

  it('tips of the same employee are added', () => {
    const { order } = mergeWaitingTickets(list, ['a', 'b'], 'm');
    expect(order.orderEmployees[0]?.tips).toEqual({ user_id: 1, tip_amount: 500 });
    expect(order.orderEmployees[1]?.tips).toBeUndefined();
  });

  it('lines with different price overrides stay separate lines of the same employee', () => {
    const x = ticket('x', (o) => addItem(o, MANICURE, ANA));
    const y = ticket(
      'y',
      (o) => addItem(o, MANICURE, ANA),
      (o) => overridePrice(o, 0, 0, 2000),
    );
    const { order } = mergeWaitingTickets([x, y], ['x', 'y'], 'm');
    expect(order.orderEmployees[0]?.orderItems.map((l) => [l.price, l.quantity])).toEqual([
      [null, 1],
      [2000, 1],
    ]);
  });

  it('lines with the same percent discount combine; lines with an amount discount stay separate', () => {
    const percent = (id: string) =>
      ticket(
        id,
        (o) => addItem(o, MANICURE, ANA),
        (o) => setLineDiscount(o, 0, 0, DISCOUNT_SOURCE.ITEM, { type: DISCOUNT_TYPE.PERCENT, value: 10 }),
      );
    const amount = (id: string) =>
      ticket(
        id,
        (o) => addItem(o, MANICURE, ANA),
        (o) => setLineDiscount(o, 0, 0, DISCOUNT_SOURCE.ITEM, { type: DISCOUNT_TYPE.AMOUNT, value: 200 }),
      );
    const combined = mergeWaitingTickets([percent('p'), percent('q')], ['p', 'q'], 'm').order;
    expect(combined.orderEmployees[0]?.orderItems.map((l) => l.quantity)).toEqual([2]);
    const separate = mergeWaitingTickets([amount('p'), amount('q')], ['p', 'q'], 'm').order;
    expect(separate.orderEmployees[0]?.orderItems.map((l) => l.quantity)).toEqual([1, 1]);
  });

  it('an unknown ticket id throws ticketNotFound and an empty list throws nothingToMerge', () => {
    expect(editError(() => mergeWaitingTickets(list, ['a', 'nope'], 'm')).code).toBe('ticketNotFound');
    expect(editError(() => mergeWaitingTickets(list, [], 'm')).code).toBe('nothingToMerge');
  });

  it('an id given twice merges that ticket once', () => {
    const { order } = mergeWaitingTickets(list, ['c', 'c'], 'm');
    expect(order.orderEmployees[0]?.orderItems[0]?.quantity).toBe(1);
  });
});

describe('employeesOnSeveralTickets', () => {
  const list = deepFreeze([
    ticket(
      'a',
      (o) => addEmployee(o, ANA),
      (o) => addEmployee(o, BEN),
    ),
    ticket('b', (o) => addEmployee(o, BEN)),
    ticket('c', (o) => addEmployee(o, CAM)),
  ]);

  it('lists the employees appearing on more than one ticket', () => {
    expect(employeesOnSeveralTickets(list)).toEqual([BEN]);
  });

  it('counts the current order as one more ticket', () => {
    const current = orderWith(
      'cur',
      (o) => addEmployee(o, CAM),
      (o) => addEmployee(o, ANA),
    );
    expect(employeesOnSeveralTickets(list, current)).toEqual([ANA, BEN, CAM]);
  });

  it('no employee on two tickets gives an empty list', () => {
    expect(employeesOnSeveralTickets([list[2] as WaitingTicket])).toEqual([]);
    expect(employeesOnSeveralTickets([])).toEqual([]);
  });
});
