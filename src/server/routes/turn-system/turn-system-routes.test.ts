import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../../../contracts/error-codes';
import type { BoardTechnician, TurnBoard } from '../../../contracts/turn-system';
import { apiHarness, dataOf } from '../../../../tests/support/server/api-harness';
import type { Response } from '../../../../tests/support/server/api-harness';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import { auditLog } from '../../db/schema/audit-log';
import { categories, services } from '../../db/schema/catalog';
import { stores } from '../../db/schema/stores';
import { turnEvents } from '../../db/schema/turns';
import { users } from '../../db/schema/users';
import { finishTurn, suggestTechnician, takeTurn, turnBoard } from '../../services/turn-system';

const api = await apiHarness();
let a: TenantFixture;
let b: TenantFixture;
let tech: { ann: number; bea: number; cat: number; bo: number };
let svc: { gel: number; polish: number; other: number };

const BASE = '/api/pos/turn-system';

async function technician(f: TenantFixture, username: string, displayName: string): Promise<number> {
  const [row] = await api.db
    .insert(users)
    .values({
      tenantId: f.tenantId,
      storeId: f.store.id,
      role: 'staff',
      isTechnician: true,
      username: `${username}-${f.tenantCode}`,
      displayName,
    })
    .returning({ id: users.id });
  return row!.id;
}

async function service(
  f: TenantFixture,
  name: string,
  price: number,
  turnValue: 'full' | 'half' | 'none' | null,
) {
  const [category] = await api.db
    .insert(categories)
    .values({ tenantId: f.tenantId, storeId: f.store.id, type: 'service', name: `Nails ${name}` })
    .returning({ id: categories.id });
  const [row] = await api.db
    .insert(services)
    .values({ tenantId: f.tenantId, storeId: f.store.id, categoryId: category!.id, name, price, turnValue })
    .returning({ id: services.id });
  return row!.id;
}

async function clock(f: TenantFixture, userId: number, action: string): Promise<void> {
  const res = await api.as(f, 'manager').post('/api/pos/employees/check-in-out', { user_id: userId, action });
  expect(res.statusCode, res.body).toBe(200);
}

const board = async (f: TenantFixture = a): Promise<TurnBoard> => dataOf(await api.as(f, 'staff').get(BASE));
const row = (bd: TurnBoard, id: number): BoardTechnician =>
  bd.technicians.find((t) => t.technician_id === id)!;
const order = (bd: TurnBoard) =>
  bd.technicians.filter((t) => t.position !== null).map((t) => t.technician_id);
const problemOf = (res: Response) => {
  const body = JSON.parse(res.body);
  return { code: body.code, problem: body.details?.problem };
};

beforeAll(async () => {
  [a, b] = await Promise.all([api.tenant(), api.tenant()]);
  await api.db
    .update(stores)
    .set({ timezone: 'UTC' })
    .where(inArray(stores.tenantId, [a.tenantId, b.tenantId]));
  tech = {
    ann: await technician(a, 'ann', 'Ann'),
    bea: await technician(a, 'bea', 'Bea'),
    cat: await technician(a, 'cat', 'Cat'),
    bo: await technician(b, 'bo', 'Bo'),
  };
  svc = {
    gel: await service(a, 'Gel manicure', 3_500, 'full'),
    polish: await service(a, 'Polish change', 1_000, 'half'),
    other: await service(b, 'Pedicure', 4_000, 'full'),
  };
  // The clock writes the queue: Ann, then Bea, then Cat; Bo in tenant B.
  await clock(a, tech.ann, 'check_in');
  await clock(a, tech.bea, 'check_in');
  await clock(a, tech.cat, 'check_in');
  await clock(b, tech.bo, 'check_in');
});

describe('the board follows the clock', () => {
  it('lists the clocked-in technicians in queue order with their reasons as codes', async () => {
    const bd = await board();
    expect(order(bd)).toEqual([tech.ann, tech.bea, tech.cat]);
    const ann = row(bd, tech.ann);
    expect(ann).toMatchObject({
      name: 'Ann',
      state: 'available',
      position: 1,
      counted_turns: 0,
      bonus_left: 0,
    });
    expect(ann.reasons.map((r) => r.code)).toEqual(['fewest_turns', 'queued_since']);
    expect(bd.next).toEqual({ technician_id: tech.ann, uses_bonus: false });
  });

  it('shows a break and puts her back when it ends; a clock-out takes her off the queue', async () => {
    await clock(a, tech.cat, 'break_start');
    expect(row(await board(), tech.cat)).toMatchObject({ state: 'break', position: 3, available: false });
    await clock(a, tech.cat, 'break_end');
    expect(row(await board(), tech.cat).state).toBe('available');
    await clock(a, tech.cat, 'check_out');
    const bd = await board();
    expect(row(bd, tech.cat)).toMatchObject({ state: 'off', position: null });
    expect(row(bd, tech.cat).reasons[0]).toMatchObject({ code: 'unavailable', state: 'off' });
    await clock(a, tech.cat, 'check_in');
  });
});

describe('GET /services', () => {
  it('gives each active service of the store with its turn value', async () => {
    const res = await api.as(a, 'staff').get(`${BASE}/services`);
    expect(res.statusCode, res.body).toBe(200);
    const items = dataOf(res).items as { id: number; turn_value: string }[];
    expect(items.map((s) => [s.id, s.turn_value])).toEqual([
      [svc.gel, 'full'],
      [svc.polish, 'half'],
    ]);
  });
});

describe('a turn: take, refuse a second while busy, finish, correct, cancel', () => {
  let turnId: number;

  it('gives the next technician the turn when none is named, and the next suggestion moves on', async () => {
    const res = await api.as(a, 'staff').post(BASE, { service_id: svc.gel });
    expect(res.statusCode, res.body).toBe(201);
    const entry = dataOf(res);
    turnId = entry.id;
    expect(entry).toMatchObject({
      technician_id: tech.ann,
      service_id: svc.gel,
      service_name: 'Gel manicure',
      turn_value: 'full',
      status: 'busy',
    });
    const bd = await board();
    expect(row(bd, tech.ann)).toMatchObject({ state: 'busy', counted_turns: 1 });
    expect(row(bd, tech.ann).current_turn?.id).toBe(turnId);
    expect(bd.next?.technician_id).toBe(tech.bea);
    expect(order(bd)).toEqual([tech.bea, tech.cat, tech.ann]);
  });

  it('refuses a second turn while she is busy (409 turn_refused, problem busy)', async () => {
    const res = await api.as(a, 'staff').post(BASE, { technician_id: tech.ann, service_id: svc.polish });
    expect(res.statusCode).toBe(409);
    expect(problemOf(res)).toEqual({ code: ERROR_CODE.TURN_REFUSED, problem: 'busy' });
  });

  it('replays an idempotent take instead of giving a second turn', async () => {
    const staff = api.as(a, 'staff');
    const first = await staff.post(BASE, { technician_id: tech.bea, requested: true }, { key: 'take-bea-1' });
    const again = await staff.post(BASE, { technician_id: tech.bea, requested: true }, { key: 'take-bea-1' });
    expect(first.statusCode, first.body).toBe(201);
    expect(dataOf(again).id).toBe(dataOf(first).id);
    const takes = await api.db
      .select()
      .from(turnEvents)
      .where(and(eq(turnEvents.tenantId, a.tenantId), eq(turnEvents.type, 'take_turn')));
    expect(takes).toHaveLength(2);
    // A requested turn does not count by default: Bea keeps her count and her place.
    const bd = await board();
    expect(row(bd, tech.bea)).toMatchObject({ state: 'busy', counted_turns: 0, uncounted_turns: 1 });
    const cancel = await staff.del(`${BASE}/${dataOf(first).id}`, { reason: 'Wrong technician' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(dataOf(cancel).status).toBe('cancelled');
    expect(row(await board(), tech.bea)).toMatchObject({ state: 'available', uncounted_turns: 0 });
    const twice = await staff.del(`${BASE}/${dataOf(first).id}`);
    expect(problemOf(twice).problem).toBe('turn_cancelled');
  });

  it('reads, corrects and finishes the turn', async () => {
    const staff = api.as(a, 'staff');
    expect(dataOf(await staff.get(`${BASE}/${turnId}`))).toMatchObject({ id: turnId, status: 'busy' });
    const corrected = await staff.post(`${BASE}/${turnId}`, { action: 'update', service_id: svc.polish });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(dataOf(corrected)).toMatchObject({ service_id: svc.polish, turn_value: 'half' });
    expect(row(await board(), tech.ann).counted_turns).toBe(0.5);
    const finished = await staff.post(`${BASE}/${turnId}`, { action: 'finish' });
    expect(dataOf(finished)).toMatchObject({ status: 'finished' });
    expect(row(await board(), tech.ann).state).toBe('available');
    const again = await staff.post(`${BASE}/${turnId}`, { action: 'finish' });
    expect(problemOf(again)).toEqual({ code: ERROR_CODE.TURN_REFUSED, problem: 'not_busy' });
  });

  it('refuses a turn for someone who is not a technician of the store', async () => {
    const res = await api.as(a, 'staff').post(BASE, { technician_id: a.users.manager.id });
    expect(problemOf(res).problem).toBe('not_a_technician');
  });
});

describe('skip', () => {
  it('passes her over once, and takes the skip back', async () => {
    const staff = api.as(a, 'staff');
    const skipped = await staff.post(`${BASE}/skip`, { technician_id: tech.bea });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(row(dataOf(skipped), tech.bea)).toMatchObject({ state: 'skipping', available: false });
    expect(problemOf(await staff.post(`${BASE}/skip`, { technician_id: tech.bea })).problem).toBe(
      'already_skipping',
    );
    const back = await staff.post(`${BASE}/skip`, { technician_id: tech.bea, cancel: true });
    expect(row(dataOf(back), tech.bea).state).toBe('available');
  });
});

describe("a manager's move and bonus", () => {
  it('needs a PIN approval of a manager', async () => {
    const body = { technician_id: tech.cat, position: 1, reason: 'Came in early' };
    const none = await api.as(a, 'staff').post(`${BASE}/reorder`, body);
    expect(none.statusCode).toBe(403);
    expect(JSON.parse(none.body).code).toBe(ERROR_CODE.PIN_APPROVAL_REQUIRED);
    const staffPin = await api.as(a, 'staff', { approver: 'staff' }).post(`${BASE}/reorder`, body);
    expect(JSON.parse(staffPin.body).code).toBe(ERROR_CODE.PIN_APPROVER_NOT_ALLOWED);
  });

  it('moves her with the reason shown on the board, kept in the ledger and the audit log', async () => {
    const res = await api
      .as(a, 'staff', { approver: 'manager' })
      .post(`${BASE}/reorder`, { technician_id: tech.cat, position: 1, reason: 'Came in early' });
    expect(res.statusCode, res.body).toBe(200);
    const bd: TurnBoard = dataOf(res);
    expect(order(bd)[0]).toBe(tech.cat);
    expect(row(bd, tech.cat).reasons[0]).toMatchObject({
      code: 'moved_by_manager',
      by: String(a.users.manager.id),
      by_name: a.users.manager.displayName,
      reason: 'Came in early',
      position: 1,
    });
    const ordered = dataOf(await api.as(a, 'staff').get(`${BASE}/reorder`));
    expect(ordered.technicians[0].technician_id).toBe(tech.cat);
    const [ledger] = await api.db
      .select()
      .from(turnEvents)
      .where(and(eq(turnEvents.tenantId, a.tenantId), eq(turnEvents.type, 'reorder')));
    expect(ledger).toMatchObject({ approvedBy: a.users.manager.id, reason: 'Came in early' });
    const audits = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, a.tenantId), eq(auditLog.action, 'turns.reorder')));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.approvedBy).toBe(a.users.manager.id);
  });

  it('grants bonus turns that put her first', async () => {
    const res = await api
      .as(a, 'staff', { approver: 'manager' })
      .post(`${BASE}/bonus`, { technician_id: tech.bea, count: 1, reason: 'Stayed late yesterday' });
    expect(res.statusCode, res.body).toBe(200);
    const bd: TurnBoard = dataOf(res);
    expect(row(bd, tech.bea)).toMatchObject({ bonus_left: 1 });
    expect(row(bd, tech.bea).reasons).toContainEqual({ code: 'bonus_left', count: 1 });
    // The rules rank a bonus ahead of everyone, a manager's move included (docs/turns.md "Manual reorder").
    expect(order(bd)[0]).toBe(tech.bea);
    expect(bd.next).toEqual({ technician_id: tech.bea, uses_bonus: true });
  });
});

describe('tenant isolation', () => {
  it("shows a tenant only its own technicians and none of another's turns", async () => {
    const bd = await board(b);
    expect(bd.technicians.map((t) => t.technician_id)).toEqual([tech.bo]);
    const [aTurn] = await api.db
      .select({ id: turnEvents.id })
      .from(turnEvents)
      .where(and(eq(turnEvents.tenantId, a.tenantId), eq(turnEvents.type, 'take_turn')))
      .orderBy(asc(turnEvents.id));
    const manager = api.as(b, 'manager');
    expect((await manager.get(`${BASE}/${aTurn!.id}`)).statusCode).toBe(404);
    expect((await manager.post(`${BASE}/${aTurn!.id}`, { action: 'finish' })).statusCode).toBe(404);
    expect((await manager.del(`${BASE}/${aTurn!.id}`)).statusCode).toBe(404);
    const foreign = await manager.post(BASE, { technician_id: tech.ann });
    expect(problemOf(foreign).problem).toBe('not_a_technician');
    expect((await manager.post(BASE, { service_id: svc.gel })).statusCode).toBe(404);
  });

  it('needs a session and the Turn system module', async () => {
    expect((await api.get(BASE)).statusCode).toBe(401);
  });
});

describe('the store settings and the clock', () => {
  let c: TenantFixture;
  let dee: number;

  beforeAll(async () => {
    c = await api.tenant();
    await api.db.update(stores).set({ timezone: 'UTC' }).where(eq(stores.tenantId, c.tenantId));
    dee = await technician(c, 'dee', 'Dee');
  });

  it('saves the turns group and applies it: an early clock-in earns the bonus, a requested turn counts', async () => {
    const saved = await api.as(c, 'admin').post(`/api/store-settings/${c.store.id}/turns`, {
      full_turn_from: 0,
      no_turn_below: 0,
      count_requested: true,
      count_appointments: false,
      early_clock_in_bonus: 2,
      // The end of the day: any clock-in of the day but its last minute is before it.
      opens_at: '23:59',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf(saved).settings.turns).toMatchObject({ early_clock_in_bonus: 2, opens_at: '23:59' });
    await clock(c, dee, 'check_in');
    expect(row(await board(c), dee)).toMatchObject({ bonus_left: 2 });
    const took = await api.as(c, 'staff').post(BASE, { technician_id: dee, requested: true });
    expect(took.statusCode, took.body).toBe(201);
    // A counted turn uses a bonus turn instead of adding to her count (docs/turns.md "Bonus turns").
    expect(row(await board(c), dee)).toMatchObject({ bonus_left: 1, bonus_used: 1, uncounted_turns: 0 });
  });

  it('finishes her turn when she clocks out while busy, and takes her off the queue', async () => {
    await clock(c, dee, 'check_out');
    const bd = await board(c);
    expect(row(bd, dee)).toMatchObject({ state: 'off', position: null, current_turn: null });
    const [finish] = await api.db
      .select()
      .from(turnEvents)
      .where(and(eq(turnEvents.tenantId, c.tenantId), eq(turnEvents.type, 'finish_turn')));
    expect(finish?.turnId).not.toBeNull();
  });

  it('values a service priced by the store (no turn value of its own) with the thresholds', async () => {
    const cheap = await service(c, 'Polish change', 1000, null);
    const mid = await service(c, 'Basic manicure', 2000, null);
    const dear = await service(c, 'Gel full set', 5000, null);
    const own = await service(c, 'Nail art', 1000, 'full');
    const saved = await api.as(c, 'admin').post(`/api/store-settings/${c.store.id}/turns`, {
      full_turn_from: 3000,
      no_turn_below: 1500,
      count_requested: false,
      count_appointments: false,
      early_clock_in_bonus: 0,
      opens_at: '',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const items = dataOf(await api.as(c, 'staff').get(`${BASE}/services`)).items as {
      id: number;
      turn_value: string;
    }[];
    const valueOf = (id: number) => items.find((s) => s.id === id)?.turn_value;
    expect([valueOf(cheap), valueOf(mid), valueOf(dear), valueOf(own)]).toEqual([
      'none',
      'half',
      'full',
      'full',
    ]);
  });

  it('refuses a turn setting out of range', async () => {
    const res = await api.as(c, 'admin').post(`/api/store-settings/${c.store.id}/turns`, {
      full_turn_from: 0,
      no_turn_below: 0,
      count_requested: false,
      count_appointments: false,
      early_clock_in_bonus: 11,
      opens_at: '25:00',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(JSON.parse(res.body).errors).sort()).toEqual(['early_clock_in_bonus', 'opens_at']);
  });
});

describe('the service the walk-in desk calls', () => {
  it('suggests, takes and finishes a turn through the functions other parts of the server call', async () => {
    const now = new Date();
    const scope = { tenantId: b.tenantId, userId: b.users.staff.id };
    const suggestion = await suggestTechnician(api.db, scope, b.store.id, svc.other, now);
    expect(suggestion).toMatchObject({ technician_id: tech.bo, name: 'Bo', uses_bonus: false });
    expect(suggestion?.reasons.map((r) => r.code)).toEqual(['fewest_turns', 'queued_since']);
    const entry = await takeTurn(api.db, scope, b.store.id, { serviceId: svc.other }, now);
    expect(entry).toMatchObject({ technician_id: tech.bo, service_name: 'Pedicure', status: 'busy' });
    expect(await suggestTechnician(api.db, scope, b.store.id, svc.other, now)).toBeNull();
    await expect(takeTurn(api.db, scope, b.store.id, { serviceId: svc.other }, now)).rejects.toMatchObject({
      statusCode: 409,
    });
    expect((await finishTurn(api.db, scope, b.store.id, entry.id, now)).status).toBe('finished');
    expect((await turnBoard(api.db, scope, b.store.id, now)).next?.technician_id).toBe(tech.bo);
  });
});
