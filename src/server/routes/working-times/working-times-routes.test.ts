import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { apiHarness, dataOf } from '../../../../tests/support/server/api-harness';
import { MODULE } from '../../../domain/constants';
import { withModule } from '../../../domain/permissions';
import { STAFF_PERMISSIONS } from '../../../../tests/support/server/tenant-fixture';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import { auditLog } from '../../db/schema/audit-log';
import { stores } from '../../db/schema/stores';
import { users } from '../../db/schema/users';
import { workingTimeBreaks, workingTimes } from '../../db/schema/working-times';

const api = await apiHarness();
let a: TenantFixture;
let b: TenantFixture;
/** Staff with the Report module readable and writable: may correct a day with a manager's PIN approval. */
let reporter: TenantFixture;
/** A's people: Ann and Bo work in A's store, Dot in A's other store, Eq's name starts like a formula. */
let person: { ann: number; bo: number; dot: number; eq: number };

const BASE = '/api/report/working-times';
const day = (userId: number, date: string) => `${BASE}/details-in-date/${userId}/${date}`;
const at = (date: string, time: string) => new Date(`${date}T${time}:00.000Z`);
const iso = (date: string, time: string) => at(date, time).toISOString();
/** Today in UTC: the stores of these tests keep UTC, so it is also the store's business day. */
const today = () => new Date().toISOString().slice(0, 10);

async function shift(
  f: TenantFixture,
  userId: number,
  date: string,
  from: string,
  to: string | null,
  breaks: [string, string | null][] = [],
  storeId = f.store.id,
): Promise<number> {
  const [row] = await api.db
    .insert(workingTimes)
    .values({
      tenantId: f.tenantId,
      storeId,
      userId,
      dateWork: date,
      checkInAt: at(date, from),
      checkOutAt: to === null ? null : at(date, to),
    })
    .returning({ id: workingTimes.id });
  if (breaks.length > 0) {
    await api.db.insert(workingTimeBreaks).values(
      breaks.map(([s, e]) => ({
        tenantId: f.tenantId,
        storeId,
        workingTimeId: row!.id,
        startedAt: at(date, s),
        endedAt: e === null ? null : at(date, e),
      })),
    );
  }
  return row!.id;
}

async function shiftsOf(f: TenantFixture, userId: number) {
  return api.db
    .select()
    .from(workingTimes)
    .where(and(eq(workingTimes.tenantId, f.tenantId), eq(workingTimes.userId, userId)));
}

beforeAll(async () => {
  [a, b, reporter] = await Promise.all([
    api.tenant(),
    api.tenant(),
    api.tenant({
      permissions: {
        staff: withModule(STAFF_PERMISSIONS, MODULE.REPORT, {
          enable: true,
          is_readable: true,
          is_writable: true,
        }),
      },
    }),
  ]);
  await api.db
    .update(stores)
    .set({ timezone: 'UTC' })
    .where(inArray(stores.tenantId, [a.tenantId, b.tenantId, reporter.tenantId]));
  const base = { tenantId: a.tenantId, role: 'staff' as const, isTechnician: true };
  const rows = await api.db
    .insert(users)
    .values([
      { ...base, storeId: a.store.id, username: 'ann', displayName: 'Ann' },
      { ...base, storeId: a.store.id, username: 'bo', displayName: 'Bo' },
      { ...base, storeId: a.otherStore.id, username: 'dot', displayName: 'Dot' },
      { ...base, storeId: a.store.id, username: 'eq', displayName: '=HYPERLINK("x")' },
    ])
    .returning({ id: users.id });
  const [ann, bo, dot, eq_] = rows.map((r) => r.id) as [number, number, number, number];
  person = { ann, bo, dot, eq: eq_ };
  // Ann: two days, one with two shifts and a lunch break; Bo: one day; Dot: a shift in the other store.
  await shift(a, ann, '2026-03-02', '09:00', '17:00', [['12:00', '12:30']]);
  await shift(a, ann, '2026-03-03', '09:00', '12:00');
  await shift(a, ann, '2026-03-03', '13:00', '15:15', [['14:00', '14:10']]);
  await shift(a, bo, '2026-03-02', '10:00', '14:00');
  await shift(a, ann, '2026-03-02', '08:00', '09:00', [], a.otherStore.id);
  await shift(b, b.users.staff.id, '2026-03-02', '09:00', '17:00');
});

describe('GET /api/report/working-times', () => {
  it("lists the store's shifts in the range, newest day first, with worked and break minutes", async () => {
    const res = await api.as(a, 'manager').get(`${BASE}?date_range=2026-03-01,2026-03-31`);
    expect(res.statusCode, res.body).toBe(200);
    const page = dataOf(res);
    expect(page.total).toBe(4);
    expect(
      page.items.map(
        (r: { name: string; date_work: string; worked_minutes: number; break_minutes: number }) => [
          r.name,
          r.date_work,
          r.worked_minutes,
          r.break_minutes,
        ],
      ),
    ).toEqual([
      ['Ann', '2026-03-03', 125, 10],
      ['Ann', '2026-03-03', 180, 0],
      ['Bo', '2026-03-02', 240, 0],
      ['Ann', '2026-03-02', 450, 30],
    ]);
    expect(page.items[0]).toMatchObject({
      user_id: person.ann,
      check_in_at: iso('2026-03-03', '13:00'),
      check_out_at: iso('2026-03-03', '15:15'),
    });
  });

  it('narrows to one person and pages', async () => {
    const res = await api
      .as(a, 'manager')
      .get(
        `${BASE}?date_range[from]=2026-03-01&date_range[to]=2026-03-31&user_id=${person.ann}&per_page=2&page=2`,
      );
    const page = dataOf(res);
    expect(page.total).toBe(3);
    expect(page.items.map((r: { date_work: string }) => r.date_work)).toEqual(['2026-03-02']);
  });

  it('defaults to today, counting an open shift up to now', async () => {
    const date = today();
    const started = new Date(Date.now() - 90 * 60_000);
    const [row] = await api.db
      .insert(workingTimes)
      .values({
        tenantId: a.tenantId,
        storeId: a.store.id,
        userId: person.bo,
        dateWork: date,
        checkInAt: started,
      })
      .returning({ id: workingTimes.id });
    try {
      const page = dataOf(await api.as(a, 'manager').get(BASE));
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({ user_id: person.bo, date_work: date, check_out_at: null });
      expect(page.items[0].worked_minutes).toBeGreaterThanOrEqual(90);
    } finally {
      await api.db.delete(workingTimes).where(eq(workingTimes.id, row!.id));
    }
  });

  it("answers 404 for another tenant's or another store's person", async () => {
    const manager = api.as(a, 'manager');
    expect((await manager.get(`${BASE}?user_id=${b.users.staff.id}`)).statusCode).toBe(404);
    expect((await manager.get(`${BASE}?user_id=${person.dot}`)).statusCode).toBe(404);
  });

  it("gives another tenant none of A's shifts", async () => {
    const page = dataOf(await api.as(b, 'manager').get(`${BASE}?date_range=2026-03-01,2026-03-31`));
    expect(page.items.map((r: { user_id: number }) => r.user_id)).toEqual([b.users.staff.id]);
  });

  it('needs a session and the Report module, but no PIN approval', async () => {
    expect((await api.get(BASE)).statusCode).toBe(401);
    const staff = await api.as(a, 'staff').get(BASE);
    expect(staff.statusCode).toBe(403);
    expect(JSON.parse(staff.body).code).toBe(ERROR_CODE.MODULE_DISABLED);
    expect((await api.as(reporter, 'staff').get(BASE)).statusCode).toBe(200);
  });

  it('refuses a range that ends before it starts', async () => {
    expect((await api.as(a, 'manager').get(`${BASE}?date_range=2026-03-05,2026-03-01`)).statusCode).toBe(422);
  });
});

describe('GET /api/report/working-times/report-summary', () => {
  it('adds up days, shifts, worked and break minutes per person and in total', async () => {
    const res = await api.as(a, 'manager').get(`${BASE}/report-summary?date_range=2026-03-01,2026-03-31`);
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res)).toEqual({
      date_from: '2026-03-01',
      date_to: '2026-03-31',
      employees: [
        {
          user_id: person.ann,
          name: 'Ann',
          days_worked: 2,
          shifts: 3,
          worked_minutes: 755,
          break_minutes: 40,
        },
        { user_id: person.bo, name: 'Bo', days_worked: 1, shifts: 1, worked_minutes: 240, break_minutes: 0 },
      ],
      totals: { days_worked: 3, shifts: 4, worked_minutes: 995, break_minutes: 40 },
    });
  });

  it("answers 404 for another tenant's person and 403 without the Report module", async () => {
    expect(
      (await api.as(a, 'manager').get(`${BASE}/report-summary?user_id=${b.users.staff.id}`)).statusCode,
    ).toBe(404);
    expect((await api.as(a, 'staff').get(`${BASE}/report-summary`)).statusCode).toBe(403);
  });
});

describe('GET /api/report/working-times/details-in-date/:user_id/:date_work', () => {
  it("shows one person's day: each shift with its breaks, earliest first", async () => {
    const res = await api.as(a, 'manager').get(day(person.ann, '2026-03-03'));
    expect(res.statusCode, res.body).toBe(200);
    const data = dataOf(res);
    expect(data).toMatchObject({ user_id: person.ann, name: 'Ann', worked_minutes: 305, break_minutes: 10 });
    expect(data.shifts.map((s: { check_in_at: string }) => s.check_in_at)).toEqual([
      iso('2026-03-03', '09:00'),
      iso('2026-03-03', '13:00'),
    ]);
    expect(data.shifts[1].breaks).toEqual([
      { started_at: iso('2026-03-03', '14:00'), ended_at: iso('2026-03-03', '14:10') },
    ]);
  });

  it('needs a session and the Report module, but no PIN approval', async () => {
    expect((await api.get(day(person.ann, '2026-03-03'))).statusCode).toBe(401);
    expect((await api.as(a, 'staff').get(day(person.ann, '2026-03-03'))).statusCode).toBe(403);
    expect((await api.as(reporter, 'staff').get(day(reporter.users.staff.id, '2026-03-03'))).statusCode).toBe(
      200,
    );
  });

  it("answers 404 for another tenant's or store's person, and an empty day for a day off", async () => {
    const manager = api.as(a, 'manager');
    expect((await manager.get(day(b.users.staff.id, '2026-03-02'))).statusCode).toBe(404);
    expect((await manager.get(day(person.dot, '2026-03-02'))).statusCode).toBe(404);
    expect(dataOf(await manager.get(day(person.bo, '2026-03-09'))).shifts).toEqual([]);
  });
});

describe('GET /api/report/working-times/details-in-date', () => {
  it("shows everyone's day on one date in this store, by name; another store's shift stays out", async () => {
    const res = await api.as(a, 'manager').get(`${BASE}/details-in-date?date=2026-03-02`);
    expect(res.statusCode, res.body).toBe(200);
    const data = dataOf(res);
    expect(data.date_work).toBe('2026-03-02');
    expect(
      data.days.map(
        (d: { name: string; worked_minutes: number; break_minutes: number; shifts: unknown[] }) => [
          d.name,
          d.shifts.length,
          d.worked_minutes,
          d.break_minutes,
        ],
      ),
    ).toEqual([
      ['Ann', 1, 450, 30],
      ['Bo', 1, 240, 0],
    ]);
  });

  it("defaults to today in the store's time zone, and shows no one on a day nobody worked", async () => {
    const manager = api.as(a, 'manager');
    const today = dataOf(await manager.get(`${BASE}/details-in-date`));
    expect(today.date_work).toBe(new Date().toISOString().slice(0, 10));
    expect(dataOf(await manager.get(`${BASE}/details-in-date?date=2026-03-09`)).days).toEqual([]);
  });

  it('needs a session and the Report module, refuses a malformed date, and shows another tenant nothing', async () => {
    expect((await api.get(`${BASE}/details-in-date?date=2026-03-02`)).statusCode).toBe(401);
    expect((await api.as(a, 'staff').get(`${BASE}/details-in-date?date=2026-03-02`)).statusCode).toBe(403);
    expect((await api.as(a, 'manager').get(`${BASE}/details-in-date?date=March`)).statusCode).toBe(422);
    const other = dataOf(await api.as(b, 'manager').get(`${BASE}/details-in-date?date=2026-03-02`));
    expect(other.days.map((d: { user_id: number }) => d.user_id)).toEqual([b.users.staff.id]);
  });
});

describe('POST /api/report/working-times/details-in-date/:user_id/:date_work', () => {
  const DATE = '2026-04-06';
  let annShift: number;
  beforeEach(async () => {
    await api.db
      .delete(workingTimes)
      .where(and(eq(workingTimes.tenantId, a.tenantId), eq(workingTimes.dateWork, DATE)));
    annShift = await shift(a, person.ann, DATE, '09:00', '17:00', [['12:00', '13:00']]);
  });

  const corrected = {
    shifts: [
      {
        check_in_at: iso(DATE, '08:30'),
        check_out_at: iso(DATE, '12:00'),
        breaks: [{ started_at: iso(DATE, '10:00'), ended_at: iso(DATE, '10:15') }],
      },
      { check_in_at: iso(DATE, '13:00'), check_out_at: iso(DATE, '17:30'), breaks: [] },
    ],
    reason: 'Forgot to clock out for lunch',
  };

  it("replaces the day's shifts and breaks and writes an audit row with before, after and the reason", async () => {
    const res = await api.as(a, 'staff', { approver: 'manager' }).post(day(person.ann, DATE), corrected);
    // Staff has no Report module: the manager must correct it from their own session.
    expect(res.statusCode).toBe(403);
    const ok = await api.as(a, 'manager', { approver: 'manager' }).post(day(person.ann, DATE), corrected);
    expect(ok.statusCode, ok.body).toBe(200);
    const data = dataOf(ok);
    expect(data.worked_minutes).toBe(195 + 270);
    expect(data.break_minutes).toBe(15);
    expect(data.shifts).toHaveLength(2);
    const rows = (await shiftsOf(a, person.ann)).filter((r) => r.dateWork === DATE);
    expect(rows.map((r) => r.id)).not.toContain(annShift);
    const [audit] = await api.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.tenantId, a.tenantId),
          eq(auditLog.action, 'working_times.correct'),
          eq(auditLog.entityId, `${person.ann}:${DATE}`),
        ),
      );
    expect(audit).toMatchObject({ userId: a.users.manager.id, approvedBy: a.users.manager.id });
    expect((audit!.before as { shifts: unknown[] }).shifts).toHaveLength(1);
    expect(audit!.after).toMatchObject({ reason: corrected.reason, worked_minutes: 465 });
  });

  it('lets staff with the Report module correct a day with a manager approving by PIN', async () => {
    const date = '2026-04-07';
    const res = await api
      .as(reporter, 'staff', { approver: 'manager' })
      .post(day(reporter.users.staff.id, date), {
        shifts: [{ check_in_at: iso(date, '09:00'), check_out_at: iso(date, '10:00'), breaks: [] }],
        reason: 'Missed clock-in',
      });
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res).worked_minutes).toBe(60);
  });

  it.each([
    [
      'a check-out before its check-in',
      [{ check_in_at: iso(DATE, '10:00'), check_out_at: iso(DATE, '09:00'), breaks: [] }],
      'shifts.0.check_out_at',
    ],
    [
      'a break outside its shift',
      [
        {
          check_in_at: iso(DATE, '10:00'),
          check_out_at: iso(DATE, '12:00'),
          breaks: [{ started_at: iso(DATE, '11:30'), ended_at: iso(DATE, '12:30') }],
        },
      ],
      'shifts.0.breaks.0',
    ],
    [
      'an open break in a closed shift',
      [
        {
          check_in_at: iso(DATE, '10:00'),
          check_out_at: iso(DATE, '12:00'),
          breaks: [{ started_at: iso(DATE, '11:30'), ended_at: null }],
        },
      ],
      'shifts.0.breaks.0',
    ],
    [
      'overlapping shifts',
      [
        { check_in_at: iso(DATE, '09:00'), check_out_at: iso(DATE, '12:00'), breaks: [] },
        { check_in_at: iso(DATE, '11:00'), check_out_at: iso(DATE, '13:00'), breaks: [] },
      ],
      'shifts.1.check_in_at',
    ],
    [
      'overlapping breaks',
      [
        {
          check_in_at: iso(DATE, '09:00'),
          check_out_at: iso(DATE, '17:00'),
          breaks: [
            { started_at: iso(DATE, '12:00'), ended_at: iso(DATE, '12:30') },
            { started_at: iso(DATE, '12:15'), ended_at: iso(DATE, '12:45') },
          ],
        },
      ],
      'shifts.0.breaks.1.started_at',
    ],
    [
      'an open shift on a past day',
      [{ check_in_at: iso(DATE, '09:00'), check_out_at: null, breaks: [] }],
      'shifts.0.check_out_at',
    ],
  ])('refuses %s with 422 on the field, changing nothing', async (_name, shifts, field) => {
    const res = await api
      .as(a, 'manager', { approver: 'manager' })
      .post(day(person.ann, DATE), { shifts, reason: 'Fixing the day' });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(JSON.parse(res.body).errors)).toContain(field);
    expect((await shiftsOf(a, person.ann)).map((r) => r.id)).toContain(annShift);
  });

  it('refuses more than one open shift, and keeps one open shift today', async () => {
    const date = today();
    const early = new Date(Date.now() - 3 * 3600_000).toISOString();
    const later = new Date(Date.now() - 3600_000).toISOString();
    const manager = api.as(a, 'manager', { approver: 'manager' });
    const two = await manager.post(day(person.bo, date), {
      shifts: [
        { check_in_at: early, check_out_at: null, breaks: [] },
        { check_in_at: later, check_out_at: null, breaks: [] },
      ],
      reason: 'Two open',
    });
    expect(two.statusCode).toBe(422);
    expect(JSON.parse(two.body).errors['shifts.1.check_out_at']).toBeDefined();
    const one = await manager.post(day(person.bo, date), {
      shifts: [{ check_in_at: early, check_out_at: null, breaks: [{ started_at: later, ended_at: null }] }],
      reason: 'Clocked in late',
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(dataOf(one).shifts[0].check_out_at).toBeNull();
    await api.db
      .delete(workingTimes)
      .where(
        and(
          eq(workingTimes.tenantId, a.tenantId),
          eq(workingTimes.userId, person.bo),
          eq(workingTimes.dateWork, date),
        ),
      );
  });

  it('refuses a day in the future, and an open shift while clocked in on another day', async () => {
    const manager = api.as(a, 'manager', { approver: 'manager' });
    const future = await manager.post(day(person.ann, '2099-01-01'), {
      shifts: [
        { check_in_at: iso('2099-01-01', '09:00'), check_out_at: iso('2099-01-01', '10:00'), breaks: [] },
      ],
      reason: 'Planning ahead',
    });
    expect(future.statusCode).toBe(422);
    expect(JSON.parse(future.body).errors.date_work).toBeDefined();
    // Bo was left clocked in yesterday: one open shift per person, so today's cannot be open too.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const stale = await shift(a, person.bo, yesterday, '09:00', null);
    try {
      const res = await manager.post(day(person.bo, today()), {
        shifts: [
          { check_in_at: new Date(Date.now() - 60_000).toISOString(), check_out_at: null, breaks: [] },
        ],
        reason: 'Clocked in today',
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(JSON.parse(res.body).errors['shifts.0.check_out_at']).toBeDefined();
    } finally {
      await api.db.delete(workingTimes).where(eq(workingTimes.id, stale));
    }
  });

  it('answers a replay with the same Idempotency-Key with the first answer, writing once', async () => {
    const manager = api.as(a, 'manager', { approver: 'manager' });
    const corrections = async () =>
      (
        await api.db
          .select()
          .from(auditLog)
          .where(
            and(
              eq(auditLog.tenantId, a.tenantId),
              eq(auditLog.action, 'working_times.correct'),
              eq(auditLog.entityId, `${person.ann}:${DATE}`),
            ),
          )
      ).length;
    const before = await corrections();
    const key = `wt-${Date.now()}`;
    const first = await manager.post(day(person.ann, DATE), corrected, { key });
    const again = await manager.post(day(person.ann, DATE), corrected, { key });
    expect(first.statusCode, first.body).toBe(200);
    expect(JSON.parse(again.body)).toEqual(JSON.parse(first.body));
    expect(await corrections()).toBe(before + 1);
  });

  it('refuses a reason under 3 characters', async () => {
    const res = await api
      .as(a, 'manager', { approver: 'manager' })
      .post(day(person.ann, DATE), { ...corrected, reason: 'x' });
    expect(res.statusCode).toBe(422);
    expect(JSON.parse(res.body).errors.reason).toBeDefined();
  });

  it("needs a manager's PIN approval and an Idempotency-Key", async () => {
    const noPin = await api.as(a, 'manager').post(day(person.ann, DATE), corrected);
    expect(noPin.statusCode).toBe(403);
    expect(JSON.parse(noPin.body).code).toBe(ERROR_CODE.PIN_APPROVAL_REQUIRED);
    const staffPin = await api.as(a, 'manager', { approver: 'staff' }).post(day(person.ann, DATE), corrected);
    expect(staffPin.statusCode).toBe(403);
    expect(JSON.parse(staffPin.body).code).toBe(ERROR_CODE.PIN_APPROVER_NOT_ALLOWED);
    const noKey = await api
      .as(a, 'manager', { approver: 'manager' })
      .post(day(person.ann, DATE), corrected, { key: null });
    expect(noKey.statusCode).toBe(400);
    expect((await api.post(day(person.ann, DATE), corrected)).statusCode).toBe(401);
    expect((await shiftsOf(a, person.ann)).map((r) => r.id)).toContain(annShift);
  });

  it("answers 404 for another tenant's person and leaves their day alone", async () => {
    const res = await api.as(b, 'manager', { approver: 'manager' }).post(day(person.ann, DATE), corrected);
    expect(res.statusCode).toBe(404);
    expect((await shiftsOf(a, person.ann)).map((r) => r.id)).toContain(annShift);
  });
});

describe('DELETE /api/report/working-times', () => {
  const DATE = '2026-05-04';
  const url = (userId: number, date = DATE, reason = 'Clocked in by mistake') =>
    `${BASE}?user_id=${userId}&date_work=${date}&reason=${encodeURIComponent(reason)}`;

  it("removes the person's day with an audit row, and answers 404 once it is gone", async () => {
    await shift(a, person.bo, DATE, '09:00', '11:00', [['10:00', '10:05']]);
    const manager = api.as(a, 'manager', { approver: 'owner' });
    const res = await manager.del(url(person.bo));
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res).shifts).toEqual([]);
    expect((await shiftsOf(a, person.bo)).filter((r) => r.dateWork === DATE)).toEqual([]);
    const [audit] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, a.tenantId), eq(auditLog.action, 'working_times.delete')));
    expect(audit).toMatchObject({ entityId: `${person.bo}:${DATE}`, approvedBy: a.users.owner.id });
    expect((audit!.before as { worked_minutes: number }).worked_minutes).toBe(115);
    expect(audit!.after).toMatchObject({ reason: 'Clocked in by mistake' });
    expect((await manager.del(url(person.bo))).statusCode).toBe(404);
  });

  it('takes the day in a JSON body as well, and refuses a request that names no day', async () => {
    await shift(a, person.bo, DATE, '12:00', '13:00');
    const manager = api.as(a, 'manager', { approver: 'manager' });
    const missing = await manager.del(`${BASE}?user_id=${person.bo}&reason=Mistake`);
    expect(missing.statusCode).toBe(422);
    expect(JSON.parse(missing.body).errors.date_work).toBeDefined();
    const res = await manager.del(BASE, {
      user_id: person.bo,
      date_work: DATE,
      reason: 'Clocked in by mistake',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await shiftsOf(a, person.bo)).filter((r) => r.dateWork === DATE)).toEqual([]);
  });

  it('needs a PIN approval, a key and a reason; another tenant gets 404', async () => {
    await shift(a, person.ann, DATE, '09:00', '11:00');
    expect((await api.del(url(person.ann))).statusCode).toBe(401);
    expect((await api.as(a, 'staff', { approver: 'manager' }).del(url(person.ann))).statusCode).toBe(403);
    expect((await api.as(a, 'manager').del(url(person.ann))).statusCode).toBe(403);
    expect((await api.as(a, 'manager', { approver: 'staff' }).del(url(person.ann))).statusCode).toBe(403);
    expect(
      (await api.as(a, 'manager', { approver: 'manager' }).del(url(person.ann), undefined, { key: null }))
        .statusCode,
    ).toBe(400);
    expect(
      (await api.as(a, 'manager', { approver: 'manager' }).del(url(person.ann, DATE, 'x'))).statusCode,
    ).toBe(422);
    expect((await api.as(b, 'manager', { approver: 'manager' }).del(url(person.ann))).statusCode).toBe(404);
    expect((await shiftsOf(a, person.ann)).filter((r) => r.dateWork === DATE)).toHaveLength(1);
  });
});

describe('GET /api/report/working-times/export', () => {
  it('sends the list as CSV, a name that looks like a formula neutralised', async () => {
    await shift(a, person.eq, '2026-03-04', '09:00', '10:00');
    const res = await api.as(a, 'manager').get(`${BASE}/export?date_range=2026-03-01,2026-03-31`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Date,Employee,Check in,Check out,Break minutes,Worked minutes');
    expect(lines).toHaveLength(6);
    expect(lines[1]).toBe(
      `2026-03-04,"'=HYPERLINK(""x"")",${iso('2026-03-04', '09:00')},${iso('2026-03-04', '10:00')},0,60`,
    );
    expect(lines[5]).toBe(
      `2026-03-02,Ann,${iso('2026-03-02', '09:00')},${iso('2026-03-02', '17:00')},30,450`,
    );
  });

  it("answers 404 for another tenant's person and 403 without the Report module", async () => {
    expect((await api.as(a, 'manager').get(`${BASE}/export?user_id=${b.users.staff.id}`)).statusCode).toBe(
      404,
    );
    expect((await api.as(a, 'staff').get(`${BASE}/export`)).statusCode).toBe(403);
  });
});
