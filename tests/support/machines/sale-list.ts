/** Sales as GET /api/pos/sales and GET /api/pos/sales/:id return them, for the list chart's tests. */
import type { SaleDetail, SaleRefundInfo, SaleSummary } from '../../../src/contracts/sales';
import { SALE_STATUS } from '../../../src/domain/constants';
import type { SaleStatus } from '../../../src/domain/constants';
import type { SaleDetailBundle, SalePage } from '../../../machines/sale-list/sale-list.types';

const TOTALS = {
  total_cost: 0,
  total_commission: 0,
  total_deductible: 0,
  creditcard_fee: 0,
  taxes: 0,
  discount_amount: 0,
  tip_amount: 0,
  sub_total: 3000,
  total_price: 3000,
  paid_customer_total: 3000,
  paid_customer_change_amount_total: 0,
  indian: false,
};

export const ORDER_AT = '2026-01-10T15:00:00.000Z';

export function aSummary(id: number, status: SaleStatus = SALE_STATUS.SALE): SaleSummary {
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    status,
    status_before_trash: status === SALE_STATUS.TRASH ? SALE_STATUS.SALE : null,
    ticket_no: id,
    daily_ticket_no: id,
    invoice_no: `S0001-${String(id).padStart(6, '0')}`,
    business_date: '2026-01-10',
    order_at: ORDER_AT,
    created_at: ORDER_AT,
    trashed_at: null,
    customer_id: null,
    customer_name: null,
    cashier_id: 4,
    employee_id: 5,
    employee_name: 'Anna Nguyen',
    totals: TOTALS,
    refunded_amount: 0,
    has_refund: false,
  };
}

export function aPage(ids: readonly number[], total = ids.length, page = 1): SalePage {
  return { items: ids.map((id) => aSummary(id)), total, page, per_page: 15 };
}

export function aDetail(id: number, extra: Partial<SaleDetail> = {}): SaleDetail {
  const summary = aSummary(id);
  return {
    id,
    uuid: summary.uuid,
    store_id: 1,
    workstation_id: 1,
    status: SALE_STATUS.SALE,
    status_before_trash: null,
    ticket_no: id,
    daily_ticket_no: id,
    invoice_no: summary.invoice_no,
    business_date: '2026-01-10',
    order_at: ORDER_AT,
    created_at: ORDER_AT,
    updated_at: ORDER_AT,
    trashed_at: null,
    customer: null,
    customer_id: null,
    customer_name: null,
    cashier_id: 4,
    employee: { id: 5, name: 'Anna Nguyen' },
    orderEmployees: [
      {
        employee: { id: 5, name: 'Anna Nguyen' },
        orderItems: [
          {
            id: 70,
            item_id: 11,
            item_type: 1,
            name: 'Pedicure',
            taxes: '',
            unit_price: 3000,
            price: null,
            price_override: null,
            quantity: 1,
            refunded_quantity: 0,
            giftcard_number: null,
            info: null,
            discounts: [],
            tax_on: 0,
            indian_tax: '0',
            cost: 0,
            gross: 3000,
            item_discount: 0,
            employee_discount: 0,
            net: 3000,
            tax: 0,
            tax_amounts: [],
            commission: 0,
            line_cost: 0,
            deductible: 0,
          },
        ],
        service_amount: 3000,
      },
    ],
    discount: {},
    discount_amounts: {
      discount_item: 0,
      discount_employee: 0,
      discount_ticket: 0,
      discount_membership: 0,
      discount_manager: 0,
      discount_other: 0,
    },
    payments: [],
    totals: TOTALS,
    balance_due: 0,
    refunded_amount: 0,
    has_refund: false,
    note: null,
    ...extra,
  };
}

export function aBundle(id: number, extra: Partial<SaleDetail> = {}): SaleDetailBundle {
  const sale = aDetail(id, extra);
  const refund: SaleRefundInfo = {
    sale_id: id,
    status: sale.status,
    can_refund: sale.status === SALE_STATUS.SALE,
    refund_error: null,
    can_void: false,
    void_error: null,
    total_price: 3000,
    refunded_amount: 0,
    refundable_amount: 3000,
    lines: [],
    payments: [],
    refunds: [],
  };
  return { sale, refund, employees: [{ id: 5, name: 'Anna Nguyen' }] };
}
