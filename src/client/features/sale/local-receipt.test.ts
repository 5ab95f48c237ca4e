import { describe, expect, it } from 'vitest';
import type { StoreSettingsView } from '../../../contracts/auth';
import { ITEM_TYPE, PAYMENT_TYPE } from '../../../domain/constants';
import {
  addItem,
  createOrder,
  setCustomer,
  setOrderDiscount,
  setPayment,
  setTip,
} from '../../../domain/order-editing';
import { computeOrderTotals } from '../../../domain/order-total';
import type { Order } from '../../../domain/order.types';
import { localReceipt } from './local-receipt';

const store = {
  store_id: 1,
  store_name: 'Demo Nail Spa',
  currency: 'USD',
  timezone: 'America/New_York',
} as StoreSettingsView;
const settings = {
  currency: 'USD',
  config_tax_on_tax: 2,
  config_indian_tax: '0' as const,
  creditcard_fee_percent: 0,
  creditcard_fee_to_customer: false,
};
const anna = { id: 11, name: 'Anna Nguyen' };
const bella = { id: 12, name: 'Bella Pham' };

function ticket(): Order {
  let order = createOrder('uuid-local-1', settings);
  order = addItem(
    order,
    { item_id: 1, item_type: ITEM_TYPE.SERVICE, name: 'Gel Manicure', taxes: '', unit_price: 3500 },
    anna,
  );
  order = addItem(
    order,
    { item_id: 2, item_type: ITEM_TYPE.PRODUCT, name: 'Cuticle Oil', taxes: '5,9.5', unit_price: 10000 },
    bella,
  );
  order = setTip(order, anna.id, 500);
  order = setOrderDiscount(order, 'ticket', { type: 1, value: 1000 });
  order = setCustomer(order, { id: 5, name: 'Olivia Martin' });
  return order;
}

describe('localReceipt', () => {
  it("prints the domain's totals of the order, per employee, with taxes by rate and the ring-up time", () => {
    let order = ticket();
    const due = computeOrderTotals(order).total.total_price;
    order = setPayment(order, {
      payment_type: PAYMENT_TYPE.CREDIT,
      payment_amount: 5000,
      payment_info: { card_brand: 'Visa', last4: '4242', offline: true },
    });
    order = setPayment(order, { payment_type: PAYMENT_TYPE.CASH, payment_amount: due - 5000 + 200 });
    const totals = computeOrderTotals(order);
    const receipt = localReceipt({ order, totals, store, orderAt: '2026-03-07T15:10:00.000Z' });

    expect(receipt).toMatchObject({
      uuid: 'uuid-local-1',
      status: 1,
      store: { name: 'Demo Nail Spa', currency: 'USD', timezone: 'America/New_York', address: null },
      order_at: '2026-03-07T15:10:00.000Z',
      customer_first_name: 'Olivia',
      refunded_amount: 0,
    });
    expect(receipt.employees).toEqual([
      {
        name: 'Anna Nguyen',
        tip: 500,
        lines: [expect.objectContaining({ name: 'Gel Manicure', gross: 3500, net: 3500, quantity: 1 })],
      },
      {
        name: 'Bella Pham',
        tip: 0,
        lines: [expect.objectContaining({ name: 'Cuticle Oil', unit_price: 10000, gross: 10000 })],
      },
    ]);
    // docs/money.md example: 100.00 taxed "5,9.5" with tax-on-tax 2 → 5.00 + 9.98.
    expect(receipt.taxes).toEqual([
      { rate: 5, amount: 500 },
      { rate: 9.5, amount: 998 },
    ]);
    expect(receipt.order_discounts).toEqual([{ kind: 'ticket', amount: 1000 }]);
    expect(receipt.totals).toEqual({
      sub_total: totals.total.sub_total,
      discount_amount: totals.total.discount_amount,
      taxes: 1498,
      tip_amount: 500,
      creditcard_fee: 0,
      total_price: totals.total.total_price,
      paid_customer_total: totals.total.paid_customer_total,
      change: 200,
    });
    expect(receipt.payments).toEqual([
      { payment_type: PAYMENT_TYPE.CREDIT, amount: 5000, card_brand: 'Visa', last4: '4242' },
      { payment_type: PAYMENT_TYPE.CASH, amount: due - 5000 + 200 },
    ]);
  });

  it('leaves out an employee with neither line nor tip, and prints MoMo as cash', () => {
    let order = addItem(
      createOrder('uuid-local-2', settings),
      { item_id: 1, item_type: ITEM_TYPE.SERVICE, name: 'Gel Manicure', taxes: '', unit_price: 3500 },
      anna,
    );
    order = { ...order, orderEmployees: [...order.orderEmployees, { employee: bella, orderItems: [] }] };
    order = setPayment(order, { payment_type: PAYMENT_TYPE.MOMO, payment_amount: 3500 });
    const receipt = localReceipt({ order, totals: computeOrderTotals(order), store: null, orderAt: 'x' });
    expect(receipt.employees.map((e) => e.name)).toEqual(['Anna Nguyen']);
    expect(receipt.payments).toEqual([{ payment_type: PAYMENT_TYPE.CASH, amount: 3500 }]);
    expect(receipt.store).toMatchObject({ name: '', currency: 'USD', timezone: 'UTC' });
    expect(receipt.customer_first_name).toBeNull();
  });

  it('prints a 3 % card fee only when the customer pays it, so the printed totals add up to the total', () => {
    for (const toCustomer of [false, true]) {
      let order = addItem(
        createOrder('uuid-local-3', {
          ...settings,
          creditcard_fee_percent: 3,
          creditcard_fee_to_customer: toCustomer,
        }),
        { item_id: 1, item_type: ITEM_TYPE.SERVICE, name: 'Gel Manicure', taxes: '', unit_price: 2900 },
        anna,
      );
      order = setPayment(order, { payment_type: PAYMENT_TYPE.CREDIT, payment_amount: 2900 });
      const { totals } = localReceipt({
        order,
        totals: computeOrderTotals(order),
        store: null,
        orderAt: 'x',
      });
      // 3 % of $29.00 is $0.87: the store's cost unless passed on.
      expect(totals.creditcard_fee).toBe(toCustomer ? 87 : 0);
      expect(
        totals.sub_total - totals.discount_amount + totals.taxes + totals.tip_amount + totals.creditcard_fee,
      ).toBe(totals.total_price);
    }
  });
});
