/**
 * The whole ticket's arithmetic (docs/money.md steps 1-11): what the client shows on every keystroke and
 * what the server recomputes and trusts instead of a client-sent total (docs/api.md#the-server-recomputes).
 * Every step, in order, with its worked example, is in docs/money.md.
 *
 * Kept allocation-light on purpose: one pass over the lines, one object per line, no intermediate arrays.
 * The payments are counted here in one pass rather than with payments.ts's sums: payments.ts needs these
 * totals to validate a payment, so it sits above this file (the property tests hold the two equal).
 */
import { DEFAULT_CURRENCY, PAYMENT_TYPE } from './constants';
import { commissionRate, creditcardFee, lineCommission, lineCost, lineDeductible } from './commission';
import { lineDiscounts } from './line-discounts';
import { assertMinor } from './money';
import { orderDiscountBase, orderDiscounts } from './order-discounts';
import type { DiscountAmounts, Employee, Minor, Order, OrderItem, OrderTotal } from './order.types';
import { lineTax } from './tax';

export interface LineTotals {
  /** price × quantity. */
  gross: Minor;
  item_discount: Minor;
  employee_discount: Minor;
  /** gross − item_discount − employee_discount. */
  net: Minor;
  /** Σ tax_amounts. */
  tax: Minor;
  /** One amount per applied rate, in the order of the item's taxes string. */
  tax_amounts: Minor[];
  commission: Minor;
  cost: Minor;
  deductible: Minor;
}

export interface EmployeeTotals {
  /** Σ net of the group's lines (the spec's service_amount). */
  service_amount: Minor;
  tip: Minor;
  /** In the order of the group's orderItems. */
  lines: LineTotals[];
}

export interface OrderTotals {
  total: OrderTotal;
  discount: DiscountAmounts;
  /** In the order of order.orderEmployees. */
  employees: EmployeeTotals[];
  /** max(0, total_price − paid_customer_total). */
  balance_due: Minor;
  /** Cash to hand back (also total.paid_customer_change_amount_total). */
  change_due: Minor;
  /** What non-cash payments exceed the total by: can't be handed back, so the screen must ask to fix it. */
  overpaid_non_cash: Minor;
}

/** One line's amounts (docs/money.md steps 1-4 and 11). The line's own tax_on and indian_tax apply. */
export function computeLineTotals(
  item: OrderItem,
  employee: Employee | null | undefined,
  currency: string = DEFAULT_CURRENCY,
): LineTotals {
  const { gross, item_discount, employee_discount, net } = lineDiscounts(item, currency);
  const tax = lineTax(net, item.taxes, {
    taxOnTax: item.tax_on,
    indianTax: item.indian_tax,
    itemType: item.item_type,
    currency,
  });
  const cost = lineCost(item, currency);
  const deductible = lineDeductible(item, cost);
  const commission = lineCommission(net, deductible, commissionRate(item, employee), currency);
  return {
    gross,
    item_discount,
    employee_discount,
    net,
    tax: tax.total,
    tax_amounts: tax.amounts,
    commission,
    cost,
    deductible,
  };
}

function tipOf(amount: Minor | undefined): Minor {
  return amount !== undefined && Number.isSafeInteger(amount) && amount > 0 ? amount : 0;
}

/** The stored totals that say what the customer owed and paid (a sale's columns, a receipt's totals). */
export interface OwedTotals {
  sub_total: Minor;
  discount_amount: Minor;
  taxes: Minor;
  tip_amount: Minor;
}

/** What the customer owes before any card fee passed on (docs/money.md step 9): never below zero. */
export function amountDueOf(t: OwedTotals): Minor {
  return Math.max(0, t.sub_total - t.discount_amount + t.taxes + t.tip_amount);
}

/**
 * The part of the card fee the customer paid (docs/money.md "Card fee"): all of it when the store passes it on
 * (it is then the part of total_price above what was due), none when the store absorbs it. Read from stored
 * totals, so a receipt prints only what the customer was charged and its lines add up to the total.
 */
export function cardFeeCharged(t: OwedTotals & { creditcard_fee: Minor; total_price: Minor }): Minor {
  return Math.min(t.creditcard_fee, Math.max(0, t.total_price - amountDueOf(t)));
}

/** A sale's stored totals (or an order's computed ones), named as the sale and the order total name them. */
export interface SaleTotalsFigures extends OwedTotals {
  creditcard_fee: Minor;
  total_price: Minor;
  paid_customer_total: Minor;
  paid_customer_change_amount_total: Minor;
}

/** The totals a customer's receipt prints (docs/sales.md#receipts): what was charged, and the change. */
export interface PrintedTotals extends OwedTotals {
  creditcard_fee: Minor;
  total_price: Minor;
  paid_customer_total: Minor;
  change: Minor;
}

/**
 * The receipt's totals from a sale's: every receipt (the public one, the invoice reprint, an offline sale's)
 * prints these, so the card fee is everywhere only what the customer paid and the lines add up to the total.
 */
export function printedTotals(t: SaleTotalsFigures): PrintedTotals {
  return {
    sub_total: t.sub_total,
    discount_amount: t.discount_amount,
    taxes: t.taxes,
    tip_amount: t.tip_amount,
    creditcard_fee: cardFeeCharged(t),
    total_price: t.total_price,
    paid_customer_total: t.paid_customer_total,
    change: t.paid_customer_change_amount_total,
  };
}

export function computeOrderTotals(order: Order): OrderTotals {
  const { settings } = order;
  const currency = settings.currency || DEFAULT_CURRENCY;
  let subTotal = 0;
  let itemDiscounts = 0;
  let employeeDiscounts = 0;
  let taxes = 0;
  let tips = 0;
  let totalCost = 0;
  let totalDeductible = 0;
  let totalCommission = 0;

  const employees: EmployeeTotals[] = new Array<EmployeeTotals>(order.orderEmployees.length);
  order.orderEmployees.forEach((group, g) => {
    const lines: LineTotals[] = new Array<LineTotals>(group.orderItems.length);
    let serviceAmount = 0;
    group.orderItems.forEach((item, i) => {
      const line = computeLineTotals(item, group.employee, currency);
      lines[i] = line;
      serviceAmount += line.net;
      subTotal += line.gross;
      itemDiscounts += line.item_discount;
      employeeDiscounts += line.employee_discount;
      taxes += line.tax;
      totalCost += line.cost;
      totalDeductible += line.deductible;
      totalCommission += line.commission;
    });
    const tip = tipOf(group.tips?.tip_amount);
    tips += tip;
    employees[g] = { service_amount: serviceAmount, tip, lines };
  });

  const base = orderDiscountBase(subTotal, itemDiscounts, employeeDiscounts);
  const onOrder = orderDiscounts(order.discount, base, currency);
  const discountAmount = itemDiscounts + employeeDiscounts + onOrder.total;

  let paid = 0;
  let cash = 0;
  let credit = 0;
  for (const p of order.payments) {
    // Amounts ≤ 0 are never kept (docs/sales.md#editing-the-order); an old client's stray one must not count.
    if (!(p.payment_amount > 0)) continue;
    paid += p.payment_amount;
    if (p.payment_type === PAYMENT_TYPE.CASH) cash += p.payment_amount;
    else if (p.payment_type === PAYMENT_TYPE.CREDIT) credit += p.payment_amount;
  }

  // The card fee rides on top of the card payments when passed on: it is in total_price AND in
  // paid_customer_total, so the balance ignores it and the fee never depends on itself (docs/money.md).
  const fee = creditcardFee(credit, settings.creditcard_fee_percent, currency);
  const passedFee = settings.creditcard_fee_to_customer ? fee : 0;
  const amountDue = amountDueOf({
    sub_total: subTotal,
    discount_amount: discountAmount,
    taxes,
    tip_amount: tips,
  });
  const totalPrice = assertMinor(amountDue + passedFee, 'total_price');
  const paidCustomerTotal = assertMinor(paid + passedFee, 'paid_customer_total');
  // Change only from cash, at most the cash tendered (docs/money.md step 9); the same rule as changeDue.
  const overpaid = paid - amountDue;
  const change = overpaid > 0 ? Math.min(overpaid, cash) : 0;

  return {
    total: {
      total_cost: totalCost,
      total_commission: totalCommission,
      total_deductible: totalDeductible,
      creditcard_fee: fee,
      taxes,
      discount_amount: discountAmount,
      tip_amount: tips,
      sub_total: subTotal,
      total_price: totalPrice,
      paid_customer_total: paidCustomerTotal,
      paid_customer_change_amount_total: change,
      indian: settings.config_indian_tax === '1',
    },
    discount: {
      discount_item: itemDiscounts,
      discount_employee: employeeDiscounts,
      discount_ticket: onOrder.discount_ticket,
      discount_membership: onOrder.discount_membership,
      discount_manager: onOrder.discount_manager,
      discount_other: onOrder.discount_other,
    },
    employees,
    balance_due: Math.max(0, totalPrice - paidCustomerTotal),
    change_due: change,
    overpaid_non_cash: Math.max(0, overpaid - change),
  };
}
