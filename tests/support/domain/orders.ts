/**
 * Builders of orders for tests and benchmarks only (never imported by app code): every field has a dull
 * default (USD, no tax-on-tax, Indian tax off, no card fee) so a test states only what it is about.
 */
import {
  DISCOUNT_SOURCE,
  DISCOUNT_TYPE,
  ITEM_TYPE,
  PAYMENT_TYPE,
  type PaymentType,
} from '../../../src/domain/constants';
import { createOrder } from '../../../src/domain/order-editing';
import type {
  Employee,
  Minor,
  Order,
  OrderEmployee,
  OrderItem,
  OrderSettings,
  Payment,
  PaymentInfo,
} from '../../../src/domain/order.types';

export const DEFAULT_TEST_SETTINGS: OrderSettings = {
  currency: 'USD',
  config_tax_on_tax: 0,
  config_indian_tax: '0',
  creditcard_fee_percent: 0,
  creditcard_fee_to_customer: false,
};

/** A service line of 10.00, quantity 1, untaxed, unless told otherwise. */
export function makeItem(partial: Partial<OrderItem> = {}): OrderItem {
  return {
    item_id: 1,
    item_type: ITEM_TYPE.SERVICE,
    name: 'Manicure',
    taxes: '',
    unit_price: 1000,
    price: null,
    quantity: 1,
    tax_on: 0,
    indian_tax: '0',
    ...partial,
  };
}

export function makeEmployee(partial: Partial<Employee> = {}): Employee {
  return { id: 1, name: 'Anna', ...partial };
}

/** An employee group; a tip amount > 0 attaches a tip with that employee's user_id. */
export function makeGroup(employee: Employee, orderItems: OrderItem[], tipAmount?: Minor): OrderEmployee {
  return {
    employee,
    orderItems,
    ...(tipAmount !== undefined ? { tips: { user_id: employee.id, tip_amount: tipAmount } } : {}),
  };
}

export function makePayment(
  payment_type: PaymentType,
  payment_amount: Minor,
  payment_info?: PaymentInfo,
): Payment {
  return { payment_type, payment_amount, ...(payment_info ? { payment_info } : {}) };
}

export const cash = (amount: Minor): Payment => makePayment(PAYMENT_TYPE.CASH, amount);
export const credit = (amount: Minor): Payment => makePayment(PAYMENT_TYPE.CREDIT, amount);

export type OrderOverrides = Partial<Omit<Order, 'settings'>> & { settings?: Partial<OrderSettings> };

/** A draft order (the domain's empty order); `settings` merges over DEFAULT_TEST_SETTINGS. */
export function makeOrder(partial: OrderOverrides = {}): Order {
  const { settings, ...rest } = partial;
  return {
    ...createOrder('00000000-0000-4000-8000-000000000000', { ...DEFAULT_TEST_SETTINGS, ...settings }),
    ...rest,
  };
}

/** One employee with these lines: the shortest way to an order in a test. */
export function orderOf(items: OrderItem[], overrides: OrderOverrides = {}): Order {
  const employee = makeEmployee();
  return makeOrder({
    employee,
    orderEmployees: [makeGroup(employee, items)],
    activeEmployeeIndex: 0,
    ...overrides,
  });
}

/**
 * A busy ticket for the benchmark and the larger tests: `lines` lines over `employees` employees, taxes
 * "5,9.5,2" compounding from position 2, an Item or Employee discount (percent or amount) on most lines,
 * every order discount kind, a tip per employee, a card and a cash payment.
 */
export function makeLargeOrder(lines = 200, employees = 5): Order {
  const staff = Array.from({ length: employees }, (_, e) =>
    makeEmployee({ id: e + 1, name: `Tech ${e + 1}`, commission_rate: 40 + e }),
  );
  const groups = staff.map((employee, e) => {
    const items: OrderItem[] = [];
    for (let i = e; i < lines; i += employees) {
      const discounts: OrderItem['discounts'] = [];
      if (i % 3 === 0)
        discounts.push({
          type: DISCOUNT_SOURCE.ITEM,
          discount: { type: DISCOUNT_TYPE.PERCENT, value: 12.5 },
        });
      if (i % 4 === 1)
        discounts.push({ type: DISCOUNT_SOURCE.ITEM, discount: { type: DISCOUNT_TYPE.AMOUNT, value: 150 } });
      if (i % 5 === 2)
        discounts.push({
          type: DISCOUNT_SOURCE.EMPLOYEE,
          discount: { type: DISCOUNT_TYPE.PERCENT, value: 7.5 },
        });
      if (i % 7 === 3)
        discounts.push({
          type: DISCOUNT_SOURCE.EMPLOYEE,
          discount: { type: DISCOUNT_TYPE.AMOUNT, value: 99 },
        });
      items.push(
        makeItem({
          item_id: i + 1,
          item_type: i % 10 === 9 ? ITEM_TYPE.PRODUCT : ITEM_TYPE.SERVICE,
          name: `Item ${i + 1}`,
          taxes: '5,9.5,2',
          tax_on: 2,
          unit_price: 1995 + ((i * 137) % 4000),
          price: i % 6 === 0 ? 2499 : null,
          quantity: 1 + (i % 3),
          cost: 150 + (i % 5) * 25,
          discounts,
          ...(i % 8 === 0 ? { commission_rate: 10 } : {}),
        }),
      );
    }
    return makeGroup(employee, items, 300 + e * 125);
  });
  return makeOrder({
    employee: staff[0] ?? null,
    orderEmployees: groups,
    activeEmployeeIndex: 0,
    discount: {
      ticket: { type: DISCOUNT_TYPE.PERCENT, value: 5 },
      membership: { type: DISCOUNT_TYPE.PERCENT, value: 2.5 },
      manager: { type: DISCOUNT_TYPE.AMOUNT, value: 1000, approved_by: 9 },
      other: { type: DISCOUNT_TYPE.AMOUNT, value: 250 },
    },
    payments: [credit(50000), cash(20000)],
    settings: { config_tax_on_tax: 2, creditcard_fee_percent: 3.5, creditcard_fee_to_customer: true },
  });
}

/**
 * The worked ticket of docs/money.md ("A whole ticket"), the same numbers in the docs and the tests:
 * Anna (40 %): gel manicure 35.00 with 10 % off, cuticle oil 2 × 12.00 with 3.00 off, tip 5.00;
 * Bao (50 %): pedicure overridden 45.00 → 40.00, gift card 50.00, tip 8.00; all at "8.875" tax;
 * ticket 10 % and manager 5.00 discounts; paid by card 100.00 and cash 50.00.
 */
export function makeWorkedTicket(settings: Partial<OrderSettings> = {}): Order {
  const anna = makeEmployee({ id: 1, name: 'Anna', commission_rate: 40 });
  const bao = makeEmployee({ id: 2, name: 'Bao', commission_rate: 50 });
  return makeOrder({
    employee: anna,
    orderEmployees: [
      makeGroup(
        anna,
        [
          makeItem({
            item_id: 11,
            name: 'Gel manicure',
            taxes: '8.875',
            unit_price: 3500,
            cost: 200,
            discounts: [{ type: DISCOUNT_SOURCE.ITEM, discount: { type: DISCOUNT_TYPE.PERCENT, value: 10 } }],
          }),
          makeItem({
            item_id: 21,
            item_type: ITEM_TYPE.PRODUCT,
            name: 'Cuticle oil',
            taxes: '8.875',
            unit_price: 1200,
            quantity: 2,
            cost: 400,
            commission_rate: 10,
            discounts: [
              { type: DISCOUNT_SOURCE.EMPLOYEE, discount: { type: DISCOUNT_TYPE.AMOUNT, value: 300 } },
            ],
          }),
        ],
        500,
      ),
      makeGroup(
        bao,
        [
          makeItem({
            item_id: 12,
            name: 'Pedicure',
            taxes: '8.875',
            unit_price: 4500,
            price: 4000,
            cost: 300,
          }),
          makeItem({
            item_id: 90,
            item_type: ITEM_TYPE.GIFTCARD,
            name: 'Gift card',
            taxes: '8.875',
            unit_price: 5000,
          }),
        ],
        800,
      ),
    ],
    activeEmployeeIndex: 0,
    discount: {
      ticket: { type: DISCOUNT_TYPE.PERCENT, value: 10 },
      manager: { type: DISCOUNT_TYPE.AMOUNT, value: 500, approved_by: 7 },
    },
    payments: [credit(10000), cash(5000)],
    settings: { creditcard_fee_percent: 3, ...settings },
  });
}
