import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../../../contracts/error-codes';
import type { User } from '../../../contracts/users';
import { apiHarness, dataOf } from '../../../../tests/support/server/api-harness';
import { describeResourceApi } from '../../../../tests/support/server/resource-api-suite';
import { csvFile, multipart } from '../../../../tests/support/server/resource-multipart';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import { tenants } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';
import { workingTimes } from '../../db/schema/working-times';
import { USER_RESOURCE } from './users-routes';

describeResourceApi({
  config: USER_RESOURCE,
  sample: (n) => ({
    name: `Lan Tran ${n}`,
    username: `lan${n}`,
    role: 'staff',
    // No PIN or password: the suite's 1,201-row imports would hash each (argon2id); the special cases below test them.
    commission_rate: '40',
    is_technician: 'true',
    // Inactive members do not count against maximumEmployees, so the suite's 1,201-row imports fit.
    is_active: 'false',
  }),
  update: { name: 'Mai Pham', commission_rate: 45 },
  invalid: { body: { name: 'Mai', username: 'mai', role: 'staff', pin: '12' }, field: 'pin' },
  textField: 'name',
  searchField: 'name',
  filter: ['role', 'staff'],
  makeInUse: async (db, f, id) => {
    await db
      .insert(workingTimes)
      .values({ tenantId: f.tenantId, storeId: f.store.id, userId: id, dateWork: '2026-01-05' });
  },
});

describe('/api/users: members, their secrets and the salon rules', async () => {
  const api = await apiHarness();
  const technician = (n: number, extra: Record<string, unknown> = {}) => ({
    name: `Hoa Nguyen ${n}`,
    username: `hoa${n}`,
    role: 'staff',
    pin: String(700000 + n),
    commission_rate: '45',
    is_technician: 'true',
    ...extra,
  });

  async function setMaximum(f: TenantFixture, maximum: number) {
    await api.db
      .update(tenants)
      .set({
        settings: sql`coalesce(${tenants.settings}, '{}'::jsonb) || ${JSON.stringify({ maximum_employees: maximum })}::jsonb`,
      })
      .where(eq(tenants.id, f.tenantId));
  }

  it('a technician made here is on the sale screen at once and signs in with the PIN; the hashes are argon2id', async () => {
    const a = await api.tenant();
    const owner = api.as(a, 'owner');
    const created = await owner.post('/api/users', technician(1, { store_id: String(a.store.id) }));
    expect(created.statusCode, created.body).toBe(201);
    const row = dataOf<User>(created);
    expect(row).toMatchObject({ name: 'Hoa Nguyen 1', role: 'staff', commission_rate: 45, has_pin: true });
    expect(row).not.toHaveProperty('pin_hash');

    const [stored] = await api.db.select().from(users).where(eq(users.id, row.id));
    expect(stored!.pinHash).toMatch(/^\$argon2id\$/);
    expect(stored!.pinHash).not.toContain('700001');

    const employees = dataOf<{ items: Array<{ id: number; commission_rate: number }> }>(
      await api.as(a, 'staff').get('/api/pos/employees?per_page=100'),
    );
    expect(employees.items.find((e) => e.id === row.id)?.commission_rate).toBe(45);

    const pin = await api.as(a, 'staff').post('/api/role-by-code', { code: '700001' });
    expect(pin.statusCode, pin.body).toBe(200);
    expect(dataOf<{ user_id: number }>(pin).user_id).toBe(row.id);
  });

  it('a username or PIN taken in the salon is 409 duplicate naming the field, whatever the case', async () => {
    const a = await api.tenant();
    const owner = api.as(a, 'owner');
    expect((await owner.post('/api/users', technician(2))).statusCode).toBe(201);
    const sameName = await owner.post('/api/users', technician(3, { username: 'HOA2' }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({
      code: ERROR_CODE.DUPLICATE,
      errors: { username: [expect.any(String)] },
    });
    const samePin = await owner.post('/api/users', technician(4, { pin: a.users.manager.pin }));
    expect(samePin.statusCode).toBe(409);
    expect(Object.keys(samePin.json().errors)).toEqual(['pin']);
  });

  it('roles: an admin cannot make or change an owner; a manager cannot write members', async () => {
    const a = await api.tenant();
    const admin = api.as(a, 'admin');
    const owner = await admin.post('/api/users', technician(5, { role: 'owner' }));
    expect(owner.statusCode).toBe(403);
    expect(owner.json().code).toBe(ERROR_CODE.FORBIDDEN);
    const change = await admin.post(`/api/users/${a.users.owner.id}`, { name: 'Not the owner' });
    expect(change.statusCode).toBe(403);
    expect(
      (await admin.post(`/api/users/${a.users.owner.id}/change-pass`, { new_password: 'abcdefgh1' }))
        .statusCode,
    ).toBe(403);
    expect((await api.as(a, 'manager').post('/api/users', technician(6))).statusCode).toBe(403);
    expect((await api.as(a, 'manager').get('/api/users')).statusCode).toBe(403);
  });

  it('nobody deletes or disables themselves or the last owner: 409 with its code, nothing changes', async () => {
    const a = await api.tenant();
    const owner = api.as(a, 'owner');
    const self = await owner.del(`/api/users/${a.users.owner.id}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe(ERROR_CODE.OWN_ACCOUNT);
    const bulkSelf = await owner.post('/api/users/bulk', { action: 'disable', ids: [a.users.owner.id] });
    expect(bulkSelf.json().code).toBe(ERROR_CODE.OWN_ACCOUNT);
    const demote = await owner.post(`/api/users/${a.users.owner.id}`, { role: 'admin' });
    expect(demote.json().code).toBe(ERROR_CODE.OWN_ACCOUNT);

    // A second owner disables the first: then the first (now alone) is the last owner.
    const second = dataOf<User>(
      await owner.post('/api/users', technician(7, { role: 'owner', password: 'second-owner-1' })),
    );
    const login = await api.post('/api/login', {
      tenant: a.tenantCode,
      username: second.username,
      password: 'second-owner-1',
    });
    expect(login.statusCode, login.body).toBe(200);
    const asSecond = api.as({ authorization: `Bearer ${dataOf<{ token: string }>(login).token}` });
    const first = await owner.post('/api/users/bulk', { action: 'disable', ids: [second.id] });
    expect(first.statusCode, first.body).toBe(200);
    // The disabled owner's session ended with it.
    expect((await asSecond.get('/api/users')).statusCode).toBe(401);
    const lastOwner = await api
      .as(a, 'admin')
      .post('/api/users/bulk', { action: 'delete', ids: [a.users.owner.id] });
    expect(lastOwner.statusCode).toBe(403);
    const [stillThere] = await api.db.select().from(users).where(eq(users.id, a.users.owner.id));
    expect(stillThere!.isActive).toBe(true);
  });

  it("the permissions' maximumEmployees holds on create, enable and import commit", async () => {
    const a = await api.tenant();
    const owner = api.as(a, 'owner');
    await setMaximum(a, 5); // the fixture's four people + one
    const fifth = await owner.post('/api/users', technician(8));
    expect(fifth.statusCode, fifth.body).toBe(201);
    const sixth = await owner.post('/api/users', technician(9));
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({
      code: ERROR_CODE.MAXIMUM_EMPLOYEES_REACHED,
      details: { maximum_employees: 5 },
    });
    // An inactive member does not count; enabling them does.
    const off = await owner.post('/api/users', technician(10, { is_active: 'false' }));
    expect(off.statusCode, off.body).toBe(201);
    const enable = await owner.post('/api/users/bulk', { action: 'enable', ids: [dataOf<User>(off).id] });
    expect(enable.json().code).toBe(ERROR_CODE.MAXIMUM_EMPLOYEES_REACHED);
    const one = await owner.post(`/api/users/${dataOf<User>(off).id}`, { is_active: true });
    expect(one.json().code).toBe(ERROR_CODE.MAXIMUM_EMPLOYEES_REACHED);

    await setMaximum(a, 7);
    const rows = [11, 12, 13].map((n) => technician(n));
    const form = multipart(
      { mode: 'commit' },
      { field: 'file', filename: 'members.csv', content: csvFile(USER_RESOURCE.importColumns!, rows) },
    );
    const imported = await owner.post('/api/users/import', form.payload, { headers: form.headers });
    expect(imported.statusCode, imported.body).toBe(409);
    expect(imported.json().code).toBe(ERROR_CODE.MAXIMUM_EMPLOYEES_REACHED);
    const total = dataOf<{ total: number; active: number; maximum_employees: number }>(
      await owner.get('/api/users/total'),
    );
    expect(total).toEqual({ total: 6, active: 5, maximum_employees: 7 });
  });

  it('an import hashes the file’s passwords and PINs; a dry run writes nothing; the export has no secrets', async () => {
    const a = await api.tenant();
    const owner = api.as(a, 'owner');
    const rows = [technician(14, { password: 'file-pass-14' })];
    const send = (mode: string) => {
      const form = multipart(
        { mode },
        { field: 'file', filename: 'members.csv', content: csvFile(USER_RESOURCE.importColumns!, rows) },
      );
      return owner.post('/api/users/import', form.payload, { headers: form.headers });
    };
    const dry = await send('dry_run');
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dataOf<{ imported: number; valid_rows: number }>(dry)).toMatchObject({
      imported: 0,
      valid_rows: 1,
    });
    expect(await api.db.select().from(users).where(eq(users.username, 'hoa14'))).toHaveLength(0);
    expect(dataOf<{ imported: number }>(await send('commit')).imported).toBe(1);
    const [stored] = await api.db.select().from(users).where(eq(users.username, 'hoa14'));
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored!.pinHash).toMatch(/^\$argon2id\$/);
    const login = await api.post('/api/login', {
      tenant: a.tenantCode,
      username: 'hoa14',
      password: 'file-pass-14',
    });
    expect(login.statusCode, login.body).toBe(200);

    const csv = (await owner.get('/api/users/export')).body;
    expect(csv.split(/\r?\n/)[0]).toBe(
      '\uFEFFname,username,role,store_id,commission_rate,is_technician,is_active',
    );
    expect(csv).not.toMatch(/argon2|file-pass-14|700014/);
  });

  it('change-pass sets a new password and ends every session of the member', async () => {
    const a = await api.tenant();
    const staffToken = api.as(a, 'staff');
    expect((await staffToken.get('/api/pos/employees')).statusCode).toBe(200);
    const changed = await api
      .as(a, 'admin')
      .post(`/api/users/${a.users.staff.id}/change-pass`, { new_password: 'brand-new-pass' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(dataOf<{ revoked_sessions: number }>(changed).revoked_sessions).toBeGreaterThanOrEqual(1);
    expect((await staffToken.get('/api/pos/employees')).statusCode).toBe(401);
    const login = await api.post('/api/login', {
      tenant: a.tenantCode,
      username: a.users.staff.username,
      password: 'brand-new-pass',
    });
    expect(login.statusCode, login.body).toBe(200);
    const short = await api
      .as(a, 'owner')
      .post(`/api/users/${a.users.staff.id}/change-pass`, { new_password: 'x' });
    expect(short.statusCode).toBe(422);
    expect(Object.keys(short.json().errors)).toEqual(['new_password']);
  });
});
