/**
 * The receipt of a sale queued offline, built from what the till holds (docs/offline.md: "receipts for
 * offline sales are shown from local data and marked pending"), in the shape the shared receipt prints
 * (contracts/receipts.ts ReceiptData, components/receipt ReceiptView).
 *
 * Every amount comes from the domain's totals of the order (computeOrderTotals), the same code the server runs
 * when the sale arrives (docs/architecture.md), so the printed figures are the ones the server will store.
 * What only the server knows is left out or blank: the ticket and invoice numbers (the view does not print
 * them while the sale is pending) and the receipt header's address, phone and footer (store settings the till
 * does not hold). Employees without a line or tip are left out, as the sale's body leaves them out
 * (lib/api/sale-api.ts).
 */
import type { StoreSettingsView } from '../../../contracts/auth';
import type { ReceiptData, ReceiptTax } from '../../../contracts/receipts';
import { ORDER_DISCOUNT_KINDS, printedPaymentType, SALE_STATUS } from '../../../domain/constants';
import { printedTotals } from '../../../domain/order-total';
import type { OrderTotals } from '../../../domain/order-total';
import type { Order } from '../../../domain/order.types';
import { parseTaxRates } from '../../../domain/tax';

export interface LocalReceiptInput {
  order: Order;
  totals: OrderTotals;
  /** The session's store settings (name, currency, time zone); null prints the order's currency and UTC. */
  store: StoreSettingsView | null;
  /** When the sale was rung up (features/sale/ring-up-time.ts). */
  orderAt: string;
}

export function localReceipt({ order, totals, store, orderAt }: LocalReceiptInput): ReceiptData {
  const byRate = new Map<number, number>();
  const employees: ReceiptData['employees'] = [];
  order.orderEmployees.forEach((group, g) => {
    const groupTotals = totals.employees[g];
    const tip = group.tips?.tip_amount ?? 0;
    if (!groupTotals || (group.orderItems.length === 0 && tip <= 0)) return;
    const lines = group.orderItems.map((item, i) => {
      const line = groupTotals.lines[i];
      const rates = parseTaxRates(item.taxes);
      line?.tax_amounts.forEach((amount, r) => {
        const rate = rates[r];
        if (rate !== undefined && amount !== 0) byRate.set(rate, (byRate.get(rate) ?? 0) + amount);
      });
      return {
        item_type: item.item_type,
        name: item.name,
        quantity: item.quantity,
        unit_price: item.price ?? item.unit_price,
        gross: line?.gross ?? 0,
        item_discount: line?.item_discount ?? 0,
        employee_discount: line?.employee_discount ?? 0,
        net: line?.net ?? 0,
        refunded_quantity: 0,
      };
    });
    employees.push({ name: group.employee.name, lines, tip: groupTotals.tip });
  });
  const taxes: ReceiptTax[] = [...byRate].map(([rate, amount]) => ({ rate, amount }));
  const { total } = totals;
  return {
    uuid: order.uuid,
    status: SALE_STATUS.SALE,
    store: {
      name: store?.store_name ?? '',
      address: null,
      phone: null,
      footer: null,
      currency: store?.currency ?? order.settings.currency,
      timezone: store?.timezone ?? 'UTC',
    },
    ticket_no: 0,
    daily_ticket_no: 0,
    invoice_no: '',
    order_at: orderAt,
    // As the server's receipt prints it: the first name only.
    customer_first_name: order.customer?.name.trim().split(/\s+/)[0] || null,
    employees,
    order_discounts: ORDER_DISCOUNT_KINDS.map((kind) => ({
      kind,
      amount: totals.discount[`discount_${kind}`],
    })).filter((discount) => discount.amount > 0),
    taxes,
    totals: printedTotals(total),
    payments: order.payments
      .filter((payment) => payment.payment_amount > 0)
      .map((payment) => ({
        payment_type: printedPaymentType(payment.payment_type),
        amount: payment.payment_amount,
        ...(payment.payment_info?.card_brand ? { card_brand: payment.payment_info.card_brand } : {}),
        ...(payment.payment_info?.last4 ? { last4: payment.payment_info.last4 } : {}),
      })),
    refunded_amount: 0,
  };
}
