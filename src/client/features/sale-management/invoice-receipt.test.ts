import { describe, expect, it } from 'vitest';
import { aDetail } from '../../../../tests/support/machines/sale-list';
import type { SaleInvoice } from '../../../../machines/sale-management/sale-management.types';
import type { SaleLine } from '../../../contracts/sales';
import { PAYMENT_TYPE, SALE_STATUS } from '../../../domain/constants';
import { invoiceReceipt, taxesByRate } from './invoice-receipt';

const base = aDetail(42);
const pedicure = base.orderEmployees[0]!.orderItems[0]!;
const oil: SaleLine = {
  ...pedicure,
  id: 71,
  item_type: 2,
  name: 'Cuticle Oil 15 ml',
  taxes: '5,9.5',
  unit_price: 1200,
  price: 1000,
  quantity: 2,
  gross: 2000,
  item_discount: 100,
  net: 1900,
  tax: 285,
  tax_amounts: [95, 190],
  refunded_quantity: 1,
};

function anInvoice(extra: Partial<SaleInvoice> = {}): SaleInvoice {
  return {
    sale: {
      ...base,
      customer: { id: 3, name: 'Mai Tran' },
      orderEmployees: [
        { ...base.orderEmployees[0]!, orderItems: [pedicure, oil], tips: { user_id: 5, tip_amount: 500 } },
      ],
      discount_amounts: { ...base.discount_amounts, discount_ticket: 300, discount_manager: 0 },
    },
    store: {
      id: 1,
      code: 'S0001',
      name: 'Demo Salon',
      timezone: 'America/New_York',
      currency: 'USD',
      receipt: { name: 'Demo Nails & Spa', address: '1 Main St', phone: ' ', footer: 'See you soon' },
    },
    printed_payments: [
      { payment_type: PAYMENT_TYPE.CASH, amount: 4000 },
      { payment_type: PAYMENT_TYPE.CREDIT, amount: 1000 },
    ],
    ...extra,
  };
}

describe('the invoice as the receipt prints it', () => {
  it('takes the store header from the receipt settings, blank ones left out', () => {
    const receipt = invoiceReceipt(anInvoice());
    expect(receipt.store).toEqual({
      name: 'Demo Nails & Spa',
      address: '1 Main St',
      phone: null,
      footer: 'See you soon',
      currency: 'USD',
      timezone: 'America/New_York',
    });
    const plain = invoiceReceipt(anInvoice({ store: { ...anInvoice().store, receipt: {} } }));
    expect(plain.store.name).toBe('Demo Salon');
  });

  it('keeps the numbers, the customer, the lines at the price charged and the tip of each employee', () => {
    const receipt = invoiceReceipt(anInvoice());
    expect(receipt).toMatchObject({
      ticket_no: 42,
      daily_ticket_no: 42,
      invoice_no: 'S0001-000042',
      customer_first_name: 'Mai Tran',
      status: SALE_STATUS.SALE,
    });
    expect(receipt.employees).toEqual([
      {
        name: 'Anna Nguyen',
        tip: 500,
        lines: [
          expect.objectContaining({ name: 'Pedicure', unit_price: 3000, gross: 3000 }),
          expect.objectContaining({
            name: 'Cuticle Oil 15 ml',
            unit_price: 1000,
            quantity: 2,
            item_discount: 100,
            refunded_quantity: 1,
          }),
        ],
      },
    ]);
    expect(receipt.order_discounts).toEqual([{ kind: 'ticket', amount: 300 }]);
  });

  it('lists the taxes by rate from the stored amounts, and the payments as the server printed them', () => {
    const receipt = invoiceReceipt(anInvoice());
    expect(receipt.taxes).toEqual([
      { rate: 5, amount: 95 },
      { rate: 9.5, amount: 190 },
    ]);
    expect(receipt.payments).toEqual([
      { payment_type: PAYMENT_TYPE.CASH, amount: 4000 },
      { payment_type: PAYMENT_TYPE.CREDIT, amount: 1000 },
    ]);
    expect(receipt.totals.change).toBe(base.totals.paid_customer_change_amount_total);
  });

  it('adds up one rate over several lines and skips zero amounts', () => {
    expect(
      taxesByRate([
        { taxes: '5', tax_amounts: [50] },
        { taxes: '5, 8', tax_amounts: [25, 0] },
        { taxes: '', tax_amounts: [] },
      ]),
    ).toEqual([{ rate: 5, amount: 75 }]);
  });

  it('marks a voided or refunded sale as the receipt does', () => {
    const voided = anInvoice();
    voided.sale = { ...voided.sale, status: SALE_STATUS.VOID };
    expect(invoiceReceipt(voided).status).toBe(SALE_STATUS.VOID);
  });
});
