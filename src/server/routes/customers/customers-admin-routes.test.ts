import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiHarness, dataOf } from '../../../../tests/support/server/api-harness';
import { describeResourceApi } from '../../../../tests/support/server/resource-api-suite';
import { multipart } from '../../../../tests/support/server/resource-multipart';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import type { AdminCustomer } from '../../../contracts/customers-admin';
import { ERROR_CODE } from '../../../contracts/error-codes';
import type { ImportResult } from '../../../contracts/resource';
import { membershipEndsOn } from '../../../domain/membership';
import { dayInTimeZone } from '../../../domain/report-periods';
import type { Queryable } from '../../db/client';
import { customers, memberships } from '../../db/schema/customers';
import { giftcards } from '../../db/schema/giftcards';
import { membershipHistories } from '../../db/schema/ledger-histories';
import { CUSTOMER_RESOURCE } from './customers-admin-routes';

/** A gift card of the fixture's tenant held by customer `id`: the customer is then in use. */
async function giveGiftcard(db: Queryable, f: TenantFixture, id: number): Promise<void> {
  await db.insert(giftcards).values({
    tenantId: f.tenantId,
    storeId: f.store.id,
    number: `GC${id}${Date.now()}`,
    customerId: id,
  });
}

describeResourceApi({
  config: CUSTOMER_RESOURCE,
  sample: (n) => ({
    first_name: `Lan ${n}`,
    last_name: 'Tran',
    phone: `(555) 200-${String(n).padStart(4, '0')}`,
    email: `lan${n}@example.com`,
    birthday: '1990-05-01',
    notes: 'Prefers gel',
    accepts_messages: 'true',
  }),
  update: { notes: 'Allergic to acrylic', last_name: 'Nguyen' },
  invalid: { body: { first_name: 'Mai', phone: 'call me' }, field: 'phone' },
  textField: 'notes',
  searchField: 'first_name',
  filter: ['is_active', 'true'],
  makeInUse: (db, f, id) => giveGiftcard(db, f, id),
});

describe('/api/customers special cases', async () => {
  const api = await apiHarness();

  async function customer(f: TenantFixture, body: Record<string, unknown>): Promise<AdminCustomer> {
    const res = await api.as(f, 'admin').post('/api/customers', body);
    expect(res.statusCode, res.body).toBe(201);
    return dataOf<AdminCustomer>(res);
  }

  async function importCsv(f: TenantFixture, csv: string | Buffer, mode: 'dry_run' | 'commit') {
    const { payload, headers } = multipart(
      { mode },
      { field: 'file', filename: 'customers.csv', content: csv },
    );
    return api.as(f, 'admin').post('/api/customers/import', payload, { headers });
  }

  it('stores the phone normalised and finds it by a fragment typed any way', async () => {
    const a = await api.tenant();
    const lan = await customer(a, { first_name: 'Lan', phone: '(555) 123-4567', email: 'Lan@Example.com' });
    expect(lan.phone).toBe('5551234567');
    const found = await api.as(a, 'admin').get('/api/customers?search=123-45');
    expect(dataOf<{ items: AdminCustomer[] }>(found).items.map((c) => c.id)).toEqual([lan.id]);
  });

  it('a phone or email on another active customer is 409 duplicate naming the field and that customer', async () => {
    const a = await api.tenant();
    const lan = await customer(a, { first_name: 'Lan', phone: '555-123-4567', email: 'lan@example.com' });
    const phone = await api.as(a, 'admin').post('/api/customers', { first_name: 'Mai', phone: '5551234567' });
    expect(phone.statusCode).toBe(409);
    expect(phone.json()).toMatchObject({
      code: ERROR_CODE.DUPLICATE,
      errors: { phone: [expect.any(String)] },
      details: { conflict: { field: 'phone', id: lan.id } },
    });
    const email = await api
      .as(a, 'admin')
      .post('/api/customers', { first_name: 'Mai', email: 'LAN@example.com' });
    expect(email.json()).toMatchObject({ details: { conflict: { field: 'email', id: lan.id } } });

    // Deactivated, Lan's number and address are free again (the partial unique keys).
    await api.as(a, 'admin').post(`/api/customers/${lan.id}`, { is_active: false });
    await customer(a, { first_name: 'Mai', phone: '5551234567', email: 'lan@example.com' });
  });

  it('an import reports each duplicate phone by row (in the file and already stored) and doubles nobody', async () => {
    const a = await api.tenant();
    await customer(a, { first_name: 'Lan', phone: '5551234567' });
    const csv = [
      'first_name,last_name,phone,email',
      'Mai,Tran,(555) 999-0001,mai@example.com',
      'Hoa,Le,555-123-4567,',
      'Kim,Do,5559990001,',
    ].join('\n');
    for (const mode of ['dry_run', 'commit'] as const) {
      const res = await importCsv(a, csv, mode);
      expect(res.statusCode, res.body).toBe(200);
      const result = dataOf<ImportResult>(res);
      expect(result).toMatchObject({ total_rows: 3, error_rows: 2, imported: 0 });
      expect(result.errors.map((e) => [e.row, e.column, e.code])).toEqual([
        [2, 'phone', ERROR_CODE.DUPLICATE],
        [3, 'phone', ERROR_CODE.DUPLICATE],
      ]);
    }
    const stored = await api.db.select().from(customers).where(eq(customers.tenantId, a.tenantId));
    expect(stored).toHaveLength(1);
  });

  it('an import reads a byte-order mark and Windows line endings, refuses extra columns clearly', async () => {
    const a = await api.tenant();
    const bom = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(
        'first_name,phone,accepts_messages\r\nMai,555 999 0001,true\r\nHoa,(555) 999-0002,false\r\n',
      ),
    ]);
    const ok = await importCsv(a, bom, 'commit');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(dataOf<ImportResult>(ok)).toMatchObject({ total_rows: 2, imported: 2, error_rows: 0 });
    const rows = await api.db.select().from(customers).where(eq(customers.tenantId, a.tenantId));
    expect(rows.map((r) => [r.firstName, r.phone, r.acceptsMessages]).sort()).toEqual([
      ['Hoa', '5559990002', false],
      ['Mai', '5559990001', true],
    ]);
    // UTF-16 (a spreadsheet's "Unicode text") and Latin-1 with an accented name are refused on `file` with a
    // message saying to save as CSV UTF-8 (resources/csv.ts), never imported as mangled names.
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('first_name,phone\r\nThảo,5559990004\r\n', 'utf16le'),
    ]);
    const latin1 = Buffer.from('first_name,phone\nJosé,5559990005\n', 'latin1');
    for (const file of [utf16, latin1]) {
      const refused = await importCsv(a, file, 'commit');
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors.file.join(' ')).toContain('UTF-8');
    }
    expect(await api.db.select().from(customers).where(eq(customers.tenantId, a.tenantId))).toHaveLength(2);
    const extra = await importCsv(a, 'first_name,phone,shoe_size\nKim,5559990003,38\n', 'dry_run');
    expect(extra.statusCode).toBe(422);
    expect(extra.json().errors).toHaveProperty('file');
  });

  it('an export neutralises a formula in a customer’s name and notes', async () => {
    const a = await api.tenant();
    await customer(a, { first_name: '=HYPERLINK("http://x")', notes: '+SUM(A1:A2)', phone: '5551112222' });
    const res = await api.as(a, 'admin').get('/api/customers/export');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(res.body).toContain("'+SUM(A1:A2)");
    expect(res.body).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('a membership chosen on the back office joins it: expiry from its duration and a join row; a change writes its row', async () => {
    const a = await api.tenant();
    const [gold, silver] = await api.db
      .insert(memberships)
      .values([
        { tenantId: a.tenantId, name: 'Gold', price: 4900, durationMonths: 12 },
        { tenantId: a.tenantId, name: 'Silver' },
      ])
      .returning({ id: memberships.id });
    const today = dayInTimeZone(new Date(), 'UTC');
    const lan = await customer(a, { first_name: 'Lan', membership_id: String(gold!.id) });
    expect(lan).toMatchObject({
      membership_id: gold!.id,
      membership_expires_on: membershipEndsOn(today, 12),
    });
    const changed = await api.as(a, 'admin').post(`/api/customers/${lan.id}`, { membership_id: silver!.id });
    expect(dataOf<AdminCustomer>(changed)).toMatchObject({
      membership_id: silver!.id,
      membership_expires_on: null,
    });
    const history = await api.db
      .select()
      .from(membershipHistories)
      .where(eq(membershipHistories.customerId, lan.id));
    expect(history.map((h) => [h.kind, h.membershipId, h.price]).sort()).toEqual([
      ['change', silver!.id, 0],
      ['join', gold!.id, 4900],
    ]);
    const unknown = await api
      .as(a, 'admin')
      .post('/api/customers', { first_name: 'Mai', membership_id: 999999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toHaveProperty('membership_id');
  });

  it('refuses another tenant’s customer group', async () => {
    const [a, b] = await Promise.all([api.tenant(), api.tenant()]);
    const group = dataOf<{ id: number }>(
      await api.as(b, 'admin').post('/api/customer-groups', { name: 'VIP' }),
    );
    const res = await api
      .as(a, 'admin')
      .post('/api/customers', { first_name: 'Lan', customer_group_id: group.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('customer_group_id');
    // Named for the client, which says it in the user's language (docs/errors.md, "Field codes").
    expect(res.json().details).toEqual({ field_codes: { customer_group_id: 'unknown_reference' } });
  });
});
