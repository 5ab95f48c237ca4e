/**
 * The dashboard over HTTP (docs/dashboard.md): access (login only, the Dashboard module, no PIN), the period
 * against the same weekday a week earlier, by hour, by technician and top services checked against what the
 * sale routes answered, walk-ins waiting (made through the walk-in routes) and appointments left today.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiHarness, dataOf } from '../../../tests/support/server/api-harness';
import { bookingTechnician } from '../../../tests/support/server/booking-fixtures';
import { createSaleCatalog, saleBody } from '../../../tests/support/server/sale-test-data';
import type { LineSpec, SaleCatalog } from '../../../tests/support/server/sale-test-data';
import { STAFF_PERMISSIONS } from '../../../tests/support/server/tenant-fixture';
import type { TenantFixture } from '../../../tests/support/server/tenant-fixture';
import { DASHBOARD_DETAILS_PATH, DASHBOARD_SUMMARY_PATH } from '../../contracts/dashboard';
import type { DashboardDetails, DashboardSummary } from '../../contracts/dashboard';
import { ERROR_CODE } from '../../contracts/error-codes';
import { walkInPath } from '../../contracts/walk-ins';
import { ITEM_TYPE, MODULE, PAYMENT_TYPE } from '../../domain/constants';
import { sameWallTimeWeekEarlier } from '../../domain/dashboard';
import { withModule } from '../../domain/permissions';
import { dayInTimeZone, isoWeekday, parseDay } from '../../domain/report-periods';
import { storeTimeToIso } from '../../domain/store-time';
import { bookingLines, bookings } from '../db/schema/bookings';
import { stores } from '../db/schema/stores';

const api = await apiHarness();
const LA = 'America/Los_Angeles';
let a: TenantFixture;
let b: TenantFixture;
let closed: TenantFixture;
let cat: SaleCatalog;
let amy: number;
let zed: number;

const addDays = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};
const todayLA = () => dayInTimeZone(new Date(), LA);
/** The staff member: the Dashboard module is one of the front desk's; no PIN is ever sent. */
const staff = () => api.as(a, 'staff');

async function summary(query: string): Promise<DashboardSummary> {
  const res = await staff().get(`${DASHBOARD_SUMMARY_PATH}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<DashboardSummary>(res);
}

async function details(query: string): Promise<DashboardDetails> {
  const res = await staff().get(`${DASHBOARD_DETAILS_PATH}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<DashboardDetails>(res);
}

interface Sold {
  hour: number;
  employee: number;
  net: number;
  total: number;
  tips: number;
  lines: { item_id: number; item_type: number; quantity: number; net: number }[];
}

/** A sale through POST /api/pos/sales, in cash; what the route answered is the oracle. */
async function sell(
  lines: LineSpec[],
  options: { orderAt?: string; employee: number; tip?: number },
): Promise<Sold> {
  const body = saleBody({
    employeeId: options.employee,
    lines,
    ...(options.tip ? { tip: options.tip } : {}),
    extra: options.orderAt ? { order_at: options.orderAt } : {},
  });
  const res = await api.as(a, 'manager').post('/api/pos/sales', body);
  expect(res.statusCode, res.body).toBe(201);
  const sale = dataOf(res);
  const at = new Date(sale.order_at ?? options.orderAt ?? Date.now());
  return {
    hour: Number(
      new Intl.DateTimeFormat('en-GB', { timeZone: LA, hour: '2-digit', hourCycle: 'h23' }).format(at),
    ),
    employee: options.employee,
    net: sale.totals.sub_total - sale.totals.discount_amount,
    total: sale.totals.total_price,
    tips: sale.totals.tip_amount,
    lines: sale.orderEmployees.flatMap((g: { orderItems: Sold['lines'] }) => g.orderItems),
  };
}

const sum = (sales: readonly Sold[], pick: (s: Sold) => number) => sales.reduce((t, s) => t + pick(s), 0);

beforeAll(async () => {
  [a, b, closed] = await Promise.all([
    api.tenant(),
    api.tenant(),
    api.tenant({
      permissions: { staff: withModule(STAFF_PERMISSIONS, MODULE.DASHBOARD, { enable: false }) },
    }),
  ]);
  cat = await createSaleCatalog(api.db, a);
  await api.db.update(stores).set({ timezone: LA }).where(eq(stores.id, a.store.id));
  amy = await bookingTechnician(api.db, a, 'Amy');
  zed = await bookingTechnician(api.db, a, 'Zed');
});

describe('access', () => {
  for (const path of [DASHBOARD_SUMMARY_PATH, DASHBOARD_DETAILS_PATH]) {
    it(`${path}: 401 without a session, 403 without the Dashboard module, 200 with a session and no PIN`, async () => {
      expect((await api.get(path)).statusCode).toBe(401);
      const off = await api.as(closed, 'staff').get(path);
      expect(off.statusCode).toBe(403);
      expect(off.json().code).toBe(ERROR_CODE.MODULE_DISABLED);
      expect((await staff().get(path)).statusCode).toBe(200);
    });
  }

  it("404 for another tenant's person; 422 for an unknown period or time zone", async () => {
    expect((await staff().get(`${DASHBOARD_SUMMARY_PATH}?user_id=${b.users.staff.id}`)).statusCode).toBe(404);
    expect((await staff().get(`${DASHBOARD_DETAILS_PATH}?cashier_id=${b.users.manager.id}`)).statusCode).toBe(
      404,
    );
    expect((await staff().get(`${DASHBOARD_SUMMARY_PATH}?time_type=fortnight`)).statusCode).toBe(422);
    const zone = await staff().get(`${DASHBOARD_SUMMARY_PATH}?timezone=Mars/Olympus`);
    expect(zone.statusCode).toBe(422);
    expect(zone.json().errors).toHaveProperty('timezone');
  });

  it("reads the store's days whatever zone the client sends, and defaults to today", async () => {
    const s = await summary('timezone=Asia/Bangkok');
    expect(s.range).toMatchObject({ time_type: 'today', start_date: todayLA(), timezone: LA });
  });
});

describe('a past day against the same weekday a week earlier', () => {
  // Far enough back that no other test of this file rings a sale on these days.
  const day = addDays(todayLA(), -21);
  const weekEarlier = addDays(day, -7);
  const at = (d: string, hhmm: string) => storeTimeToIso(`${d}T${hhmm}`, LA)!;
  const onDay: Sold[] = [];
  const onWeekEarlier: Sold[] = [];
  let s: DashboardSummary;
  let d: DashboardDetails;

  beforeAll(async () => {
    const mani: LineSpec = { item_id: cat.manicure };
    const pedi: LineSpec = { item_id: cat.pedicure };
    const oil: LineSpec = { item_id: cat.oil, item_type: ITEM_TYPE.PRODUCT, quantity: 2 };
    onDay.push(await sell([mani, oil], { orderAt: at(day, '09:15'), employee: amy, tip: 500 }));
    onDay.push(await sell([pedi], { orderAt: at(day, '09:40'), employee: zed }));
    onDay.push(await sell([mani, pedi], { orderAt: at(day, '14:05'), employee: amy, tip: 300 }));
    // 23:30 in Los Angeles is the next day in UTC: still this store day, hour 23.
    onDay.push(await sell([mani], { orderAt: at(day, '23:30'), employee: zed }));
    onWeekEarlier.push(await sell([pedi], { orderAt: at(weekEarlier, '11:00'), employee: zed }));
    onWeekEarlier.push(await sell([mani], { orderAt: at(weekEarlier, '16:45'), employee: amy, tip: 200 }));
    // The days around either one are in neither.
    await sell([mani], { orderAt: at(addDays(day, -1), '12:00'), employee: amy });
    await sell([pedi], { orderAt: at(addDays(weekEarlier, 1), '12:00'), employee: zed });
    const query = `time_type=other&effective_start=${day}&effective_end=${day}`;
    [s, d] = await Promise.all([summary(query), details(query)]);
  });

  it('compares with the same weekday one week earlier, whole days since the day is over', () => {
    expect(s.comparison.start_date).toBe(weekEarlier);
    expect(s.comparison.end_date).toBe(weekEarlier);
    expect(isoWeekday(parseDay(s.comparison.start_date)!)).toBe(isoWeekday(parseDay(day)!));
    expect(s.comparison.from).toBe(at(weekEarlier, '00:00'));
    expect(s.comparison.to).toBe(at(addDays(weekEarlier, 1), '00:00'));
  });

  it("the period's and the week-earlier figures are what the sale routes answered", () => {
    for (const [figures, sales] of [
      [s.current, onDay],
      [s.previous, onWeekEarlier],
    ] as const) {
      expect(figures.sales_count).toBe(sales.length);
      expect(figures.net).toBe(sum(sales, (x) => x.net));
      expect(figures.total).toBe(sum(sales, (x) => x.total));
      expect(figures.tips).toBe(sum(sales, (x) => x.tips));
      expect(figures.average_ticket).toBe(Math.round(figures.net / sales.length));
      // Every sale here is paid in cash, with change: the cash kept (less the change) is the total.
      expect(figures.payments.find((p) => p.payment_type === PAYMENT_TYPE.CASH)?.amount).toBe(figures.total);
      expect(figures.payments.reduce((t, p) => t + p.amount, 0)).toBe(figures.total);
    }
  });

  it('by hour: each sale in its store hour, and the hours add up to the totals', () => {
    expect(d.by_hour.map((h) => h.hour)).toEqual(Array.from({ length: 24 }, (_, i) => i));
    const busy = d.by_hour.filter((h) => h.sales_count > 0).map((h) => [h.hour, h.sales_count]);
    expect(busy).toEqual([
      [9, 2],
      [14, 1],
      [23, 1],
    ]);
    for (const sale of onDay) expect(d.by_hour[sale.hour]!.sales_count).toBeGreaterThan(0);
    expect(d.by_hour.reduce((t, h) => t + h.sales_count, 0)).toBe(s.current.sales_count);
    expect(d.by_hour.reduce((t, h) => t + h.net, 0)).toBe(s.current.net);
    expect(d.by_hour.reduce((t, h) => t + h.total, 0)).toBe(s.current.total);
  });

  it('by technician: their sales, their lines, their tips; highest net first', () => {
    const expected = [amy, zed].map((id) => {
      const theirs = onDay.filter((x) => x.employee === id);
      return {
        user_id: id,
        name: id === amy ? 'Amy' : 'Zed',
        sales_count: theirs.length,
        // No order-level discount here, so a technician's lines' net is their sales' net.
        net: sum(theirs, (x) => x.net),
        tips: sum(theirs, (x) => x.tips),
      };
    });
    expected.sort((x, y) => y.net - x.net);
    expect(d.by_technician).toEqual(expected);
    expect(d.by_technician.reduce((t, e) => t + e.net, 0)).toBe(s.current.net);
    expect(d.by_technician.reduce((t, e) => t + e.tips, 0)).toBe(s.current.tips);
  });

  it('top services: services only, by the net of their lines', () => {
    const lines = onDay.flatMap((x) => x.lines).filter((l) => l.item_type === ITEM_TYPE.SERVICE);
    const of = (id: number) => lines.filter((l) => l.item_id === id);
    const expected = [
      { service_id: cat.manicure, name: 'Gel manicure' },
      { service_id: cat.pedicure, name: 'Pedicure' },
    ].map((x) => ({
      ...x,
      quantity: of(x.service_id).reduce((t, l) => t + l.quantity, 0),
      net: of(x.service_id).reduce((t, l) => t + l.net, 0),
    }));
    expect(d.top_services).toEqual(expected);
  });

  it('a technician filter keeps their sales', async () => {
    const query = `time_type=other&effective_start=${day}&effective_end=${day}&user_id=${amy}`;
    const [theirs, theirDetails] = await Promise.all([summary(query), details(query)]);
    const sales = onDay.filter((x) => x.employee === amy);
    expect(theirs.current.sales_count).toBe(sales.length);
    expect(theirs.current.net).toBe(sum(sales, (x) => x.net));
    expect(theirDetails.by_technician.map((e) => e.user_id)).toEqual([amy]);
  });
});

describe('today', () => {
  const today = todayLA();
  const weekEarlier = addDays(today, -7);
  const fromToday: Sold[] = [];
  const earlierSoFar: Sold[] = [];

  beforeAll(async () => {
    fromToday.push(await sell([{ item_id: cat.manicure }], { employee: amy }));
    fromToday.push(await sell([{ item_id: cat.pedicure }], { employee: zed, tip: 100 }));
    // A week ago, before this moment's wall time: in the comparison; after it (when that day has an after):
    // not, since today is not over yet.
    const cut = sameWallTimeWeekEarlier(new Date(), LA);
    const dayStart = new Date(storeTimeToIso(`${weekEarlier}T00:00`, LA)!).getTime();
    const before = new Date(Math.max(dayStart, cut.getTime() - 60_000)).toISOString();
    earlierSoFar.push(await sell([{ item_id: cat.pedicure }], { orderAt: before, employee: zed }));
    const after = new Date(cut.getTime() + 60 * 60_000);
    if (dayInTimeZone(after, LA) === weekEarlier) {
      await sell([{ item_id: cat.manicure }], { orderAt: after.toISOString(), employee: amy });
    }
  });

  it('compares with the same weekday last week up to the same wall time', async () => {
    const s = await summary('');
    expect(s.range).toMatchObject({ time_type: 'today', start_date: today, end_date: today });
    expect(s.comparison.start_date).toBe(weekEarlier);
    expect(new Date(s.comparison.to).getTime()).toBeLessThanOrEqual(
      sameWallTimeWeekEarlier(new Date(s.as_of), LA).getTime(),
    );
    expect(s.current.sales_count).toBe(fromToday.length);
    expect(s.current.net).toBe(sum(fromToday, (x) => x.net));
    expect(s.previous.sales_count).toBe(earlierSoFar.length);
    expect(s.previous.net).toBe(sum(earlierSoFar, (x) => x.net));
  });

  it('walk-ins waiting now: waiting and assigned, apart from in service; done and left ones not', async () => {
    const checkIn = async (name: string) => {
      const res = await staff().post('/api/pos/walk-in', { customer_name: name });
      expect(res.statusCode, res.body).toBe(201);
      return dataOf(res) as { id: number };
    };
    const move = async (path: Parameters<typeof walkInPath>[0], id: number, body: object) => {
      const res = await staff().post(walkInPath(path, id), body);
      expect(res.statusCode, res.body).toBe(200);
    };
    await checkIn('Waiting one');
    const assigned = await checkIn('Assigned one');
    await move('assign', assigned.id, { technician_id: amy, version: 1 });
    const serving = await checkIn('In service');
    await move('start', serving.id, { technician_id: zed, version: 1 });
    const gone = await checkIn('Walked out');
    await move('leave', gone.id, { version: 1 });
    const s = await summary('');
    expect(s.walk_ins).toEqual({ waiting: 2, in_service: 1 });
    const amys = await summary(`user_id=${amy}`);
    expect(amys.walk_ins).toEqual({ waiting: 1, in_service: 0 });
  });

  it("appointments left today: booked or confirmed, today's only, the earliest first", async () => {
    const startOfToday = new Date(storeTimeToIso(`${today}T00:00`, LA)!).getTime();
    const startOfTomorrow = new Date(storeTimeToIso(`${addDays(today, 1)}T00:00`, LA)!).getTime();
    const minute = 60_000;
    const rows = [
      { status: 'booked', at: startOfToday + 30 * minute, line: amy },
      { status: 'confirmed', at: startOfToday + 60 * minute, line: zed },
      { status: 'arrived', at: startOfToday + 90 * minute, line: amy },
      { status: 'cancelled', at: startOfToday + 120 * minute, line: amy },
      { status: 'booked', at: startOfTomorrow + 30 * minute, line: amy },
      { status: 'booked', at: startOfToday - 30 * minute, line: amy },
    ] as const;
    for (const row of rows) {
      // Written straight to the table: the booking routes refuse times outside the store's hours, and a
      // test must not depend on the hour it runs at.
      const [booking] = await api.db
        .insert(bookings)
        .values({
          tenantId: a.tenantId,
          storeId: a.store.id,
          uuid: randomUUID(),
          customerName: 'Mai Tran',
          status: row.status,
          startsAt: new Date(row.at),
          endsAt: new Date(row.at + 45 * minute),
          createdBy: a.users.manager.id,
        })
        .returning({ id: bookings.id });
      await api.db.insert(bookingLines).values({
        tenantId: a.tenantId,
        storeId: a.store.id,
        bookingId: booking!.id,
        position: 0,
        serviceId: cat.manicure,
        serviceName: 'Gel manicure',
        unitPrice: 4500,
        userId: row.line,
        startsAt: new Date(row.at),
        durationMinutes: 45,
      });
    }
    const s = await summary('');
    expect(s.appointments).toEqual({
      left_today: 2,
      next_starts_at: new Date(startOfToday + 30 * minute).toISOString(),
    });
    const zeds = await summary(`user_id=${zed}`);
    expect(zeds.appointments.left_today).toBe(1);
  });
});
