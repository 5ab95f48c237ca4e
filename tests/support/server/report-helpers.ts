/**
 * Helpers of the report API tests (src/server/reports/*.test.ts): day arithmetic, a drawer count for an
 * amount, and a client working another till of the fixture's store.
 */
import type { ApiClient, ApiHarness } from './api-harness';
import type { TenantFixture } from './tenant-fixture';
import type { Role } from '../../../src/domain/constants';
import { PIN_APPROVAL_HEADER } from '../../../src/contracts/auth';
import { PIN_APPROVAL_TTL_MS, signPinApproval } from '../../../src/server/auth/pin-approval';
import { createSession } from '../../../src/server/auth/sessions';

/** The day `n` days after `day` (YYYY-MM-DD, negative for before). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** A count of bills and coins adding up to `amount` (greedy, largest first). */
export function countOf(amount: number): Record<string, number> {
  const count: Record<string, number> = {};
  let left = amount;
  for (const [id, value] of [
    ['bill_100', 10_000],
    ['bill_20', 2000],
    ['bill_1', 100],
    ['coin_25', 25],
    ['coin_1', 1],
  ] as const) {
    const pieces = Math.floor(left / value);
    if (pieces > 0) count[id] = pieces;
    left -= pieces * value;
  }
  return count;
}

/**
 * The fixture's `role` in a new session logged in on `workstationId` (null: the store's till without a
 * workstation, docs/cash-drawer.md), with its own PIN approval by the manager.
 */
export async function tillClient(
  api: ApiHarness,
  f: TenantFixture,
  role: Role,
  workstationId: number | null,
): Promise<ApiClient> {
  const session = await createSession(api.db, {
    tenantId: f.tenantId,
    userId: f.users[role].id,
    storeId: f.store.id,
    workstationId,
  });
  const approval = signPinApproval(f.pinSecret, {
    tenantId: f.tenantId,
    sessionId: session.sessionId,
    approverId: f.users.manager.id,
    approverRole: 'manager',
    expiresAt: new Date(Date.now() + PIN_APPROVAL_TTL_MS),
  });
  return api.as({ authorization: `Bearer ${session.token}`, [PIN_APPROVAL_HEADER]: approval });
}
