import { and, asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { apiHarness, dataOf } from '../../../../tests/support/server/api-harness';
import {
  DISCOUNT_SOURCE,
  DISCOUNT_TYPE,
  ITEM_TYPE,
  PAYMENT_TYPE,
  SALE_STATUS,
} from '../../../domain/constants';
import type { SaleStatus } from '../../../domain/constants';
import { refundAmountOfLines } from '../../../domain/refund';
import { SALE_STATUS_ERROR, saleStatusError } from '../../../domain/sale-status';
import { MESSAGES } from '../../auth/access';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import { auditLog } from '../../db/schema/audit-log';
import { giftcards } from '../../db/schema/giftcards';
import { saleLines, sales } from '../../db/schema/sales';
import { users } from '../../db/schema/users';
import { createSaleCatalog, saleBody } from '../../../../tests/support/server/sale-test-data';
import type { LineSpec, SaleCatalog } from '../../../../tests/support/server/sale-test-data';

const api = await apiHarness();
let a: TenantFixture;
let b: TenantFixture;
let cat: SaleCatalog;

beforeAll(async () => {
  a = await api.tenant();
  b = await api.tenant();
  cat = await createSaleCatalog(api.db, a);
  await api.db.update(users).set({ commissionRate: 40 }).where(eq(users.id, a.users.staff.id));
  await api.db.update(users).set({ commissionRate: 50 }).where(eq(users.id, a.users.manager.id));
});

/** The manager's session with their own PIN approval (signed afresh: an approval lives five minutes). */
const manager = () => api.as(a, 'manager', { approver: 'manager' });

async function createSale(
  lines: LineSpec[] = [{ item_id: cat.manicure }],
  status: SaleStatus = SALE_STATUS.SALE,
) {
  const body = saleBody({
    employeeId: a.users.staff.id,
    lines,
    status,
    ...(status === SALE_STATUS.DRAFT ? { payments: [] } : {}),
  });
  const res = await manager().post('/api/pos/sales', body);
  expect(res.statusCode, res.body).toBe(201);
  return dataOf(res);
}

async function statusOf(id: number): Promise<{ status: number; cleared: boolean }> {
  const [row] = await api.db.select().from(sales).where(eq(sales.id, id));
  return { status: row!.status, cleared: row!.clearedAt !== null };
}

async function setStatus(id: number, status: number) {
  return manager().post(`/api/pos/sales/${id}/status`, { id, status });
}

/** A sale in each starting state the machine knows (Trash remembers Sale or Draft). */
const STARTS = ['draft', 'sale', 'refund', 'void', 'trash-of-sale', 'trash-of-draft'] as const;
type Start = (typeof STARTS)[number];

async function saleIn(start: Start): Promise<number> {
  // A draft of a free line: paid in full at 0, so completing it is the machine's call alone.
  if (start === 'draft' || start === 'trash-of-draft') {
    const draft = await createSale([{ item_id: cat.pedicure, price: 0 }], SALE_STATUS.DRAFT);
    if (start === 'trash-of-draft')
      expect((await setStatus(draft.id, SALE_STATUS.TRASH)).statusCode).toBe(200);
    return draft.id;
  }
  const sale = await createSale();
  const move = {
    refund: SALE_STATUS.REFUND,
    void: SALE_STATUS.VOID,
    'trash-of-sale': SALE_STATUS.TRASH,
    sale: null,
  }[start];
  if (move !== null) expect((await setStatus(sale.id, move)).statusCode).toBe(200);
  return sale.id;
}

const START_STATUS: Record<Start, SaleStatus> = {
  draft: SALE_STATUS.DRAFT,
  sale: SALE_STATUS.SALE,
  refund: SALE_STATUS.REFUND,
  void: SALE_STATUS.VOID,
  'trash-of-sale': SALE_STATUS.TRASH,
  'trash-of-draft': SALE_STATUS.TRASH,
};

/** The moves docs/sales.md#sale-status allows (the sale-status machine's chart); every other pair must be 409. */
const ALLOWED: Record<Start, readonly SaleStatus[]> = {
  draft: [SALE_STATUS.SALE, SALE_STATUS.TRASH],
  sale: [SALE_STATUS.REFUND, SALE_STATUS.VOID, SALE_STATUS.TRASH],
  refund: [SALE_STATUS.TRASH],
  void: [SALE_STATUS.TRASH],
  'trash-of-sale': [SALE_STATUS.SALE],
  'trash-of-draft': [SALE_STATUS.DRAFT],
};

const TARGETS: readonly SaleStatus[] = [
  SALE_STATUS.SALE,
  SALE_STATUS.REFUND,
  SALE_STATUS.VOID,
  SALE_STATUS.DRAFT,
  SALE_STATUS.TRASH,
];

describe('status moves: every pair tried through POST /status', () => {
  for (const start of STARTS) {
    for (const target of TARGETS) {
      const allowed = ALLOWED[start].includes(target);
      it(`${start} → ${target}: ${allowed ? 'moves' : '409, unchanged'}`, async () => {
        const id = await saleIn(start);
        const res = await setStatus(id, target);
        if (allowed) {
          expect(res.statusCode, res.body).toBe(200);
          expect(dataOf(res).status).toBe(target);
          expect((await statusOf(id)).status).toBe(target);
        } else {
          expect(res.statusCode, res.body).toBe(409);
          expect(res.json().message.length).toBeGreaterThan(10);
          expect((await statusOf(id)).status).toBe(START_STATUS[start]);
        }
      });
    }
  }

  it('completing a draft that is not paid in full is 422, and it stays a draft', async () => {
    const draft = await createSale([{ item_id: cat.pedicure }], SALE_STATUS.DRAFT);
    const res = await setStatus(draft.id, SALE_STATUS.SALE);
    expect(res.statusCode).toBe(422);
    expect((await statusOf(draft.id)).status).toBe(SALE_STATUS.DRAFT);
  });

  it('the dedicated endpoints obey the same machine', async () => {
    const refunded = await saleIn('refund');
    const voided = await saleIn('void');
    const sale = await saleIn('sale');
    const trashed = await saleIn('trash-of-sale');
    expect((await manager().post(`/api/pos/sales/${refunded}/void`, {})).statusCode).toBe(409);
    expect((await manager().post(`/api/pos/sales/${voided}/refund`, {})).statusCode).toBe(409);
    expect((await manager().post(`/api/pos/sales/${sale}/restore`)).statusCode).toBe(409);
    expect((await manager().del(`/api/pos/sales/clear-trashed/${sale}`)).statusCode).toBe(409);
    expect((await manager().del(`/api/pos/sales/${trashed}`)).statusCode).toBe(409);
    const restored = await manager().post(`/api/pos/sales/${trashed}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(dataOf(restored)).toMatchObject({
      status: SALE_STATUS.SALE,
      status_before_trash: null,
      trashed_at: null,
    });
  });
});

describe('void', () => {
  it('is refused the day after the sale (business day in the store time zone), and a refund still works', async () => {
    const sale = await createSale();
    await api.db
      .update(sales)
      .set({ orderAt: sql`now() - interval '2 days'` })
      .where(eq(sales.id, sale.id));
    const res = await manager().post(`/api/pos/sales/${sale.id}/void`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: ERROR_CODE.SALE_VOID_AFTER_BUSINESS_DAY,
      message: saleStatusError(SALE_STATUS_ERROR.VOID_AFTER_BUSINESS_DAY).message,
    });
    expect((await manager().post(`/api/pos/sales/${sale.id}/refund`, {})).statusCode).toBe(200);
  });

  it('refuses a staff PIN and a missing approval (403), and changes nothing', async () => {
    const sale = await createSale();
    const staffPin = api.as(a, 'staff', { approver: 'staff' });
    const byStaff = await staffPin.post(`/api/pos/sales/${sale.id}/void`, {});
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json()).toMatchObject({
      code: ERROR_CODE.PIN_APPROVER_NOT_ALLOWED,
      message: MESSAGES.pinRole,
    });
    expect((await api.as(a, 'staff').post(`/api/pos/sales/${sale.id}/void`, {})).statusCode).toBe(403);
    const statusByStaff = await staffPin.post(`/api/pos/sales/${sale.id}/status`, { status: 3 });
    expect(statusByStaff.statusCode).toBe(403);
    expect((await statusOf(sale.id)).status).toBe(SALE_STATUS.SALE);
  });

  it('needs an Idempotency-Key', async () => {
    const sale = await createSale();
    const res = await manager().post(`/api/pos/sales/${sale.id}/void`, {}, { key: null });
    expect(res.statusCode).toBe(400);
  });

  it('voids with the approver in the audit row, and takes a gift card sold on it back', async () => {
    const sale = await createSale([
      { item_id: 0, item_type: ITEM_TYPE.GIFTCARD, unit_price: 2500, giftcard_number: 'VOID-GC-1' },
    ]);
    const res = await manager().post(`/api/pos/sales/${sale.id}/void`, { reason: 'wrong card' });
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res).status).toBe(SALE_STATUS.VOID);
    const [card] = await api.db.select().from(giftcards).where(eq(giftcards.number, 'VOID-GC-1'));
    expect(card!.balance).toBe(0);
    const [audit] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(sale.id)), eq(auditLog.action, 'sale.void')));
    expect(audit).toMatchObject({
      userId: a.users.manager.id,
      approvedBy: a.users.manager.id,
      entityType: 'sale',
    });
    expect(audit!.before).toMatchObject({ status: SALE_STATUS.SALE });
    expect(audit!.after).toMatchObject({ status: SALE_STATUS.VOID, reason: 'wrong card' });
  });
});

describe('refund', () => {
  /** Gel manicure × 2 with a 3.00 employee discount, and one cuticle oil. */
  const twoLines = (): LineSpec[] => [
    {
      item_id: cat.manicure,
      quantity: 2,
      discounts: [{ type: DISCOUNT_SOURCE.EMPLOYEE, discount: { type: DISCOUNT_TYPE.AMOUNT, value: 300 } }],
    },
    { item_id: cat.oil, item_type: ITEM_TYPE.PRODUCT },
  ];

  it('by lines keeps status Sale, gives back the domain amount, records quantities; over the rest is 422', async () => {
    const sale = await createSale(twoLines());
    const [manicure, oil] = sale.orderEmployees[0].orderItems;
    const [row] = await api.db.select().from(sales).where(eq(sales.id, sale.id));
    const expected = refundAmountOfLines(row!.orderSnapshot, [{ employeeIndex: 0, itemIndex: 0 }]);

    const info = await manager().get(`/api/pos/sales/${sale.id}/refund`);
    expect(dataOf(info).lines[0]).toMatchObject({
      sale_line_id: manicure.id,
      remaining_quantity: 2,
      refund_amount: expected,
    });

    const res = await manager().post(`/api/pos/sales/${sale.id}/refund`, {
      lines: [{ sale_line_id: manicure.id, quantity: 2 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { sale: after, refund } = dataOf(res);
    expect(after.status).toBe(SALE_STATUS.SALE);
    expect(after.has_refund).toBe(true);
    expect(refund.amount).toBe(expected);
    expect(after.refunded_amount).toBe(expected);
    expect(after.orderEmployees[0].orderItems[0].refunded_quantity).toBe(2);

    const over = await manager().post(`/api/pos/sales/${sale.id}/refund`, {
      lines: [{ sale_line_id: oil.id, quantity: 2 }],
    });
    expect(over.statusCode).toBe(422);
    const again = await manager().post(`/api/pos/sales/${sale.id}/refund`, {
      lines: [{ sale_line_id: manicure.id, quantity: 1 }],
    });
    expect(again.statusCode).toBe(422);
    // A partial refund forbids a void from then on.
    expect((await manager().post(`/api/pos/sales/${sale.id}/void`, {})).statusCode).toBe(409);

    const rest = await manager().post(`/api/pos/sales/${sale.id}/refund`, {
      lines: [{ sale_line_id: oil.id, quantity: 1 }],
    });
    expect(rest.statusCode).toBe(200);
    expect(dataOf(rest).sale.status).toBe(SALE_STATUS.REFUND);
    const audits = await api.db
      .select({ action: auditLog.action, approvedBy: auditLog.approvedBy })
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, a.tenantId), eq(auditLog.entityId, String(sale.id))))
      .orderBy(asc(auditLog.id));
    expect(audits.map((x) => x.action)).toEqual(['sale.create', 'sale.partial_refund', 'sale.refund']);
    expect(audits.slice(1).every((x) => x.approvedBy === a.users.manager.id)).toBe(true);
  });

  it('one unit at a time adds up to the domain amount of the whole line', async () => {
    const sale = await createSale(twoLines().slice(0, 1));
    const lineId = sale.orderEmployees[0].orderItems[0].id;
    const [row] = await api.db.select().from(sales).where(eq(sales.id, sale.id));
    const whole = refundAmountOfLines(row!.orderSnapshot, [{ employeeIndex: 0, itemIndex: 0 }]);
    const first = await manager().post(`/api/pos/sales/${sale.id}/refund`, {
      lines: [{ sale_line_id: lineId, quantity: 1 }],
    });
    const second = await manager().post(`/api/pos/sales/${sale.id}/refund`, {
      lines: [{ sale_line_id: lineId, quantity: 1 }],
    });
    expect(dataOf(first).refund.amount + dataOf(second).refund.amount).toBe(whole);
    expect(dataOf(second).sale.status).toBe(SALE_STATUS.REFUND);
    const [line] = await api.db.select().from(saleLines).where(eq(saleLines.id, lineId));
    expect(line!.refundedQuantity).toBe(2);
  });
});

describe('edits', () => {
  it('a tip change recomputes the totals and is audited', async () => {
    const sale = await createSale();
    const res = await manager().post(`/api/pos/sales/${sale.id}/tip`, {
      tips: [{ user_id: a.users.staff.id, tip_amount: 500 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = dataOf(res);
    expect(after.totals.tip_amount).toBe(500);
    expect(after.totals.total_price).toBe(sale.totals.total_price + 500);
    expect(after.orderEmployees[0].tips).toEqual({ user_id: a.users.staff.id, tip_amount: 500 });
    const wrong = await manager().post(`/api/pos/sales/${sale.id}/tip`, {
      tips: [{ user_id: a.users.owner.id, tip_amount: 1 }],
    });
    expect(wrong.statusCode).toBe(422);
    const [audit] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(sale.id)), eq(auditLog.action, 'sale.tip')));
    expect(audit!.after).toMatchObject({ tip_amount: 500 });
  });

  it('changing the employee moves lines and tip and recomputes commission', async () => {
    const sale = await createSale();
    // (45.00 − 3.00 supplies) × 40 % = 16.80 for staff; × 50 % = 21.00 for the manager.
    expect(sale.totals.total_commission).toBe(1680);
    const res = await manager().post(`/api/pos/sales/${sale.id}/employee`, {
      from_employee_id: a.users.staff.id,
      to_employee_id: a.users.manager.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = dataOf(res);
    expect(after.orderEmployees.map((g: { employee: { id: number } }) => g.employee.id)).toEqual([
      a.users.manager.id,
    ]);
    expect(after.employee.id).toBe(a.users.manager.id);
    expect(after.totals.total_commission).toBe(2100);
    const stranger = await manager().post(`/api/pos/sales/${sale.id}/employee`, {
      from_employee_id: a.users.manager.id,
      to_employee_id: b.users.staff.id,
    });
    expect(stranger.statusCode).toBe(422);
  });

  it('changing the order time keeps the ticket numbers; the future is refused', async () => {
    const sale = await createSale();
    const at = new Date(Date.now() - 3600_000).toISOString();
    const res = await manager().post(`/api/pos/sales/${sale.id}/order-at`, { order_at: at });
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res)).toMatchObject({
      order_at: at,
      ticket_no: sale.ticket_no,
      daily_ticket_no: sale.daily_ticket_no,
      business_date: sale.business_date,
    });
    const future = await manager().post(`/api/pos/sales/${sale.id}/order-at`, {
      order_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(future.statusCode).toBe(422);
  });
});

describe('trash, clear, bulk, save all, invoice', () => {
  it('clear one hides the sale for good; clear all clears every trashed sale', async () => {
    const one = await saleIn('trash-of-sale');
    const two = await saleIn('trash-of-sale');
    const three = await saleIn('trash-of-draft');
    const cleared = await manager().del(`/api/pos/sales/clear-trashed/${one}`);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await statusOf(one)).toEqual({ status: SALE_STATUS.TRASH, cleared: true });
    expect((await manager().get(`/api/pos/sales/${one}`)).statusCode).toBe(404);
    const listed = dataOf(await manager().get('/api/pos/sales?per_page=200'));
    expect(listed.items.some((s: { id: number }) => s.id === one)).toBe(false);
    const all = await manager().del('/api/pos/sales/clear-trashed/all');
    expect(all.statusCode).toBe(200);
    expect(dataOf(all).ids).toEqual(expect.arrayContaining([two, three]));
    expect((await statusOf(two)).cleared).toBe(true);
    expect((await api.as(a, 'manager').del('/api/pos/sales/clear-trashed/all')).statusCode).toBe(403);
  });

  it('bulk trashes and restores many sales in one transaction; one refused move refuses them all', async () => {
    const x = await saleIn('sale');
    const y = await saleIn('refund');
    const trash = await manager().post('/api/pos/sales/bulk', { action: 'trash', ids: [x, y] });
    expect(trash.statusCode, trash.body).toBe(200);
    expect(dataOf(trash).items.map((i: { status: number }) => i.status)).toEqual([9, 9]);
    const restore = await manager().post('/api/pos/sales/bulk', { action: 'restore', ids: [x, y] });
    expect(dataOf(restore).items.map((i: { status: number }) => i.status)).toEqual([1, 2]);
    const z = await saleIn('trash-of-sale');
    const mixed = await manager().post('/api/pos/sales/bulk', { action: 'restore', ids: [z, x] });
    expect(mixed.statusCode).toBe(409);
    expect((await statusOf(z)).status).toBe(SALE_STATUS.TRASH);
  });

  it('save all changes applies every change in one transaction', async () => {
    const x = await createSale();
    const y = await createSale();
    const at = new Date(Date.now() - 7200_000).toISOString();
    const res = await manager().post('/api/pos/sales/save-all-changes', {
      changes: [
        { id: x.id, tips: [{ user_id: a.users.staff.id, tip_amount: 200 }], order_at: at },
        { id: y.id, status: SALE_STATUS.TRASH },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [first, second] = dataOf(res).items;
    expect(first).toMatchObject({ id: x.id, order_at: at });
    expect(first.totals.tip_amount).toBe(200);
    expect(second).toMatchObject({ id: y.id, status: SALE_STATUS.TRASH });
    const bad = await manager().post('/api/pos/sales/save-all-changes', {
      changes: [
        { id: x.id, tips: [{ user_id: a.users.staff.id, tip_amount: 999 }] },
        { id: y.id, status: SALE_STATUS.VOID },
      ],
    });
    expect(bad.statusCode).toBe(409);
    const [row] = await api.db.select().from(sales).where(eq(sales.id, x.id));
    expect(row!.tipAmount).toBe(200);
  });

  it('the invoice of a sale prints wallet payments as cash; a draft has none', async () => {
    const sale = await createSale([{ item_id: cat.pedicure }]);
    const res = await manager().get(`/api/pos/sales/${sale.id}/invoice`);
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res).printed_payments).toEqual([{ payment_type: PAYMENT_TYPE.CASH, amount: 1_000_000 }]);
    expect(dataOf(res).store.code).toBe('0001');
    const draft = await saleIn('draft');
    expect((await manager().get(`/api/pos/sales/${draft}/invoice`)).statusCode).toBe(409);
  });

  it("another tenant's sale ids are 404 on every management route, and nothing changes", async () => {
    const sale = await createSale();
    const other = api.as(b, 'owner', { approver: 'owner' });
    const calls: ['GET' | 'POST' | 'DELETE', string, unknown?][] = [
      ['GET', `/api/pos/sales/${sale.id}/invoice`],
      ['POST', `/api/pos/sales/${sale.id}/status`, { status: 9 }],
      ['POST', `/api/pos/sales/${sale.id}/void`, {}],
      ['POST', `/api/pos/sales/${sale.id}/refund`, {}],
      ['POST', `/api/pos/sales/${sale.id}/restore`],
      ['DELETE', `/api/pos/sales/${sale.id}`],
      ['DELETE', `/api/pos/sales/clear-trashed/${sale.id}`],
      ['POST', `/api/pos/sales/${sale.id}/order-at`, { order_at: new Date().toISOString() }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await other.request(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await statusOf(sale.id)).status).toBe(SALE_STATUS.SALE);
  });
});

describe('fuzzed management bodies', () => {
  it('never answer a 5xx, whatever the body of a management write holds', async () => {
    const sale = await createSale();
    const routes = ['status', 'tip', 'employee', 'order-at', 'refund', 'void'].map(
      (path) => `/api/pos/sales/${sale.id}/${path}`,
    );
    routes.push('/api/pos/sales/bulk', '/api/pos/sales/save-all-changes');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.anything(), async (url, body) => {
        const res = await manager().post(url, JSON.stringify(body ?? null), {
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});
