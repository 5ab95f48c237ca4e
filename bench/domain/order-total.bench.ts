/**
 * How long one recompute of a busy ticket takes (the sale screen recomputes on every keystroke), against a
 * plain-float loop doing the same steps on the same lines in the same run
 * (docs/architecture.md#how-the-work-is-judged: benchmarks print a ratio to a reference measured alongside).
 * Target: computeOrderTotals under 1 ms per recompute.
 *
 *   npx tsx bench/domain/order-total.bench.ts
 */
import { DISCOUNT_SOURCE, DISCOUNT_TYPE, ITEM_TYPE, PAYMENT_TYPE } from '../../src/domain/constants';
import { percentOf, percentOfViaDinero } from '../../src/domain/money';
import { computeOrderTotals } from '../../src/domain/order-total';
import type { DiscountValue, Order } from '../../src/domain/order.types';
import { makeLargeOrder } from '../../tests/support/domain/orders';
import { measure } from '../support/micro-bench';

const LINES = 200;

function floatDiscount(d: DiscountValue | undefined, base: number): number {
  if (!d || d.value <= 0 || base <= 0) return 0;
  return d.type === DISCOUNT_TYPE.PERCENT
    ? Math.min(Math.round((base * d.value) / 100), base)
    : Math.min(d.value, base);
}

/** The same steps with plain floats and Math.round: fast, and wrong at the half cent (docs/money.md). */
function plainTotal(order: Order): { total: number; commission: number } {
  let subTotal = 0;
  let lineDiscounts = 0;
  let taxes = 0;
  let tips = 0;
  let commission = 0;
  for (const group of order.orderEmployees) {
    for (const item of group.orderItems) {
      const gross = (item.price ?? item.unit_price) * item.quantity;
      const itemD = floatDiscount(
        item.discounts?.find((d) => d.type === DISCOUNT_SOURCE.ITEM)?.discount,
        gross,
      );
      const empD = Math.min(
        floatDiscount(item.discounts?.find((d) => d.type === DISCOUNT_SOURCE.EMPLOYEE)?.discount, gross),
        gross - itemD,
      );
      const net = gross - itemD - empD;
      let lineTax = 0;
      if (item.item_type !== ITEM_TYPE.GIFTCARD) {
        const rates = item.taxes
          .split(',')
          .filter((r) => r.trim() !== '')
          .map(Number);
        for (let i = 0; i < (item.indian_tax === '1' ? 1 : rates.length); i++) {
          const base = item.tax_on >= 1 && i + 1 >= item.tax_on ? net + lineTax : net;
          lineTax += Math.round((base * (rates[i] ?? 0)) / 100);
        }
      }
      const cost = item.item_type === ITEM_TYPE.GIFTCARD ? 0 : (item.cost ?? 0) * item.quantity;
      const rate =
        item.commission_rate ??
        (item.item_type === ITEM_TYPE.SERVICE ? (group.employee.commission_rate ?? 0) : 0);
      commission += Math.round(
        (Math.max(0, net - (item.item_type === ITEM_TYPE.SERVICE ? cost : 0)) * rate) / 100,
      );
      subTotal += gross;
      lineDiscounts += itemD + empD;
      taxes += lineTax;
    }
    tips += group.tips?.tip_amount ?? 0;
  }
  const base = Math.max(0, subTotal - lineDiscounts);
  let left = base;
  for (const kind of ['ticket', 'membership', 'manager', 'other'] as const) {
    const taken = Math.min(floatDiscount(order.discount[kind], base), left);
    left -= taken;
  }
  const credit = order.payments
    .filter((p) => p.payment_type === PAYMENT_TYPE.CREDIT)
    .reduce((s, p) => s + p.payment_amount, 0);
  const fee = Math.round((credit * order.settings.creditcard_fee_percent) / 100);
  const passedFee = order.settings.creditcard_fee_to_customer ? fee : 0;
  return { total: subTotal - lineDiscounts - (base - left) + taxes + tips + passedFee, commission };
}

const order = makeLargeOrder(LINES, 5);
const exact = computeOrderTotals(order).total;
const plain = plainTotal(order);

const dineroRun = measure(() => computeOrderTotals(order).total.total_price, 10);
const plainRun = measure(() => plainTotal(order).total, 100);

console.log(
  `order: ${LINES} lines, 5 employees, taxes "5,9.5,2" tax-on-tax 2, every discount kind, tips, 2 payments`,
);
console.log(
  `total_price: dinero ${exact.total_price}, plain floats ${plain.total}; commission: dinero ${exact.total_commission}, plain ${plain.commission}`,
);
console.log(`computeOrderTotals (dinero): median ${dineroRun.ms.toFixed(4)} ms per recompute`);
console.log(`plain-number reference:      median ${plainRun.ms.toFixed(4)} ms per recompute`);
console.log(`ratio dinero/plain: ${(dineroRun.ms / plainRun.ms).toFixed(2)}`);
console.log(`target < 1 ms: ${dineroRun.ms < 1 ? 'met' : 'NOT met'}`);

// Why percentOf calls dinero's halfAwayFromZero directly instead of building dinero objects for each step:
// a 200-line ticket makes about a thousand percentage steps.
const percentInputs = Array.from(
  { length: 1000 },
  (_, i) => [1995 + i * 7, [5, 9.5, 2, 12.5, 40][i % 5] as number] as const,
);
const viaCalculator = measure(() => percentInputs.reduce((s, [m, p]) => s + percentOf(m, p), 0), 1);
const viaObjects = measure(() => percentInputs.reduce((s, [m, p]) => s + percentOfViaDinero(m, p), 0), 1);
console.log(
  `1000 percentages: dinero calculator ${viaCalculator.ms.toFixed(4)} ms, dinero objects ${viaObjects.ms.toFixed(4)} ms (ratio ${(viaObjects.ms / viaCalculator.ms).toFixed(2)})`,
);
// Keeps the engine from discarding the measured work.
if (dineroRun.sink === plainRun.sink && dineroRun.sink === -1) console.log('');
