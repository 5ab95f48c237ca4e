/**
 * The employee income reports and the daily and summary details over HTTP (docs/reports.md, "Employee income",
 * "Employee income by hours", "Daily details", "Summary details"): a week of sales rung through the real sale,
 * void and refund routes for two employees (one sale shared between them), clock records, and the figures
 * checked against what the sale routes answered, the summary report, the daily report and the payroll preview.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiHarness, dataOf } from '../../../tests/support/server/api-harness';
import { addDays } from '../../../tests/support/server/report-days';
import { createSaleCatalog, saleBody } from '../../../tests/support/server/sale-test-data';
import type { LineSpec, SaleCatalog } from '../../../tests/support/server/sale-test-data';
import type { TenantFixture } from '../../../tests/support/server/tenant-fixture';
import { ERROR_CODE } from '../../contracts/error-codes';
import type { PayrollPreview } from '../../contracts/payroll';
import type { DailyReport, SummaryEmployee, SummaryReport } from '../../contracts/reports';
import type {
  DailySale,
  EmployeeLine,
  IncomeDay,
  IncomeEmployee,
  IncomeSummary,
  IncomeTotals,
  IncomeWktEmployee,
  IncomeWktTotals,
  Shift,
} from '../../contracts/reports-income';
import { ITEM_TYPE, PAYMENT_TYPE, SALE_STATUS } from '../../domain/constants';
import { dayInTimeZone } from '../../domain/report-periods';
import { storeTimeToIso } from '../../domain/store-time';
import { stores } from '../db/schema/stores';
import { users } from '../db/schema/users';
import { workingTimeBreaks, workingTimes } from '../db/schema/working-times';

const api = await apiHarness();
const LA = 'America/Los_Angeles';
let a: TenantFixture;
let b: TenantFixture;
let cat: SaleCatalog;
let staff: number;
let manager: number;

const who = () => api.as(a, 'manager', { approver: 'manager' });
const at = (day: string, time: string) => storeTimeToIso(`${day}T${time}`, LA)!;
const today = () => dayInTimeZone(new Date(), LA);
/** A past week of tenant A's store: nothing else is rung in it. */
const start = addDays(today(), -10);
const end = addDays(start, 6);
const WEEK = `time_type=other&effective_start=${start}&effective_end=${end}`;
/** The week and today (when the refunds are made). */
const WITH_TODAY = `time_type=other&effective_start=${start}&effective_end=${today()}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Sale = any;

async function get<T>(path: string): Promise<{ items: T[]; total: number; totals: unknown }> {
  const res = await who().get(path);
  expect(res.statusCode, res.body).toBe(200);
  return dataOf(res);
}

/** A sale for `employee`, card first (carrying the tip) then cash; `helper` adds a second group. */
async function sell(
  employee: number,
  lines: LineSpec[],
  options: {
    orderAt?: string;
    tip?: number;
    helper?: { id: number; lines: LineSpec[]; tip?: number };
    /** Rung up by staff (the cashier) rather than the manager. */
    byStaff?: boolean;
  },
): Promise<Sale> {
  const body = saleBody({
    employeeId: employee,
    lines,
    payments: [
      { payment_type: PAYMENT_TYPE.CREDIT, payment_amount: 2000, payment_info: { last4: '4242' } },
      { payment_type: PAYMENT_TYPE.CASH, payment_amount: 100_000 },
    ],
    ...(options.tip ? { tip: options.tip } : {}),
    extra: options.orderAt ? { order_at: options.orderAt } : {},
  });
  if (options.helper) {
    const second = saleBody({
      employeeId: options.helper.id,
      lines: options.helper.lines,
      ...(options.helper.tip ? { tip: options.helper.tip } : {}),
    });
    (body.orderEmployees as unknown[]).push(...(second.orderEmployees as unknown[]));
  }
  const res = await (options.byStaff ? api.as(a, 'staff') : who()).post('/api/pos/sales', body);
  expect(res.statusCode, res.body).toBe(201);
  return dataOf(res);
}

/** What the sale routes answered, per employee (and per employee and day): the oracle. */
interface Oracle {
  sales_count: number;
  gross: number;
  discounts: number;
  net: number;
  services: number;
  products: number;
  tips: number;
}
const oracle = new Map<string, Oracle>();
function count(day: string, sale: Sale, sign = 1) {
  for (const group of sale.orderEmployees) {
    for (const key of [`${group.employee.id}`, `${group.employee.id}/${day}`]) {
      const o = oracle.get(key) ?? {
        sales_count: 0,
        gross: 0,
        discounts: 0,
        net: 0,
        services: 0,
        products: 0,
        tips: 0,
      };
      o.sales_count += sign;
      o.tips += sign * (group.tips?.tip_amount ?? 0);
      for (const line of group.orderItems) {
        o.gross += sign * line.gross;
        o.discounts += sign * (line.item_discount + line.employee_discount);
        o.net += sign * line.net;
        if (line.item_type === ITEM_TYPE.SERVICE) o.services += sign * line.gross;
        else o.products += sign * line.gross;
      }
      oracle.set(key, o);
    }
  }
}

const sales: { day: string; sale: Sale }[] = [];
let voided: Sale;
let refundAmount = 0;

beforeAll(async () => {
  [a, b] = await Promise.all([api.tenant(), api.tenant()]);
  cat = await createSaleCatalog(api.db, a);
  staff = a.users.staff.id;
  manager = a.users.manager.id;
  await api.db
    .update(stores)
    .set({
      timezone: LA,
      settings: sql`${stores.settings} || ${JSON.stringify({
        creditcard_fee_percent: 3,
        payroll: { period: { kind: 'monthly' }, deductCardFeeFromTips: true },
      })}::jsonb`,
    })
    .where(eq(stores.id, a.store.id));
  // Staff: no pay settings, paid her commission rate flat; the manager: 10 % on products, flat 50 % services.
  await api.db.update(users).set({ commissionRate: 40, isTechnician: true }).where(eq(users.id, staff));
  await api.db
    .update(users)
    .set({
      commissionRate: 0,
      paySettings: {
        service: { mode: 'zero_based', tiers: [{ from: 0, rate: 50 }] },
        productRate: 10,
        hourlyRate: 0,
        plan: { kind: 'commission' },
        payout: { kind: 'all_check' },
      },
    })
    .where(eq(users.id, manager));

  const plan: [number, string, number, LineSpec[], number, boolean][] = [
    [0, '10:00', staff, [{ item_id: cat.manicure }], 500, false],
    [
      0,
      '23:30',
      manager,
      [{ item_id: cat.pedicure }, { item_id: cat.oil, item_type: ITEM_TYPE.PRODUCT }],
      0,
      false,
    ],
    [1, '11:15', staff, [{ item_id: cat.pedicure }], 300, true],
    [2, '09:45', manager, [{ item_id: cat.kit, item_type: ITEM_TYPE.PRODUCT_KIT }], 200, false],
    [
      4,
      '14:00',
      staff,
      [{ item_id: cat.manicure }, { item_id: cat.oil, item_type: ITEM_TYPE.PRODUCT, quantity: 2 }],
      0,
      false,
    ],
    [6, '18:20', manager, [{ item_id: cat.manicure }], 700, false],
  ];
  for (const [offset, time, employee, lines, tip, shared] of plan) {
    const day = addDays(start, offset);
    const sale = await sell(employee, lines, {
      orderAt: at(day, time),
      tip,
      ...(shared ? { helper: { id: manager, lines: [{ item_id: cat.manicure }], tip: 400 } } : {}),
    });
    sales.push({ day, sale });
    count(day, sale);
  }
  // The manager's pedicure and kit of day 5, rung up by staff: the only sale a cashier filter on staff keeps.
  const rungByStaff = await sell(
    manager,
    [{ item_id: cat.pedicure }, { item_id: cat.kit, item_type: ITEM_TYPE.PRODUCT_KIT }],
    { orderAt: at(addDays(start, 5), '15:00'), byStaff: true },
  );
  sales.push({ day: addDays(start, 5), sale: rungByStaff });
  count(addDays(start, 5), rungByStaff);
  // A void (today: a sale is voided on its business day only) is no sale: out of every figure.
  voided = await sell(staff, [{ item_id: cat.pedicure }], { tip: 100 });
  const voiding = await who().post(`/api/pos/sales/${voided.id}/void`, { reason: 'Rung twice' });
  expect(voiding.statusCode, voiding.body).toBe(200);
  // Today a refund of staff's oil line of day 4: on today's row, not on day 4's.
  const refunded = sales[4]!.sale;
  const oilLine = refunded.orderEmployees[0].orderItems[1];
  const refund = await who().post(`/api/pos/sales/${refunded.id}/refund`, {
    lines: [{ sale_line_id: oilLine.id, quantity: 1 }],
  });
  expect(refund.statusCode, refund.body).toBe(200);
  const made = await api.db.execute<{ amount: string }>(
    sql`select amount from sale_refunds where tenant_id = ${a.tenantId} and sale_id = ${refunded.id}`,
  );
  refundAmount = Number(made.rows[0]!.amount);
  // Staff on the clock two days: 09:00–17:00 less a 30-minute break, then 10:00–14:20.
  for (const [day, from, to, pause] of [
    [start, '09:00', '17:00', true],
    [addDays(start, 1), '10:00', '14:20', false],
  ] as const) {
    const [shift] = await api.db
      .insert(workingTimes)
      .values({
        tenantId: a.tenantId,
        storeId: a.store.id,
        userId: staff,
        dateWork: day,
        checkInAt: new Date(at(day, from)),
        checkOutAt: new Date(at(day, to)),
      })
      .returning({ id: workingTimes.id });
    if (pause) {
      await api.db.insert(workingTimeBreaks).values({
        tenantId: a.tenantId,
        storeId: a.store.id,
        workingTimeId: shift!.id,
        startedAt: new Date(at(day, '12:00')),
        endedAt: new Date(at(day, '12:30')),
      });
    }
  }
});

const SALES_FIELDS = ['sales_count', 'gross', 'discounts', 'net', 'services', 'products', 'tips'] as const;
const pick = (row: Record<string, unknown>, fields: readonly string[]) =>
  Object.fromEntries(fields.map((f) => [f, row[f]]));

describe('access', () => {
  it('every variant needs the module and the report PIN', async () => {
    for (const path of [
      '/api/report/netincomes',
      '/api/report/netincomes/report-summary',
      '/api/report/netincomes-wkt/export',
      `/api/report/netincomes/details?user_id=${staff}`,
      `/api/report/daily/details?date=${start}`,
      `/api/report/summary/details?user_id=${staff}`,
    ]) {
      expect((await api.get(path)).statusCode, path).toBe(401);
      const noPin = await api.as(a, 'manager').get(path);
      expect(noPin.statusCode, path).toBe(403);
      expect(noPin.json().code).toBe(ERROR_CODE.PIN_APPROVAL_REQUIRED);
      expect((await who().get(path)).statusCode, path).toBe(200);
    }
  });

  it('a details report needs its employee or day (422); another tenant’s employee is a 404', async () => {
    for (const path of [
      '/api/report/netincomes/details',
      '/api/report/netincomes-wkt/report-details',
      '/api/report/summary/details',
      '/api/report/daily/details',
      '/api/report/daily/details?date=2026-02-30',
    ]) {
      expect((await who().get(path)).statusCode, path).toBe(422);
    }
    const other = await who().get(`/api/report/netincomes/details?user_id=${b.users.staff.id}`);
    expect(other.statusCode).toBe(404);
  });
});

describe('employee income (netincomes)', () => {
  let report: { items: IncomeEmployee[]; totals: IncomeTotals };
  beforeAll(async () => {
    report = (await get<IncomeEmployee>(`/api/report/netincomes?${WEEK}`)) as typeof report;
  });

  it("each employee's sales, discounts and tips are what the sale routes answered (the void left out)", () => {
    expect(report.items.map((r) => r.user_id).sort()).toEqual([staff, manager].sort());
    for (const row of report.items) {
      expect(pick(row, SALES_FIELDS), row.name).toEqual(
        pick({ ...oracle.get(`${row.user_id}`) }, SALES_FIELDS),
      );
      expect(row.refunds).toBe(0); // the refund was made today, after the week
    }
    expect(report.totals.employees).toBe(2);
    expect(report.totals.gross).toBe(report.items.reduce((s, r) => s + r.gross, 0));
    expect(report.totals.net_income).toBe(report.items.reduce((s, r) => s + r.net_income!, 0));
  });

  it('the employees add up to the summary report’s employee rows, refunds on their day', async () => {
    const summary = await get<SummaryEmployee>(`/api/report/summary?${WITH_TODAY}`);
    const income = await get<IncomeEmployee>(`/api/report/netincomes?${WITH_TODAY}`);
    const byId = new Map(summary.items.map((e) => [e.user_id, e]));
    for (const row of income.items) {
      const e = byId.get(row.user_id)!;
      expect([row.sales_count, row.gross, row.discounts, row.net, row.tips, row.refunds]).toEqual([
        e.sales_count,
        e.gross,
        e.line_discounts,
        e.net,
        e.tips,
        e.refunds,
      ]);
    }
    expect(income.items.find((r) => r.user_id === staff)!.refunds).toBe(refundAmount);
    expect((summary as unknown as SummaryReport).totals.gross).toBe(
      income.items.reduce((s, r) => s + r.gross, 0),
    );
  });

  it('commission and tip fees are the payroll preview’s, net income is commission + tips less the fees taken', async () => {
    const res = await api.as(a, 'manager').get(`/api/report/payrolls/preview?${WEEK}`);
    expect(res.statusCode, res.body).toBe(200);
    const preview = dataOf<PayrollPreview>(res);
    for (const row of report.items) {
      const statement = preview.items.find((i) => i.user_id === row.user_id)!.statement!;
      const commission = statement.service.commission + statement.product.commission;
      expect(row.commission, row.name).toBe(commission);
      expect(row.tip_fees).toBe(statement.tips.cardFee);
      expect(row.net_income).toBe(commission + statement.tips.paid);
      expect(row.commission).toBeGreaterThan(0);
    }
    // Staff's tips rode on the card (under 20.00 of card each): 3 % of 5.00 and of 3.00.
    expect(report.items.find((r) => r.user_id === staff)!.tip_fees).toBe(15 + 9);
  });

  it('the printable summary breaks commission down by kind and tips by tender', async () => {
    const summary = await get<IncomeSummary>(`/api/report/netincomes/report-summary?${WEEK}`);
    for (const row of summary.items) {
      expect(row.service_commission! + row.product_commission!).toBe(row.commission);
      expect(row.tips_cash + row.tips_card + row.tips_other).toBe(row.tips);
      expect(row.tip_fees_deducted).toBe(row.tip_fees); // the store takes the fee out
    }
    expect(summary.items.map((r) => r.name)).toEqual([...summary.items.map((r) => r.name)].sort());
  });

  it("one employee's days add up to their row; each day is what the sale routes answered", async () => {
    for (const user of [staff, manager]) {
      const days = await get<IncomeDay>(`/api/report/netincomes/details?${WEEK}&user_id=${user}`);
      const row = report.items.find((r) => r.user_id === user)!;
      expect(days.totals).toEqual(row);
      for (const day of days.items) {
        expect(pick(day, SALES_FIELDS), day.date).toEqual(
          pick({ ...oracle.get(`${user}/${day.date}`) }, SALES_FIELDS),
        );
      }
      for (const field of ['gross', 'net', 'tips', 'tip_fees', 'sales_count', 'commission'] as const) {
        // Flat schedules here: the days' commissions add up to the period's (tiers are reached per period).
        expect(
          days.items.reduce((s, d) => s + d[field]!, 0),
          field,
        ).toBe(row[field]);
      }
    }
    // The 23:30 sale is on its Los Angeles day.
    const managerDays = await get<IncomeDay>(`/api/report/netincomes/details?${WEEK}&user_id=${manager}`);
    expect(managerDays.items[0]!.date).toBe(start);
  });

  it("one employee's lines, and every line of every employee, add up to the rows", async () => {
    const lines = await get<EmployeeLine>(
      `/api/report/netincomes/report-details?${WEEK}&user_id=${staff}&per_page=200`,
    );
    const row = report.items.find((r) => r.user_id === staff)!;
    expect(lines.items.every((l) => l.user_id === staff)).toBe(true);
    expect(lines.items.reduce((s, l) => s + l.gross, 0)).toBe(row.gross);
    expect(lines.items.reduce((s, l) => s + l.net, 0)).toBe(row.net);
    // Staff is paid flat: every service line on the tiered base (null), products at her product rate (0).
    expect(
      lines.items.filter((l) => l.item_type === ITEM_TYPE.SERVICE).every((l) => l.commission === null),
    ).toBe(true);
    const all = await get<EmployeeLine>(`/api/report/netincomes/report-full-details?${WEEK}&per_page=200`);
    expect(all.total).toBe(
      sales.reduce(
        (n, s) => n + s.sale.orderEmployees.reduce((m: number, g: Sale) => m + g.orderItems.length, 0),
        0,
      ),
    );
    expect(all.items.reduce((s, l) => s + l.gross, 0)).toBe((all.totals as IncomeTotals).gross);
    // The manager's product lines are paid line by line at 10 %: the lines' commissions are hers.
    const hers = all.items.filter((l) => l.user_id === manager && l.item_type !== ITEM_TYPE.SERVICE);
    const summary = await get<IncomeSummary>(`/api/report/netincomes/report-summary?${WEEK}`);
    expect(hers.reduce((s, l) => s + l.commission!, 0)).toBe(
      summary.items.find((r) => r.user_id === manager)!.product_commission,
    );
  });

  it('a cashier filter narrows the figures and the commission to the sales that person rang up', async () => {
    const theirs = await get<IncomeEmployee>(`/api/report/netincomes?${WEEK}&cashier_id=${staff}`);
    expect(theirs.items.map((r) => r.user_id)).toEqual([manager]);
    const lines = await get<EmployeeLine>(
      `/api/report/netincomes/report-full-details?${WEEK}&cashier_id=${staff}`,
    );
    const row = theirs.items[0]!;
    expect(lines.items.reduce((s, l) => s + l.gross, 0)).toBe(row.gross);
    // The manager's services are flat 50 % of the commissionable part, her kit 10 % line by line.
    const services = lines.items.filter((l) => l.item_type === ITEM_TYPE.SERVICE);
    const kit = lines.items.find((l) => l.item_type === ITEM_TYPE.PRODUCT_KIT)!;
    const base = services.reduce((s, l) => s + l.net - l.deduction, 0);
    expect(row.commission).toBe(Math.round(base / 2) + kit.commission!);
  });

  it('sorts and exports', async () => {
    const sorted = await get<IncomeEmployee>(`/api/report/netincomes?${WEEK}&sort=-gross`);
    expect(sorted.items.map((r) => r.gross)).toEqual(
      [...sorted.items.map((r) => r.gross)].sort((x, y) => y - x),
    );
    const days = await get<IncomeDay>(
      `/api/report/netincomes/details?${WEEK}&user_id=${staff}&sort=-services`,
    );
    expect(days.items.map((d) => d.services)).toEqual(
      [...days.items.map((d) => d.services)].sort((x, y) => y - x),
    );
    const csv = await who().get(`/api/report/netincomes/export?${WEEK}`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]!.split(',')).toContain('net_income');
    expect(lines).toHaveLength(3);
  });
});

describe('employee income by hours (netincomes-wkt)', () => {
  it('adds the minutes on the clock and the net income per hour', async () => {
    const report = await get<IncomeWktEmployee>(`/api/report/netincomes-wkt?${WEEK}`);
    const row = report.items.find((r) => r.user_id === staff)!;
    const minutes = 7 * 60 + 30 + 4 * 60 + 20; // 7 h 30 and 4 h 20
    expect(row.minutes).toBe(minutes);
    expect(row.income_per_hour).toBe(Math.round((row.net_income! * 60) / minutes));
    const plain = await get<IncomeEmployee>(`/api/report/netincomes?${WEEK}`);
    const { minutes: _m, income_per_hour: _h, ...same } = row;
    expect(same).toEqual(plain.items.find((r) => r.user_id === staff));
    expect(report.items.find((r) => r.user_id === manager)!.income_per_hour).toBeNull();
    const totals = report.totals as IncomeWktTotals;
    expect(totals.minutes).toBe(minutes);
    // Per hour over the employees on the clock: the manager's income is not spread over staff's hours.
    expect(totals.income_per_hour).toBe(row.income_per_hour);
  });

  it('days carry their minutes; shifts list the clock', async () => {
    const days = await get<IncomeWktEmployee & { date: string }>(
      `/api/report/netincomes-wkt/details?${WEEK}&user_id=${staff}`,
    );
    expect(days.items.find((d) => d.date === start)!.minutes).toBe(450);
    expect(days.items.find((d) => d.date === addDays(start, 1))!.minutes).toBe(260);
    const shifts = await get<Shift>(`/api/report/netincomes-wkt/report-details?${WEEK}&user_id=${staff}`);
    expect(shifts.items.map((s) => [s.date, s.break_minutes, s.minutes])).toEqual([
      [start, 30, 450],
      [addDays(start, 1), 0, 260],
    ]);
    const all = await get<Shift>(`/api/report/netincomes-wkt/report-full-details?${WEEK}`);
    expect(all.total).toBe(2);
  });
});

describe('daily details', () => {
  it("lists a day's sales with the void shown apart; the totals are the daily report's day", async () => {
    const details = await get<DailySale>(`/api/report/daily/details?${WEEK}&date=${today()}`);
    expect(details.items.map((s) => [s.sale_id, s.status])).toEqual([[voided.id, SALE_STATUS.VOID]]);
    const first = await get<DailySale>(`/api/report/daily/details?${WEEK}&date=${start}`);
    const daily = await get<DailyReport['items'][number]>(`/api/report/daily?${WEEK}`);
    const row = daily.items.find((d) => d.date === start)!;
    const { date: _d, ...figures } = row;
    expect(first.totals).toEqual(figures);
    expect(first.items.map((s) => s.sale_id)).toEqual(
      sales.filter((s) => s.day === start).map((s) => s.sale.id),
    );
    expect(first.items.reduce((s, x) => s + x.gross, 0)).toBe(row.gross);
    expect(first.items.reduce((s, x) => s + x.tips, 0)).toBe(row.tips);
    for (const type of [PAYMENT_TYPE.CREDIT, PAYMENT_TYPE.CASH]) {
      const sum = first.items.reduce(
        (s, x) => s + x.payments.find((p) => p.payment_type === type)!.amount,
        0,
      );
      expect(sum).toBe(row.payments.find((p) => p.payment_type === type)!.amount);
    }
    expect(first.items.map((s) => s.employees)).toEqual([
      a.users.staff.displayName,
      a.users.manager.displayName,
    ]);
  });
});

describe('summary details', () => {
  it("one employee's lines; the totals are their summary row", async () => {
    const summary = await get<SummaryEmployee>(`/api/report/summary?${WEEK}`);
    const details = await get<EmployeeLine>(`/api/report/summary/details?${WEEK}&user_id=${manager}`);
    const row = summary.items.find((e) => e.user_id === manager)!;
    expect(details.totals).toEqual(row);
    expect(details.items.reduce((s, l) => s + l.gross, 0)).toBe(row.gross);
    expect(details.items.reduce((s, l) => s + l.stored_commission, 0)).toBe(row.commission);
  });
});
