import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { walkInPath } from '../../../contracts/walk-ins';
import type { StartedWalkIn, WalkIn } from '../../../contracts/walk-ins';
import type { TurnBoard } from '../../../contracts/turn-system';
import { saleBody } from '../../../../tests/support/server/sale-test-data';
import { apiHarness } from '../../../../tests/support/server/api-harness';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import { categories, services } from '../../db/schema/catalog';
import { users } from '../../db/schema/users';
import { walkIns } from '../../db/schema/walk-ins';

const api = await apiHarness();

let a: TenantFixture;
let b: TenantFixture;
let amy: number;
let zed: number;
let nora: number; // does not take walk-ins
let manicure: number;

async function technician(f: TenantFixture, name: string, enableWalkin = true): Promise<number> {
  const [row] = await api.db
    .insert(users)
    .values({
      tenantId: f.tenantId,
      storeId: f.store.id,
      role: 'staff',
      username: `${name.toLowerCase()}-${f.tenantCode.toLowerCase()}`,
      displayName: name,
      isTechnician: true,
      enableWalkin,
    })
    .returning({ id: users.id });
  return row!.id;
}

beforeAll(async () => {
  [a, b] = await Promise.all([api.tenant(), api.tenant()]);
  [amy, zed, nora] = [
    await technician(a, 'Amy'),
    await technician(a, 'Zed'),
    await technician(a, 'Nora', false),
  ];
  const [category] = await api.db
    .insert(categories)
    .values({ tenantId: a.tenantId, storeId: a.store.id, type: 'service', name: 'Nails' })
    .returning({ id: categories.id });
  const [service] = await api.db
    .insert(services)
    .values({
      tenantId: a.tenantId,
      storeId: a.store.id,
      categoryId: category!.id,
      name: 'Manicure',
      price: 2500,
      taxes: '5',
    })
    .returning({ id: services.id });
  manicure = service!.id;
});

async function checkIn(body: Record<string, unknown> = {}): Promise<WalkIn> {
  const res = await api.as(a, 'staff').post('/api/pos/walk-in', { customer_name: 'Mai Tran', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as WalkIn;
}

function move(path: Parameters<typeof walkInPath>[0], id: number, body: unknown = {}, f = a) {
  return api.as(f, 'staff').post(walkInPath(path, id), body);
}

async function seq(f: TenantFixture): Promise<number> {
  const result = await api.db.execute<{ seq: string }>(
    sql`select seq from live_store_sequences where tenant_id = ${f.tenantId} and store_id = ${f.store.id}`,
  );
  return Number(result.rows[0]?.seq ?? 0);
}

describe('walk-in lifecycle endpoints', () => {
  it('walks a customer from waiting to done, each move a new version published on the live channel', async () => {
    const before = await seq(a);
    const walkIn = await checkIn({ booking_appt_service: [{ service_id: manicure }] });
    expect(walkIn).toMatchObject({ status: 'waiting', version: 1, technician: null, assigned_at: null });
    expect(await seq(a)).toBe(before + 1);

    const assigned = await move('assign', walkIn.id, { technician_id: amy, version: 1 });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data).toMatchObject({
      status: 'assigned',
      version: 2,
      technician: { id: amy, name: 'Amy' },
    });

    const started = await move('start', walkIn.id, { version: 2 });
    expect(started.statusCode, started.body).toBe(200);
    const data = started.json().data as StartedWalkIn;
    expect(data.walk_in).toMatchObject({ status: 'in_service', version: 3 });
    expect(data.walk_in.started_at).not.toBeNull();
    // What the sale screen's turn.add takes: the walk-in, its technician, its service line.
    expect(data.turn).toEqual({
      id: walkIn.id,
      employee: { id: amy, name: 'Amy' },
      service: { id: manicure, service_name: 'Manicure', taxes: '5', unit_price: 2500 },
    });

    const done = await move('finish', walkIn.id);
    expect(done.json().data).toMatchObject({ status: 'done', version: 4 });
    expect(done.json().data.finished_at).not.toBeNull();
    expect(await seq(a)).toBe(before + 4);

    const again = await move('leave', walkIn.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(ERROR_CODE.WALK_IN_CLOSED);
    expect(await seq(a)).toBe(before + 4);
  });

  it('starts a waiting walk-in with the technician they asked for, or refuses without one', async () => {
    const asked = await checkIn({ user_id: zed });
    const started = await move('start', asked.id);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data.turn).toEqual({
      id: asked.id,
      employee: { id: zed, name: 'Zed' },
      service: null,
    });

    const anyone = await checkIn();
    const refused = await move('start', anyone.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe(ERROR_CODE.WALK_IN_TECHNICIAN_REQUIRED);
  });

  it('refuses a move made on a stale view with the walk-in as it is now', async () => {
    const walkIn = await checkIn();
    expect((await move('assign', walkIn.id, { technician_id: amy, version: 1 })).statusCode).toBe(200);
    const stale = await move('assign', walkIn.id, { technician_id: zed, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe(ERROR_CODE.WALK_IN_STALE);
    expect(stale.json().details.walk_in).toMatchObject({ version: 2, technician: { id: amy } });
  });

  it('hands over, unassigns, and lets a waiting customer leave or be a no-show', async () => {
    const first = await checkIn();
    await move('assign', first.id, { technician_id: amy });
    expect((await move('assign', first.id, { technician_id: zed })).json().data.technician.id).toBe(zed);
    const back = await move('unassign', first.id);
    expect(back.json().data).toMatchObject({ status: 'waiting', technician: null, assigned_at: null });
    expect((await move('leave', first.id)).json().data.status).toBe('left');

    const second = await checkIn();
    expect((await move('noShow', second.id)).json().data.status).toBe('no_show');
  });

  it('refuses moves the status does not allow and technicians who do not take walk-ins', async () => {
    const walkIn = await checkIn();
    const finish = await move('finish', walkIn.id);
    expect(finish.statusCode).toBe(409);
    expect(finish.json().code).toBe(ERROR_CODE.WALK_IN_MOVE_NOT_ALLOWED);
    const nobody = await move('assign', walkIn.id, { technician_id: nora });
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().errors.technician_id).toBeDefined();
    const [row] = await api.db
      .select({ status: walkIns.status, version: walkIns.version })
      .from(walkIns)
      .where(and(eq(walkIns.tenantId, a.tenantId), eq(walkIns.id, walkIn.id)));
    expect(row).toEqual({ status: 'waiting', version: 1 });
  });

  it("never moves another tenant's walk-in, and a replayed move answers as the first did", async () => {
    const walkIn = await checkIn();
    expect((await move('leave', walkIn.id, {}, b)).statusCode).toBe(404);
    expect((await api.as(b, 'staff').get(walkInPath('one', walkIn.id))).statusCode).toBe(404);

    const key = 'replayed-assign-key';
    const first = await api
      .as(a, 'staff')
      .post(walkInPath('assign', walkIn.id), { technician_id: amy }, { key });
    const replay = await api
      .as(a, 'staff')
      .post(walkInPath('assign', walkIn.id), { technician_id: amy }, { key });
    expect(replay.json()).toEqual(first.json());
    expect((await api.as(a, 'staff').get(walkInPath('one', walkIn.id))).json().data.version).toBe(2);
  });

  it('groups the queue by the technician who took the customer when asked for assigned ones', async () => {
    const c = await api.tenant();
    const cAmy = await technician(c, 'Amy');
    const res = await api.as(c, 'staff').post('/api/pos/walk-in', { customer_name: 'Lan' });
    const id = (res.json().data as WalkIn).id;
    await api.as(c, 'staff').post(walkInPath('assign', id), { technician_id: cAmy });
    const waitingOnly = await api.as(c, 'staff').get('/api/pos/walk-in/group-by-employee');
    expect(waitingOnly.json().data.groups).toEqual([]);
    const queue = await api
      .as(c, 'staff')
      .get('/api/pos/walk-in/group-by-employee?filter[status]=waiting,assigned');
    expect(queue.json().data.groups).toMatchObject([
      { key: String(cAmy), items: [{ id, status: 'assigned' }] },
    ]);
  });
});

describe('a walk-in on the turn board and at the till', () => {
  const board = async () => (await api.as(a, 'staff').get('/api/pos/turn-system')).json().data as TurnBoard;
  const onBoard = (bd: TurnBoard, id: number) => bd.technicians.find((t) => t.technician_id === id)!;

  it('start gives the technician a turn; the sale that completes the walk-in frees her and ends the visit', async () => {
    const clock = await api
      .as(a, 'manager')
      .post('/api/pos/employees/check-in-out', { user_id: zed, action: 'check_in' });
    expect(clock.statusCode, clock.body).toBe(200);
    const walkIn = await checkIn({ booking_appt_service: [{ service_id: manicure }] });

    const started = await move('start', walkIn.id, { technician_id: zed });
    expect(started.statusCode, started.body).toBe(200);
    const turn = (started.json().data as StartedWalkIn).turn;
    const during = onBoard(await board(), zed);
    expect(during.state).toBe('busy');
    expect(during.counted_turns).toBe(1);

    // The cashier completes the sale the start opened: the walk-in rides on it.
    const sale = await api.as(a, 'staff').post(
      '/api/pos/sales',
      saleBody({
        employeeId: zed,
        lines: [{ item_id: turn.service!.id }],
        extra: { walk_in_id: walkIn.id },
      }),
    );
    expect(sale.statusCode, sale.body).toBe(201);

    const after = onBoard(await board(), zed);
    expect(after.state).toBe('available');
    expect(after.counted_turns).toBe(1);
    const [row] = await api.db
      .select({ status: walkIns.status, turnId: walkIns.turnId })
      .from(walkIns)
      .where(and(eq(walkIns.tenantId, a.tenantId), eq(walkIns.id, walkIn.id)));
    expect(row).toEqual({ status: 'done', turnId: expect.any(Number) });
  });

  it('a technician who is not clocked in still serves the walk-in, without a turn; a busy one is refused', async () => {
    const walkIn = await checkIn();
    const started = await move('start', walkIn.id, { technician_id: amy });
    expect(started.statusCode, started.body).toBe(200);
    expect(onBoard(await board(), amy)?.state ?? 'off').toBe('off');

    await api.as(a, 'manager').post('/api/pos/employees/check-in-out', { user_id: amy, action: 'check_in' });
    const first = await checkIn();
    expect((await move('start', first.id, { technician_id: amy })).statusCode).toBe(200);
    const second = await checkIn();
    const refused = await move('start', second.id, { technician_id: amy });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: ERROR_CODE.TURN_REFUSED, details: { problem: 'busy' } });
    // Refused as a whole: the second walk-in still waits.
    expect((await api.as(a, 'staff').get(walkInPath('one', second.id))).json().data.status).toBe('waiting');

    // Done at the desk (no sale): her turn is finished too.
    expect((await move('finish', first.id)).statusCode).toBe(200);
    expect(onBoard(await board(), amy).state).toBe('available');
  });
});
