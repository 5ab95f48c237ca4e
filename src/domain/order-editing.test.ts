import { describe, it, expect } from 'vitest';
import { DISCOUNT_SOURCE, DISCOUNT_TYPE, ITEM_TYPE, PAYMENT_TYPE, SALE_STATUS } from './constants';
import type { Employee, Order, OrderItem, OrderSettings } from './order.types';
import {
  DEFAULT_ORDER_SETTINGS,
  OrderEditError,
  activeLine,
  addBooking,
  addEmployee,
  addItem,
  addTurn,
  addTurnWithServices,
  canAddItem,
  changeEmployee,
  changeQuantity,
  clearAllOrder,
  clearOrder,
  createOrder,
  hasItems,
  hasLine,
  isEmptyOrder,
  loadSale,
  overridePrice,
  paymentKey,
  removeEmployee,
  removeOrderDiscount,
  removePayment,
  selectEmployee,
  selectItem,
  setCreatedSale,
  setCustomer,
  setLineDiscount,
  setOrderDiscount,
  setPayment,
  setTip,
} from './order-editing';
import type { CatalogItem, SaleRecord } from './order-editing';

// ---- tiny local builders (the arithmetic helper's test-orders.ts is not ours to import)

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
const POLISH: CatalogItem = {
  item_id: 10,
  item_type: ITEM_TYPE.PRODUCT,
  name: 'Polish',
  taxes: '8',
  unit_price: 900,
};
const card = (n: string): CatalogItem => ({
  item_id: 90,
  item_type: ITEM_TYPE.GIFTCARD,
  name: 'Gift card',
  taxes: '',
  unit_price: 5000,
  giftcard_number: n,
});

/** Builds an order by applying edits to a fresh one, then freezes it so any mutation throws. */
function orderWith(...edits: ((o: Order) => Order)[]): Order {
  return deepFreeze(edits.reduce((o, edit) => edit(o), createOrder('uuid-1')));
}

const lineAt = (o: Order, e: number, i: number) => o.orderEmployees[e]?.orderItems[i] as OrderItem;

function editError(fn: () => unknown): OrderEditError {
  try {
    fn();
  } catch (error) {
    if (error instanceof OrderEditError) return error;
    throw error;
  }
  throw new Error('expected an OrderEditError');
}

describe('createOrder', () => {
  it('starts an empty draft with no selection and the default store settings', () => {
    const order = createOrder('u-1');
    expect(order).toMatchObject({
      id: null,
      uuid: 'u-1',
      status: SALE_STATUS.DRAFT,
      orderEmployees: [],
      payments: [],
      discount: {},
      activeEmployeeIndex: -1,
      activeItemIndex: -1,
    });
    expect(order.settings).toEqual({
      currency: 'USD',
      config_tax_on_tax: 0,
      config_indian_tax: '0',
      creditcard_fee_percent: 0,
      creditcard_fee_to_customer: false,
    });
    expect(DEFAULT_ORDER_SETTINGS).toEqual(order.settings);
    expect(isEmptyOrder(order)).toBe(true);
  });
});

describe('addEmployee', () => {
  it('appends a group, makes it active and sets the main employee when there is none', () => {
    const order = addEmployee(orderWith(), ANA);
    expect(order.orderEmployees).toEqual([{ employee: ANA, orderItems: [] }]);
    expect(order.activeEmployeeIndex).toBe(0);
    expect(order.employee).toEqual(ANA);
  });

  it('a second employee becomes active but the main employee stays the first', () => {
    const order = addEmployee(
      orderWith((o) => addEmployee(o, ANA)),
      BEN,
    );
    expect(order.orderEmployees.map((g) => g.employee.id)).toEqual([1, 2]);
    expect(order.activeEmployeeIndex).toBe(1);
    expect(order.employee).toEqual(ANA);
  });

  it('an employee already present is not added twice but becomes active', () => {
    const start = orderWith(
      (o) => addEmployee(o, ANA),
      (o) => addEmployee(o, BEN),
    );
    const order = addEmployee(start, { ...ANA });
    expect(order.orderEmployees).toHaveLength(2);
    expect(order.activeEmployeeIndex).toBe(0);
    expect(order.activeItemIndex).toBe(-1);
  });
});

describe('changeEmployee', () => {
  it('replaces the first group employee and the main employee when it was that one', () => {
    const start = orderWith(
      (o) => addItem(o, MANICURE, ANA),
      (o) => addItem(o, PEDICURE, BEN),
    );
    const order = changeEmployee(start, CAM);
    expect(order.orderEmployees.map((g) => g.employee.id)).toEqual([3, 2]);
    expect(order.orderEmployees[0]?.orderItems).toEqual(start.orderEmployees[0]?.orderItems);
    expect(order.employee).toEqual(CAM);
  });

  it('leaves the order unchanged when the new employee is already elsewhere in the order', () => {
    const start = orderWith(
      (o) => addEmployee(o, ANA),
      (o) => addEmployee(o, BEN),
    );
    expect(changeEmployee(start, BEN)).toBe(start);
  });

  it('moves the first group tip to the new employee', () => {
    const start = orderWith(
      (o) => addItem(o, MANICURE, ANA),
      (o) => setTip(o, ANA.id, 500),
    );
    expect(changeEmployee(start, BEN).orderEmployees[0]?.tips).toEqual({ user_id: 2, tip_amount: 500 });
  });

  it('keeps a main employee that was not the first group employee', () => {
    const start = orderWith(
      (o) => addEmployee(o, ANA),
      (o) => ({ ...o, employee: BEN }),
    );
    expect(changeEmployee(start, CAM).employee).toEqual(BEN);
  });

  it('adds the employee when the order has no group yet', () => {
    const order = changeEmployee(orderWith(), ANA);
    expect(order.orderEmployees).toEqual([{ employee: ANA, orderItems: [] }]);
    expect(order.employee).toEqual(ANA);
  });
});

describe('selectEmployee, selectItem and removeEmployee', () => {
  const twoGroups = orderWith(
    (o) => addItem(o, MANICURE, ANA),
    (o) => addItem(o, PEDICURE, ANA),
    (o) => addItem(o, MANICURE, BEN),
  );

  it('selecting an employee activates its group with no line selected', () => {
    const order = selectEmployee(twoGroups, 0);
    expect([order.activeEmployeeIndex, order.activeItemIndex]).toEqual([0, -1]);
  });

  it('selecting a line activates its group and the line', () => {
    const order = selectItem(twoGroups, 0, 1);
    expect([order.activeEmployeeIndex, order.activeItemIndex]).toEqual([0, 1]);
    expect(activeLine(order)?.item_id).toBe(PEDICURE.item_id);
  });

  it('selecting a group or line that does not exist throws employeeNotFound or lineNotFound', () => {
    expect(editError(() => selectEmployee(twoGroups, 5)).code).toBe('employeeNotFound');
    expect(editError(() => selectItem(twoGroups, 1, 3)).code).toBe('lineNotFound');
    expect(hasLine(twoGroups, 1, 0)).toBe(true);
    expect(hasLine(twoGroups, 1, 1)).toBe(false);
  });

  it('removing the active employee selects the previous group and a new main employee if needed', () => {
    const order = removeEmployee(twoGroups, 1);
    expect(order.orderEmployees).toHaveLength(1);
    expect([order.activeEmployeeIndex, order.activeItemIndex]).toEqual([0, -1]);
    const firstRemoved = removeEmployee(selectEmployee(twoGroups, 0), 0);
    expect(firstRemoved.employee).toEqual(BEN);
    expect(firstRemoved.activeEmployeeIndex).toBe(0);
  });

  it('removing a group before the active one keeps the same group and line selected', () => {
    const start = orderWith(
      (o) => addItem(o, MANICURE, ANA),
      (o) => addItem(o, MANICURE, BEN),
      (o) => addItem(o, PEDICURE, BEN),
    );
    const order = removeEmployee(start, 0);
    expect(order.activeEmployeeIndex).toBe(0);
    expect(activeLine(order)?.item_id).toBe(PEDICURE.item_id);
  });

  it('removing the last group leaves no selection and no main employee', () => {
    const order = removeEmployee(
      orderWith((o) => addEmployee(o, ANA)),
      0,
    );
    expect([order.activeEmployeeIndex, order.activeItemIndex, order.employee]).toEqual([-1, -1, null]);
  });
});

describe('addItem', () => {
  it('a new item is appended to the active employee with quantity 1 and becomes the active line', () => {
    const start = orderWith(
      (o) => addEmployee(o, ANA),
      (o) => addItem(o, MANICURE),
    );
    const order = addItem(start, PEDICURE);
    expect(order.orderEmployees[0]?.orderItems.map((l) => [l.item_id, l.quantity])).toEqual([
      [10, 1],
      [11, 1],
    ]);
    expect([order.activeEmployeeIndex, order.activeItemIndex]).toEqual([0, 1]);
  });

  it('a new line has no price override, no discounts and the store tax settings', () => {
    const settings: OrderSettings = {
      ...DEFAULT_ORDER_SETTINGS,
      config_tax_on_tax: 2,
      config_indian_tax: '1',
    };
    const order = addItem(
      deepFreeze(createOrder('u', settings)),
      { ...MANICURE, cost: 300, commission_rate: 40 },
      ANA,
    );
    expect(lineAt(order, 0, 0)).toEqual({
      item_id: 10,
      item_type: ITEM_TYPE.SERVICE,
      name: 'Manicure',
      taxes: '5',
      unit_price: 2500,
      price: null,
      quantity: 1,
      giftcard_number: null,
      info: null,
      discounts: [],
      tax_on: 2,
      indian_tax: '1',
      cost: 300,
      commission_rate: 40,
    });
  });

  it('adding an item the employee already holds raises its quantity by 1 and makes it the active line', () => {
    const start = orderWith(
      (o) => addItem(o, MANICURE, ANA),
      (o) => addItem(o, PEDICURE),
      (o) => overridePrice(o, 0, 0, 2000),
    );
    const order = addItem(start, MANICURE);
    expect(order.orderEmployees[0]?.orderItems).toHaveLength(2);
    expect(lineAt(order, 0, 0)).toMatchObject({ quantity: 2, price: 2000 });
    expect(order.activeItemIndex).toBe(0);
  });

  it('the same item on another employee is a separate line', () => {
    const order = addItem(
      orderWith((o) => addItem(o, MANICURE, ANA)),
      MANICURE,
      BEN,
    );
    expect(order.orderEmployees.map((g) => g.orderItems[0]?.quantity)).toEqual([1, 1]);
    expect([order.activeEmployeeIndex, order.activeItemIndex]).toEqual([1, 0]);
  });

  it('a product with the id of a service is a separate line', () => {
    const order = addItem(
      orderWith((o) => addItem(o, MANICURE, ANA)),
      POLISH,
    );
    expect(order.orderEmployees[0]?.orderItems).toHaveLength(2);
  });

  it('gift cards with different numbers are separate lines, the same number raises the quantity', () => {
    const start = orderWith((o) => addItem(o, card('GC-1'), ANA));
    expect(addItem(start, card('GC-2')).orderEmployees[0]?.orderItems).toHaveLength(2);
    expect(lineAt(addItem(start, card('GC-1')), 0, 0).quantity).toBe(2);
  });

  it('if no employee is active and one is supplied, an employee group is created and activated', () => {
    const order = addItem(orderWith(), MANICURE, ANA);
    expect(order.orderEmployees).toHaveLength(1);
    expect(order.employee).toEqual(ANA);
    expect([order.activeEmployeeIndex, order.activeItemIndex]).toEqual([0, 0]);
  });

  it('a supplied employee already on the order gets the line and becomes active', () => {
    const start = orderWith(
      (o) => addEmployee(o, ANA),
      (o) => addEmployee(o, BEN),
    );
    const order = addItem(start, MANICURE, ANA);
    expect(order.orderEmployees[0]?.orderItems).toHaveLength(1);
    expect(order.orderEmployees[1]?.orderItems).toHaveLength(0);
    expect(order.activeEmployeeIndex).toBe(0);
  });

  it('with no active group the line goes to the main employee', () => {
    const start = orderWith((o) => ({ ...o, employee: ANA }));
    expect(canAddItem(start)).toBe(true);
    expect(addItem(start, MANICURE).orderEmployees[0]?.employee).toEqual(ANA);
  });

  it('without any employee available throws noEmployee and canAddItem says so', () => {
    const empty = orderWith();
    expect(canAddItem(empty)).toBe(false);
    expect(canAddItem(empty, ANA)).toBe(true);
    expect(editError(() => addItem(empty, MANICURE)).code).toBe('noEmployee');
  });
});

describe('changeQuantity', () => {
  const three = orderWith(
    (o) => addItem(o, MANICURE, ANA),
    (o) => addItem(o, PEDICURE),
    (o) => addItem(o, POLISH),
  );

  it('adds the delta to the quantity and selects the changed line', () => {
    const order = changeQuantity(three, 0, 0, 2);
    expect(lineAt(order, 0, 0).quantity).toBe(3);
    expect(changeQuantity(order, 0, 0, -1).orderEmployees[0]?.orderItems[0]?.quantity).toBe(2);
    expect(order.activeItemIndex).toBe(0);
  });

  it('a quantity reaching 0 removes the line and selects the previous line', () => {
    const order = changeQuantity(three, 0, 2, -1);
    expect(order.orderEmployees[0]?.orderItems.map((l) => l.item_id)).toEqual([10, 11]);
    expect(order.activeItemIndex).toBe(1);
  });

  it('removing the first line selects the next one, now first', () => {
    const order = changeQuantity(three, 0, 0, -5);
    expect(order.orderEmployees[0]?.orderItems.map((l) => l.name)).toEqual(['Pedicure', 'Polish']);
    expect(order.activeItemIndex).toBe(0);
  });

  it('removing the only line leaves the group with no line selected', () => {
    const order = changeQuantity(
      orderWith((o) => addItem(o, MANICURE, ANA)),
      0,
      0,
      -1,
    );
    expect(order.orderEmployees).toEqual([{ employee: ANA, orderItems: [] }]);
    expect([order.activeEmployeeIndex, order.activeItemIndex]).toEqual([0, -1]);
    expect(hasItems(order)).toBe(false);
  });

  it('a line of another group being removed makes that group active', () => {
    const start = orderWith(
      (o) => addItem(o, MANICURE, ANA),
      (o) => addItem(o, PEDICURE),
      (o) => addItem(o, MANICURE, BEN),
    );
    const order = changeQuantity(start, 0, 1, -1);
    expect([order.activeEmployeeIndex, order.activeItemIndex]).toEqual([0, 0]);
  });

  it('a fractional delta or a missing line throws', () => {
    expect(editError(() => changeQuantity(three, 0, 0, 0.5)).code).toBe('invalidQuantity');
    expect(editError(() => changeQuantity(three, 0, 9, 1)).code).toBe('lineNotFound');
  });
});

describe('overridePrice', () => {
  const one = orderWith((o) => addItem(o, MANICURE, ANA));

  it('sets the line price and null returns it to the catalog price', () => {
    const order = overridePrice(one, 0, 0, 1999);
    expect(lineAt(order, 0, 0)).toMatchObject({ price: 1999, unit_price: 2500 });
    expect(lineAt(overridePrice(deepFreeze(order), 0, 0, null), 0, 0).price).toBeNull();
  });

  it('a price of 0 is allowed (a free service)', () => {
    expect(lineAt(overridePrice(one, 0, 0, 0), 0, 0).price).toBe(0);
  });

  it('a negative or fractional price is refused with invalidPrice', () => {
    expect(editError(() => overridePrice(one, 0, 0, -1)).code).toBe('invalidPrice');
    expect(editError(() => overridePrice(one, 0, 0, 10.5)).code).toBe('invalidPrice');
  });
});

describe('setLineDiscount', () => {
  const one = orderWith((o) => addItem(o, MANICURE, ANA));
  const tenPercent = { type: DISCOUNT_TYPE.PERCENT, value: 10 };
  const twoDollars = { type: DISCOUNT_TYPE.AMOUNT, value: 200 };

  it('adds a discount of a source to the line', () => {
    const order = setLineDiscount(one, 0, 0, DISCOUNT_SOURCE.ITEM, tenPercent);
    expect(lineAt(order, 0, 0).discounts).toEqual([{ type: DISCOUNT_SOURCE.ITEM, discount: tenPercent }]);
  });

  it('a second discount of the same source replaces the first; another source is kept beside it', () => {
    const withItem = deepFreeze(setLineDiscount(one, 0, 0, DISCOUNT_SOURCE.ITEM, tenPercent));
    const withEmployee = deepFreeze(setLineDiscount(withItem, 0, 0, DISCOUNT_SOURCE.EMPLOYEE, tenPercent));
    const replaced = setLineDiscount(withEmployee, 0, 0, DISCOUNT_SOURCE.ITEM, twoDollars);
    expect(lineAt(replaced, 0, 0).discounts).toEqual([
      { type: DISCOUNT_SOURCE.ITEM, discount: twoDollars },
      { type: DISCOUNT_SOURCE.EMPLOYEE, discount: tenPercent },
    ]);
  });

  it('a value of 0 or less removes the discount of that source', () => {
    const withItem = deepFreeze(setLineDiscount(one, 0, 0, DISCOUNT_SOURCE.ITEM, tenPercent));
    expect(
      lineAt(setLineDiscount(withItem, 0, 0, DISCOUNT_SOURCE.ITEM, { ...tenPercent, value: 0 }), 0, 0)
        .discounts,
    ).toEqual([]);
    expect(
      lineAt(setLineDiscount(withItem, 0, 0, DISCOUNT_SOURCE.ITEM, { ...tenPercent, value: -3 }), 0, 0)
        .discounts,
    ).toEqual([]);
    expect(
      lineAt(setLineDiscount(one, 0, 0, DISCOUNT_SOURCE.EMPLOYEE, { ...tenPercent, value: 0 }), 0, 0)
        .discounts,
    ).toEqual([]);
  });
});

describe('order discounts', () => {
  const base = orderWith((o) => addItem(o, MANICURE, ANA));

  it('sets a discount of a kind and replaces it when set again', () => {
    const order = setOrderDiscount(base, 'ticket', { type: DISCOUNT_TYPE.PERCENT, value: 10 });
    const again = setOrderDiscount(deepFreeze(order), 'ticket', { type: DISCOUNT_TYPE.AMOUNT, value: 300 });
    expect(again.discount).toEqual({ ticket: { type: DISCOUNT_TYPE.AMOUNT, value: 300 } });
  });

  it('a manager discount keeps who approved it', () => {
    const order = setOrderDiscount(base, 'manager', {
      type: DISCOUNT_TYPE.AMOUNT,
      value: 500,
      approved_by: 7,
    });
    expect(order.discount.manager).toEqual({ type: DISCOUNT_TYPE.AMOUNT, value: 500, approved_by: 7 });
  });

  it('a value of 0 or less clears that kind and leaves the others', () => {
    const both = orderWith(
      (o) => setOrderDiscount(o, 'ticket', { type: DISCOUNT_TYPE.PERCENT, value: 10 }),
      (o) => setOrderDiscount(o, 'other', { type: DISCOUNT_TYPE.AMOUNT, value: 100 }),
    );
    expect(setOrderDiscount(both, 'ticket', { type: DISCOUNT_TYPE.PERCENT, value: 0 }).discount).toEqual({
      other: { type: DISCOUNT_TYPE.AMOUNT, value: 100 },
    });
    expect(
      Object.keys(setOrderDiscount(both, 'other', { type: DISCOUNT_TYPE.AMOUNT, value: -1 }).discount),
    ).toEqual(['ticket']);
  });

  it('removeOrderDiscount removes a kind by name', () => {
    const order = orderWith((o) =>
      setOrderDiscount(o, 'membership', { type: DISCOUNT_TYPE.PERCENT, value: 5 }),
    );
    expect(removeOrderDiscount(order, 'membership').discount).toEqual({});
    expect(removeOrderDiscount(order, 'ticket')).toBe(order);
  });
});

describe('payments', () => {
  const cash = (amount: number) => ({ payment_type: PAYMENT_TYPE.CASH, payment_amount: amount });
  const gift = (n: string, amount: number) => ({
    payment_type: PAYMENT_TYPE.GIFTCARD,
    payment_amount: amount,
    payment_info: { reference: n },
  });

  it('paymentKey is the type and the reference', () => {
    expect(paymentKey(cash(1))).toBe('1:');
    expect(paymentKey(gift('GC-7', 1))).toBe('3:GC-7');
  });

  it('a payment is added, and a payment with the same key replaces it in place', () => {
    const start = orderWith(
      (o) => setPayment(o, cash(1000)),
      (o) => setPayment(o, gift('GC-1', 500)),
    );
    const order = setPayment(start, cash(1500));
    expect(order.payments).toEqual([cash(1500), gift('GC-1', 500)]);
  });

  it('two gift cards with different numbers are two split payments', () => {
    const order = orderWith(
      (o) => setPayment(o, gift('GC-1', 500)),
      (o) => setPayment(o, gift('GC-2', 700)),
    );
    expect(order.payments).toEqual([gift('GC-1', 500), gift('GC-2', 700)]);
  });

  it('an amount of 0 or less removes the payment of that key and is never added', () => {
    const start = orderWith(
      (o) => setPayment(o, cash(1000)),
      (o) => setPayment(o, gift('GC-1', 500)),
    );
    expect(setPayment(start, gift('GC-1', 0)).payments).toEqual([cash(1000)]);
    expect(setPayment(start, cash(-5)).payments).toEqual([gift('GC-1', 500)]);
    expect(setPayment(orderWith(), cash(0)).payments).toEqual([]);
  });

  it('a fractional amount is refused with invalidAmount', () => {
    expect(editError(() => setPayment(orderWith(), cash(10.5))).code).toBe('invalidAmount');
  });

  it('removePayment with a reference removes that payment; without one, every payment of the type', () => {
    const start = orderWith(
      (o) => setPayment(o, cash(1000)),
      (o) => setPayment(o, gift('GC-1', 500)),
      (o) => setPayment(o, gift('GC-2', 700)),
    );
    expect(removePayment(start, PAYMENT_TYPE.GIFTCARD, 'GC-2').payments).toEqual([
      cash(1000),
      gift('GC-1', 500),
    ]);
    expect(removePayment(start, PAYMENT_TYPE.GIFTCARD).payments).toEqual([cash(1000)]);
    expect(removePayment(start, PAYMENT_TYPE.CASH, '').payments).toHaveLength(2);
    expect(removePayment(start, PAYMENT_TYPE.CHECK)).toBe(start);
  });
});

describe('setTip', () => {
  const two = orderWith(
    (o) => addItem(o, MANICURE, ANA),
    (o) => addItem(o, PEDICURE, BEN),
  );

  it('tips attach to the employee group matching user_id', () => {
    const order = setTip(two, BEN.id, 800);
    expect(order.orderEmployees[1]?.tips).toEqual({ user_id: 2, tip_amount: 800 });
    expect(order.orderEmployees[0]?.tips).toBeUndefined();
  });

  it('a tip of 0 or less removes the tip', () => {
    const order = setTip(deepFreeze(setTip(two, ANA.id, 300)), ANA.id, 0);
    expect('tips' in (order.orderEmployees[0] ?? {})).toBe(false);
  });

  it('a tip for an employee not on the order throws employeeNotFound', () => {
    expect(editError(() => setTip(two, CAM.id, 100)).code).toBe('employeeNotFound');
  });
});

describe('customer', () => {
  it('sets and removes the customer', () => {
    const order = setCustomer(orderWith(), { id: 5, name: 'Dana' });
    expect(order.customer).toEqual({ id: 5, name: 'Dana' });
    expect(setCustomer(deepFreeze(order), null).customer).toBeNull();
  });

  it('changing the customer drops the membership discount of the previous one', () => {
    const start = orderWith(
      (o) => setCustomer(o, { id: 5, name: 'Dana' }),
      (o) => setOrderDiscount(o, 'membership', { type: DISCOUNT_TYPE.PERCENT, value: 10 }),
      (o) => setOrderDiscount(o, 'ticket', { type: DISCOUNT_TYPE.PERCENT, value: 5 }),
    );
    expect(setCustomer(start, { id: 6, name: 'Eli' }).discount).toEqual({
      ticket: { type: DISCOUNT_TYPE.PERCENT, value: 5 },
    });
    expect(setCustomer(start, { id: 5, name: 'Dana B.' }).discount.membership).toBeDefined();
  });
});

describe('booking and turn', () => {
  const booking = {
    id: 70,
    employee: BEN,
    booking_appt_service: [
      { service_id: 10, service_name: 'Manicure', taxes: '5', unit_price: 2500 },
      { service_id: 12, service_name: 'Gel', taxes: '5', unit_price: 4000 },
    ],
  };

  it("adding a booking adds each booked service as a line on the booking's employee", () => {
    const order = addBooking(
      orderWith((o) => addEmployee(o, ANA)),
      booking,
    );
    expect(order.booking).toEqual(booking);
    expect(order.orderEmployees[0]?.orderItems).toEqual([]);
    expect(order.orderEmployees[1]?.employee).toEqual(BEN);
    expect(
      order.orderEmployees[1]?.orderItems.map((l) => [l.item_id, l.item_type, l.name, l.unit_price]),
    ).toEqual([
      [10, ITEM_TYPE.SERVICE, 'Manicure', 2500],
      [12, ITEM_TYPE.SERVICE, 'Gel', 4000],
    ]);
  });

  it('a booking without an employee puts its services on the active employee', () => {
    const order = addBooking(
      orderWith((o) => addEmployee(o, ANA)),
      { ...booking, employee: null },
    );
    expect(order.orderEmployees[0]?.orderItems).toHaveLength(2);
  });

  it('an appointment line booked with its own technician goes to her, the others to the booking’s employee', () => {
    const order = addBooking(orderWith(), {
      ...booking,
      booking_appt_service: [
        { service_id: 10, service_name: 'Manicure', taxes: '5', unit_price: 2500, employee: ANA },
        { service_id: 12, service_name: 'Gel', taxes: '5', unit_price: 4000 },
      ],
    });
    expect(order.orderEmployees.map((g) => [g.employee.id, g.orderItems.map((l) => l.item_id)])).toEqual([
      [ANA.id, [10]],
      [BEN.id, [12]],
    ]);
  });

  it('adding the booking already on the order changes nothing', () => {
    const once = deepFreeze(addBooking(orderWith(), booking));
    expect(addBooking(once, booking)).toBe(once);
  });

  it('a booking with services and no employee anywhere throws noEmployee', () => {
    expect(editError(() => addBooking(orderWith(), { ...booking, employee: null })).code).toBe('noEmployee');
  });

  it("adding a turn adds its service as a line on the turn's employee, else the active one", () => {
    const turn = {
      id: 4,
      employee: CAM,
      service: { id: 11, service_name: 'Pedicure', taxes: '5', unit_price: 3500 },
    };
    const order = addTurn(
      orderWith((o) => addEmployee(o, ANA)),
      turn,
    );
    expect(order.turn).toEqual(turn);
    expect(order.orderEmployees[1]?.employee).toEqual(CAM);
    expect(lineAt(order, 1, 0)).toMatchObject({ item_id: 11, name: 'Pedicure', quantity: 1 });
    const onActive = addTurn(
      orderWith((o) => addEmployee(o, ANA)),
      { ...turn, employee: null },
    );
    expect(lineAt(onActive, 0, 0).item_id).toBe(11);
  });

  it('a turn without a service only records the turn', () => {
    const order = addTurn(orderWith(), { id: 4 });
    expect(order.turn).toEqual({ id: 4 });
    expect(order.orderEmployees).toEqual([]);
  });

  it("a walk-in's turn adds its service, then each other service asked for, on the turn's technician", () => {
    const turn = {
      id: 4,
      employee: CAM,
      service: { id: 11, service_name: 'Pedicure', taxes: '5', unit_price: 3500 },
    };
    const services = [
      { service_id: 11, service_name: 'Pedicure', taxes: '5', unit_price: 3500 },
      { service_id: 12, service_name: 'Gel polish', taxes: '5', unit_price: 2000 },
    ];
    const order = addTurnWithServices(orderWith(), turn, services);
    expect(order.turn).toEqual(turn);
    expect(order.orderEmployees).toHaveLength(1);
    expect(order.orderEmployees[0]?.employee).toEqual(CAM);
    expect(order.orderEmployees[0]?.orderItems.map((line) => [line.item_id, line.quantity])).toEqual([
      [11, 1],
      [12, 1],
    ]);
    expect(addTurnWithServices(order, turn, services)).toBe(order);
  });
});

describe('whole-order transitions', () => {
  const created = {
    id: 901,
    ticket_no: 1201,
    daily_ticket_no: 14,
    invoice_no: 'INV-1201',
    order_at: '2025-03-04T15:00:00Z',
  };
  const full = orderWith(
    (o) => setCustomer(o, { id: 5, name: 'Dana' }),
    (o) => addItem(o, MANICURE, ANA),
    (o) => addItem(o, PEDICURE, BEN),
    (o) => setTip(o, ANA.id, 300),
    (o) => setOrderDiscount(o, 'ticket', { type: DISCOUNT_TYPE.PERCENT, value: 10 }),
    (o) => setPayment(o, { payment_type: PAYMENT_TYPE.CASH, payment_amount: 5000 }),
    (o) => addTurn(o, { id: 3 }),
    (o) => setCreatedSale(o, created),
  );

  it('after a sale is created its id, ticket numbers, invoice number and order time are stored and it is a sale', () => {
    expect(full).toMatchObject({ ...created, status: SALE_STATUS.SALE });
  });

  it('clearing resets ids, numbers, items, discount and payments and keeps the first employee with no lines', () => {
    const order = clearOrder(full, 'uuid-2');
    expect(order).toMatchObject({
      id: null,
      uuid: 'uuid-2',
      ticket_no: null,
      daily_ticket_no: null,
      invoice_no: null,
      order_at: null,
      status: SALE_STATUS.DRAFT,
      discount: {},
      payments: [],
      booking: null,
      turn: null,
      employee: ANA,
      customer: { id: 5, name: 'Dana' },
      activeEmployeeIndex: 0,
      activeItemIndex: -1,
    });
    expect(order.orderEmployees).toEqual([{ employee: ANA, orderItems: [] }]);
    expect(isEmptyOrder(order)).toBe(false);
    expect(isEmptyOrder(setCustomer(order, null))).toBe(true);
  });

  it('clearing all also drops every employee and the customer', () => {
    const order = clearAllOrder(full, 'uuid-3');
    expect(order).toEqual(createOrder('uuid-3', full.settings));
  });

  it('loading a sale fills the order from the server and activates the first employee', () => {
    const sale: SaleRecord = {
      id: 901,
      uuid: 'srv-uuid',
      status: SALE_STATUS.SALE,
      ticket_no: 1201,
      daily_ticket_no: 14,
      invoice_no: 'INV-1201',
      order_at: '2025-03-04T15:00:00Z',
      customer: { id: 5, name: 'Dana' },
      employee: null,
      orderEmployees: full.orderEmployees,
      discount: full.discount,
      payments: full.payments,
    };
    const order = loadSale(deepFreeze(sale), { ...DEFAULT_ORDER_SETTINGS, currency: 'EUR' });
    expect(order).toMatchObject({
      id: 901,
      uuid: 'srv-uuid',
      status: SALE_STATUS.SALE,
      invoice_no: 'INV-1201',
      employee: ANA,
      booking: null,
      turn: null,
      activeEmployeeIndex: 0,
      activeItemIndex: -1,
    });
    expect(order.orderEmployees).toEqual(full.orderEmployees);
    expect(order.payments).toEqual(full.payments);
    expect(order.settings.currency).toBe('EUR');
  });

  it('loading a sale with no employee group selects nothing', () => {
    const sale: SaleRecord = {
      id: 1,
      uuid: 'u',
      status: SALE_STATUS.VOID,
      ticket_no: 1,
      daily_ticket_no: 1,
      invoice_no: 'I',
      order_at: '2025-01-01T00:00:00Z',
      customer: null,
      employee: null,
      orderEmployees: [],
      discount: {},
      payments: [],
    };
    expect(loadSale(sale)).toMatchObject({ activeEmployeeIndex: -1, activeItemIndex: -1, employee: null });
  });
});
