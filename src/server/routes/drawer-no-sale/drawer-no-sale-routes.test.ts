/**
 * POST /api/pos/drawer/no-sale (docs/printing.md "The cash drawer"): a manager's PIN approval and a reason open
 * the drawer and write one audit row naming cashier, approver, till and reason; a retry, by key or by uuid, writes
 * nothing more; without a manager's PIN nothing is written.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { apiHarness, dataOf } from '../../../../tests/support/server/api-harness';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import { auditLog } from '../../db/schema/audit-log';
import { NO_SALE_ACTION, NO_SALE_ENTITY } from '../../services/drawer-no-sale';

const URL = '/api/pos/drawer/no-sale';
const api = await apiHarness();
let a: TenantFixture;
let b: TenantFixture;

beforeAll(async () => {
  [a, b] = await Promise.all([api.tenant(), api.tenant()]);
});

const rowsOf = (f: TenantFixture, uuid: string) =>
  api.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.tenantId, f.tenantId),
        eq(auditLog.entityType, NO_SALE_ENTITY),
        eq(auditLog.entityId, uuid),
      ),
    );

describe('no sale', () => {
  it("with a manager's PIN, records the open: cashier, approver, store, till and reason in the audit log", async () => {
    const uuid = randomUUID();
    const res = await api
      .as(a, 'staff', { approver: 'manager' })
      .post(URL, { uuid, reason: '  Change for a $20 ' });
    expect(res.statusCode, res.body).toBe(201);
    const data = dataOf(res);
    expect(data).toMatchObject({
      uuid,
      reason: 'Change for a $20',
      user_id: a.users.staff.id,
      approved_by: a.users.manager.id,
      store_id: a.store.id,
    });
    const rows = await rowsOf(a, uuid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: NO_SALE_ACTION,
      userId: a.users.staff.id,
      approvedBy: a.users.manager.id,
      storeId: a.store.id,
      before: null,
      after: { reason: 'Change for a $20', workstation_id: data.workstation_id },
    });
  });

  it('is idempotent: the same key replays the answer, the same uuid under a new key answers the first open', async () => {
    const uuid = randomUUID();
    const client = api.as(a, 'staff', { approver: 'manager' });
    const first = await client.post(URL, { uuid, reason: 'Count the float' }, { key: `no-sale-${uuid}` });
    const replay = await client.post(URL, { uuid, reason: 'Count the float' }, { key: `no-sale-${uuid}` });
    const again = await client.post(URL, { uuid, reason: 'Count the float' });
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(again.statusCode).toBe(200);
    expect(dataOf(again)).toEqual(dataOf(first));
    expect(await rowsOf(a, uuid)).toHaveLength(1);
  });

  it('refuses without a PIN approval or with a staff PIN (403), and without a reason (422); writes nothing', async () => {
    const uuid = randomUUID();
    const none = await api.as(a, 'staff').post(URL, { uuid, reason: 'Change' });
    expect(none.statusCode).toBe(403);
    expect(none.json().code).toBe(ERROR_CODE.PIN_APPROVAL_REQUIRED);
    const staffPin = await api.as(a, 'staff', { approver: 'staff' }).post(URL, { uuid, reason: 'Change' });
    expect(staffPin.statusCode).toBe(403);
    const blank = await api.as(a, 'staff', { approver: 'manager' }).post(URL, { uuid, reason: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(await rowsOf(a, uuid)).toHaveLength(0);
  });

  it("keeps tenants apart: another tenant's open with the same uuid is its own row", async () => {
    const uuid = randomUUID();
    expect(
      (await api.as(a, 'staff', { approver: 'manager' }).post(URL, { uuid, reason: 'A' })).statusCode,
    ).toBe(201);
    const other = await api.as(b, 'staff', { approver: 'owner' }).post(URL, { uuid, reason: 'B' });
    expect(other.statusCode).toBe(201);
    expect(dataOf(other).reason).toBe('B');
    expect(await rowsOf(b, uuid)).toHaveLength(1);
  });
});
