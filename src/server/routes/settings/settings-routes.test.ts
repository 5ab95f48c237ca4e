/**
 * Settings API (docs/settings.md): every endpoint, its access (owner and admin write, manager reads, staff
 * and other tenants nothing), validation with field errors, idempotent writes with an audit row, and what a
 * client cache depends on (a save is visible at once on the reads the client caches).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiHarness } from '../../../../tests/support/server/api-harness';
import { multipart } from '../../../../tests/support/server/resource-multipart';
import { IDEMPOTENCY_KEY_HEADER } from '../../../contracts/envelope';
import type { SettingsDocument, SettingsSaved } from '../../../contracts/settings';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { MODULE, PERMISSION_TEMPLATE_ALL_ON } from '../../../domain/constants';
import type { Role } from '../../../domain/constants';
import { withModule } from '../../../domain/permissions';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import { auditLog } from '../../db/schema/audit-log';
import { services, taxes, categories } from '../../db/schema/catalog';
import { stores } from '../../db/schema/stores';
import { tenants } from '../../db/schema/tenants';

const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

const mediaDir = await mkdtemp(path.join(tmpdir(), 'settings-media-'));
afterAll(() => rm(mediaDir, { recursive: true, force: true }));
const api = await apiHarness({ config: { mediaDir } });
const { testDb, app } = api;
const [a, b, settingOff] = await Promise.all([
  api.tenant({
    storeSettings: {
      config_tax_on_tax: 2,
      creditcard_fee_percent: 3,
      momo: { partnerCode: 'P', accessKey: 'A', secretKey: 'momo-secret-value' },
      receipt: { name: 'Salon A', footer: 'Thanks' },
    },
  }),
  api.tenant(),
  api.tenant({
    permissions: { owner: withModule(PERMISSION_TEMPLATE_ALL_ON, MODULE.SETTING, { is_writable: false }) },
  }),
]);

function call(options: InjectOptions) {
  return app.inject(options);
}

function get(url: string, f: TenantFixture, role: Role = 'owner') {
  return call({ method: 'GET', url, headers: f.headers(role) });
}

function post(
  url: string,
  f: TenantFixture,
  body: unknown,
  role: Role = 'owner',
  key: string = randomUUID(),
) {
  return call({
    method: 'POST',
    url,
    headers: f.headers(role, { extra: { [IDEMPOTENCY_KEY_HEADER]: key } }),
    payload: body as InjectOptions['payload'],
  });
}

const TAX_GROUP = {
  config_tax_on_tax: 0,
  config_indian_tax: '0',
  taxes: [
    { name: 'State', rate: 6 },
    { name: 'City', rate: 2.5, is_active: true },
  ],
};

async function storeRow(f: TenantFixture) {
  const [row] = await testDb.db.select().from(stores).where(eq(stores.id, f.store.id));
  return row!;
}

describe('reads', () => {
  it('GET /api/settings gives every group of the session store and never a provider secret', async () => {
    const res = await get('/api/settings', a);
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json().data as SettingsDocument;
    expect(doc.store_id).toBe(a.store.id);
    expect(doc.tax.config_tax_on_tax).toBe(2);
    expect(doc.payment).toMatchObject({ creditcard_fee_percent: 3, providers: { momo: true, vnpay: false } });
    expect(doc.print).toMatchObject({ receipt_name: 'Salon A', receipt_footer: 'Thanks' });
    expect(doc.others).toEqual({ enable_checkin_employee_daily: 0, country_code: 'US' });
    expect(res.body).not.toContain('momo-secret-value');
  });

  it('lets a manager read and refuses staff (role) and a session whose Setting module is off', async () => {
    expect((await get('/api/settings', a, 'manager')).statusCode).toBe(200);
    expect((await get('/api/store-settings', a, 'admin')).statusCode).toBe(200);
    expect((await get(`/api/settings/${a.store.id}`, a, 'manager')).json().data).toMatchObject({
      store_id: a.store.id,
    });
    expect((await get(`/api/settings/${a.otherStore.id}`, a, 'manager')).statusCode).toBe(403);
    const staff = await get('/api/settings', a, 'staff');
    expect(staff.statusCode).toBe(403);
    expect(staff.json().code).toBe(ERROR_CODE.FORBIDDEN);
    expect((await call({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
  });

  it('answers another store of the tenant with 403 (wrong store), never its settings', async () => {
    const res = await get(`/api/store-settings?store_id=${a.otherStore.id}`, a);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(ERROR_CODE.WRONG_STORE);
  });

  it('GET /settings/initial and /store-settings/initial are the initial settings every session reads', async () => {
    const initial = await get('/api/settings/initial', a, 'staff');
    expect(initial.statusCode).toBe(200);
    expect(initial.json().data.storeSettings.store_id).toBe(a.store.id);
    const store = await get('/api/store-settings/initial', a, 'staff');
    expect(store.json().data).toMatchObject({ store_id: a.store.id, config_tax_on_tax: 2 });
  });

  it('refuses an unknown group code with 422 naming the parameter', async () => {
    const res = await post(`/api/store-settings/${a.store.id}/colours`, a, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('code');
  });
});

describe('writes', () => {
  beforeEach(async () => {
    await testDb.db.delete(taxes).where(eq(taxes.tenantId, a.tenantId));
  });

  it('saves the tax group: the list in order, the switches, an audit row; reads see it at once', async () => {
    const res = await post(`/api/store-settings/${a.store.id}/tax`, a, TAX_GROUP);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data as SettingsSaved;
    expect(saved.settings.tax.taxes.map((t) => [t.name, t.rate, t.is_active])).toEqual([
      ['State', 6, true],
      ['City', 2.5, true],
    ]);
    expect(saved.initial.storeSettings.config_tax_on_tax).toBe(0);
    const rows = await testDb.db
      .select({ name: taxes.name, position: taxes.position })
      .from(taxes)
      .where(eq(taxes.storeId, a.store.id))
      .orderBy(asc(taxes.position));
    expect(rows).toEqual([
      { name: 'State', position: 1 },
      { name: 'City', position: 2 },
    ]);
    const audit = await testDb.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, a.tenantId), eq(auditLog.action, 'store_settings.tax')));
    expect(audit.at(-1)).toMatchObject({ entityType: 'store_settings', entityId: String(a.store.id) });
    expect((audit.at(-1)!.after as SettingsDocument).tax.taxes).toHaveLength(2);
    // No server-side copy goes stale: the reads a client caches answer the new values.
    expect((await get('/api/initial-settings', a, 'staff')).json().data.storeSettings.config_tax_on_tax).toBe(
      0,
    );
    expect((await get('/api/store-settings/initial', a)).json().data.config_tax_on_tax).toBe(0);
  });

  it('keeps tax ids across a save that reorders and renames (A and B swapped), and deletes the ones left out', async () => {
    const first = (await post(`/api/store-settings/${a.store.id}/tax`, a, TAX_GROUP)).json()
      .data as SettingsSaved;
    const [state, city] = first.settings.tax.taxes;
    const res = await post(`/api/store-settings/${a.store.id}/tax`, a, {
      ...TAX_GROUP,
      config_tax_on_tax: 2,
      taxes: [
        { id: city!.id, name: 'State', rate: 2.5 },
        { id: state!.id, name: 'City', rate: 6, is_active: false },
        { name: 'County', rate: 1.125 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (res.json().data as SettingsSaved).settings.tax.taxes;
    expect(after.map((t) => [t.id === city!.id, t.name, t.is_active])).toEqual([
      [true, 'State', true],
      [false, 'City', false],
      [false, 'County', true],
    ]);
    const fewer = await post(`/api/store-settings/${a.store.id}/tax`, a, {
      ...TAX_GROUP,
      taxes: [{ id: after[2]!.id, name: 'County', rate: 1 }],
    });
    expect((fewer.json().data as SettingsSaved).settings.tax.taxes.map((t) => t.name)).toEqual(['County']);
  });

  it('answers 422 with each field error and changes nothing', async () => {
    const before = await storeRow(a);
    const res = await post(`/api/store-settings/${a.store.id}/tax`, a, {
      config_tax_on_tax: -1,
      config_indian_tax: '2',
      taxes: [
        { name: 'Same', rate: 5 },
        { name: 'same', rate: 101 },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe(ERROR_CODE.VALIDATION_FAILED);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'config_indian_tax',
      'config_tax_on_tax',
      'taxes.1.name',
      'taxes.1.rate',
    ]);
    const payment = await post(`/api/store-settings/${a.store.id}/payment`, a, {
      creditcard_fee_percent: 3.5,
      creditcard_fee_to_customer: true,
      offline_card_limit_per_ticket: 50_000,
      offline_card_limit_total: 10_000,
    });
    expect(payment.json().errors).toEqual({
      offline_card_limit_per_ticket: ['The limit per ticket cannot be higher than the total limit.'],
    });
    const unknown = await post(`/api/store-settings/${a.store.id}/print`, a, {
      receipt_footer: 'x',
      colour: 'red',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toHaveProperty('colour');
    expect(await storeRow(a)).toEqual(before);
  });

  it('accepts multipart fields (text values, the tax list as JSON text)', async () => {
    const form = multipart({
      config_tax_on_tax: '1',
      config_indian_tax: '1',
      taxes: JSON.stringify([{ name: 'GST', rate: '5' }]),
    });
    const res = await call({
      method: 'POST',
      url: `/api/store-settings/${a.store.id}/tax`,
      headers: { ...a.headers('admin'), ...form.headers, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as SettingsSaved).settings.tax).toMatchObject({
      config_tax_on_tax: 1,
      config_indian_tax: '1',
      taxes: [{ name: 'GST', rate: 5 }],
    });
  });

  it('saves print, payment, general, profile and others where their readers look', async () => {
    const print = await post(`/api/store-settings/${a.store.id}/print`, a, {
      receipt_name: 'Salon A',
      receipt_address: '1 Main St',
      receipt_phone: '555-0100',
      receipt_footer: 'See you soon!',
    });
    expect(print.statusCode, print.body).toBe(200);
    const payment = await post(`/api/store-settings/${a.store.id}/payment`, a, {
      creditcard_fee_percent: '3.5',
      creditcard_fee_to_customer: 'true',
      offline_card_limit_per_ticket: 10_000,
      offline_card_limit_total: 50_000,
    });
    expect(payment.json().data.initial.storeSettings).toMatchObject({
      creditcard_fee_percent: 3.5,
      creditcard_fee_to_customer: true,
      offline_card_limit_total: 50_000,
    });
    const general = await post(`/api/store-settings/${a.store.id}/general`, a, {
      default_home: 'walkin_dashboard',
      language: 'vi',
      currency: 'usd',
      timezone: 'Asia/Ho_Chi_Minh',
    });
    expect(general.json().data.initial.storeSettings).toMatchObject({
      language: 'vi',
      currency: 'USD',
      timezone: 'Asia/Ho_Chi_Minh',
    });
    const badZone = await post(`/api/store-settings/${a.store.id}/general`, a, {
      ...general.json().data.settings.general,
      timezone: 'Mars/Base',
    });
    expect(Object.keys(badZone.json().errors)).toEqual(['timezone']);
    const profile = await post(`/api/store-settings/${a.store.id}/profile`, a, {
      store_name: 'Salon A Main',
      phone: '(212) 555-0100',
      email: 'Front@Salon.test',
      address: '',
    });
    expect(profile.json().data.settings.profile).toEqual({
      store_name: 'Salon A Main',
      phone: '(212) 555-0100',
      email: 'front@salon.test',
      address: '',
    });
    const others = await post(`/api/store-settings/${a.store.id}/others`, a, {
      enable_checkin_employee_daily: 1,
      country_code: 'vn',
    });
    expect(others.json().data.initial.generalSettings).toMatchObject({
      enable_checkin_employee_daily: 1,
      country_code: 'VN',
    });
    const row = await storeRow(a);
    expect(row.name).toBe('Salon A Main');
    expect(row.settings.receipt).toEqual({
      name: 'Salon A',
      address: '1 Main St',
      phone: '555-0100',
      footer: 'See you soon!',
    });
    expect(row.settings.momo).toMatchObject({ secretKey: 'momo-secret-value' });
    const [tenant] = await testDb.db.select().from(tenants).where(eq(tenants.id, a.tenantId));
    expect(tenant!.settings).toMatchObject({ enable_checkin_employee_daily: 1, enterPinCodeScreens: [] });
    // Put the store back in English for the other tests.
    await post(`/api/store-settings/${a.store.id}/general`, a, {
      ...general.json().data.settings.general,
      language: 'en',
    });
  });

  it('refuses a manager (403), a read-only Setting module (403) and a write without an Idempotency-Key (400)', async () => {
    const manager = await post(
      `/api/store-settings/${a.store.id}/print`,
      a,
      { receipt_footer: 'x' },
      'manager',
    );
    expect(manager.statusCode).toBe(403);
    const readOnly = await post(`/api/store-settings/${settingOff.store.id}/print`, settingOff, {
      receipt_footer: 'x',
    });
    expect(readOnly.statusCode).toBe(403);
    expect((await get('/api/settings', settingOff)).statusCode).toBe(200);
    const noKey = await call({
      method: 'POST',
      url: `/api/store-settings/${a.store.id}/print`,
      headers: a.headers('owner'),
      payload: { receipt_footer: 'x' },
    });
    expect(noKey.statusCode).toBe(400);
  });

  it("keeps tenants apart: B cannot read or write A's store, and A's row stays as it was", async () => {
    const before = await storeRow(a);
    const write = await post(`/api/store-settings/${a.store.id}/print`, b, {
      receipt_name: 'x',
      receipt_address: '',
      receipt_phone: '',
      receipt_footer: 'hacked',
    });
    expect(write.statusCode).toBe(403);
    expect((await get(`/api/store-settings?store_id=${a.store.id}`, b)).statusCode).toBe(403);
    const many = await post('/api/store-settings/update-many', b, {
      store_id: a.store.id,
      settings: [{ code: 'print', settings: { receipt_footer: 'hacked' } }],
    });
    expect(many.statusCode).toBe(403);
    const other = await post(`/api/store-settings/${a.otherStore.id}/print`, a, { receipt_footer: 'x' });
    expect(other.statusCode).toBe(403);
    expect(await storeRow(a)).toEqual(before);
  });

  it('replays a write sent twice with one key: one change, one audit row', async () => {
    const key = randomUUID();
    const body = { receipt_name: '', receipt_address: '', receipt_phone: '', receipt_footer: `Once ${key}` };
    const first = await post(`/api/store-settings/${a.store.id}/print`, a, body, 'owner', key);
    const second = await post(`/api/store-settings/${a.store.id}/print`, a, body, 'owner', key);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const rows = await testDb.db.select().from(auditLog).where(eq(auditLog.tenantId, a.tenantId));
    expect(rows.filter((r) => JSON.stringify(r.after).includes(`Once ${key}`))).toHaveLength(1);
  });

  it('update-many applies every group or none, naming a bad field by its place in the body', async () => {
    const before = await storeRow(a);
    const bad = await post('/api/store-settings/update-many', a, {
      store_id: a.store.id,
      settings: [
        {
          code: 'print',
          settings: { receipt_name: '', receipt_address: '', receipt_phone: '', receipt_footer: 'New' },
        },
        { code: 'payment', settings: { creditcard_fee_percent: 120 } },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(
      expect.arrayContaining([
        'settings.1.settings.creditcard_fee_percent',
        'settings.1.settings.creditcard_fee_to_customer',
      ]),
    );
    expect(await storeRow(a)).toEqual(before);
    const good = await post('/api/store-settings/update-many', a, {
      store_id: a.store.id,
      settings: [
        {
          code: 'print',
          settings: { receipt_name: '', receipt_address: '', receipt_phone: '', receipt_footer: 'Both' },
        },
        { code: 'tax', settings: TAX_GROUP },
      ],
    });
    expect(good.statusCode, good.body).toBe(200);
    expect((good.json().data as SettingsSaved).settings.print.receipt_footer).toBe('Both');
    expect((good.json().data as SettingsSaved).settings.tax.taxes).toHaveLength(2);
  });

  it('POST /settings/{id} saves groups keyed by code, all or none, errors named <code>.<field>', async () => {
    const before = await storeRow(a);
    const print = { receipt_name: '', receipt_address: '', receipt_phone: '', receipt_footer: 'Keyed' };
    const bad = await post(`/api/settings/${a.store.id}`, a, {
      print,
      payment: { creditcard_fee_percent: -1 },
    });
    expect(bad.statusCode, bad.body).toBe(422);
    expect(bad.json().errors).toHaveProperty(['payment.creditcard_fee_percent']);
    expect(await storeRow(a)).toEqual(before);
    expect((await post(`/api/settings/${a.store.id}`, a, {})).statusCode).toBe(422);
    const good = await post(`/api/settings/${a.store.id}`, a, { print });
    expect((good.json().data as SettingsSaved).settings.print.receipt_footer).toBe('Keyed');
    expect((await post(`/api/settings/${b.store.id}`, a, { print })).statusCode).toBe(403);
  });

  it('connect-payment-setting stores the keys, says the provider is set, and never echoes a secret', async () => {
    const res = await post('/api/store-settings/connect-payment-setting', a, {
      store_id: a.store.id,
      provider: 'vnpay',
      tmnCode: 'TMN1',
      hashSecret: 'a-very-secret-hash',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as SettingsSaved).settings.payment.providers.vnpay).toBe(true);
    expect(res.body).not.toContain('a-very-secret-hash');
    expect((await storeRow(a)).settings.vnpay).toEqual({ tmnCode: 'TMN1', hashSecret: 'a-very-secret-hash' });
    const audit = await testDb.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, a.tenantId), eq(auditLog.action, 'store_settings.connect_vnpay')));
    expect(JSON.stringify(audit)).not.toContain('a-very-secret-hash');
    const bad = await post('/api/store-settings/connect-payment-setting', a, {
      store_id: a.store.id,
      provider: 'vietqr',
      acqId: '12',
      accountNo: 'abc',
      accountName: 'X',
    });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['accountNo', 'acqId']);
  });
});

describe('GET /api/codes', () => {
  it('gives a list by codeName, one entry by keyCodeName, and 422 for an unknown list', async () => {
    const languages = await get('/api/codes?codeName=language', a, 'staff');
    expect(languages.statusCode).toBe(200);
    expect(languages.json().data.items.map((i: { key: string }) => i.key)).toEqual([
      'en',
      'es',
      'kr',
      'thai',
      'vi',
    ]);
    const one = await get('/api/codes?codeName=timezone&keyCodeName=Asia%2FBangkok', a, 'staff');
    expect(one.json().data.items).toEqual([{ key: 'Asia/Bangkok', name: 'Asia/Bangkok' }]);
    expect((await get('/api/codes?codeName=secrets', a)).statusCode).toBe(422);
    expect((await call({ method: 'GET', url: '/api/codes?codeName=language' })).statusCode).toBe(401);
  });
});

describe('GET /api/media', () => {
  beforeAll(async () => {
    await mkdir(path.join(mediaDir, 'avatars', String(a.tenantId)), { recursive: true });
    await mkdir(path.join(mediaDir, 'avatars', String(b.tenantId)), { recursive: true });
    await writeFile(path.join(mediaDir, 'avatars', String(a.tenantId), 'me.png'), PNG);
    await writeFile(
      path.join(mediaDir, 'avatars', String(a.tenantId), 'page.png'),
      '<script>alert(1)</script>',
    );
    await writeFile(path.join(mediaDir, 'secret.png'), PNG);
    await symlink(
      path.join(mediaDir, 'secret.png'),
      path.join(mediaDir, 'avatars', String(a.tenantId), 'link.png'),
    );
  });

  it("serves the tenant's image with the type its bytes prove", async () => {
    const res = await get(`/api/media?path=avatars/${a.tenantId}/me.png`, a, 'staff');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it.each([
    ['another tenant', () => `avatars/${a.tenantId}/me.png`, () => b],
    ['a parent path', () => `avatars/${a.tenantId}/../../secret.png`, () => a],
    ['an encoded parent path', () => `avatars/${a.tenantId}/..%2F..%2Fsecret.png`, () => a],
    ['an absolute path', () => '/etc/passwd', () => a],
    ['a backslash', () => `avatars\\${a.tenantId}\\me.png`, () => a],
    ['a file that is not an image', () => `avatars/${a.tenantId}/page.png`, () => a],
    ['a link out of the folder', () => `avatars/${a.tenantId}/link.png`, () => a],
    ['a missing file', () => `avatars/${a.tenantId}/none.png`, () => a],
  ])('answers 404 for %s', async (_label, pathOf, who) => {
    const res = await get(`/api/media?path=${encodeURIComponent(pathOf())}`, who(), 'owner');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(ERROR_CODE.NOT_FOUND);
  });
});

describe('GET /api/support/ordering/:model', () => {
  it("lists the store's rows of a model in display order; staff may not", async () => {
    const [cat] = await testDb.db
      .insert(categories)
      .values({ tenantId: a.tenantId, storeId: a.store.id, type: 'service', name: 'Nails' })
      .returning({ id: categories.id });
    await testDb.db.insert(services).values([
      {
        tenantId: a.tenantId,
        storeId: a.store.id,
        categoryId: cat!.id,
        name: 'Second',
        price: 100,
        displayOrder: 2,
      },
      {
        tenantId: a.tenantId,
        storeId: a.store.id,
        categoryId: cat!.id,
        name: 'First',
        price: 100,
        displayOrder: 1,
      },
    ]);
    const res = await get('/api/support/ordering/services', a, 'admin');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.items.map((i: { name: string }) => i.name)).toEqual(['First', 'Second']);
    expect((await get('/api/support/ordering/services', b, 'admin')).json().data.items).toEqual([]);
    expect((await get('/api/support/ordering/services', a, 'staff')).statusCode).toBe(403);
    expect((await get('/api/support/ordering/users', a, 'admin')).statusCode).toBe(422);
  });
});
