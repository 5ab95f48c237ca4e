import { describe, it, expect } from 'vitest';
import { DISCOUNT_SOURCE, DISCOUNT_TYPE, ITEM_TYPE } from './constants';
import { amountDueOf, cardFeeCharged, computeOrderTotals } from './order-total';
import {
  cash,
  credit,
  makeItem,
  makeOrder,
  makeWorkedTicket,
  orderOf,
} from '../../tests/support/domain/orders';

describe('computeOrderTotals on the worked ticket of docs/money.md', () => {
  const totals = computeOrderTotals(makeWorkedTicket());

  it('computes every line: gross, discounts, net, tax, cost, deductible and commission', () => {
    expect(totals.employees).toEqual([
      {
        service_amount: 5250,
        tip: 500,
        lines: [
          // Gel manicure: 35.00 − 10 % = 31.50; tax 2.795625 → 2.80; (31.50 − 2.00) × 40 % = 11.80.
          {
            gross: 3500,
            item_discount: 350,
            employee_discount: 0,
            net: 3150,
            tax: 280,
            tax_amounts: [280],
            commission: 1180,
            cost: 200,
            deductible: 200,
          },
          // Cuticle oil: 2 × 12.00 − 3.00 = 21.00; tax 1.86375 → 1.86; 10 % item rate = 2.10; cost 2 × 4.00.
          {
            gross: 2400,
            item_discount: 0,
            employee_discount: 300,
            net: 2100,
            tax: 186,
            tax_amounts: [186],
            commission: 210,
            cost: 800,
            deductible: 0,
          },
        ],
      },
      {
        service_amount: 9000,
        tip: 800,
        lines: [
          // Pedicure at the overridden 40.00: tax 3.55; (40.00 − 3.00) × 50 % = 18.50.
          {
            gross: 4000,
            item_discount: 0,
            employee_discount: 0,
            net: 4000,
            tax: 355,
            tax_amounts: [355],
            commission: 1850,
            cost: 300,
            deductible: 300,
          },
          // Gift card: never taxed, no cost, no commission.
          {
            gross: 5000,
            item_discount: 0,
            employee_discount: 0,
            net: 5000,
            tax: 0,
            tax_amounts: [],
            commission: 0,
            cost: 0,
            deductible: 0,
          },
        ],
      },
    ]);
  });

  it('sums the order: 149.00 − 25.75 + 8.21 + 13.00 = 144.46', () => {
    expect(totals.discount).toEqual({
      discount_item: 350,
      discount_employee: 300,
      // Base 149.00 − 3.50 − 3.00 = 142.50: ticket 10 % = 14.25, manager 5.00.
      discount_ticket: 1425,
      discount_membership: 0,
      discount_manager: 500,
      discount_other: 0,
    });
    expect(totals.total).toEqual({
      total_cost: 1300,
      total_commission: 3240,
      total_deductible: 500,
      // 3 % of the 100.00 on the card, kept by the processor: the store's cost, not the customer's.
      creditcard_fee: 300,
      taxes: 821,
      discount_amount: 2575,
      tip_amount: 1300,
      sub_total: 14900,
      total_price: 14446,
      paid_customer_total: 15000,
      paid_customer_change_amount_total: 554,
      indian: false,
    });
    expect(totals.balance_due).toBe(0);
    expect(totals.change_due).toBe(554);
    expect(totals.overpaid_non_cash).toBe(0);
  });

  it('passes the card fee on to the customer on top of the card payment: in total and paid alike', () => {
    const passed = computeOrderTotals(makeWorkedTicket({ creditcard_fee_to_customer: true })).total;
    expect(passed.creditcard_fee).toBe(300);
    expect(passed.total_price).toBe(14746);
    expect(passed.paid_customer_total).toBe(15300);
    expect(passed.paid_customer_change_amount_total).toBe(554);
  });

  it('reads from the stored totals the card fee the customer was charged: all of it passed on, none absorbed', () => {
    const absorbed = computeOrderTotals(makeWorkedTicket()).total;
    const passed = computeOrderTotals(makeWorkedTicket({ creditcard_fee_to_customer: true })).total;
    expect(cardFeeCharged(absorbed)).toBe(0);
    expect(cardFeeCharged(passed)).toBe(300);
    // What a receipt prints adds up to its total either way.
    for (const t of [absorbed, passed]) {
      expect(amountDueOf(t) + cardFeeCharged(t)).toBe(t.total_price);
    }
  });
});

describe('computeOrderTotals', () => {
  it('gives zeros for an empty order', () => {
    const totals = computeOrderTotals(makeOrder());
    expect(totals.total.total_price).toBe(0);
    expect(totals.balance_due).toBe(0);
    expect(totals.employees).toEqual([]);
  });

  it('taxes each line under its own tax_on and indian_tax, whatever the store setting is now', () => {
    const order = orderOf(
      [
        makeItem({ unit_price: 10000, taxes: '5,9.5', tax_on: 2 }),
        makeItem({ unit_price: 10000, taxes: '5,9.5', indian_tax: '1' }),
      ],
      { settings: { config_tax_on_tax: 0, config_indian_tax: '1' } },
    );
    const totals = computeOrderTotals(order);
    expect(totals.employees[0]?.lines.map((l) => l.tax_amounts)).toEqual([[500, 998], [500]]);
    expect(totals.total.taxes).toBe(1998);
    expect(totals.total.indian).toBe(true);
  });

  it('does not let order discounts change tax: ticket 50 % leaves the 8.875 % on 40.00 at 3.55', () => {
    const order = orderOf([makeItem({ unit_price: 4000, taxes: '8.875' })], {
      discount: { ticket: { type: DISCOUNT_TYPE.PERCENT, value: 50 } },
    });
    expect(computeOrderTotals(order).total).toMatchObject({
      taxes: 355,
      discount_amount: 2000,
      total_price: 2355,
    });
  });

  it('leaves a balance due when the payments fall short: 45.00 less a 20.00 card is 25.00', () => {
    const totals = computeOrderTotals(
      orderOf([makeItem({ unit_price: 4500 })], { payments: [credit(2000)] }),
    );
    expect(totals.balance_due).toBe(2500);
    expect(totals.change_due).toBe(0);
  });

  it('gives change only from cash: 45.00 paid by 30.00 card and 20.00 cash returns 5.00', () => {
    const totals = computeOrderTotals(
      orderOf([makeItem({ unit_price: 4500 })], { payments: [credit(3000), cash(2000)] }),
    );
    expect(totals.change_due).toBe(500);
    expect(totals.total.paid_customer_change_amount_total).toBe(500);
  });

  it('gives no change from a card: 45.00 paid by a 50.00 card shows 5.00 overpaid on non-cash', () => {
    const totals = computeOrderTotals(
      orderOf([makeItem({ unit_price: 4500 })], { payments: [credit(5000)] }),
    );
    expect(totals.change_due).toBe(0);
    expect(totals.overpaid_non_cash).toBe(500);
    expect(totals.balance_due).toBe(0);
  });

  it('ignores stray payments and tips of zero or less', () => {
    const order = orderOf([makeItem({ unit_price: 4500 })], { payments: [cash(0), credit(-100)] });
    const group = order.orderEmployees[0];
    if (group) group.tips = { user_id: 1, tip_amount: -300 };
    expect(computeOrderTotals(order).total).toMatchObject({
      paid_customer_total: 0,
      tip_amount: 0,
      total_price: 4500,
    });
  });

  it('rounds to the store currency: VND line 125,000 at 8 % tax and 12.5 % off', () => {
    const order = orderOf(
      [
        makeItem({
          unit_price: 125_000,
          taxes: '8',
          discounts: [{ type: DISCOUNT_SOURCE.ITEM, discount: { type: DISCOUNT_TYPE.PERCENT, value: 12.5 } }],
        }),
      ],
      { settings: { currency: 'VND' } },
    );
    // 125,000 − 15,625 = 109,375; tax 8,750.
    expect(computeOrderTotals(order).total).toMatchObject({
      discount_amount: 15_625,
      taxes: 8_750,
      total_price: 118_125,
    });
  });

  it('does not mutate the order', () => {
    const order = makeWorkedTicket();
    const before = JSON.stringify(order);
    computeOrderTotals(order);
    expect(JSON.stringify(order)).toBe(before);
  });

  it('charges no tax on a gift card and keeps it out of cost and commission', () => {
    const order = orderOf([
      makeItem({
        item_type: ITEM_TYPE.GIFTCARD,
        unit_price: 5000,
        taxes: '10',
        cost: 100,
        commission_rate: 10,
      }),
    ]);
    expect(computeOrderTotals(order).total).toMatchObject({
      taxes: 0,
      total_cost: 0,
      total_commission: 0,
      total_price: 5000,
    });
  });
});
