/** A receipt as GET /api/pos/receipts/:uuid answers it for a demo sale, for the chart's and the client's tests. */
import type { ReceiptData } from '../../../src/contracts/receipts';

export const RECEIPT_UUID = '3f2c1a9e-5b7d-4c8e-9a1f-2b3c4d5e6f70';

export const DEMO_RECEIPT: ReceiptData = {
  uuid: RECEIPT_UUID,
  status: 1,
  store: {
    name: 'Demo Nail Spa',
    address: '123 Main Street, New York, NY 10001',
    phone: '(212) 555-0100',
    footer: null,
    currency: 'USD',
    timezone: 'America/New_York',
  },
  ticket_no: 128,
  daily_ticket_no: 7,
  invoice_no: 'S0001-000128',
  order_at: '2026-11-22T15:30:00.000Z',
  customer_first_name: 'Mai',
  employees: [
    {
      name: 'Anna Nguyen',
      tip: 500,
      lines: [
        {
          item_type: 1,
          name: 'Gel manicure',
          quantity: 1,
          unit_price: 4500,
          gross: 4500,
          item_discount: 450,
          employee_discount: 0,
          net: 4050,
          refunded_quantity: 0,
        },
      ],
    },
  ],
  order_discounts: [{ kind: 'ticket', amount: 200 }],
  taxes: [
    { rate: 5, amount: 203 },
    { rate: 9.5, amount: 404 },
  ],
  totals: {
    sub_total: 4500,
    discount_amount: 650,
    taxes: 607,
    tip_amount: 500,
    creditcard_fee: 0,
    total_price: 4957,
    paid_customer_total: 6000,
    change: 1043,
  },
  payments: [{ payment_type: 1, amount: 6000 }],
  refunded_amount: 0,
};
