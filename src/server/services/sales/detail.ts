/**
 * Sale rows → the sale detail on the wire, and the detail → the Order loadSale rebuilds (what order_snapshot
 * holds, so computeOrderTotals of the snapshot gives the stored totals).
 */
import type { SaleDetail, SaleLine } from '../../../contracts/sales';
import type { PaymentType } from '../../../domain/constants';
import { loadSale, soldItemOf } from '../../../domain/order-editing';
import type { SaleRecord } from '../../../domain/order-editing';
import type {
  Employee,
  Order,
  OrderCustomer,
  OrderItem,
  OrderSettings,
  OrderTotal,
  Payment,
} from '../../../domain/order.types';
import type { saleEmployees, saleLines, salePayments, sales } from '../../db/schema/sales';
import type { RecordedPayment } from '../../../contracts/payments';
import { toRecordedPayment } from '../../payments/payment-rows';

export type SaleRow = typeof sales.$inferSelect;
export type SaleEmployeeRow = typeof saleEmployees.$inferSelect;
export type SaleLineRow = typeof saleLines.$inferSelect;
export type SalePaymentRow = typeof salePayments.$inferSelect;

/** Unit cost back from a line's total cost (cost × quantity is exact for whole quantities). */
function unitCost(row: SaleLineRow): number {
  return row.quantity > 0 ? Math.round(row.cost / row.quantity) : 0;
}

export function saleLineOf(row: SaleLineRow): SaleLine {
  return {
    id: row.id,
    item_id: row.itemId,
    item_type: row.itemType,
    name: row.name,
    taxes: row.taxes,
    unit_price: row.unitPrice,
    price: row.priceOverride,
    price_override: row.priceOverride,
    quantity: row.quantity,
    refunded_quantity: row.refundedQuantity,
    giftcard_number: row.giftcardNumber,
    info: row.info ?? null,
    discounts: row.discounts,
    tax_on: row.taxOn,
    indian_tax: row.indianTax,
    cost: unitCost(row),
    ...(row.commissionRate !== null ? { commission_rate: row.commissionRate } : {}),
    gross: row.gross,
    item_discount: row.itemDiscount,
    employee_discount: row.employeeDiscount,
    net: row.net,
    tax: row.tax,
    tax_amounts: row.taxAmounts,
    commission: row.commission,
    line_cost: row.cost,
    deductible: row.deductible,
  };
}

/** The OrderItem a sold line was (what computeOrderTotals and loadSale read). */
export function orderItemOf(line: SaleLine): OrderItem {
  return {
    ...soldItemOf(line),
    price: line.price_override,
    quantity: line.quantity,
    giftcard_number: line.giftcard_number,
    info: line.info,
    discounts: line.discounts.map((d) => ({ ...d, discount: { ...d.discount } })),
    tax_on: line.tax_on,
    indian_tax: line.indian_tax,
    cost: line.cost,
    ...(line.commission_rate !== undefined ? { commission_rate: line.commission_rate } : {}),
  };
}

type PaymentView = SaleDetail['payments'][number];

/** A payment row as the sale detail shows it: the same view as a payment just recorded. */
export function paymentViewOfRow(row: SalePaymentRow): PaymentView {
  return paymentViewOfRecorded(toRecordedPayment(row));
}

export function paymentViewOfRecorded(p: RecordedPayment): PaymentView {
  const info: PaymentView['payment_info'] = {};
  if (p.reference !== null) info.reference = p.reference;
  if (p.card_brand !== null) info.card_brand = p.card_brand;
  if (p.last4 !== null) info.last4 = p.last4;
  if (p.approval_code !== null) info.approval_code = p.approval_code;
  if (p.processor_reference !== null) info.processor_reference = p.processor_reference;
  if (p.points !== null) info.points = p.points;
  info.taken_at = p.taken_at;
  if (p.offline) info.offline = true;
  return {
    id: p.id,
    // The payments contract keeps the wire type a plain number; the row's CHECK holds it to PAYMENT_TYPES.
    payment_type: p.payment_type as PaymentType,
    payment_amount: p.amount,
    payment_info: info,
    status: p.status,
    tip_amount: p.tip_amount,
    refunded_amount: p.refunded_amount,
  };
}

export function totalOf(row: Omit<SaleRow, 'orderSnapshot'>): OrderTotal {
  return {
    total_cost: row.totalCost,
    total_commission: row.totalCommission,
    total_deductible: row.totalDeductible,
    creditcard_fee: row.creditcardFee,
    taxes: row.taxes,
    discount_amount: row.discountAmount,
    tip_amount: row.tipAmount,
    sub_total: row.subTotal,
    total_price: row.totalPrice,
    paid_customer_total: row.paidCustomerTotal,
    paid_customer_change_amount_total: row.paidCustomerChangeAmountTotal,
    indian: row.indian,
  };
}

/** The sales columns of an OrderTotal. */
export function totalColumns(t: OrderTotal) {
  return {
    subTotal: t.sub_total,
    discountAmount: t.discount_amount,
    taxes: t.taxes,
    tipAmount: t.tip_amount,
    totalPrice: t.total_price,
    paidCustomerTotal: t.paid_customer_total,
    paidCustomerChangeAmountTotal: t.paid_customer_change_amount_total,
    totalCost: t.total_cost,
    totalCommission: t.total_commission,
    totalDeductible: t.total_deductible,
    creditcardFee: t.creditcard_fee,
    indian: t.indian,
  };
}

export function employeesOfSnapshot(snapshot: Order | null | undefined): Map<number, Employee> {
  const map = new Map<number, Employee>();
  if (!snapshot) return map;
  if (snapshot.employee) map.set(snapshot.employee.id, snapshot.employee);
  for (const group of snapshot.orderEmployees ?? []) map.set(group.employee.id, group.employee);
  return map;
}

export interface SaleRows {
  sale: SaleRow;
  groups: SaleEmployeeRow[];
  lines: SaleLineRow[];
  payments: PaymentView[];
  employees: Map<number, Employee>;
  customer: OrderCustomer | null;
}

export function saleDetailOf(rows: SaleRows): SaleDetail {
  const { sale, groups, lines, payments, employees } = rows;
  const employeeOfId = (id: number): Employee => employees.get(id) ?? { id, name: '' };
  const orderEmployees = groups.map((g) => ({
    employee: employeeOfId(g.userId),
    orderItems: lines.filter((l) => l.employeeId === g.userId).map(saleLineOf),
    ...(g.tipAmount > 0 ? { tips: { user_id: g.userId, tip_amount: g.tipAmount } } : {}),
    service_amount: g.serviceAmount,
  }));
  return {
    ...saleHeaderOf(sale),
    store_id: sale.storeId,
    workstation_id: sale.workstationId,
    updated_at: sale.updatedAt.toISOString(),
    customer: rows.customer,
    employee: sale.employeeId !== null ? employeeOfId(sale.employeeId) : null,
    orderEmployees,
    discount: sale.discount.discounts,
    discount_amounts: sale.discount.amounts,
    payments,
    balance_due: Math.max(0, sale.totalPrice - sale.paidCustomerTotal),
    note: sale.note,
  };
}

/** The fields of a sale row that both the sale list and the sale detail show. */
export function saleHeaderOf(sale: Omit<SaleRow, 'orderSnapshot'>) {
  return {
    id: sale.id,
    uuid: sale.uuid,
    status: sale.status,
    status_before_trash: sale.statusBeforeTrash,
    ticket_no: sale.ticketNo,
    daily_ticket_no: sale.dailyTicketNo,
    invoice_no: sale.invoiceNo,
    business_date: sale.businessDate,
    order_at: sale.orderAt.toISOString(),
    created_at: sale.createdAt.toISOString(),
    trashed_at: sale.trashedAt ? sale.trashedAt.toISOString() : null,
    customer_id: sale.customerId,
    customer_name: sale.customerName,
    cashier_id: sale.cashierId,
    totals: totalOf(sale),
    refunded_amount: sale.refundedAmount,
    has_refund: sale.hasRefund,
  };
}

/** The Order loadSale rebuilds from a sale detail, with the store settings (what order_snapshot holds). */
export function snapshotOf(
  detail: SaleDetail,
  settings: OrderSettings,
  payments?: readonly Payment[],
): Order {
  const record: SaleRecord = {
    id: detail.id,
    uuid: detail.uuid,
    status: detail.status,
    ticket_no: detail.ticket_no,
    daily_ticket_no: detail.daily_ticket_no,
    invoice_no: detail.invoice_no,
    order_at: detail.order_at,
    customer: detail.customer,
    employee: detail.employee,
    orderEmployees: detail.orderEmployees.map((g) => ({
      employee: { ...g.employee },
      orderItems: g.orderItems.map(orderItemOf),
      ...(g.tips ? { tips: { ...g.tips } } : {}),
      service_amount: g.service_amount,
    })),
    discount: detail.discount,
    payments: payments
      ? payments.map((p) => ({ ...p }))
      : detail.payments.map((p) => ({
          payment_type: p.payment_type,
          payment_amount: p.payment_amount + p.tip_amount,
          payment_info: { ...p.payment_info },
        })),
  };
  return loadSale(record, settings);
}
