import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../contracts/error-codes';
import { z } from 'zod';
import { createTestDatabase } from '../../tests/support/test-db';
import type { TestDatabase } from '../../tests/support/test-db';
import { buildApp } from './app';
import type { AuthContext } from './auth-context';
import { auditLog } from './db/schema/audit-log';
import { idempotencyKeys } from './db/schema/idempotency-keys';
import { tenants } from './db/schema/tenants';
import { users } from './db/schema/users';
import { conflict } from './errors';
import {
  canonicalJson,
  fingerprintRequest,
  KEY_INVALID_MESSAGE,
  KEY_REQUIRED_MESSAGE,
  KEY_REUSED_MESSAGE,
  purgeExpiredIdempotencyKeys,
  STILL_RUNNING_MESSAGE,
  withIdempotency,
} from './idempotency';
import { route } from './route';

let testDb: TestDatabase;
let app: FastifyInstance;
let caller: AuthContext;
let otherUser: AuthContext;

/** How many times the body of the throwaway write route ran. */
let runs = 0;
let failNext = false;
let gate: { entered: () => void; release: Promise<void> } | null = null;

const saleBody = z.object({ total: z.number().int(), note: z.string().optional() });

async function seedCaller(db: TestDatabase['db']): Promise<[AuthContext, AuthContext]> {
  const [tenant] = await db.insert(tenants).values({ code: 'IDEM', name: 'Idempotent Nails' }).returning();
  const rows = await db
    .insert(users)
    .values([
      { tenantId: tenant!.id, role: 'staff', username: 'cashier', displayName: 'Cashier' },
      { tenantId: tenant!.id, role: 'staff', username: 'cashier2', displayName: 'Second cashier' },
    ])
    .returning();
  const toAuth = (u: (typeof rows)[number]): AuthContext => ({
    tenantId: tenant!.id,
    userId: u.id,
    storeId: null,
    role: 'staff',
  });
  return [toAuth(rows[0]!), toAuth(rows[1]!)];
}

function buildTestRoutes(target: FastifyInstance) {
  // The seam: auth will fill request.auth from the session; here a header picks one of two callers.
  target.addHook('onRequest', async (request) => {
    request.auth = request.headers['x-test-user'] === 'other' ? otherUser : caller;
  });
  route(target, {
    method: 'POST',
    access: { public: true },
    url: '/api/test/sales',
    body: saleBody,
    data: z.object({ auditId: z.number(), run: z.number(), total: z.number() }),
    status: 201,
    message: 'Sale created.',
    idempotency: { required: true },
    handler: async ({ body, db, auth }) => {
      runs += 1;
      const run = runs;
      // A write in the key's transaction: it must commit with the stored response or not at all.
      const [row] = await db
        .insert(auditLog)
        .values({
          tenantId: auth!.tenantId,
          userId: auth!.userId,
          action: 'sale.create',
          entityType: 'sale',
          entityId: `run-${run}`,
          after: body,
        })
        .returning({ id: auditLog.id });
      if (gate) {
        gate.entered();
        await gate.release;
      } else {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      if (failNext) {
        failNext = false;
        throw conflict('The first attempt failed.');
      }
      return { auditId: row!.id, run, total: body.total };
    },
  });
  route(target, {
    method: 'POST',
    access: { public: true },
    url: '/api/test/slow-sales',
    body: saleBody,
    data: z.object({ run: z.number() }),
    idempotency: { required: true, waitMs: 150 },
    handler: async () => {
      runs += 1;
      const run = runs;
      if (gate) {
        gate.entered();
        await gate.release;
      }
      return { run };
    },
  });
  route(target, {
    method: 'POST',
    access: { public: true },
    url: '/api/test/notes',
    body: z.object({ text: z.string() }),
    data: z.object({ run: z.number() }),
    idempotency: { required: false },
    handler: async () => {
      runs += 1;
      return { run: runs };
    },
  });
  target.post(
    '/api/test/raw',
    withIdempotency(
      async (request) => {
        runs += 1;
        return {
          status: 200,
          body: { success: true, data: { run: runs, got: request.body }, message: 'OK' },
        };
      },
      { required: true },
    ),
  );
}

function openGate() {
  let entered!: () => void;
  let release!: () => void;
  const enteredPromise = new Promise<void>((resolve) => (entered = resolve));
  const releasePromise = new Promise<void>((resolve) => (release = resolve));
  gate = { entered, release: releasePromise };
  return { entered: enteredPromise, release };
}

const post = (url: string, payload: unknown, key?: string, extra: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: { ...(key === undefined ? {} : { 'idempotency-key': key }), ...extra },
  });

async function keyRows(key: string) {
  return testDb.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
}

beforeAll(async () => {
  testDb = await createTestDatabase({ poolMax: 10 });
  [caller, otherUser] = await seedCaller(testDb.db);
  app = await buildApp({ db: testDb.db, config: { clientDir: null } });
  buildTestRoutes(app);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await testDb?.drop();
});

beforeEach(() => {
  runs = 0;
  failNext = false;
  gate = null;
});

describe('Idempotency-Key', () => {
  it('runs the handler exactly once for 50 parallel requests with one key, and all get the same answer', async () => {
    const payload = { total: 4500, note: 'gel manicure' };
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => post('/api/test/sales', payload, 'k-parallel')),
    );

    expect(runs).toBe(1);
    const statuses = new Set(responses.map((r) => r.statusCode));
    expect([...statuses]).toEqual([201]);
    const first = responses[0]!.json();
    expect(first).toMatchObject({ success: true, data: { run: 1, total: 4500 }, message: 'Sale created.' });
    for (const r of responses) expect(r.json()).toEqual(first);
    expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(49);

    const written = await testDb.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.action, 'sale.create'));
    expect(written[0]!.n).toBe(1);
    const [row] = await keyRows('k-parallel');
    expect(row).toMatchObject({ status: 'done', responseStatus: 201 });
  });

  it('replays the stored response, status and body, with Idempotent-Replayed: true', async () => {
    const first = await post('/api/test/sales', { total: 100 }, 'k-replay');
    const again = await post('/api/test/sales', { total: 100 }, 'k-replay');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(runs).toBe(1);
  });

  it('treats the same payload with keys in another order as the same request', async () => {
    await post('/api/test/sales', { total: 7, note: 'a' }, 'k-order');
    const again = await app.inject({
      method: 'POST',
      url: '/api/test/sales',
      headers: { 'idempotency-key': 'k-order', 'content-type': 'application/json' },
      payload: '{"note":"a","total":7}',
    });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses the same key with another payload with 422 and runs nothing', async () => {
    await post('/api/test/sales', { total: 100 }, 'k-other');
    const other = await post('/api/test/sales', { total: 999 }, 'k-other');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      success: false,
      data: null,
      code: ERROR_CODE.IDEMPOTENCY_KEY_REUSED,
      message: KEY_REUSED_MESSAGE,
    });
    expect(runs).toBe(1);
  });

  it('compares the payload as sent, before the schema strips unknown fields', async () => {
    await post('/api/test/sales', { total: 5 }, 'k-extra');
    const other = await post('/api/test/sales', { total: 5, extra: true }, 'k-extra');
    expect(other.statusCode).toBe(422);
  });

  it('answers 400 when a required key is missing, and when a key is empty or longer than 255 characters', async () => {
    const missing = await post('/api/test/sales', { total: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: ERROR_CODE.IDEMPOTENCY_KEY_REQUIRED,
      message: KEY_REQUIRED_MESSAGE,
    });
    for (const key of ['', 'x'.repeat(256)]) {
      const res = await post('/api/test/sales', { total: 1 }, key);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: ERROR_CODE.IDEMPOTENCY_KEY_INVALID,
        message: KEY_INVALID_MESSAGE,
      });
    }
    const longest = await post('/api/test/sales', { total: 1 }, 'y'.repeat(255));
    expect(longest.statusCode).toBe(201);
    expect(runs).toBe(1);
  });

  it('answers 409 while the first request with the key is still running, then replays once it is done', async () => {
    const { entered, release } = openGate();
    const first = post('/api/test/slow-sales', { total: 1 }, 'k-running');
    await entered;
    const during = await post('/api/test/slow-sales', { total: 1 }, 'k-running');
    expect(during.statusCode).toBe(409);
    expect(during.json()).toMatchObject({
      code: ERROR_CODE.IDEMPOTENCY_KEY_IN_FLIGHT,
      message: STILL_RUNNING_MESSAGE,
    });
    release();
    expect((await first).statusCode).toBe(200);
    const after = await post('/api/test/slow-sales', { total: 1 }, 'k-running');
    expect(after.statusCode).toBe(200);
    expect(after.headers['idempotent-replayed']).toBe('true');
    expect(runs).toBe(1);
  });

  it('rolls the claim back with the writes when the handler fails, so a retry with the key runs again', async () => {
    const payload = { total: 300, note: 'fails once' };
    const written = async () =>
      (
        await testDb.db
          .select({ n: count() })
          .from(auditLog)
          .where(sql`${auditLog.after}->>'note' = 'fails once'`)
      )[0]!.n;
    failNext = true;
    const failed = await post('/api/test/sales', payload, 'k-fail');
    expect(failed.statusCode).toBe(409);
    expect(await keyRows('k-fail')).toEqual([]);
    expect(await written()).toBe(0);

    const retry = await post('/api/test/sales', payload, 'k-fail');
    expect(retry.statusCode).toBe(201);
    expect(retry.json().data.run).toBe(2);
    expect(await keyRows('k-fail')).toHaveLength(1);
    expect(await written()).toBe(1);
  });

  it('keeps keys per user: the same key of two users is two requests', async () => {
    const mine = await post('/api/test/sales', { total: 10 }, 'k-user');
    const theirs = await post('/api/test/sales', { total: 10 }, 'k-user', { 'x-test-user': 'other' });
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(runs).toBe(2);
  });

  it('stores the key for at least 8 days', async () => {
    await post('/api/test/sales', { total: 10 }, 'k-ttl');
    const [row] = await keyRows('k-ttl');
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(8);
  });

  it('forgets an expired key: it may start a new request, and the purge removes expired rows', async () => {
    await testDb.db.insert(idempotencyKeys).values({
      tenantId: caller.tenantId,
      userId: caller.userId,
      key: 'k-expired',
      fingerprint: 'old',
      status: 'done',
      responseStatus: 201,
      responseBody: { old: true },
      createdAt: sql`now() - interval '10 days'`,
      expiresAt: sql`now() - interval '2 days'`,
    });
    const res = await post('/api/test/sales', { total: 10 }, 'k-expired');
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();

    await testDb.db.insert(idempotencyKeys).values({
      tenantId: caller.tenantId,
      userId: caller.userId,
      key: 'k-expired-2',
      fingerprint: 'old',
      status: 'done',
      responseStatus: 200,
      createdAt: sql`now() - interval '10 days'`,
      expiresAt: sql`now() - interval '1 day'`,
    });
    expect(await purgeExpiredIdempotencyKeys(testDb.db)).toBe(1);
    expect(await keyRows('k-expired-2')).toEqual([]);
  });

  it('runs a write without a key on a route where the key is optional, every time', async () => {
    await post('/api/test/notes', { text: 'a' });
    await post('/api/test/notes', { text: 'a' });
    expect(runs).toBe(2);
    const keyed = await post('/api/test/notes', { text: 'a' }, 'k-note');
    const replay = await post('/api/test/notes', { text: 'a' }, 'k-note');
    expect(replay.json()).toEqual(keyed.json());
    expect(runs).toBe(3);
  });

  it('replays from the database, so a restarted server gives the same answer', async () => {
    const first = await post('/api/test/sales', { total: 55 }, 'k-restart');
    const restarted = await buildApp({ db: testDb.db, config: { clientDir: null } });
    buildTestRoutes(restarted);
    try {
      const again = await restarted.inject({
        method: 'POST',
        url: '/api/test/sales',
        payload: { total: 55 },
        headers: { 'idempotency-key': 'k-restart' },
      });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(runs).toBe(1);
    } finally {
      await restarted.close();
    }
  });

  it('wraps a hand-written route with withIdempotency', async () => {
    const first = await post('/api/test/raw', { a: 1 }, 'k-raw');
    const again = await post('/api/test/raw', { a: 1 }, 'k-raw');
    expect(first.json()).toEqual({ success: true, data: { run: 1, got: { a: 1 } }, message: 'OK' });
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await post('/api/test/raw', { a: 1 })).statusCode).toBe(400);
  });

  it('answers 401 when a key arrives on a request nobody is logged in for', async () => {
    const anonymous = await buildApp({ db: testDb.db, config: { clientDir: null } });
    route(anonymous, {
      method: 'POST',
      access: { public: true },
      url: '/api/test/anon',
      data: z.null(),
      idempotency: { required: false },
      handler: async () => null,
    });
    try {
      const res = await anonymous.inject({
        method: 'POST',
        url: '/api/test/anon',
        headers: { 'idempotency-key': 'k' },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await anonymous.close();
    }
  });

  it('leaves no row for the key of a request that never reached its handler', async () => {
    const invalid = await post('/api/test/sales', { total: 'lots' }, 'k-invalid');
    expect(invalid.statusCode).toBe(422);
    const rows = await testDb.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, caller.userId), eq(idempotencyKeys.key, 'k-invalid')));
    expect(rows).toEqual([]);
  });
});

describe('request fingerprint', () => {
  it('ignores object key order but not array order, values or the URL', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, 2], c: null } })).toBe('{"a":{"c":null,"d":[1,2]},"b":1}');
    const base = fingerprintRequest('POST', '/api/sales', { a: 1, b: [1, 2] });
    expect(fingerprintRequest('post', '/api/sales', { b: [1, 2], a: 1 })).toBe(base);
    expect(fingerprintRequest('POST', '/api/sales', { a: 1, b: [2, 1] })).not.toBe(base);
    expect(fingerprintRequest('POST', '/api/sales?x=1', { a: 1, b: [1, 2] })).not.toBe(base);
    expect(fingerprintRequest('PUT', '/api/sales', { a: 1, b: [1, 2] })).not.toBe(base);
  });

  it('fingerprints uploaded bytes by their content', () => {
    const a = canonicalJson({ photo: Buffer.from('abc') });
    expect(a).toBe(canonicalJson({ photo: Buffer.from('abc') }));
    expect(a).not.toBe(canonicalJson({ photo: Buffer.from('abd') }));
  });
});
