import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEventsPath, tvBoardPath } from '../../../contracts/live';
import type { LiveChange, LiveSnapshot, TvBoard } from '../../../contracts/live';
import type { WalkIn } from '../../../contracts/walk-ins';
import { walkInPath } from '../../../contracts/walk-ins';
import { apiHarness } from '../../../../tests/support/server/api-harness';
import { openSse } from '../../../../tests/support/server/sse-client';
import type { SseClient } from '../../../../tests/support/server/sse-client';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import { buildApp } from '../../app';
import { createDb, createPool } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { users } from '../../db/schema/users';
import { workingTimes } from '../../db/schema/working-times';
import { liveHub } from '../../live/live-plugin';

const api = await apiHarness();
/** A second server process on the same database: its own pool, its own listening connection. */
const otherPool = createPool(api.testDb.url, { max: 4 });
const other: FastifyInstance = await buildApp({ db: createDb(otherPool), config: { clientDir: null } });
const streams: SseClient[] = [];
afterAll(async () => {
  for (const s of streams) s.close();
  await other.close();
  await otherPool.end();
});

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

let base: string;
let otherBase: string;
let a: TenantFixture;
let b: TenantFixture;
let amy: number;

beforeAll(async () => {
  [base, otherBase] = await Promise.all([listen(api.app), listen(other)]);
  [a, b] = await Promise.all([api.tenant(), api.tenant()]);
  const [row] = await api.db
    .insert(users)
    .values({
      tenantId: a.tenantId,
      storeId: a.store.id,
      role: 'staff',
      username: `amy-${a.tenantCode.toLowerCase()}`,
      displayName: 'Amy Pham',
      firstName: 'Amy',
      lastName: 'Pham',
      isTechnician: true,
      enableWalkin: true,
    })
    .returning({ id: users.id });
  amy = row!.id;
});

async function sse(url: string, headers: Record<string, string>): Promise<SseClient> {
  const client = await openSse(url, headers);
  streams.push(client);
  return client;
}

async function checkIn(body: Record<string, unknown>): Promise<WalkIn> {
  const res = await api.as(a, 'staff').post('/api/pos/walk-in', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as WalkIn;
}

describe('the store live channel', () => {
  it('refuses a screen without a session or of another store before streaming anything', async () => {
    expect((await api.get(liveEventsPath(a.store.id))).statusCode).toBe(401);
    expect((await api.as(b, 'staff').get(liveEventsPath(a.store.id))).statusCode).toBe(403);
    expect((await api.as(a, 'staff').get(liveEventsPath(a.otherStore.id))).statusCode).toBe(403);
    expect((await api.as(b, 'staff').get(tvBoardPath(a.store.id))).statusCode).toBe(403);
  });

  it('sends a snapshot, then each committed check-in and move as a change with its sequence number as id', async () => {
    const tv = await sse(`${base}${liveEventsPath(a.store.id, 'tv')}`, a.headers('staff'));
    expect(tv.status).toBe(200);
    expect(tv.headers['content-type']).toContain('text/event-stream');
    const first = JSON.parse((await tv.next((e) => e.event === 'snapshot')).data) as LiveSnapshot;
    expect(first.board?.store.id).toBe(a.store.id);

    const ann = await api.db
      .insert(customers)
      .values({ tenantId: a.tenantId, firstName: 'Ann', lastName: 'Lee', phone: '5551112222' })
      .returning({ id: customers.id });
    const walkIn = await checkIn({ customer_id: ann[0]!.id, user_id: amy });
    const event = await tv.next((e) => e.event === 'change');
    const change = JSON.parse(event.data) as LiveChange;
    expect(event.id).toBe(String(first.seq + 1));
    expect(change).toMatchObject({ seq: first.seq + 1, topic: 'walk_ins', ids: [walkIn.id], version: 1 });
    // The TV sees a first name and an initial, never the phone.
    expect(change.board?.waiting).toEqual([
      expect.objectContaining({
        id: walkIn.id,
        name: 'Ann L.',
        position: 1,
        technician: { id: amy, first_name: 'Amy' },
      }),
    ]);
    expect(change.board?.next).toEqual([
      { technician: { id: amy, first_name: 'Amy' }, walk_in_id: walkIn.id, name: 'Ann L.' },
    ]);
    expect(event.data).not.toContain('5551112222');

    await api.as(a, 'staff').post(walkInPath('leave', walkIn.id), {});
    const left = JSON.parse((await tv.next((e) => e.event === 'change')).data) as LiveChange;
    expect(left).toMatchObject({ seq: first.seq + 2, ids: [walkIn.id], version: 2 });
    expect(left.board?.waiting).toEqual([]);
  });

  it('brings a check-in made through one server process to a screen connected to another', async () => {
    const screen = await sse(`${otherBase}${liveEventsPath(a.store.id)}`, a.headers('manager'));
    const snapshot = JSON.parse((await screen.next((e) => e.event === 'snapshot')).data) as LiveSnapshot;
    const walkIn = await checkIn({ customer_name: 'Bao Nguyen' });
    const change = JSON.parse((await screen.next((e) => e.event === 'change')).data) as LiveChange;
    expect(change).toMatchObject({ seq: snapshot.seq + 1, ids: [walkIn.id], store_id: a.store.id });
    expect(change.board).toBeUndefined();
  });

  it('catches a reconnecting screen up: resumed when nothing changed, a fresh snapshot after a gap', async () => {
    const first = await sse(`${base}${liveEventsPath(a.store.id)}`, a.headers('staff'));
    const seq = (JSON.parse((await first.next((e) => e.event === 'snapshot')).data) as LiveSnapshot).seq;
    first.close();

    const same = await sse(`${base}${liveEventsPath(a.store.id)}`, {
      ...a.headers('staff'),
      'last-event-id': String(seq),
    });
    const resumed = await same.next();
    expect(resumed.event).toBe('resumed');
    expect(resumed.id).toBe(String(seq));
    const walkIn = await checkIn({ customer_name: 'Chi' });
    const next = await same.next();
    expect(next.event).toBe('change');
    expect(JSON.parse(next.data)).toMatchObject({ seq: seq + 1, ids: [walkIn.id] });
    same.close();

    await checkIn({ customer_name: 'Dung' });
    const behind = await sse(`${base}${liveEventsPath(a.store.id)}?last_event_id=${seq}`, a.headers('staff'));
    const caughtUp = await behind.next();
    expect(caughtUp.event).toBe('snapshot');
    expect(JSON.parse(caughtUp.data).seq).toBe(seq + 2);
  });

  it('resyncs its screens with a snapshot when its listening connection drops and a change is missed', async () => {
    const screen = await sse(`${otherBase}${liveEventsPath(a.store.id)}`, a.headers('staff'));
    const seq = (JSON.parse((await screen.next((e) => e.event === 'snapshot')).data) as LiveSnapshot).seq;
    const hub = liveHub(other);
    const connects = hub.connects;
    await hub.dropConnection();
    // Made while the other process is not listening: its notification never reaches it.
    await checkIn({ customer_name: 'Em' });
    const resync = await screen.next((e) => e.event === 'snapshot', 15_000);
    expect(JSON.parse(resync.data).seq).toBeGreaterThanOrEqual(seq + 1);
    expect(hub.connects).toBe(connects + 1);
  });

  it('shows technicians on shift as available, busy with whom, or on a break', async () => {
    const c = await api.tenant();
    const tech = async (first: string) =>
      (
        await api.db
          .insert(users)
          .values({
            tenantId: c.tenantId,
            storeId: c.store.id,
            role: 'staff',
            username: `${first.toLowerCase()}-${c.tenantCode.toLowerCase()}`,
            displayName: `${first} Tran`,
            firstName: first,
            isTechnician: true,
            enableWalkin: true,
          })
          .returning({ id: users.id })
      )[0]!.id;
    const [kim, lan, off] = [await tech('Kim'), await tech('Lan'), await tech('Off')];
    const today = (await api.as(c, 'staff').get(tvBoardPath(c.store.id))).json().data.business_date as string;
    await api.db.insert(workingTimes).values([
      { tenantId: c.tenantId, storeId: c.store.id, userId: kim, dateWork: today },
      { tenantId: c.tenantId, storeId: c.store.id, userId: lan, dateWork: today },
    ]);
    const res = await api.as(c, 'staff').post('/api/pos/walk-in', { customer_name: 'Mai Thi Vo' });
    const id = (res.json().data as WalkIn).id;
    await api.as(c, 'staff').post(walkInPath('start', id), { technician_id: kim });
    const board = (await api.as(c, 'staff').get(tvBoardPath(c.store.id))).json().data;
    expect(board.technicians).toEqual([
      { id: kim, first_name: 'Kim', state: 'busy', serving: 'Mai V.' },
      { id: lan, first_name: 'Lan', state: 'available', serving: null },
    ]);
    expect(board.technicians.map((t: { id: number }) => t.id)).not.toContain(off);
    expect(board.waiting).toEqual([]);
  });
});

describe('the turn order on the TV', () => {
  it('lists the queue in its order with the reasons for each place, first names only', async () => {
    const c = await api.tenant();
    const ids: number[] = [];
    for (const first of ['Hoa', 'Vy']) {
      const [row] = await api.db
        .insert(users)
        .values({
          tenantId: c.tenantId,
          storeId: c.store.id,
          role: 'staff',
          username: `${first.toLowerCase()}-${c.tenantCode.toLowerCase()}`,
          displayName: `${first} Nguyen`,
          firstName: first,
          isTechnician: true,
          enableWalkin: true,
        })
        .returning({ id: users.id });
      ids.push(row!.id);
      const clock = await api
        .as(c, 'manager')
        .post('/api/pos/employees/check-in-out', { user_id: row!.id, action: 'check_in' });
      expect(clock.statusCode, clock.body).toBe(200);
    }
    const board = (await api.as(c, 'staff').get(tvBoardPath(c.store.id))).json().data as TvBoard;
    expect(board.turns.map((t) => [t.position, t.first_name, t.state])).toEqual([
      [1, 'Hoa', 'available'],
      [2, 'Vy', 'available'],
    ]);
    for (const turn of board.turns) {
      expect(turn.reasons.map((r) => r.code)).toContain('fewest_turns');
      expect(turn.reasons.map((r) => r.code)).toContain('queued_since');
    }
  });
});
