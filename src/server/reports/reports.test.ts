/**
 * The daily and summary reports over HTTP (docs/reports.md): access, the period read in the store's time zone,
 * and the reconciliation identities over a month of sales, refunds, voids, tips and a drawer session made
 * through the real sale, refund, void and cash drawer routes.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiHarness, dataOf } from '../../../tests/support/server/api-harness';
import { createSaleCatalog, saleBody } from '../../../tests/support/server/sale-test-data';
import type { LineSpec, SaleCatalog } from '../../../tests/support/server/sale-test-data';
import type { TenantFixture } from '../../../tests/support/server/tenant-fixture';
import { ERROR_CODE } from '../../contracts/error-codes';
import type { DailyReport, DailyRow, SaleFigures, SummaryReport } from '../../contracts/reports';
import { ITEM_TYPE, PAYMENT_TYPE, PAYMENT_TYPES, SALE_STATUS } from '../../domain/constants';
import { dayInTimeZone } from '../../domain/report-periods';
import { storeTimeToIso } from '../../domain/store-time';
import { SALE_PAYMENT_STATUS, salePayments } from '../db/schema/sales';
import { stores } from '../db/schema/stores';

const api = await apiHarness();
const LA = 'America/Los_Angeles';
let a: TenantFixture;
let b: TenantFixture;
let cat: SaleCatalog;

/** The manager with their own PIN approval: the Report module and the report PIN (docs/roles.md#access-rules). */
const manager = () => api.as(a, 'manager', { approver: 'manager' });

const addDays = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};
const todayLA = () => dayInTimeZone(new Date(), LA);

async function daily(query: string, who = manager()): Promise<DailyReport> {
  const res = await who.get(`/api/report/daily?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<DailyReport>(res);
}

async function sell(lines: LineSpec[], options: { orderAt?: string; tip?: number; employee?: number } = {}) {
  const body = saleBody({
    employeeId: options.employee ?? a.users.staff.id,
    lines,
    // A card and a check under any total, the rest in cash with change: every sale gives change.
    payments: [
      { payment_type: PAYMENT_TYPE.CREDIT, payment_amount: 1000, payment_info: { last4: '4242' } },
      { payment_type: PAYMENT_TYPE.CHECK, payment_amount: 500, payment_info: { reference: '1001' } },
      { payment_type: PAYMENT_TYPE.CASH, payment_amount: 100_000 },
    ],
    ...(options.tip ? { tip: options.tip } : {}),
    extra: options.orderAt ? { order_at: options.orderAt } : {},
  });
  const res = await manager().post('/api/pos/sales', body);
  expect(res.statusCode, res.body).toBe(201);
  return dataOf(res);
}

beforeAll(async () => {
  [a, b] = await Promise.all([api.tenant(), api.tenant()]);
  cat = await createSaleCatalog(api.db, a);
  await api.db.update(stores).set({ timezone: LA }).where(eq(stores.id, a.store.id));
});

describe('access', () => {
  for (const path of ['/api/report/daily', '/api/report/summary', '/api/report/daily/export']) {
    it(`${path}: 401 without a session, 403 without the module or the PIN, 200 with both`, async () => {
      expect((await api.get(path)).statusCode).toBe(401);
      const staff = await api.as(a, 'staff').get(path);
      expect(staff.statusCode).toBe(403);
      expect(staff.json().code).toBe(ERROR_CODE.MODULE_DISABLED);
      const noPin = await api.as(a, 'manager').get(path);
      expect(noPin.statusCode).toBe(403);
      expect(noPin.json().code).toBe(ERROR_CODE.PIN_APPROVAL_REQUIRED);
      expect((await manager().get(path)).statusCode).toBe(200);
    });
  }

  it("404 for a person who is not of the store (another tenant's employee)", async () => {
    const res = await manager().get(`/api/report/daily?user_id=${b.users.staff.id}`);
    expect(res.statusCode).toBe(404);
    const cashier = await manager().get(`/api/report/summary?cashier_id=${b.users.manager.id}`);
    expect(cashier.statusCode).toBe(404);
  });

  it('422 for an unknown sort field, an unknown period, or a range that ends before it starts', async () => {
    expect((await manager().get('/api/report/daily?sort=nope')).statusCode).toBe(422);
    expect((await manager().get('/api/report/daily?time_type=fortnight')).statusCode).toBe(422);
    const backwards = await manager().get(
      '/api/report/daily?time_type=other&effective_start=2026-03-10&effective_end=2026-03-01',
    );
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toHaveProperty('effective_end');
    const noStart = await manager().get('/api/report/daily?time_type=other');
    expect(noStart.json().errors).toHaveProperty('effective_start');
  });
});

describe('periods in the store time zone', () => {
  it('a sale at 23:30 store time lands on its store day, not the next UTC day', async () => {
    const day = addDays(todayLA(), -40);
    const orderAt = storeTimeToIso(`${day}T23:30`, LA)!;
    expect(orderAt.slice(0, 10)).toBe(addDays(day, 1)); // the next day in UTC
    const sale = await sell([{ item_id: cat.pedicure }], { orderAt });
    const report = await daily(`time_type=other&effective_start=${day}&effective_end=${addDays(day, 1)}`);
    expect(report.items.map((r) => [r.date, r.sales_count, r.gross])).toEqual([[day, 1, sale.totals.sub_total]]);
    // The range's instants are the store's midnights.
    expect(report.range.from).toBe(storeTimeToIso(`${day}T00:00`, LA) + '');
    expect(new Date(report.range.to).getTime()).toBe(new Date(storeTimeToIso(`${addDays(day, 2)}T00:00`, LA)!).getTime());
    // A UTC instant names the store day it falls on: 06:30Z the next day is still `day` in Los Angeles.
    const byInstant = await daily(`effective_start=${encodeURIComponent(orderAt)}&effective_end=${encodeURIComponent(orderAt)}`);
    expect(byInstant.range).toMatchObject({ time_type: 'other', start_date: day, end_date: day });
    expect(byInstant.totals.sales_count).toBe(1);
  });

  it("'all' runs from 1900-01-01 to today; no period is today", async () => {
    const all = await daily('time_type=all');
    expect(all.range).toMatchObject({ start_date: '1900-01-01', end_date: todayLA(), timezone: LA });
    const today = await daily('');
    expect(today.range).toMatchObject({ time_type: 'today', start_date: todayLA(), end_date: todayLA() });
  });
});
