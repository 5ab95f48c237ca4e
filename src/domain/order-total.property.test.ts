import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { DISCOUNT_SOURCE, DISCOUNT_TYPE, ITEM_TYPE, PAYMENT_TYPES, type DiscountType } from './constants';
import { parseAmount } from './amount';
import { percentOf, percentOfViaDinero, scaledDecimal, toDecimalString } from './money';
import { orderDiscountBase } from './order-discounts';
import { computeOrderTotals } from './order-total';
import type { LineDiscount, Order, OrderDiscountInfo, OrderItem, Payment } from './order.types';
import { changeDue, paidTotal } from './payments';
import { makeEmployee, makeGroup, makeItem, makeOrder } from '../../tests/support/domain/orders';

const CURRENCIES = ['USD', 'EUR', 'JPY', 'VND', 'KWD'] as const;

/** Percentages as a cashier types them: up to three decimals (9.975), sometimes 0 or negative. */
const percentArb = fc.integer({ min: -5_000, max: 150_000 }).map((n) => n / 1000);
const amountArb = fc.integer({ min: -500, max: 50_000 });

const discountValueArb = fc.oneof(
  fc.record({ type: fc.constant<DiscountType>(DISCOUNT_TYPE.PERCENT), value: percentArb }),
  fc.record({ type: fc.constant<DiscountType>(DISCOUNT_TYPE.AMOUNT), value: amountArb }),
);

const lineDiscountsArb = fc
  .record({ item: fc.option(discountValueArb), employee: fc.option(discountValueArb) })
  .map(({ item, employee }) => {
    const list: LineDiscount[] = [];
    if (item) list.push({ type: DISCOUNT_SOURCE.ITEM, discount: item });
    if (employee) list.push({ type: DISCOUNT_SOURCE.EMPLOYEE, discount: employee });
    return list;
  });

const taxesArb = fc
  .array(
    fc.integer({ min: 0, max: 15_000 }).map((n) => String(n / 1000)),
    { maxLength: 3 },
  )
  .map((rates) => rates.join(','));

const itemArb: fc.Arbitrary<OrderItem> = fc
  .record({
    item_type: fc.constantFrom(
      ITEM_TYPE.SERVICE,
      ITEM_TYPE.PRODUCT,
      ITEM_TYPE.PRODUCT_KIT,
      ITEM_TYPE.GIFTCARD,
    ),
    unit_price: fc.integer({ min: 0, max: 100_000 }),
    price: fc.option(fc.integer({ min: 0, max: 100_000 })),
    quantity: fc.integer({ min: 1, max: 5 }),
    taxes: taxesArb,
    tax_on: fc.integer({ min: 0, max: 4 }),
    indian_tax: fc.constantFrom<'0' | '1'>('0', '1'),
    discounts: lineDiscountsArb,
    cost: fc.option(fc.integer({ min: 0, max: 5_000 }), { nil: undefined }),
    commission_rate: fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
  })
  .map((fields) => makeItem(fields));

const groupArb = fc.record({
  items: fc.array(itemArb, { maxLength: 6 }),
  tip: fc.option(fc.integer({ min: -100, max: 5_000 }), { nil: undefined }),
  rate: fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
});

const orderDiscountArb: fc.Arbitrary<OrderDiscountInfo | undefined> = fc.option(discountValueArb, {
  nil: undefined,
});

const paymentArb: fc.Arbitrary<Payment> = fc.record({
  payment_type: fc.constantFrom(...PAYMENT_TYPES),
  payment_amount: fc.integer({ min: -100, max: 200_000 }),
});

const orderArb: fc.Arbitrary<Order> = fc
  .record({
    groups: fc.array(groupArb, { maxLength: 4 }),
    ticket: orderDiscountArb,
    membership: orderDiscountArb,
    manager: orderDiscountArb,
    other: orderDiscountArb,
    payments: fc.array(paymentArb, { maxLength: 4 }),
    currency: fc.constantFrom(...CURRENCIES),
    feePercent: fc.integer({ min: 0, max: 500 }).map((n) => n / 100),
    feeToCustomer: fc.boolean(),
    indian: fc.constantFrom<'0' | '1'>('0', '1'),
  })
  .map((r) =>
    makeOrder({
      orderEmployees: r.groups.map((g, i) =>
        makeGroup(makeEmployee({ id: i + 1, name: `E${i + 1}`, commission_rate: g.rate }), g.items, g.tip),
      ),
      discount: {
        ...(r.ticket ? { ticket: r.ticket } : {}),
        ...(r.membership ? { membership: r.membership } : {}),
        ...(r.manager ? { manager: r.manager } : {}),
        ...(r.other ? { other: r.other } : {}),
      },
      payments: r.payments,
      settings: {
        currency: r.currency,
        creditcard_fee_percent: r.feePercent,
        creditcard_fee_to_customer: r.feeToCustomer,
        config_indian_tax: r.indian,
      },
    }),
  );

/** A deterministic Fisher-Yates from a seed, so a failing case replays. */
function shuffled<T>(list: readonly T[], seed: number): T[] {
  const out = [...list];
  let s = seed >>> 0 || 1;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

describe('computeOrderTotals properties', () => {
  it('total_price = sub_total − discount_amount + taxes + tip_amount (+ the card fee when passed on)', () => {
    fc.assert(
      fc.property(orderArb, (order) => {
        const { total } = computeOrderTotals(order);
        const fee = order.settings.creditcard_fee_to_customer ? total.creditcard_fee : 0;
        expect(total.total_price).toBe(
          total.sub_total - total.discount_amount + total.taxes + total.tip_amount + fee,
        );
      }),
    );
  });

  it('keeps line discounts within gross and order discounts within their base', () => {
    fc.assert(
      fc.property(orderArb, (order) => {
        const { employees, discount } = computeOrderTotals(order);
        let subTotal = 0;
        for (const line of employees.flatMap((e) => e.lines)) {
          expect(line.item_discount + line.employee_discount).toBeLessThanOrEqual(line.gross);
          expect(line.net).toBe(line.gross - line.item_discount - line.employee_discount);
          subTotal += line.gross;
        }
        const base = orderDiscountBase(subTotal, discount.discount_item, discount.discount_employee);
        const onOrder =
          discount.discount_ticket +
          discount.discount_membership +
          discount.discount_manager +
          discount.discount_other;
        expect(onOrder).toBeLessThanOrEqual(base);
      }),
    );
  });

  it('never gives a negative amount anywhere', () => {
    fc.assert(
      fc.property(orderArb, (order) => {
        const totals = computeOrderTotals(order);
        const amounts = [
          ...Object.values(totals.total).filter((v): v is number => typeof v === 'number'),
          ...Object.values(totals.discount),
          totals.balance_due,
          totals.change_due,
          totals.overpaid_non_cash,
          ...totals.employees.flatMap((e) => [
            e.service_amount,
            e.tip,
            ...e.lines.flatMap((l) => [
              l.gross,
              l.net,
              l.tax,
              l.commission,
              l.cost,
              l.deductible,
              ...l.tax_amounts,
            ]),
          ]),
        ];
        for (const amount of amounts) {
          expect(Number.isSafeInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('does not depend on the order of employee groups or of their lines', () => {
    fc.assert(
      fc.property(orderArb, fc.integer(), (order, seed) => {
        const reordered: Order = {
          ...order,
          orderEmployees: shuffled(order.orderEmployees, seed).map((g, i) => ({
            ...g,
            orderItems: shuffled(g.orderItems, seed + i + 1),
          })),
        };
        const a = computeOrderTotals(order);
        const b = computeOrderTotals(reordered);
        expect(b.total).toEqual(a.total);
        expect(b.discount).toEqual(a.discount);
        expect(b.balance_due).toBe(a.balance_due);
      }),
    );
  });

  it('counts payments as payments.ts does: paid and change agree with paidTotal and changeDue', () => {
    fc.assert(
      fc.property(orderArb, (order) => {
        const totals = computeOrderTotals(order);
        const fee = order.settings.creditcard_fee_to_customer ? totals.total.creditcard_fee : 0;
        expect(totals.total.paid_customer_total).toBe(paidTotal(order.payments) + fee);
        expect(totals.change_due).toBe(changeDue(totals.total.total_price - fee, order.payments));
        expect(totals.balance_due).toBe(
          Math.max(0, totals.total.total_price - totals.total.paid_customer_total),
        );
      }),
    );
  });
});

describe('money properties', () => {
  it('percentOf agrees with the dinero object pipeline and with exact bigint rounding', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }),
        fc.integer({ min: 0, max: 200_000 }).map((n) => n / 1000),
        (minor, percent) => {
          const fast = percentOf(minor, percent);
          expect(fast).toBe(percentOfViaDinero(minor, percent));
          // Exact reference: round(minor × p / 10^(scale+2)) half away from zero, in bigint.
          const { amount, scale } = scaledDecimal(percent);
          const num = BigInt(minor) * BigInt(amount);
          const den = 10n ** BigInt(scale + 2);
          const abs = num < 0n ? -num : num;
          const rounded = (abs * 2n + den) / (den * 2n);
          expect(BigInt(fast)).toBe(num < 0n ? -rounded : rounded);
        },
      ),
    );
  });

  it('parseAmount reads back what toDecimalString writes, in every currency', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        fc.constantFrom(...CURRENCIES),
        (minor, code) => {
          expect(parseAmount(toDecimalString(minor, code), code)).toBe(minor);
        },
      ),
    );
  });
});
