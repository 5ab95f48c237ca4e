import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { apiHarness } from '../../../../tests/support/server/api-harness';
import { MODULE } from '../../../domain/constants';
import { withModule } from '../../../domain/permissions';
import { hashSecret } from '../../auth/passwords';
import { STAFF_PERMISSIONS } from '../../../../tests/support/server/tenant-fixture';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import { stores } from '../../db/schema/stores';
import { pinLookup, users } from '../../db/schema/users';
import { workingTimeBreaks, workingTimes } from '../../db/schema/working-times';

const api = await apiHarness();
let a: TenantFixture;
let b: TenantFixture;
let saleOff: TenantFixture;
let saleReadOnly: TenantFixture;
/** Technicians of A's store: Bea (PIN 5678, display_order 1), Cat (display_order 0), Dot (other store), Eve (inactive). */
let tech: { bea: number; cat: number; dot: number; eve: number };
const BEA_PIN = '5678';
const ZONE = 'Pacific/Kiritimati';

function localDate(zone: string, at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

beforeAll(async () => {
  [a, b, saleOff, saleReadOnly] = await Promise.all([
    api.tenant(),
    api.tenant(),
    api.tenant({
      permissions: { staff: withModule(STAFF_PERMISSIONS, MODULE.SALE, { enable: false }) },
    }),
    api.tenant({
      permissions: { staff: withModule(STAFF_PERMISSIONS, MODULE.SALE, { is_writable: false }) },
    }),
  ]);
  // A store far from UTC, so "today" in the store is checked against the store's zone, not the server's.
  await api.db.update(stores).set({ timezone: ZONE }).where(eq(stores.id, a.store.id));
  const base = { tenantId: a.tenantId, role: 'staff' as const, isTechnician: true };
  const rows = await api.db
    .insert(users)
    .values([
      {
        ...base,
        storeId: a.store.id,
        username: 'bea',
        displayName: 'Bea',
        displayOrder: 1,
        commissionRate: 40,
        pinHash: await hashSecret(BEA_PIN),
        pinLookup: pinLookup(a.pinSecret, BEA_PIN),
      },
      { ...base, storeId: a.store.id, username: 'cat', displayName: 'Cat', displayOrder: 0 },
      { ...base, storeId: a.otherStore.id, username: 'dot', displayName: 'Dot' },
      { ...base, storeId: a.store.id, username: 'eve', displayName: 'Eve', isActive: false },
    ])
    .returning({ id: users.id });
  const [bea, cat, dot, eve] = rows.map((r) => r.id) as [number, number, number, number];
  tech = { bea, cat, dot, eve };
});

const CHECK_IN_OUT = '/api/pos/employees/check-in-out';

async function openRows(userId: number) {
  return api.db
    .select()
    .from(workingTimes)
    .where(and(eq(workingTimes.tenantId, a.tenantId), eq(workingTimes.userId, userId)));
}

describe('GET /api/pos/employees', () => {
  it("lists the store's active employees, technicians first by display order, then the rest", async () => {
    const res = await api.as(a, 'staff').get('/api/pos/employees?per_page=50');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    const names = data.items.map((e: { name: string }) => e.name);
    expect(names.slice(0, 2)).toEqual(['Cat', 'Bea']);
    expect(names).not.toContain('Dot');
    expect(names).not.toContain('Eve');
    expect(names).toHaveLength(6);
    expect(data).toMatchObject({ total: 6, page: 1, per_page: 50 });
    expect(data.items[1]).toMatchObject({
      id: tech.bea,
      is_technician: true,
      commission_rate: 40,
      role: 'staff',
      checked_in: false,
      check_in_at: null,
    });
  });

  it('filters by name and technician flag, sorts by name, and pages by 15 by default', async () => {
    const bea = await api.as(a, 'staff').get('/api/pos/employees?filter[name]=BE');
    expect(bea.json().data).toMatchObject({ total: 1, per_page: 15, items: [{ name: 'Bea' }] });
    const others = await api.as(a, 'staff').get('/api/pos/employees?filter[is_technician]=false&sort=-name');
    const names = others.json().data.items.map((e: { name: string }) => e.name);
    expect(names).toHaveLength(4);
    expect(names).toEqual([...names].sort().reverse());
  });

  it('answers 422 for a bad filter or sort, 403 for another store, 401 and 403 without the right', async () => {
    expect((await api.as(a, 'staff').get('/api/pos/employees?filter[is_technician]=maybe')).statusCode).toBe(
      422,
    );
    expect((await api.as(a, 'staff').get('/api/pos/employees?sort=salary')).statusCode).toBe(422);
    expect((await api.as(a, 'staff').get(`/api/pos/employees?store_id=${a.otherStore.id}`)).statusCode).toBe(
      403,
    );
    expect((await api.as(b, 'owner').get(`/api/pos/employees?store_id=${a.store.id}`)).statusCode).toBe(403);
    expect((await api.get('/api/pos/employees')).statusCode).toBe(401);
    expect((await api.as(saleOff, 'staff').get('/api/pos/employees')).statusCode).toBe(403);
  });

  it("never lists another tenant's people", async () => {
    const res = await api.as(b, 'owner').get('/api/pos/employees?per_page=100');
    const ids = res.json().data.items.map((e: { id: number }) => e.id);
    expect(ids).not.toContain(tech.bea);
    expect(res.json().data.total).toBe(4);
  });
});

describe('POST /api/pos/employees/check-in-out and GET /api/pos/employees/checked-in', () => {
  it("clocks the caller in on the store's local date, then out on the next call", async () => {
    const first = await api.as(a, 'staff').post(CHECK_IN_OUT, { user_id: a.users.staff.id });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Clocked in.',
      data: { user_id: a.users.staff.id, action: 'check_in', checked_in: true },
    });
    const wt = first.json().data.working_time;
    expect(wt).toMatchObject({ store_id: a.store.id, check_out_at: null, date_work: localDate(ZONE) });

    const second = await api.as(a, 'staff').post(CHECK_IN_OUT, { user_id: a.users.staff.id });
    expect(second.json()).toMatchObject({
      message: 'Clocked out.',
      data: { action: 'check_out', checked_in: false, working_time: { id: wt.id } },
    });
    expect(second.json().data.working_time.check_out_at).not.toBeNull();
  });

  it("needs the employee's PIN to clock someone else in, unless a manager does it", async () => {
    const noPin = await api.as(a, 'staff').post(CHECK_IN_OUT, { user_id: tech.bea });
    expect(noPin.statusCode).toBe(422);
    expect(noPin.json().code).toBe(ERROR_CODE.PIN_REQUIRED);
    expect(noPin.json().errors).toHaveProperty('pin');

    const withPin = await api.as(a, 'staff').post(CHECK_IN_OUT, { user_id: tech.bea, pin: BEA_PIN });
    expect(withPin.statusCode, withPin.body).toBe(200);
    expect(withPin.json().data.checked_in).toBe(true);

    const byManager = await api.as(a, 'manager').post(CHECK_IN_OUT, { user_id: tech.cat });
    expect(byManager.statusCode, byManager.body).toBe(200);
    expect(byManager.json().data).toMatchObject({ user_id: tech.cat, checked_in: true });
  });

  it('lists who is clocked in today, first in first, with filter, sort and paging', async () => {
    const res = await api.as(a, 'staff').get('/api/pos/employees/checked-in');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ total: 2, page: 1, per_page: 15 });
    expect(data.items.map((e: { id: number }) => e.id)).toEqual([tech.bea, tech.cat]);
    expect(data.items[0]).toMatchObject({ name: 'Bea', checked_in: true, date_work: localDate(ZONE) });

    const byName = await api.as(a, 'staff').get('/api/pos/employees/checked-in?sort=-name&per_page=1&page=1');
    expect(byName.json().data).toMatchObject({ total: 2, items: [{ name: 'Cat' }] });
    const filtered = await api.as(a, 'staff').get('/api/pos/employees/checked-in?filter[name]=bea');
    expect(filtered.json().data.items.map((e: { id: number }) => e.id)).toEqual([tech.bea]);

    const list = await api.as(a, 'staff').get('/api/pos/employees?filter[name]=bea');
    expect(list.json().data.items[0]).toMatchObject({ checked_in: true });
  });

  it('takes a date range of check-in days, as an object or a comma pair', async () => {
    const today = localDate(ZONE);
    const pair = await api.as(a, 'staff').get(`/api/pos/employees/checked-in?date_range=${today},${today}`);
    expect(pair.json().data.total).toBe(2);
    const past = await api
      .as(a, 'staff')
      .get('/api/pos/employees/checked-in?date_range[from]=2001-01-01&date_range[to]=2001-01-31');
    expect(past.json().data.total).toBe(0);
    const bad = await api
      .as(a, 'staff')
      .get('/api/pos/employees/checked-in?date_range=2025-02-10,2025-02-01');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('date_range');
  });

  it('counts a wrong PIN against the caller even though the request fails', async () => {
    const res = await api
      .as(a, 'staff')
      .post(CHECK_IN_OUT, { user_id: tech.cat, pin: '0000' }, { key: 'wrong-pin-1' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: ERROR_CODE.WRONG_PIN, details: { tries_left: 9 } });
    expect(res.json().errors.pin).toEqual(['The PIN is not correct.']);
    const [caller] = await api.db
      .select({ failed: users.failedPinCount })
      .from(users)
      .where(eq(users.id, a.users.staff.id));
    expect(caller?.failed).toBe(1);
    expect((await openRows(tech.cat)).filter((r) => r.checkOutAt === null)).toHaveLength(1);
  });

  it('answers a replayed toggle with its first answer instead of toggling back', async () => {
    const manager = api.as(a, 'manager');
    const first = await manager.post(CHECK_IN_OUT, { user_id: tech.cat }, { key: 'clock-cat-out-1' });
    const again = await manager.post(CHECK_IN_OUT, { user_id: tech.cat }, { key: 'clock-cat-out-1' });
    expect(first.json().data.action).toBe('check_out');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await openRows(tech.cat)).filter((r) => r.checkOutAt === null)).toHaveLength(0);
  });

  it('answers 409 for someone clocked in at another store', async () => {
    await api.db.insert(workingTimes).values({
      tenantId: a.tenantId,
      storeId: a.otherStore.id,
      userId: a.users.admin.id,
      dateWork: '2025-01-01',
    });
    const res = await api.as(a, 'admin').post(CHECK_IN_OUT, { user_id: a.users.admin.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(ERROR_CODE.CHECKED_IN_ELSEWHERE);
  });

  it("answers 404 for another store's, an inactive or another tenant's employee", async () => {
    for (const userId of [tech.dot, tech.eve, b.users.staff.id]) {
      const res = await api.as(a, 'manager').post(CHECK_IN_OUT, { user_id: userId });
      expect(res.statusCode, String(userId)).toBe(404);
    }
    const cross = await api.as(b, 'owner').post(CHECK_IN_OUT, { user_id: tech.bea, pin: BEA_PIN });
    expect(cross.statusCode).toBe(404);
  });

  it('answers 422 for a missing user_id, a malformed PIN or an unknown field', async () => {
    for (const payload of [
      {},
      { user_id: tech.bea, pin: '12' },
      { user_id: tech.bea, note: 'x' },
      { user_id: 'abc' },
    ]) {
      const res = await api.as(a, 'manager').post(CHECK_IN_OUT, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors).toBeDefined();
    }
  });

  it('answers 401 without a session and 403 without the Sale module or with it read-only', async () => {
    expect((await api.post(CHECK_IN_OUT, { user_id: tech.bea })).statusCode).toBe(401);
    expect(
      (await api.as(saleOff, 'staff').post(CHECK_IN_OUT, { user_id: saleOff.users.staff.id })).statusCode,
    ).toBe(403);
    const readOnly = await api
      .as(saleReadOnly, 'staff')
      .post(CHECK_IN_OUT, { user_id: saleReadOnly.users.staff.id });
    expect(readOnly.statusCode).toBe(403);
    expect((await api.get('/api/pos/employees/checked-in')).statusCode).toBe(401);
    expect((await api.as(saleOff, 'staff').get('/api/pos/employees/checked-in')).statusCode).toBe(403);
    expect((await api.as(a, 'staff').get('/api/pos/employees/checked-in?sort=age')).statusCode).toBe(422);
  });
});

describe('check-in-out with an action: breaks, and refusals that change nothing', () => {
  it('checks in, takes a break, ends it and checks out; the list says who is on a break', async () => {
    const c = await api.tenant();
    const staff = api.as(c, 'staff');
    const act = (action: string) => staff.post(CHECK_IN_OUT, { user_id: c.users.staff.id, action });
    const onList = async () =>
      (await staff.get('/api/pos/employees/checked-in'))
        .json()
        .data.items.find((e: { id: number }) => e.id === c.users.staff.id) as
        { on_break: boolean } | undefined;

    const checkIn = await act('check_in');
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    expect(checkIn.json()).toMatchObject({
      message: 'Clocked in.',
      data: { status: 'working', checked_in: true },
    });
    expect((await onList())?.on_break).toBe(false);

    const breakStart = await act('break_start');
    expect(breakStart.json()).toMatchObject({ message: 'Break started.', data: { status: 'on_break' } });
    expect(breakStart.json().data.working_time.breaks).toEqual([
      { started_at: expect.any(String), ended_at: null },
    ]);
    expect((await onList())?.on_break).toBe(true);

    const again = await act('break_start');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(ERROR_CODE.ALREADY_ON_BREAK);

    const breakEnd = await act('break_end');
    expect(breakEnd.json()).toMatchObject({ message: 'Break ended.', data: { status: 'working' } });
    expect(breakEnd.json().data.working_time.breaks[0].ended_at).not.toBeNull();

    const out = await act('check_out');
    expect(out.json()).toMatchObject({ message: 'Clocked out.', data: { status: 'off', checked_in: false } });
    expect(out.json().data.working_time.worked_minutes).toBe(0);
    expect(await onList()).toBeUndefined();
  });

  it('refuses a second check-in and a check-out without a check-in, each with its code, writing nothing', async () => {
    const c = await api.tenant();
    const staff = api.as(c, 'staff');
    const act = (action: string) => staff.post(CHECK_IN_OUT, { user_id: c.users.staff.id, action });
    const rows = () => api.db.select().from(workingTimes).where(eq(workingTimes.tenantId, c.tenantId));

    const outFirst = await act('check_out');
    expect(outFirst.statusCode).toBe(409);
    expect(outFirst.json()).toMatchObject({
      code: ERROR_CODE.NOT_CHECKED_IN,
      message: 'This employee is not clocked in.',
    });
    expect((await act('break_end')).json().code).toBe(ERROR_CODE.NOT_CHECKED_IN);
    expect(await rows()).toHaveLength(0);

    expect((await act('check_in')).statusCode).toBe(200);
    const twice = await act('check_in');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe(ERROR_CODE.ALREADY_CHECKED_IN);
    expect((await act('break_end')).json().code).toBe(ERROR_CODE.NOT_ON_BREAK);
    expect(await rows()).toHaveLength(1);
  });

  it('a check-out during a break ends the break at the same moment, and counts worked time without it', async () => {
    const c = await api.tenant();
    const staff = api.as(c, 'staff');
    const act = (action: string) => staff.post(CHECK_IN_OUT, { user_id: c.users.staff.id, action });
    const shiftId = (await act('check_in')).json().data.working_time.id as number;
    await act('break_start');
    // Back-date the shift and its break: in at 09:00, on a break since 12:00, out now.
    const now = Date.now();
    await api.db
      .update(workingTimes)
      .set({ checkInAt: new Date(now - 5 * 3600_000) })
      .where(eq(workingTimes.id, shiftId));
    await api.db
      .update(workingTimeBreaks)
      .set({ startedAt: new Date(now - 2 * 3600_000) })
      .where(eq(workingTimeBreaks.workingTimeId, shiftId));
    const out = await act('check_out');
    expect(out.statusCode, out.body).toBe(200);
    const shift = out.json().data.working_time;
    expect(shift.breaks[0].ended_at).toBe(shift.check_out_at);
    expect(shift.worked_minutes).toBeGreaterThanOrEqual(179);
    expect(shift.worked_minutes).toBeLessThanOrEqual(180);
  });

  it('a replayed break start answers its first answer and starts no second break', async () => {
    const c = await api.tenant();
    const staff = api.as(c, 'staff');
    await staff.post(CHECK_IN_OUT, { user_id: c.users.staff.id, action: 'check_in' });
    const body = { user_id: c.users.staff.id, action: 'break_start' };
    const first = await staff.post(CHECK_IN_OUT, body, { key: 'break-1' });
    const replay = await staff.post(CHECK_IN_OUT, body, { key: 'break-1' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const breaks = await api.db
      .select()
      .from(workingTimeBreaks)
      .where(eq(workingTimeBreaks.tenantId, c.tenantId));
    expect(breaks).toHaveLength(1);
  });
});
