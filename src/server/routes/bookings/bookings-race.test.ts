/**
 * No double booking across servers (docs/appointments.md#busy-segments-and-no-double-booking): twenty creates of
 * the same technician and slot, sent at once to two real server processes (src/server/main.ts on the same test
 * database through DATABASE_URL), make exactly one booking; the nineteen others are 409 booking_conflict. What
 * stops them is the exclusion constraint, not a check in one process's memory.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../../contracts/envelope';
import { ERROR_CODE } from '../../../contracts/error-codes';
import {
  BOOKINGS_URL,
  bookingBody,
  bookingLine,
  bookingServices,
  bookingTechnician,
} from '../../../../tests/support/server/booking-fixtures';
import { freePort, startServerProcess } from '../../../../tests/support/server/server-process';
import type { ServerProcess } from '../../../../tests/support/server/server-process';
import { createTenantWithUsers } from '../../../../tests/support/server/tenant-fixture';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import { createTestDatabase } from '../../../../tests/support/test-db';
import { bookings } from '../../db/schema/bookings';

const REQUESTS = 20;

const testDb = await createTestDatabase();
const servers: ServerProcess[] = [];
let dataDir: string;
let a: TenantFixture;
let amy: number;
let manicure: number;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'salon-booking-race-'));
  a = await createTenantWithUsers(testDb.db);
  amy = await bookingTechnician(testDb.db, a, 'Amy');
  [manicure] = (await bookingServices(testDb.db, a, [
    { name: 'Manicure', price: 2500, durationMinutes: 45 },
  ])) as [number];
  // Two servers started at once: both run the (already applied) migrations under the advisory lock, so they
  // wait for each other there and nowhere else.
  servers.push(
    ...(await Promise.all(
      ['one', 'two'].map(async (name) =>
        startServerProcess({
          dataDir: path.join(dataDir, name),
          port: await freePort(),
          pgPort: await freePort(),
          env: { DATABASE_URL: testDb.url, SEED_DEMO: 'false', LOG_LEVEL: 'error' },
        }),
      ),
    )),
  );
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await testDb.drop();
  await rm(dataDir, { recursive: true, force: true });
});

it(`${REQUESTS} creates of one slot on two servers make one booking and ${REQUESTS - 1} conflicts`, async () => {
  const headers = { ...a.headers('staff'), 'content-type': 'application/json' };
  const answers = await Promise.all(
    Array.from({ length: REQUESTS }, async (_, i) => {
      const body = bookingBody([bookingLine(manicure, amy, '2026-12-07T10:00:00.000Z')], {
        customer_name: `Caller ${i}`,
      });
      const res = await fetch(`${servers[i % servers.length]!.url}${BOOKINGS_URL}`, {
        method: 'POST',
        headers: { ...headers, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as { code?: string } };
    }),
  );
  const statuses = answers.map((x) => x.status).sort();
  expect(
    statuses.filter((s) => s === 201),
    JSON.stringify(answers),
  ).toHaveLength(1);
  const refused = answers.filter((x) => x.status === 409);
  expect(refused).toHaveLength(REQUESTS - 1);
  expect(refused.every((x) => x.body.code === ERROR_CODE.BOOKING_CONFLICT)).toBe(true);
  const rows = await testDb.db.select().from(bookings).where(eq(bookings.tenantId, a.tenantId));
  expect(rows).toHaveLength(1);
}, 60_000);
