import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { apiClient, apiHarness, dataOf } from '../../../../tests/support/server/api-harness';
import type { Headers } from '../../../../tests/support/server/api-harness';
import { receiptSchema } from '../../../contracts/receipts';
import type { ReceiptData } from '../../../contracts/receipts';
import {
  DISCOUNT_SOURCE,
  DISCOUNT_TYPE,
  ITEM_TYPE,
  PAYMENT_TYPE,
  ROLE,
  SALE_STATUS,
} from '../../../domain/constants';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import { customers } from '../../db/schema/customers';
import { salePayments, sales } from '../../db/schema/sales';
import { stores } from '../../db/schema/stores';
import { RECEIPT_NOT_FOUND_MESSAGE, RECEIPT_RATE_LIMIT } from '../../services/receipts';
import { createSaleCatalog, saleBody } from '../../../../tests/support/server/sale-test-data';
import type { SaleCatalog } from '../../../../tests/support/server/sale-test-data';

const STORE_RECEIPT = { name: 'Lotus Nails', address: '9 Pine St, Albany, NY', phone: '(518) 555-0199' };
const CUSTOMER_EMAIL = 'mai.receipt@example.com';
const CUSTOMER_PHONE = '5551234567';

const api = await apiHarness();
let a: TenantFixture;
let b: TenantFixture;
let cat: SaleCatalog;
let catB: SaleCatalog;

beforeAll(async () => {
  a = await api.tenant({ storeSettings: { receipt: STORE_RECEIPT } });
  b = await api.tenant();
  cat = await createSaleCatalog(api.db, a);
  catB = await createSaleCatalog(api.db, b);
  await api.db.update(customers).set({ email: CUSTOMER_EMAIL }).where(eq(customers.id, cat.member));
});

/** The receipt as anyone gets it: no session. */
function receipt(uuid: string, headers: Headers = {}) {
  return api.as(headers).get(`/api/pos/receipts/${uuid}`);
}

async function createSale(body: Record<string, unknown>, fixture = a) {
  const res = await api.as(fixture, ROLE.STAFF).post('/api/pos/sales', body);
  expect(res.statusCode, res.body).toBe(201);
  return dataOf(res);
}

/**
 * Two technicians (staff and manager), line discounts of both sources, a ticket discount, the Gold member's
 * 10 %, taxes "5,9.5" and "5", a tip for each, a card and cash with change.
 */
function richSaleBody(uuid = randomUUID()) {
  const staff = a.users.staff.id;
  const manager = a.users.manager.id;
  return {
    ...saleBody({ employeeId: staff, lines: [], uuid }),
    customer: { id: cat.member, name: 'ignored' },
    orderEmployees: [
      {
        employee: { id: staff, name: 'ignored' },
        orderItems: [
          {
            item_id: cat.manicure,
            item_type: ITEM_TYPE.SERVICE,
            quantity: 2,
            discounts: [
              { type: DISCOUNT_SOURCE.ITEM, discount: { type: DISCOUNT_TYPE.PERCENT, value: 10 } },
              { type: DISCOUNT_SOURCE.EMPLOYEE, discount: { type: DISCOUNT_TYPE.AMOUNT, value: 150 } },
            ],
          },
          { item_id: cat.oil, item_type: ITEM_TYPE.PRODUCT, quantity: 1, price: 1000 },
        ],
        tips: { user_id: staff, tip_amount: 500 },
      },
      {
        employee: { id: manager, name: 'ignored' },
        orderItems: [{ item_id: cat.pedicure, item_type: ITEM_TYPE.SERVICE, quantity: 1 }],
        tips: { user_id: manager, tip_amount: 300 },
      },
    ],
    discount: { ticket: { type: DISCOUNT_TYPE.AMOUNT, value: 200 } },
    payments: [
      {
        payment_type: PAYMENT_TYPE.CREDIT,
        payment_amount: 5000,
        payment_info: { card_brand: 'VISA', last4: '4242', approval_code: 'APR-778899' },
      },
      { payment_type: PAYMENT_TYPE.CASH, payment_amount: 20_000 },
    ],
  };
}

describe('GET /api/pos/receipts/:uuid', () => {
  it('is public: no session, and a dead token changes nothing', async () => {
    const sale = await createSale(
      saleBody({ employeeId: a.users.staff.id, lines: [{ item_id: cat.pedicure }] }),
    );
    const anonymous = await receipt(sale.uuid);
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    expect(anonymous.json()).toMatchObject({ success: true, data: { uuid: sale.uuid } });
    const withDeadToken = await receipt(sale.uuid, { authorization: `Bearer ${'x'.repeat(22)}` });
    expect(withDeadToken.statusCode).toBe(200);
    // Private link: never cached on the way, never indexed.
    expect(anonymous.headers['cache-control']).toBe('no-store');
    expect(anonymous.headers['x-robots-tag']).toContain('noindex');
  });

  it('prints the sale’s stored totals, lines per employee, discounts, each tax, tips, payments and change', async () => {
    const sale = await createSale(richSaleBody());
    const res = await receipt(sale.uuid);
    expect(res.statusCode, res.body).toBe(200);
    const data = receiptSchema.parse(dataOf(res)) as ReceiptData;

    expect(data.store).toEqual({
      ...STORE_RECEIPT,
      footer: null,
      currency: 'USD',
      timezone: 'UTC',
    });
    expect(data).toMatchObject({
      status: SALE_STATUS.SALE,
      ticket_no: sale.ticket_no,
      daily_ticket_no: sale.daily_ticket_no,
      invoice_no: sale.invoice_no,
      order_at: sale.order_at,
      customer_first_name: 'Mai',
      refunded_amount: 0,
    });
    // Every total is the sale's own figure.
    expect(data.totals).toEqual({
      sub_total: sale.totals.sub_total,
      discount_amount: sale.totals.discount_amount,
      taxes: sale.totals.taxes,
      tip_amount: sale.totals.tip_amount,
      creditcard_fee: sale.totals.creditcard_fee,
      total_price: sale.totals.total_price,
      paid_customer_total: sale.totals.paid_customer_total,
      change: sale.totals.paid_customer_change_amount_total,
    });
    expect(data.totals.tip_amount).toBe(800);
    expect(data.totals.change).toBeGreaterThan(0);

    // Lines per employee, as the sale computed them.
    expect(data.employees.map((e) => [e.name, e.tip])).toEqual([
      [a.users.staff.displayName, 500],
      [a.users.manager.displayName, 300],
    ]);
    const [manicure, oil] = sale.orderEmployees[0].orderItems;
    expect(data.employees[0]!.lines).toEqual([
      {
        item_type: ITEM_TYPE.SERVICE,
        name: 'Gel manicure',
        quantity: 2,
        unit_price: 4500,
        gross: 9000,
        item_discount: 900,
        employee_discount: 150,
        net: manicure.net,
        refunded_quantity: 0,
      },
      {
        item_type: ITEM_TYPE.PRODUCT,
        name: 'Cuticle oil',
        quantity: 1,
        // The overridden price is what was charged.
        unit_price: 1000,
        gross: 1000,
        item_discount: 0,
        employee_discount: 0,
        net: oil.net,
        refunded_quantity: 0,
      },
    ]);
    expect(data.employees[1]!.lines.map((l) => [l.name, l.gross])).toEqual([['Pedicure', 3000]]);

    // Order discounts with the amounts the sale took; each tax rate summed over the lines adds up to taxes.
    expect(data.order_discounts).toEqual([
      { kind: 'ticket', amount: sale.discount_amounts.discount_ticket },
      { kind: 'membership', amount: sale.discount_amounts.discount_membership },
    ]);
    expect(data.taxes.map((t) => t.rate)).toEqual([5, 9.5]);
    expect(data.taxes.reduce((sum, t) => sum + t.amount, 0)).toBe(sale.totals.taxes);
    expect(data.taxes[1]!.amount).toBe(manicure.tax_amounts[1]);
    const lineDiscounts = data.employees
      .flatMap((e) => e.lines)
      .reduce((sum, l) => sum + l.item_discount + l.employee_discount, 0);
    expect(lineDiscounts + data.order_discounts.reduce((sum, d) => sum + d.amount, 0)).toBe(
      sale.totals.discount_amount,
    );

    // A card keeps brand and last 4 only; cash is what was tendered.
    expect(data.payments).toEqual([
      { payment_type: PAYMENT_TYPE.CREDIT, amount: 5000, card_brand: 'VISA', last4: '4242' },
      { payment_type: PAYMENT_TYPE.CASH, amount: 20_000 },
    ]);
  });

  it('prints a card fee only when the customer paid it: the printed totals add up to the total either way', async () => {
    for (const toCustomer of [false, true]) {
      const shop = await api.tenant({
        storeSettings: { creditcard_fee_percent: 3, creditcard_fee_to_customer: toCustomer },
      });
      const shopCatalog = await createSaleCatalog(api.db, shop);
      const body = saleBody({ employeeId: shop.users.staff.id, lines: [{ item_id: shopCatalog.pedicure }] });
      const sale = await createSale(
        // Pedicure $30.00, untaxed, all on a card: a 3 % fee of $0.90.
        { ...body, payments: [{ payment_type: PAYMENT_TYPE.CREDIT, payment_amount: 3000 }] },
        shop,
      );
      expect(sale.totals.creditcard_fee, 'the sale records the fee either way').toBe(90);
      const { totals } = receiptSchema.parse(dataOf(await receipt(sale.uuid)));
      expect(totals.creditcard_fee).toBe(toCustomer ? sale.totals.creditcard_fee : 0);
      expect(
        totals.sub_total - totals.discount_amount + totals.taxes + totals.tip_amount + totals.creditcard_fee,
      ).toBe(totals.total_price);
    }
  });

  it('leaves out the customer’s last name, phone and email, ids, costs and the card approval code', async () => {
    const sale = await createSale(richSaleBody());
    const res = await receipt(sale.uuid);
    const body = res.body;
    for (const secret of [CUSTOMER_PHONE, CUSTOMER_EMAIL, 'Tran', 'APR-778899']) {
      expect(body).not.toContain(secret);
    }
    const data = dataOf(res);
    for (const key of ['customer', 'customer_id', 'customer_name', 'cashier_id', 'id', 'note', 'store_id']) {
      expect(data).not.toHaveProperty(key);
    }
    expect(data.totals).not.toHaveProperty('total_cost');
    expect(data.totals).not.toHaveProperty('total_commission');
    for (const line of data.employees.flatMap((e: { lines: object[] }) => e.lines)) {
      for (const key of ['cost', 'commission', 'item_id', 'giftcard_number', 'info', 'id']) {
        expect(line).not.toHaveProperty(key);
      }
    }
    expect(JSON.stringify(data.payments)).not.toMatch(/approval|reference|processor/);
  });

  it('prints a sold gift card without its number, and a check without its number', async () => {
    const sale = await createSale(
      saleBody({
        employeeId: a.users.staff.id,
        lines: [{ item_id: 0, item_type: ITEM_TYPE.GIFTCARD, price: 2500, giftcard_number: 'RCPT-7731' }],
        payments: [
          {
            payment_type: PAYMENT_TYPE.CHECK,
            payment_amount: 2500,
            payment_info: { reference: 'CHK-99120' },
          },
        ],
      }),
    );
    const res = await receipt(sale.uuid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('7731');
    expect(res.body).not.toContain('CHK-99120');
    const data = dataOf(res) as ReceiptData;
    expect(data.employees[0]!.lines[0]).toMatchObject({ item_type: ITEM_TYPE.GIFTCARD, name: 'Gift card' });
    expect(data.payments).toEqual([{ payment_type: PAYMENT_TYPE.CHECK, amount: 2500 }]);
    expect(data.customer_first_name).toBeNull();
  });

  it('prints Momo, VnPay and VietQr as Cash and leaves out voided payments (000 §9)', async () => {
    // Completed with cash; the wallet payments are laid beside it the way the payments service stores them
    // (their provider round trip is tested in the payments routes).
    const paid = await createSale(
      saleBody({
        employeeId: a.users.staff.id,
        lines: [{ item_id: cat.pedicure }],
        payments: [
          { payment_type: PAYMENT_TYPE.CASH, payment_amount: 1000 },
          { payment_type: PAYMENT_TYPE.CASH, payment_amount: 2000 },
        ],
      }),
    );
    const row = (type: number, amount: number, status = 'approved' as const) => ({
      tenantId: a.tenantId,
      storeId: a.store.id,
      saleId: paid.id,
      paymentType: type as 9,
      amount,
      status,
      processorReference: `wallet-${type}`,
    });
    await api.db
      .insert(salePayments)
      .values([
        row(PAYMENT_TYPE.MOMO, 700),
        row(PAYMENT_TYPE.VN_PAY, 800),
        row(PAYMENT_TYPE.VIET_QR, 500),
        { ...row(PAYMENT_TYPE.VENMO, 999), status: 'voided' },
      ]);
    const data = dataOf(await receipt(paid.uuid)) as ReceiptData;
    expect(data.payments).toEqual([{ payment_type: PAYMENT_TYPE.CASH, amount: 3000 + 700 + 800 + 500 }]);
    expect(JSON.stringify(data)).not.toContain('wallet-');
  });

  it('marks a voided sale and a refunded sale with their status and the amount given back', async () => {
    const approved = api.as(a, ROLE.STAFF, { approver: ROLE.MANAGER });
    const toVoid = await createSale(
      saleBody({ employeeId: a.users.staff.id, lines: [{ item_id: cat.pedicure }] }),
    );
    expect((await approved.post(`/api/pos/sales/${toVoid.id}/void`, {})).statusCode).toBe(200);
    expect((dataOf(await receipt(toVoid.uuid)) as ReceiptData).status).toBe(SALE_STATUS.VOID);

    const toRefund = await createSale(
      saleBody({ employeeId: a.users.staff.id, lines: [{ item_id: cat.pedicure }] }),
    );
    const refund = await approved.post(`/api/pos/sales/${toRefund.id}/refund`, {});
    expect(refund.statusCode, refund.body).toBe(200);
    const refunded = dataOf(await receipt(toRefund.uuid)) as ReceiptData;
    expect(refunded.status).toBe(SALE_STATUS.REFUND);
    expect(refunded.refunded_amount).toBe(3000);
    expect(refunded.employees[0]!.lines[0]!.refunded_quantity).toBe(1);
    // The totals of the sale stay what was sold; the refund is its own figure.
    expect(refunded.totals.total_price).toBe(toRefund.totals.total_price);
  });

  it('answers 404 "Receipt not found." for unknown and malformed uuids, a draft and a trashed sale', async () => {
    const draft = await createSale(
      saleBody({
        employeeId: a.users.staff.id,
        lines: [{ item_id: cat.pedicure }],
        status: SALE_STATUS.DRAFT,
        payments: [],
      }),
    );
    const trashed = await createSale(
      saleBody({ employeeId: a.users.staff.id, lines: [{ item_id: cat.pedicure }] }),
    );
    await api.db
      .update(sales)
      .set({ status: SALE_STATUS.TRASH, statusBeforeTrash: SALE_STATUS.SALE, trashedAt: new Date() })
      .where(eq(sales.id, trashed.id));
    const ids = [
      randomUUID(),
      'not-a-uuid',
      '123',
      `${randomUUID()}x`,
      "1' or '1'='1",
      encodeURIComponent('../sales'),
      'f'.repeat(90),
      draft.uuid,
      trashed.uuid,
    ];
    for (const id of ids) {
      const res = await receipt(id);
      expect(res.statusCode, `${id}: ${res.body}`).toBe(404);
      expect(res.json()).toEqual({
        success: false,
        data: null,
        code: ERROR_CODE.NOT_FOUND,
        message: RECEIPT_NOT_FOUND_MESSAGE,
      });
    }
  });

  it('finds the receipt whatever the letter case of the uuid', async () => {
    const sale = await createSale(
      saleBody({ employeeId: a.users.staff.id, lines: [{ item_id: cat.pedicure }] }),
    );
    const res = await receipt(String(sale.uuid).toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(dataOf(res).invoice_no).toBe(sale.invoice_no);
  });

  it('keeps showing the first sale when another tenant later saves a sale under the same uuid', async () => {
    const uuid = randomUUID();
    const original = await createSale(
      saleBody({ employeeId: a.users.staff.id, lines: [{ item_id: cat.pedicure }], uuid }),
    );
    const copy = await createSale(
      saleBody({ employeeId: b.users.staff.id, lines: [{ item_id: catB.manicure }], uuid }),
      b,
    );
    expect(copy.uuid).toBe(uuid);
    const data = dataOf(await receipt(uuid)) as ReceiptData;
    expect(data.invoice_no).toBe(original.invoice_no);
    expect(data.store.name).toBe(STORE_RECEIPT.name);
    expect(data.employees[0]!.lines[0]!.name).toBe('Pedicure');
  });

  it('falls back to the store name when the store has no receipt header', async () => {
    const sale = await createSale(
      saleBody({ employeeId: b.users.staff.id, lines: [{ item_id: catB.pedicure }] }),
      b,
    );
    const [store] = await api.db.select().from(stores).where(eq(stores.id, b.store.id));
    const data = dataOf(await receipt(sale.uuid)) as ReceiptData;
    expect(data.store).toMatchObject({ name: store!.name, address: null, phone: null, footer: null });
  });
});

describe('receipt rate limit', () => {
  it('throttles one client address after the budget (429)', async () => {
    // Its own app: the budget is per app instance and per address, and this test uses it up.
    const own = apiClient(await api.buildApp());
    const statuses: number[] = [];
    for (let i = 0; i < RECEIPT_RATE_LIMIT.max; i++) {
      statuses.push((await own.get(`/api/pos/receipts/${randomUUID()}`)).statusCode);
    }
    expect(statuses.every((s) => s === 404)).toBe(true);
    const last = await own.get(`/api/pos/receipts/${randomUUID()}`);
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ success: false, data: null });
  });
});
