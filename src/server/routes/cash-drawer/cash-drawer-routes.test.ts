import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiHarness, bearer, dataOf } from '../../../../tests/support/server/api-harness';
import { createSaleCatalog, saleBody } from '../../../../tests/support/server/sale-test-data';
import { createTestSale } from '../../../../tests/support/server/test-sales';
import type { SaleCatalog } from '../../../../tests/support/server/sale-test-data';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { PAYMENT_TYPE, SALE_STATUS } from '../../../domain/constants';
import { auditLog } from '../../db/schema/audit-log';
import { cashDrawerSessions } from '../../db/schema/cash-drawer';
import { sales } from '../../db/schema/sales';
import { stores } from '../../db/schema/stores';

const api = await apiHarness();
const BASE = '/api/pos/cash-drawer';
let a: TenantFixture;
let b: TenantFixture;
let catalog: SaleCatalog;

async function setDrawerSettings(f: TenantFixture, tolerance: number, required: boolean) {
  const [row] = await api.db
    .select({ settings: stores.settings })
    .from(stores)
    .where(eq(stores.id, f.store.id));
  await api.db
    .update(stores)
    .set({
      settings: {
        ...(row!.settings as object),
        cash_drawer_tolerance: tolerance,
        cash_drawer_required: required,
      },
    })
    .where(eq(stores.id, f.store.id));
}

/** A pedicure (30.00, no tax) paid with 50.00 cash: 20.00 change. */
const cashSale = (f: TenantFixture) =>
  saleBody({
    employeeId: f.users.staff.id,
    lines: [{ item_id: catalog.pedicure }],
    payments: [{ payment_type: PAYMENT_TYPE.CASH, payment_amount: 5000 }],
  });

beforeAll(async () => {
  [a, b] = await Promise.all([api.tenant(), api.tenant()]);
  catalog = await createSaleCatalog(api.db, a);
  await setDrawerSettings(a, 500, false);
});

describe('a drawer session from open to close', () => {
  let sessionId: number;

  it('starts closed, with no expected opening before the first close', async () => {
    const state = dataOf(await api.as(a, 'staff').get(BASE));
    expect(state).toEqual({ session: null, expected_opening: null, tolerance: 500, required: false });
  });

  it('opens with a float counted by denomination; a replay of the same key changes nothing', async () => {
    const staff = api.as(a, 'staff');
    const body = { count: { bill_20: 5, bill_10: 4, coin_25: 8 } };
    const first = await staff.post(`${BASE}/open`, body, { key: 'open-1' });
    expect(first.statusCode, first.body).toBe(201);
    const session = dataOf(first);
    expect(session).toMatchObject({ status: 'open', expected_opening: null, counted: null });
    expect(session.expected.opening_float).toBe(14200);
    sessionId = session.id;

    const replay = await staff.post(`${BASE}/open`, body, { key: 'open-1' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(dataOf(replay).id).toBe(sessionId);
    const open = await api.db
      .select()
      .from(cashDrawerSessions)
      .where(and(eq(cashDrawerSessions.tenantId, a.tenantId), eq(cashDrawerSessions.storeId, a.store.id)));
    expect(open).toHaveLength(1);
  });

  it('refuses a second open of the same workstation with 409 drawer_already_open', async () => {
    const res = await api.as(a, 'manager').post(`${BASE}/open`, { count: { bill_20: 1 } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(ERROR_CODE.DRAWER_ALREADY_OPEN);
  });

  it('derives cash sales, change and cash refunds from the sales of the workstation', async () => {
    const staff = api.as(a, 'staff');
    const sold = await staff.post('/api/pos/sales', cashSale(a));
    expect(sold.statusCode, sold.body).toBe(201);
    const second = dataOf(await staff.post('/api/pos/sales', cashSale(a)));
    const refund = await api
      .as(a, 'manager', { approver: 'manager' })
      .post(`/api/pos/sales/${second.id}/refund`, { reason: 'Customer unhappy' });
    expect(refund.statusCode, refund.body).toBe(200);

    const { session } = dataOf(await staff.get(BASE));
    expect(session.expected).toMatchObject({
      opening_float: 14200,
      cash_taken: 10000,
      change_given: 4000,
      net_cash_sales: 6000,
      cash_refunds: 3000,
      expected: 14200 + 6000 - 3000,
    });
  });

  it('records movements with a reason; each replay of a key records nothing new', async () => {
    const staff = api.as(a, 'staff');
    const payOut = { kind: 'pay_out', amount: 1500, reason: 'Cotton pads' };
    expect((await staff.post(`${BASE}/movements`, payOut, { key: 'mv-1' })).statusCode).toBe(201);
    expect((await staff.post(`${BASE}/movements`, payOut, { key: 'mv-1' })).statusCode).toBe(201);
    await staff.post(`${BASE}/movements`, { kind: 'pay_in', amount: 1000, reason: 'Change from the bank' });
    await staff.post(`${BASE}/movements`, { kind: 'drop', amount: 5000, reason: 'Safe' });
    await staff.post(`${BASE}/movements`, { kind: 'tip_out', amount: 700, reason: 'Tips for Ann' });
    const blank = await staff.post(`${BASE}/movements`, { kind: 'pay_out', amount: 100, reason: '  ' });
    expect(blank.statusCode).toBe(422);

    const { session } = dataOf(await staff.get(BASE));
    expect(session.movements.map((m: { kind: string }) => m.kind)).toEqual([
      'pay_out',
      'pay_in',
      'drop',
      'tip_out',
    ]);
    expect(session.movements[0]).toMatchObject({ reason: 'Cotton pads', created_by: a.users.staff.id });
    // 14200 + 6000 − 3000 + 1000 − 1500 − 5000 − 700
    expect(session.expected.expected).toBe(11000);
  });

  it('a close past the tolerance without a PIN is refused with the over/short, and nothing closes', async () => {
    const res = await api.as(a, 'staff').post(`${BASE}/close`, { count: { bill_100: 1 } });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({
      code: ERROR_CODE.DRAWER_MANAGER_REQUIRED,
      details: { over_short: -1000, tolerance: 500 },
    });
    expect(dataOf(await api.as(a, 'staff').get(BASE)).session.status).toBe('open');
  });

  it("closes past the tolerance with a manager's PIN, freezing the figures and auditing who approved", async () => {
    const res = await api
      .as(a, 'staff', { approver: 'manager' })
      .post(`${BASE}/close`, { count: { bill_100: 1 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res)).toMatchObject({
      status: 'closed',
      counted: 10000,
      over_short: -1000,
      expected: { expected: 11000 },
      approved_by_name: expect.any(String),
    });
    const audits = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, a.tenantId), eq(auditLog.action, 'cash_drawer.close_over_tolerance')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ entityId: String(sessionId), approvedBy: a.users.manager.id });

    const report = dataOf(await api.as(a, 'staff').get(`${BASE}/sessions/${sessionId}`));
    expect(report).toMatchObject({ status: 'closed', counted: 10000, over_short: -1000 });
  });

  it('the next opening expects what the last close counted; within tolerance no PIN is asked', async () => {
    const staff = api.as(a, 'staff');
    expect(dataOf(await staff.get(BASE))).toMatchObject({ session: null, expected_opening: 10000 });
    const opened = dataOf(await staff.post(`${BASE}/open`, { count: { bill_100: 1 } }));
    expect(opened.expected_opening).toBe(10000);
    const closed = await staff.post(`${BASE}/close`, { count: { bill_100: 1, bill_5: 1 } });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(dataOf(closed)).toMatchObject({ over_short: 500, approved_by_name: null });
  });

  it('keeps another tenant out of the session', async () => {
    expect((await api.as(b, 'owner').get(`${BASE}/sessions/${sessionId}`)).statusCode).toBe(404);
  });
});

describe('a session logged in without a workstation', () => {
  it("works the store's till without a workstation, where its own cash sales flow", async () => {
    const login = await api.login(a, 'owner');
    expect(login.statusCode, login.body).toBe(200);
    const owner = api.as(bearer(dataOf(login).token));
    expect(dataOf(await owner.get(BASE))).toMatchObject({ session: null, expected_opening: null });
    const opened = await owner.post(`${BASE}/open`, { count: { bill_50: 1 } });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(dataOf(opened).workstation_id).toBeNull();
    expect((await owner.post(`${BASE}/open`, { count: { bill_50: 1 } })).statusCode).toBe(409);
    expect((await owner.post('/api/pos/sales', cashSale(a))).statusCode).toBe(201);
    const { session } = dataOf(await owner.get(BASE));
    expect(session.expected).toMatchObject({ cash_taken: 5000, change_given: 2000, expected: 8000 });
    // The workstation's own drawer did not see that sale.
    expect(dataOf(await api.as(a, 'staff').get(BASE)).session?.expected.cash_taken ?? 0).toBe(0);
  });
});

describe('the store setting "open drawer before cash"', () => {
  it('refuses a cash sale on a workstation without an open drawer with 409 drawer_closed and writes nothing', async () => {
    await setDrawerSettings(a, 500, true);
    const staff = api.as(a, 'staff');
    expect(dataOf(await staff.get(BASE)).session).toBeNull();
    const before = await api.db.select({ id: sales.id }).from(sales).where(eq(sales.tenantId, a.tenantId));

    const body = cashSale(a);
    const refused = await staff.post('/api/pos/sales', body);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe(ERROR_CODE.DRAWER_CLOSED);
    const after = await api.db.select({ id: sales.id }).from(sales).where(eq(sales.tenantId, a.tenantId));
    expect(after).toHaveLength(before.length);

    // A card sale needs no drawer; with the drawer open the same cash sale goes through.
    const card = saleBody({
      employeeId: a.users.staff.id,
      lines: [{ item_id: catalog.pedicure }],
      payments: [{ payment_type: PAYMENT_TYPE.CHECK, payment_amount: 3000 }],
    });
    expect((await staff.post('/api/pos/sales', card)).statusCode).toBe(201);
    await staff.post(`${BASE}/open`, { count: { bill_20: 1 } });
    expect((await staff.post('/api/pos/sales', body)).statusCode).toBe(201);
    await setDrawerSettings(a, 500, false);
  });

  it('refuses cash paid later on a sale with a balance due while the drawer is closed; a check still goes', async () => {
    const c = await api.tenant();
    const staff = api.as(c, 'staff');
    // A completed sale of 300.00 with nothing paid yet: a balance due.
    const saleId = (await createTestSale(api.db, c.auth('staff'), { prices: [30_000] })).id;
    await setDrawerSettings(c, 500, true);

    const cash = { sale_id: saleId, payments: [{ payment_type: PAYMENT_TYPE.CASH, payment_amount: 1000 }] };
    const refused = await staff.post('/api/payments/sale', cash);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe(ERROR_CODE.DRAWER_CLOSED);
    const [row] = await api.db
      .select({ paid: sales.paidCustomerTotal })
      .from(sales)
      .where(eq(sales.id, saleId));
    expect(row!.paid).toBe(0);

    const check = { sale_id: saleId, payments: [{ payment_type: PAYMENT_TYPE.CHECK, payment_amount: 1000 }] };
    expect((await staff.post('/api/payments/sale', check)).statusCode).toBe(201);
    await staff.post(`${BASE}/open`, { count: { bill_20: 1 } });
    expect((await staff.post('/api/payments/sale', cash)).statusCode).toBe(201);
  });

  it('refuses to complete a saved draft with cash while the drawer is closed, and lets the draft be', async () => {
    const c = await api.tenant();
    const own = await createSaleCatalog(api.db, c);
    const staff = api.as(c, 'staff');
    const draftBody = saleBody({
      employeeId: c.users.staff.id,
      lines: [{ item_id: own.pedicure }],
      status: SALE_STATUS.DRAFT,
      payments: [],
    });
    const draft = await staff.post('/api/pos/sales', draftBody);
    expect(draft.statusCode, draft.body).toBe(201);
    const id = (draft.json().data as { id: number }).id;
    await setDrawerSettings(c, 500, true);

    const completing = {
      ...draftBody,
      status: SALE_STATUS.SALE,
      payments: [{ payment_type: PAYMENT_TYPE.CASH, payment_amount: 100_000 }],
    };
    const refused = await staff.post(`/api/pos/sales/${id}`, completing);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe(ERROR_CODE.DRAWER_CLOSED);
    const [row] = await api.db.select({ status: sales.status }).from(sales).where(eq(sales.id, id));
    expect(row!.status).toBe(SALE_STATUS.DRAFT);

    await staff.post(`${BASE}/open`, { count: { bill_20: 1 } });
    const completed = await staff.post(`/api/pos/sales/${id}`, completing);
    expect(completed.statusCode, completed.body).toBe(200);
  });
});
