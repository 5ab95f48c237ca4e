import { describe, expect, it } from 'vitest';
import { apiHarness } from '../../../../tests/support/server/api-harness';
import { LOGIN_RATE_LIMIT, PIN_RATE_LIMIT } from '../../auth/throttling';

// Its own app: these tests use up the per-IP budget of the routes for a minute.
const api = await apiHarness();
const a = await api.tenant();

async function statuses(count: number, send: () => Promise<{ statusCode: number }>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await send()).statusCode);
  return out;
}

describe('per-IP rate limits', () => {
  it('throttle POST /api/login per client address (429 after the budget)', async () => {
    const got = await statuses(LOGIN_RATE_LIMIT.max + 1, () => api.post('/api/login', {}, { key: null }));
    expect(got.slice(0, LOGIN_RATE_LIMIT.max).every((s) => s === 422)).toBe(true);
    expect(got.at(-1)).toBe(429);
  });

  it('throttle POST /api/role-by-code per client address', async () => {
    const got = await statuses(PIN_RATE_LIMIT.max + 1, () =>
      api.as(a, 'staff').post('/api/role-by-code', {}, { key: null }),
    );
    expect(got.slice(0, PIN_RATE_LIMIT.max).every((s) => s === 422)).toBe(true);
    expect(got.at(-1)).toBe(429);
  });
});
