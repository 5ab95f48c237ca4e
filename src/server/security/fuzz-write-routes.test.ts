/**
 * Fuzzing every write route of the route table (POST, PUT, PATCH, DELETE tests): fast-check bodies
 * built from each route's sample body (tests/support/server/junk.ts: wrong types, huge, negative and
 * fractional numbers, unicode with RTL and emoji, NUL bytes, long strings, missing and extra fields, nested
 * junk, arrays instead of objects), and now and then a junk path parameter, sent with a live full-rights
 * session, a PIN approval and a fresh Idempotency-Key, against a tenant with real rows (createVictimRows).
 *
 * - Never a 5xx.
 * - Afterwards every stored amount of the database is valid and consistent
 *   (tests/support/server/money-invariants.ts).
 * - No request was stopped only by a database CHECK or foreign key: the error handler turns those into a
 *   422, but a route that leans on them let bad input through its own rules (the amount checks above would
 *   be the next line of defence to fall).
 *
 * A new write route joins by itself (with `{}` as its sample until tests/support/server/route-samples.ts
 * has one). Bounded: RUNS_PER_ROUTE bodies per route, one app and one database for the file.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-db';
import type { TestDatabase } from '../../../tests/support/test-db';
import { PIN_APPROVAL_HEADER } from '../../contracts/auth';
import { IDEMPOTENCY_KEY_HEADER } from '../../contracts/envelope';
import { PERMISSION_TEMPLATE_ALL_ON, ROLE } from '../../domain/constants';
import type { Role } from '../../domain/constants';
import { buildApp } from '../app';
import { isPublic } from '../auth/access';
import { PIN_APPROVAL_TTL_MS, signPinApproval } from '../auth/pin-approval';
import { createSession } from '../auth/sessions';
import { createTenantWithUsers } from '../../../tests/support/server/tenant-fixture';
import type { TenantFixture } from '../../../tests/support/server/tenant-fixture';
import type { Db } from '../db/client';
import { listRoutes } from '../route';
import type { RouteInfo } from '../route';
import { fuzzBody, junkNumber, junkString } from '../../../tests/support/server/junk';
import { findInvalidAmounts } from '../../../tests/support/server/money-invariants';
import {
  concretePaths,
  isWrite,
  routeKey,
  sampleBody,
  sampleRequests,
  STREAM_ROUTES,
  withFreshUuid,
} from '../../../tests/support/server/route-samples';
import { createVictimRows, refreshVictimSales } from '../../../tests/support/server/victim-rows';
import type { VictimRows } from '../../../tests/support/server/victim-rows';

/** FUZZ_RUNS=500 for a longer hunt; FUZZ_SEED replays a failure fast-check reported. */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = process.env.FUZZ_SEED === undefined ? {} : { seed: Number(process.env.FUZZ_SEED) };

/**
 * Text PostgreSQL cannot hold (a NUL byte in text, an unpaired surrogate or \u0000 in jsonb) is refused by
 * the database itself, which the error handler answers 422 (src/server/errors.ts): accepted here. Any other
 * database refusal means a route let bad input through its own rules.
 */
function isTextEncodingRefusal(line: LogLine): boolean {
  const message = line.err?.message ?? '';
  return (
    line.pgCode === '22021' ||
    line.pgCode === '22P05' ||
    (line.pgCode === '22P02' && /invalid input syntax for type json/.test(message))
  );
}

const listing = await buildApp({ db: {} as Db, config: { clientDir: null } });
await listing.ready();
const allRoutes = listRoutes(listing);
const writeRoutes = allRoutes.filter(isWrite);
await listing.close();

/** What the error handler logged at warn and above: the database safety net and 5xx. */
interface LogLine {
  level: number;
  msg: string;
  pgCode?: string;
  err?: { message?: string };
}
const logs: LogLine[] = [];
/** Requests the database refused for the route (or that failed with a 5xx), with their body. */
const safetyNet: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) logs.push(JSON.parse(line) as LogLine);
    done();
  },
});

let testDb: TestDatabase;
let app: FastifyInstance;
let f: TenantFixture;
let v: VictimRows;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp({
    db: testDb.db,
    config: { clientDir: null, logger: { level: 'warn', stream: logStream } },
  });
  await app.ready();
  const allOn = Object.fromEntries(
    [ROLE.OWNER, ROLE.ADMIN, ROLE.MANAGER, ROLE.STAFF].map((r) => [r, PERMISSION_TEMPLATE_ALL_ON]),
  );
  f = await createTenantWithUsers(testDb.db, { permissions: allOn });
  v = await createVictimRows(app, testDb.db, f);
});

afterAll(async () => {
  await app?.close();
  await testDb?.drop();
});

/** A fresh session (logout ends the one it is called with) with a manager's PIN approval. */
async function headersFor(role: Role): Promise<Record<string, string>> {
  const session = await createSession(testDb.db, {
    tenantId: f.tenantId,
    userId: f.users[role].id,
    storeId: f.store.id,
    workstationId: f.workstation.id,
  });
  return {
    authorization: `Bearer ${session.token}`,
    [PIN_APPROVAL_HEADER]: signPinApproval(f.pinSecret, {
      tenantId: f.tenantId,
      sessionId: session.sessionId,
      approverId: f.users.manager.id,
      approverRole: ROLE.MANAGER,
      expiresAt: new Date(Date.now() + PIN_APPROVAL_TTL_MS),
    }),
    [IDEMPOTENCY_KEY_HEADER]: randomUUID(),
  };
}

function roleFor(route: RouteInfo): Role {
  const access = route.access;
  return access && !isPublic(access) && access.roles ? access.roles[0]! : ROLE.OWNER;
}

/** The route's real paths, and now and then one with a junk parameter. */
function pathArb(route: RouteInfo): fc.Arbitrary<string> {
  const real = fc.constantFrom(...concretePaths(route, v));
  if (!route.url.includes(':')) return real;
  const junkParam = fc
    .oneof(junkString, junkNumber.map(String))
    // Buffer.from: a lone surrogate becomes U+FFFD (encodeURIComponent throws on it; no client can send one).
    .map((value) =>
      route.url.replace(/:[A-Za-z_]+/g, encodeURIComponent(Buffer.from(value.slice(0, 2000)).toString())),
    );
  return fc.oneof({ arbitrary: real, weight: 4 }, { arbitrary: junkParam, weight: 1 });
}

/** Sale and payment routes change the rows they name: each gets fresh ones. */
const needsFreshSales = (route: RouteInfo) =>
  route.url.startsWith('/api/pos/sales') || route.url.startsWith('/api/payments');

describe('fuzzing every write route', () => {
  it('starts from valid stored amounts (the scan itself finds nothing on good rows)', async () => {
    expect(await findInvalidAmounts(testDb.db)).toEqual([]);
  });

  it('lets a full-rights session past the access checks of every route, with its own rows', async () => {
    // The other side of the route table's 401/403 matrix: a route that refused everyone would pass that.
    const refused: string[] = [];
    const answered = allRoutes.filter((r) => !STREAM_ROUTES.includes(routeKey(r)));
    for (const route of answered.filter((r) => r.access !== undefined && !isPublic(r.access))) {
      for (const request of sampleRequests(route, v)) {
        const body = request.payload === undefined ? {} : { payload: JSON.stringify(request.payload) };
        const res = await app.inject({
          method: request.method as InjectOptions['method'],
          url: request.url,
          headers: {
            ...(await headersFor(roleFor(route))),
            ...(request.payload === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...body,
        });
        if (res.statusCode === 401 || res.statusCode === 403) {
          refused.push(`${request.method} ${request.url} → ${res.statusCode} ${res.body}`);
        }
      }
    }
    expect(refused).toEqual([]);
  });

  it('answers 4xx, never 5xx, to body keys named like members of Object.prototype', async () => {
    const answers: string[] = [];
    for (const route of writeRoutes) {
      const sample = route.method === 'DELETE' ? {} : sampleBody(route, v);
      for (const key of ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__']) {
        const body = typeof sample === 'object' && sample !== null ? { ...sample, [key]: 0 } : { [key]: 0 };
        const res = await app.inject({
          method: route.method as InjectOptions['method'],
          url: concretePaths(route, v)[0]!,
          headers: { ...(await headersFor(roleFor(route))), 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        if (res.statusCode >= 500) answers.push(`${routeKey(route)} ${key}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(answers).toEqual([]);
    // Five requests for every write route, one after another: the test grows with the API, so its limit is a
    // hang detector sized for a busy two-core runner, not the project's 30 s (docs/testing.md).
  }, 180_000);

  it.each(writeRoutes.map((r) => [routeKey(r), r] as const))(
    '%s never answers a 5xx, whatever the body',
    async (_name, route) => {
      if (needsFreshSales(route)) v = await refreshVictimSales(app, testDb.db, v);
      const sample = route.method === 'DELETE' ? {} : sampleBody(route, v);
      const sampleUuid =
        typeof sample === 'object' && sample !== null && 'uuid' in sample ? String(sample.uuid) : null;
      const role = roleFor(route);
      await fc.assert(
        fc.asyncProperty(pathArb(route), fuzzBody(sample), async (url, generated) => {
          // A create with a uuid already used stops at its 409; a fresh one reaches the sale rules.
          const body =
            sampleUuid && routeKey(route) === 'POST /api/pos/sales'
              ? withFreshUuid(generated, sampleUuid)
              : generated;
          const logged = logs.length;
          const res = await app.inject({
            method: route.method as InjectOptions['method'],
            url,
            headers: { ...(await headersFor(role)), 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          for (const line of logs
            .slice(logged)
            .filter((l) => (l.pgCode !== undefined && !isTextEncodingRefusal(l)) || l.level >= 50)) {
            safetyNet.push(
              `${route.method} ${url.slice(0, 200)} ${line.pgCode ?? ''} ${line.err?.message ?? line.msg}\n` +
                `  body: ${JSON.stringify(body).slice(0, 300)}`,
            );
          }
          expect(
            res.statusCode,
            `${route.method} ${url} ${JSON.stringify(body).slice(0, 500)}\n→ ${res.body}`,
          ).toBeLessThan(500);
        }),
        { numRuns: RUNS_PER_ROUTE, ...SEED },
      );
    },
  );

  it('leaves every stored amount valid and consistent', async () => {
    expect(await findInvalidAmounts(testDb.db)).toEqual([]);
  });

  it('never needed the database to refuse an input (no constraint error reached the error handler)', () => {
    expect(safetyNet).toEqual([]);
  });
});
