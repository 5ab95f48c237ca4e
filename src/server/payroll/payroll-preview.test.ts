/**
 * GET /api/report/payrolls/preview over HTTP (docs/payroll.md, "Preview on the server"): docs/payroll.md's
 * worked example Anna, her week rung up through POST /api/pos/sales (tests/support/server/payroll-fixtures.ts),
 * gets the statement the document gives; access; a voided sale left out; the period's edges in the store's time
 * zone; hourly pay from the clock.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiHarness, dataOf } from '../../../tests/support/server/api-harness';
import {
  addDays,
  ANNA_SETTINGS,
  at,
  clockThreeDays,
  LA,
  pastWeek,
  ringAnnaWeek,
  sell as sellIn,
  setStore as setStoreOf,
} from '../../../tests/support/server/payroll-fixtures';
import type { SellOptions } from '../../../tests/support/server/payroll-fixtures';
import type { LineSpec } from '../../../tests/support/server/sale-test-data';
import type { TenantFixture } from '../../../tests/support/server/tenant-fixture';
import { ERROR_CODE } from '../../contracts/error-codes';
import type { PayrollPreview, TechnicianPaySettings } from '../../contracts/payroll';
import { dayInTimeZone } from '../../domain/report-periods';
import { users } from '../db/schema/users';

const api = await apiHarness();
const PATH = '/api/report/payrolls/preview';
let a: TenantFixture;
let b: TenantFixture;
let anna: number;
let items: Record<string, number>;

/** A past week (nothing else of tenant A is rung in it): the store's weekly periods count from its first day. */
const week = pastWeek(LA);
const weekQuery = `effective_start=${week}&effective_end=${addDays(week, 6)}`;

const setStore = (settings: Record<string, unknown>) => setStoreOf(api, a.store.id, settings);
const sell = (employee: number, lines: LineSpec[], options: SellOptions = {}) =>
  sellIn(api, a, employee, lines, options);

async function preview(query: string): Promise<PayrollPreview> {
  const res = await api.as(a, 'manager').get(`${PATH}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<PayrollPreview>(res);
}

beforeAll(async () => {
  [a, b] = await Promise.all([api.tenant(), api.tenant()]);
  ({ anna, items } = await ringAnnaWeek(api, a, week));
});

describe('access', () => {
  it('401 without a session, 403 without the Report module, 200 for a manager without a PIN', async () => {
    expect((await api.get(PATH)).statusCode).toBe(401);
    const staff = await api.as(a, 'staff').get(PATH);
    expect(staff.statusCode).toBe(403);
    expect(staff.json().code).toBe(ERROR_CODE.MODULE_DISABLED);
    // docs/roles.md#access-rules: the payroll report needs no PIN approval.
    expect((await api.as(a, 'manager').get(PATH)).statusCode).toBe(200);
  });

  it("404 for another tenant's person; 422 for a range that ends before it starts", async () => {
    expect((await api.as(a, 'manager').get(`${PATH}?user_id=${b.users.staff.id}`)).statusCode).toBe(404);
    const backwards = await api
      .as(a, 'manager')
      .get(`${PATH}?effective_start=${addDays(week, 6)}&effective_end=${week}`);
    expect(backwards.statusCode).toBe(422);
  });
});

describe("Anna's week (docs/payroll.md, the statement)", () => {
  it('gives the document’s figures; no adjustment exists before periods are locked', async () => {
    const result = await preview(`${weekQuery}&user_id=${anna}`);
    expect(result.range).toMatchObject({ start_date: week, end_date: addDays(week, 6), timezone: LA });
    expect(result.items).toHaveLength(1);
    const { statement, issues } = result.items[0]!;
    expect(issues).toEqual([]);
    const s = statement!;
    expect(s.period).toEqual({ start: week, end: addDays(week, 6) });
    expect([s.service.gross, s.service.deductions, s.service.commissionable]).toEqual([12_000, 1330, 10_670]);
    expect([s.service.tieredBase, s.service.tiered.commission, s.service.ownRateCommission]).toEqual([
      5470, 2188, 2600,
    ]);
    expect(s.service.commission).toBe(4788);
    expect(s.service.lines.map((l) => [l.net, l.deduction, l.commissionable, l.ownRate])).toEqual([
      [3150, 200, 2950, null],
      [6000, 800, 5200, 50],
      [2700, 180, 2520, null],
      [150, 150, 0, null],
    ]);
    expect([s.product.sales, s.product.commission]).toEqual([3299, 455]);
    expect(s.earned).toBe(5243);
    expect(s.plan).toEqual({ kind: 'higher_of', base: 0, guarantee: 50_000, topUp: 44_757 });
    expect(s.tips).toEqual({
      total: 4350,
      byTender: { cash: 2000, card: 2350, other: 0 },
      cardFee: 70,
      feeDeducted: false,
      deduction: 0,
      paid: 4350,
    });
    expect(s.hourly).toEqual({ minutes: 1335, ratePerHour: 0, pay: 0 });
    expect(s.adjustments).toEqual({ lines: [], total: 0 });
    // The document's 536.78 includes a −6.72 adjustment from a locked week: without it, 543.50.
    expect(s.total).toBe(53_678 + 672);
    expect(s.payout).toEqual({ check: 35_328, cash: 19_022 });
  });

  it('takes the card fee out of the tips when the store turns it on', async () => {
    await setStore({ payroll: { period: { kind: 'weekly', anchor: week }, deductCardFeeFromTips: true } });
    try {
      const s = (await preview(`${weekQuery}&user_id=${anna}`)).items[0]!.statement!;
      expect([s.tips.deduction, s.tips.paid, s.total]).toEqual([70, 4280, 54_280]);
    } finally {
      await setStore({ payroll: { period: { kind: 'weekly', anchor: week }, deductCardFeeFromTips: false } });
    }
  });

  it('without a period asked, previews the store’s current pay period', async () => {
    const result = await preview(`user_id=${anna}`);
    const today = dayInTimeZone(new Date(), LA);
    expect(result.range.start_date <= today && today <= result.range.end_date).toBe(true);
    expect(result.range.start_date).toBe(addDays(week, 21));
    expect(result.items[0]!.statement!.service.lines).toEqual([]);
  });
});

describe('what counts', () => {
  it('a voided sale is left out', async () => {
    const today = dayInTimeZone(new Date(), LA);
    const query = `effective_start=${today}&effective_end=${today}&user_id=${anna}`;
    const sale = await sell(anna, [{ item_id: items.gel! }], { tip: 500 });
    const before = (await preview(query)).items[0]!.statement!;
    expect([before.service.gross, before.tips.total]).toEqual([3500, 500]);
    const voiding = await api
      .as(a, 'manager', { approver: 'manager' })
      .post(`/api/pos/sales/${sale.id}/void`, { reason: 'Rung twice' });
    expect(voiding.statusCode, voiding.body).toBe(200);
    const after = (await preview(query)).items[0]!.statement!;
    expect([after.service.gross, after.tips.total]).toEqual([0, 0]);
  });

  it('the period is whole days in the store’s time zone, at both ends', async () => {
    const staff = a.users.staff.id;
    const edges = `${weekQuery}&user_id=${staff}`;
    // 23:45 the day before the week (07:45Z on its first day): not this week.
    await sell(staff, [{ item_id: items.art! }], { orderAt: at(addDays(week, -1), '23:45') });
    // 00:15 on its first day and 23:30 on its last (07:30Z the day after): both this week.
    await sell(staff, [{ item_id: items.gel! }], { orderAt: at(week, '00:15') });
    await sell(staff, [{ item_id: items.acrylic! }], { orderAt: at(addDays(week, 6), '23:30') });
    expect(at(addDays(week, 6), '23:30').slice(0, 10)).toBe(addDays(week, 7));
    const s = (await preview(edges)).items[0]!.statement!;
    expect(s.service.gross).toBe(3500 + 6000);
  });

  it('pays hourly work from the clock, rounded once over the period (15.25 an hour, 1,335 minutes)', async () => {
    const staff = a.users.staff.id;
    const hourly: TechnicianPaySettings = {
      service: { mode: 'zero_based', tiers: [{ from: 0, rate: 0 }] },
      productRate: 0,
      hourlyRate: 1525,
      plan: { kind: 'commission' },
      payout: { kind: 'all_cash' },
    };
    await api.db
      .update(users)
      .set({ paySettings: hourly as unknown as Record<string, unknown> })
      .where(eq(users.id, staff));
    await clockThreeDays(api, a, staff, week);
    const all = await preview(weekQuery);
    const s = all.items.find((i) => i.user_id === staff)!.statement!;
    expect(s.hourly).toEqual({ minutes: 1335, ratePerHour: 1525, pay: 33_931 });
    // Every technician of the store is previewed, Anna among them, each with her own figures.
    expect(all.items.find((i) => i.user_id === anna)!.statement!.service.gross).toBe(12_000);
  });

  it('stored settings that fail their schema give issues, not a statement', async () => {
    const staff = a.users.staff.id;
    await api.db
      .update(users)
      .set({
        paySettings: { ...ANNA_SETTINGS, service: { mode: 'zero_based', tiers: [{ from: 100, rate: 40 }] } },
      })
      .where(eq(users.id, staff));
    const item = (await preview(`${weekQuery}&user_id=${staff}`)).items[0]!;
    expect(item.statement).toBeNull();
    expect(item.issues.map((i) => i.code)).toContain('tiers_first_not_zero');
  });
});
