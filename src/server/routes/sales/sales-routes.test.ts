import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../../../contracts/error-codes';
import {
  DISCOUNT_SOURCE,
  DISCOUNT_TYPE,
  ITEM_TYPE,
  PAYMENT_TYPE,
  SALE_STATUS,
} from '../../../domain/constants';
import { computeOrderTotals } from '../../../domain/order-total';
import { auditLog } from '../../db/schema/audit-log';
import { giftcards } from '../../db/schema/giftcards';
import { giftcardHistories } from '../../db/schema/ledger-histories';
import { saleLines, sales } from '../../db/schema/sales';
import { NOT_PAID_MESSAGE, UUID_REUSED_MESSAGE } from '../../services/sales/messages';
import { apiHarness, dataOf } from '../../../../tests/support/server/api-harness';
import { createSaleCatalog, saleBody } from '../../../../tests/support/server/sale-test-data';

const api = await apiHarness({ poolMax: 20 });
const a = await api.tenant();
const b = await api.tenant();
const cat = await createSaleCatalog(api.db, a);
const catB = await createSaleCatalog(api.db, b);

async function countSales(tenantId: number): Promise<number> {
  const [row] = await api.db
    .select({ n: sql<number>`count(*)::int` })
    .from(sales)
    .where(eq(sales.tenantId, tenantId));
  return row!.n;
}

describe('POST /api/pos/sales', () => {
  it('recomputes every amount from the catalog: a tampered client total, price, name and tax are ignored', async () => {
    const body = saleBody({
      employeeId: a.users.staff.id,
      lines: [{ item_id: cat.manicure, unit_price: 1 }],
      payments: [{ payment_type: PAYMENT_TYPE.CASH, payment_amount: 6000 }],
      extra: { orderTotal: { total_price: 1, sub_total: 1 }, total_price: 1 },
    });
    const res = await api.as(a, 'staff').post('/api/pos/sales', body);
    expect(res.statusCode).toBe(201);
    const sale = dataOf(res);
    // 45.00 + 5 % (2.25) + 9.5 % (4.275 → 4.28) = 51.53; cash 60.00 → change 8.47.
    expect(sale.totals).toMatchObject({
      sub_total: 4500,
      taxes: 653,
      total_price: 5153,
      paid_customer_total: 6000,
      paid_customer_change_amount_total: 847,
      total_cost: 300,
    });
    const line = sale.orderEmployees[0].orderItems[0];
    expect(line).toMatchObject({
      name: 'Gel manicure',
      unit_price: 4500,
      taxes: '5,9.5',
      price: null,
      tax: 653,
    });
    expect(sale).toMatchObject({
      status: SALE_STATUS.SALE,
      uuid: body.uuid,
      balance_due: 0,
      cashier_id: a.users.staff.id,
    });
    // The fields of the domain's CreatedSale are all there.
    for (const field of ['id', 'ticket_no', 'daily_ticket_no', 'invoice_no', 'order_at'])
      expect(sale[field]).toBeDefined();
    expect(sale.invoice_no).toMatch(/^S0001-\d{6}$/);
    expect(sale.payments).toHaveLength(1);

    const [row] = await api.db.select().from(sales).where(eq(sales.id, sale.id));
    expect(row!.totalPrice).toBe(5153);
    // The snapshot rebuilds the same totals (what the payments service recomputes from).
    expect(computeOrderTotals(row!.orderSnapshot).total.total_price).toBe(5153);
  });

  it('honours a price override, records it on the line and writes an audit row', async () => {
    const body = saleBody({ employeeId: a.users.staff.id, lines: [{ item_id: cat.manicure, price: 4000 }] });
    const res = await api.as(a, 'staff').post('/api/pos/sales', body);
    expect(res.statusCode).toBe(201);
    const sale = dataOf(res);
    expect(sale.totals.sub_total).toBe(4000);
    // 40.00 × 5 % = 2.00, × 9.5 % = 3.80.
    expect(sale.totals.taxes).toBe(580);
    const [line] = await api.db.select().from(saleLines).where(eq(saleLines.saleId, sale.id));
    expect(line).toMatchObject({ unitPrice: 4500, priceOverride: 4000, gross: 4000 });
    const audits = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(sale.id)), eq(auditLog.action, 'sale.price_override')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.userId).toBe(a.users.staff.id);
    expect(JSON.stringify(audits[0]!.after)).toContain('4000');
  });

  it('applies line discounts, the customer membership (not the client figure) and a manager discount', async () => {
    const body = saleBody({
      employeeId: a.users.staff.id,
      lines: [
        {
          item_id: cat.pedicure,
          discounts: [{ type: DISCOUNT_SOURCE.ITEM, discount: { type: DISCOUNT_TYPE.AMOUNT, value: 500 } }],
        },
      ],
      extra: {
        customer: { id: cat.member, name: 'x' },
        discount: {
          membership: { type: DISCOUNT_TYPE.PERCENT, value: 90 },
          manager: { type: DISCOUNT_TYPE.AMOUNT, value: 100, approved_by: a.users.manager.id },
        },
      },
    });
    const res = await api.as(a, 'staff').post('/api/pos/sales', body);
    expect(res.statusCode).toBe(201);
    const sale = dataOf(res);
    // 30.00 − 5.00 item = 25.00 base; Gold 10 % = 2.50; manager 1.00.
    expect(sale.discount_amounts).toMatchObject({
      discount_item: 500,
      discount_membership: 250,
      discount_manager: 100,
    });
    expect(sale.totals.total_price).toBe(3000 - 500 - 250 - 100);
    expect(sale.customer).toMatchObject({ id: cat.member, name: 'Mai Tran' });
    expect(sale.customer_name).toBe('Mai Tran');
  });

  it('refuses a manager discount approved by staff', async () => {
    const body = saleBody({
      employeeId: a.users.staff.id,
      lines: [{ item_id: cat.pedicure }],
      extra: { discount: { manager: { type: 1, value: 100, approved_by: a.users.staff.id } } },
    });
    const res = await api.as(a, 'staff').post('/api/pos/sales', body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty(['discount.manager.approved_by']);
  });

  it('refuses unknown, inactive and other-tenant items, and employees who do not work here, with field errors', async () => {
    const body = saleBody({
      employeeId: b.users.staff.id,
      lines: [
        { item_id: cat.inactive },
        { item_id: catB.manicure },
        { item_id: 999_999_999, item_type: ITEM_TYPE.PRODUCT },
      ],
    });
    const res = await api.as(a, 'staff').post('/api/pos/sales', body);
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(Object.keys(errors).sort()).toEqual([
      'orderEmployees.0.employee.id',
      'orderEmployees.0.orderItems.0.item_id',
      'orderEmployees.0.orderItems.1.item_id',
      'orderEmployees.0.orderItems.2.item_id',
    ]);
    expect(await countSales(a.tenantId)).toBeGreaterThanOrEqual(0);
  });

  it('refuses a sale that is not paid in full, and a card payment above the total', async () => {
    const unpaid = saleBody({
      employeeId: a.users.staff.id,
      lines: [{ item_id: cat.pedicure }],
      payments: [{ payment_type: PAYMENT_TYPE.CASH, payment_amount: 2999 }],
    });
    const res = await api.as(a, 'staff').post('/api/pos/sales', unpaid);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: ERROR_CODE.SALE_NOT_PAID, message: NOT_PAID_MESSAGE });
    const overCard = saleBody({
      employeeId: a.users.staff.id,
      lines: [{ item_id: cat.pedicure }],
      payments: [
        { payment_type: PAYMENT_TYPE.CREDIT, payment_amount: 3500, payment_info: { last4: '4242' } },
      ],
    });
    expect((await api.as(a, 'staff').post('/api/pos/sales', overCard)).statusCode).toBe(422);
  });

  it('needs an Idempotency-Key (400 without one) and replays the same answer for the same key', async () => {
    const body = saleBody({ employeeId: a.users.staff.id, lines: [{ item_id: cat.pedicure }] });
    const noKey = await api.as(a, 'staff').post('/api/pos/sales', body, { key: null });
    expect(noKey.statusCode).toBe(400);
    const before = await countSales(a.tenantId);
    const key = randomUUID();
    const first = await api.as(a, 'staff').post('/api/pos/sales', body, { key });
    const second = await api.as(a, 'staff').post('/api/pos/sales', body, { key });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await countSales(a.tenantId)).toBe(before + 1);
  });

  it('returns the existing sale for its uuid under another key when the order is the same, 409 when it differs', async () => {
    const body = saleBody({ employeeId: a.users.staff.id, lines: [{ item_id: cat.manicure, price: 4500 }] });
    const first = await api.as(a, 'staff').post('/api/pos/sales', body);
    expect(first.statusCode).toBe(201);
    const again = await api.as(a, 'staff').post('/api/pos/sales', body);
    expect(again.statusCode).toBe(200);
    expect(dataOf(again)).toEqual(dataOf(first));
    const changed = saleBody({
      uuid: body.uuid as string,
      employeeId: a.users.staff.id,
      lines: [{ item_id: cat.manicure, quantity: 2 }],
    });
    const conflict = await api.as(a, 'staff').post('/api/pos/sales', changed);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ code: ERROR_CODE.UUID_REUSED, message: UUID_REUSED_MESSAGE });
    const [n] = await api.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sales)
      .where(and(eq(sales.tenantId, a.tenantId), eq(sales.uuid, body.uuid as string)));
    expect(n!.n).toBe(1);
  });

  it('50 parallel creates with one key make exactly one sale, every answer the same', async () => {
    const body = saleBody({
      employeeId: a.users.staff.id,
      lines: [{ item_id: cat.oil, item_type: ITEM_TYPE.PRODUCT }],
    });
    const key = randomUUID();
    const before = await countSales(a.tenantId);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => api.as(a, 'staff').post('/api/pos/sales', body, { key })),
    );
    const ok = answers.filter((r) => r.statusCode === 201);
    // A duplicate that waited past the key's wait bound answers 409 "still running"; none may create a sale.
    expect(answers.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((r) => dataOf(r).id)).size).toBe(1);
    expect(await countSales(a.tenantId)).toBe(before + 1);
  });

  it('50 parallel creates with different keys get ticket and daily numbers 1..50, no gap, no duplicate', async () => {
    const c = await api.tenant();
    const catC = await createSaleCatalog(api.db, c);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        api
          .as(c, 'staff')
          .post(
            '/api/pos/sales',
            saleBody({ employeeId: c.users.staff.id, lines: [{ item_id: catC.pedicure }] }),
          ),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: 50 }, () => 201));
    const rows = await api.db
      .select({ ticketNo: sales.ticketNo, dailyTicketNo: sales.dailyTicketNo, invoiceNo: sales.invoiceNo })
      .from(sales)
      .where(eq(sales.tenantId, c.tenantId));
    const range = Array.from({ length: 50 }, (_, i) => i + 1);
    expect(rows.map((r) => r.ticketNo).sort((x, y) => x - y)).toEqual(range);
    expect(rows.map((r) => r.dailyTicketNo).sort((x, y) => x - y)).toEqual(range);
    expect(new Set(rows.map((r) => r.invoiceNo)).size).toBe(50);
  });

  it('sells a gift card: the card is issued with its amount and an issue history row, untaxed', async () => {
    const body = saleBody({
      employeeId: a.users.staff.id,
      lines: [{ item_id: 0, item_type: ITEM_TYPE.GIFTCARD, unit_price: 5000, giftcard_number: 'gc-777 01' }],
    });
    const res = await api.as(a, 'staff').post('/api/pos/sales', body);
    expect(res.statusCode).toBe(201);
    const sale = dataOf(res);
    expect(sale.totals).toMatchObject({ sub_total: 5000, taxes: 0, total_price: 5000 });
    const [card] = await api.db
      .select()
      .from(giftcards)
      .where(and(eq(giftcards.tenantId, a.tenantId), eq(giftcards.number, 'GC-77701')));
    expect(card).toMatchObject({ balance: 5000, initialAmount: 5000 });
    expect(sale.orderEmployees[0].orderItems[0].item_id).toBe(card!.id);
    const history = await api.db
      .select()
      .from(giftcardHistories)
      .where(eq(giftcardHistories.giftcardId, card!.id));
    expect(history).toMatchObject([{ kind: 'issue', amount: 5000, balanceAfter: 5000, saleId: sale.id }]);
  });

  it('validates the body: a malformed order is 422 with field errors, never a 5xx', async () => {
    const bad = [
      {},
      { uuid: 'not-a-uuid', orderEmployees: [] },
      saleBody({ employeeId: a.users.staff.id, lines: [{ item_id: cat.pedicure, quantity: 0 }] }),
      saleBody({ employeeId: a.users.staff.id, lines: [{ item_id: cat.pedicure, price: 10.5 }] }),
      saleBody({ employeeId: a.users.staff.id, lines: [{ item_id: cat.pedicure, price: -1 }] }),
      saleBody({ employeeId: a.users.staff.id, lines: [{ item_id: cat.pedicure, price: 1e20 }] }),
      saleBody({
        employeeId: a.users.staff.id,
        lines: [{ item_id: cat.pedicure }],
        extra: { order_at: '2999-01-01T00:00:00Z' },
      }),
      saleBody({ employeeId: a.users.staff.id, lines: [] }),
    ];
    for (const body of bad) {
      const res = await api.as(a, 'staff').post('/api/pos/sales', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
  });
});

describe('fuzzed sale bodies', () => {
  const ORDER_FIELDS = [
    'uuid',
    'status',
    'order_at',
    'orderEmployees',
    'discount',
    'payments',
    'customer',
    'employee',
  ];
  const ITEM_FIELDS = [
    'item_id',
    'item_type',
    'quantity',
    'price',
    'unit_price',
    'discounts',
    'giftcard_number',
    'info',
  ];

  it('never answer a 5xx and never store a negative or fractional amount', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ORDER_FIELDS),
        fc.constantFrom(...ITEM_FIELDS),
        fc.anything(),
        fc.anything(),
        fc.boolean(),
        async (orderField, itemField, orderValue, itemValue, mutateItem) => {
          const body = saleBody({ employeeId: a.users.staff.id, lines: [{ item_id: cat.pedicure }] });
          if (mutateItem) {
            const group = (body.orderEmployees as { orderItems: Record<string, unknown>[] }[])[0]!;
            group.orderItems[0]![itemField] = itemValue;
          } else {
            body[orderField] = orderValue;
          }
          const res = await api.as(a, 'staff').post('/api/pos/sales', body);
          expect(res.statusCode, res.body).toBeLessThan(500);
          if (res.statusCode === 201) {
            const totals = dataOf(res).totals as Record<string, number | boolean>;
            for (const value of Object.values(totals)) {
              if (typeof value === 'number') expect(Number.isSafeInteger(value) && value >= 0).toBe(true);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('drafts: POST /api/pos/sales/:id', () => {
  it('saves a draft without payments, updates it with a recompute, completes it, then refuses changes', async () => {
    const uuid = randomUUID();
    const draft = saleBody({
      uuid,
      status: SALE_STATUS.DRAFT,
      employeeId: a.users.staff.id,
      lines: [{ item_id: cat.pedicure }],
      payments: [],
    });
    const created = await api.as(a, 'staff').post('/api/pos/sales', draft);
    expect(created.statusCode).toBe(201);
    const id = dataOf(created).id;
    expect(dataOf(created)).toMatchObject({ status: SALE_STATUS.DRAFT, payments: [] });

    const withPayment = saleBody({
      status: SALE_STATUS.DRAFT,
      employeeId: a.users.staff.id,
      lines: [{ item_id: cat.pedicure }],
    });
    expect((await api.as(a, 'staff').post('/api/pos/sales', withPayment)).statusCode).toBe(422);

    const bigger = saleBody({
      uuid,
      status: SALE_STATUS.DRAFT,
      employeeId: a.users.staff.id,
      lines: [{ item_id: cat.pedicure, quantity: 2 }],
      payments: [],
    });
    const updated = await api.as(a, 'staff').post(`/api/pos/sales/${id}`, bigger);
    expect(updated.statusCode).toBe(200);
    expect(dataOf(updated)).toMatchObject({
      id,
      status: SALE_STATUS.DRAFT,
      ticket_no: dataOf(created).ticket_no,
    });
    expect(dataOf(updated).totals.total_price).toBe(6000);

    const unpaid = {
      ...bigger,
      status: SALE_STATUS.SALE,
      payments: [{ payment_type: 1, payment_amount: 100 }],
    };
    expect((await api.as(a, 'staff').post(`/api/pos/sales/${id}`, unpaid)).statusCode).toBe(422);
    const paid = {
      ...bigger,
      status: SALE_STATUS.SALE,
      payments: [{ payment_type: 1, payment_amount: 6000 }],
    };
    const completed = await api.as(a, 'staff').post(`/api/pos/sales/${id}`, paid);
    expect(completed.statusCode).toBe(200);
    expect(dataOf(completed)).toMatchObject({ status: SALE_STATUS.SALE, balance_due: 0 });
    expect(dataOf(completed).payments).toHaveLength(1);

    const again = await api.as(a, 'staff').post(`/api/pos/sales/${id}`, paid);
    expect(again.statusCode).toBe(409);
  });
});

describe('GET /api/pos/sales and /:id', () => {
  it("reads a sale of the store; another tenant's sale id is 404", async () => {
    const res = await api.as(a, 'staff').post(
      '/api/pos/sales',
      saleBody({
        employeeId: a.users.staff.id,
        lines: [{ item_id: cat.kit, item_type: ITEM_TYPE.PRODUCT_KIT }],
      }),
    );
    const id = dataOf(res).id;
    const mine = await api.as(a, 'staff').get(`/api/pos/sales/${id}`);
    expect(mine.statusCode).toBe(200);
    expect(dataOf(mine)).toEqual(dataOf(res));
    expect((await api.as(b, 'owner').get(`/api/pos/sales/${id}`)).statusCode).toBe(404);
    expect((await api.as(b, 'owner').get(`/api/pos/sales/${id}/refund`)).statusCode).toBe(404);
    const tip = await api
      .as(b, 'owner')
      .post(`/api/pos/sales/${id}/tip`, { tips: [{ user_id: b.users.staff.id, tip_amount: 1 }] });
    expect(tip.statusCode).toBe(404);
    expect((await api.as(a, 'staff').get('/api/pos/sales/abc')).statusCode).toBe(422);
  });

  it('lists with filters, sort and pages', async () => {
    const res = await api.as(a, 'staff').get('/api/pos/sales?per_page=2&page=1&sort=-ticket_no');
    expect(res.statusCode).toBe(200);
    const page = dataOf(res);
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    expect(page.items[0].ticket_no).toBeGreaterThan(page.items[1].ticket_no);
    const one = await api.as(a, 'staff').get(`/api/pos/sales?filter[ticket_no]=${page.items[1].ticket_no}`);
    expect(dataOf(one).items.map((s: { id: number }) => s.id)).toEqual([page.items[1].id]);
    const drafts = await api.as(a, 'staff').get(`/api/pos/sales?filter[status]=${SALE_STATUS.DRAFT}`);
    expect(dataOf(drafts).items.every((s: { status: number }) => s.status === SALE_STATUS.DRAFT)).toBe(true);
    const byEmployee = await api
      .as(a, 'staff')
      .get(`/api/pos/sales?filter[employee_id]=${a.users.manager.id}`);
    expect(dataOf(byEmployee).total).toBe(0);
    expect((await api.as(a, 'staff').get('/api/pos/sales?filter[nope]=1')).statusCode).toBe(422);
    expect(dataOf(await api.as(b, 'owner').get('/api/pos/sales')).total).toBe(0);
  });
});
