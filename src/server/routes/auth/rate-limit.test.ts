import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/support/test-db';
import type { TestDatabase } from '../../../../tests/support/test-db';
import { buildApp } from '../../app';
import { createTenantWithUsers } from '../../auth/test-fixtures';
import type { TenantFixture } from '../../auth/test-fixtures';
import { LOGIN_RATE_LIMIT, PIN_RATE_LIMIT } from '../../auth/throttling';

// Its own app: these tests use up the per-IP budget of the routes for a minute.
let testDb: TestDatabase;
let app: FastifyInstance;
let a: TenantFixture;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp({ db: testDb.db, config: { clientDir: null } });
  await app.ready();
  a = await createTenantWithUsers(testDb.db);
});

afterAll(async () => {
  await app?.close();
  await testDb?.drop();
});

async function statuses(count: number, send: () => Promise<{ statusCode: number }>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await send()).statusCode);
  return out;
}

describe('per-IP rate limits', () => {
  it('throttle POST /api/login per client address (429 after the budget)', async () => {
    const got = await statuses(LOGIN_RATE_LIMIT.max + 1, () =>
      app.inject({ method: 'POST', url: '/api/login', payload: {} }),
    );
    expect(got.slice(0, LOGIN_RATE_LIMIT.max).every((s) => s === 422)).toBe(true);
    expect(got.at(-1)).toBe(429);
  });

  it('throttle POST /api/role-by-code per client address', async () => {
    const got = await statuses(PIN_RATE_LIMIT.max + 1, () =>
      app.inject({ method: 'POST', url: '/api/role-by-code', payload: {}, headers: a.headers('staff') }),
    );
    expect(got.slice(0, PIN_RATE_LIMIT.max).every((s) => s === 422)).toBe(true);
    expect(got.at(-1)).toBe(429);
  });
});
