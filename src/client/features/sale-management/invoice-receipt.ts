/**
 * The invoice (GET /api/pos/sales/:id/invoice: the sale, the store's receipt header, the payments as printed) in
 * the shape the shared receipt component prints (components/receipt ReceiptView, contracts/receipts.ts), so the
 * invoice mode reuses its layout, its 80 mm print stylesheet and its Print button instead of a second copy.
 *
 * Nothing is recomputed: every amount is the server's. The only arithmetic is grouping each line's stored tax
 * amounts by rate, which is how the receipt lists taxes (the public receipt route does the same on the server).
 * Unlike the public receipt, this is read by signed-in staff, so the customer's full name is kept.
 */
import type { ReceiptData, ReceiptTax } from '../../../contracts/receipts';
import type { SaleDetail, SaleLine } from '../../../contracts/sales';
import type { SaleInvoice } from '../../../../machines/sale-management/sale-management.types';
import {
  ORDER_DISCOUNT_KINDS,
  PAYMENT_TYPES,
  printedPaymentType,
  SALE_STATUS,
} from '../../../domain/constants';
import type { PaymentType } from '../../../domain/constants';
import { printedTotals } from '../../../domain/order-total';
import { parseTaxRates } from '../../../domain/tax';

/** Each rate's tax over every line, in the order the rates first appear (the public receipt's order). */
export function taxesByRate(lines: readonly Pick<SaleLine, 'taxes' | 'tax_amounts'>[]): ReceiptTax[] {
  const byRate = new Map<number, number>();
  for (const line of lines) {
    const rates = parseTaxRates(line.taxes);
    line.tax_amounts.forEach((amount, i) => {
      const rate = rates[i];
      if (rate === undefined || amount === 0) return;
      byRate.set(rate, (byRate.get(rate) ?? 0) + amount);
    });
  }
  return [...byRate].map(([rate, amount]) => ({ rate, amount }));
}

/** The server answers drafts and trashed sales with 409, so only completed statuses reach here. */
function receiptStatus(status: SaleDetail['status']): ReceiptData['status'] {
  return status === SALE_STATUS.REFUND || status === SALE_STATUS.VOID ? status : SALE_STATUS.SALE;
}

const text = (value: string | undefined): string | null => (value?.trim() ? value.trim() : null);

const isPaymentType = (type: number): type is PaymentType => PAYMENT_TYPES.includes(type as PaymentType);

export function invoiceReceipt(invoice: SaleInvoice): ReceiptData {
  const { sale, store } = invoice;
  const lines = sale.orderEmployees.flatMap((group) => group.orderItems);
  return {
    uuid: sale.uuid,
    status: receiptStatus(sale.status),
    store: {
      name: text(store.receipt.name) ?? store.name,
      address: text(store.receipt.address),
      phone: text(store.receipt.phone),
      footer: text(store.receipt.footer),
      currency: store.currency,
      timezone: store.timezone,
    },
    ticket_no: sale.ticket_no,
    daily_ticket_no: sale.daily_ticket_no,
    invoice_no: sale.invoice_no,
    order_at: sale.order_at,
    customer_first_name: sale.customer?.name ?? sale.customer_name ?? null,
    employees: sale.orderEmployees.map((group) => ({
      name: group.employee.name,
      lines: group.orderItems.map((line) => ({
        item_type: line.item_type,
        name: line.name,
        quantity: line.quantity,
        unit_price: line.price ?? line.unit_price,
        gross: line.gross,
        item_discount: line.item_discount,
        employee_discount: line.employee_discount,
        net: line.net,
        refunded_quantity: line.refunded_quantity,
      })),
      tip: group.tips?.tip_amount ?? 0,
    })),
    order_discounts: ORDER_DISCOUNT_KINDS.map((kind) => ({
      kind,
      amount: sale.discount_amounts[`discount_${kind}`],
    })).filter((discount) => discount.amount > 0),
    taxes: taxesByRate(lines),
    totals: printedTotals(sale.totals),
    payments: invoice.printed_payments
      .filter((payment) => isPaymentType(payment.payment_type))
      .map((payment) => ({
        payment_type: printedPaymentType(payment.payment_type as PaymentType),
        amount: payment.amount,
      })),
    refunded_amount: sale.refunded_amount,
  };
}
