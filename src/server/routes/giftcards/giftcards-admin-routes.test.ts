import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiHarness, dataOf } from '../../../../tests/support/server/api-harness';
import { describeResourceApi } from '../../../../tests/support/server/resource-api-suite';
import { csvFile, multipart } from '../../../../tests/support/server/resource-multipart';
import { createTestSale } from '../../../../tests/support/server/test-sales';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import { ERROR_CODE } from '../../../contracts/error-codes';
import type { GiftcardHistoryView, GiftcardRow } from '../../../contracts/giftcards';
import { GIFTCARD_CSV_COLUMNS } from '../../../contracts/giftcards';
import type { ImportResult } from '../../../contracts/resource';
import { PAYMENT_TYPE, ROLE } from '../../../domain/constants';
import { auditLog } from '../../db/schema/audit-log';
import { giftcards } from '../../db/schema/giftcards';
import { giftcardHistories } from '../../db/schema/ledger-histories';
import { NOT_UTF8_MESSAGE } from '../../resources/csv';
import { GIFTCARD_RESOURCE } from './giftcards-admin-routes';

let serial = 0;
const cardNumber = () => `GC-${Date.now().toString(36)}-${(serial += 1)}`.toUpperCase();

describeResourceApi({
  config: GIFTCARD_RESOURCE,
  sample: (n) => ({
    number: `GC-${n}-${Date.now().toString(36)}`,
    initial_amount: '5000',
    notes: 'Birthday',
  }),
  update: { notes: 'Replaced a lost card', expires_at: '2030-12-31' },
  invalid: { body: { number: 'GC-1', initial_amount: '0' }, field: 'initial_amount' },
  textField: 'notes',
  searchField: 'notes',
  filter: ['is_active', 'true'],
  // A sale that spent the card: its history is the sale's record too.
  makeInUse: async (db, f, id) => {
    const sale = await createTestSale(db, f.auth(ROLE.STAFF));
    await db.insert(giftcardHistories).values({
      tenantId: f.tenantId,
      giftcardId: id,
      saleId: sale.id,
      kind: 'sale',
      amount: 0,
      balanceAfter: 5000,
    });
  },
});

describe('/api/giftcards special cases', async () => {
  const api = await apiHarness();
  const a = await api.tenant();
  const b = await api.tenant();
  const admin = api.as(a, ROLE.ADMIN);

  async function issue(f: TenantFixture, body: Record<string, unknown> = {}): Promise<GiftcardRow> {
    const res = await api
      .as(f, ROLE.ADMIN)
      .post('/api/giftcards', { number: cardNumber(), initial_amount: 5000, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return dataOf<GiftcardRow>(res);
  }

  async function history(id: number, query = ''): Promise<{ items: GiftcardHistoryView[]; total: number }> {
    const res = await admin.get(`/api/giftcards/${id}/histories${query ? `?${query}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return dataOf(res);
  }

  /** Every history row of the card, straight from the table, oldest first. */
  async function ledger(id: number) {
    return api.db
      .select()
      .from(giftcardHistories)
      .where(and(eq(giftcardHistories.tenantId, a.tenantId), eq(giftcardHistories.giftcardId, id)))
      .orderBy(giftcardHistories.id);
  }

  it('stores the number normalised and upper-cased; the same number typed otherwise is 409 duplicate', async () => {
    const card = await issue(a, { number: ' gc 00-12! ' });
    expect(card).toMatchObject({ number: 'GC00-12', balance: 5000, initial_amount: 5000, is_active: true });
    const again = await admin.post('/api/giftcards', { number: 'Gc00-12', initial_amount: 100 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: ERROR_CODE.DUPLICATE,
      errors: { number: [expect.any(String)] },
    });
    // Searched as typed: the number part normalised as stored ('gc 00-1' finds GC00-12).
    const found = await admin.get(`/api/giftcards?search=${encodeURIComponent('gc 00-1')}`);
    expect(dataOf<{ items: GiftcardRow[] }>(found).items.map((r) => r.number)).toContain('GC00-12');
    // Another tenant's card may have the same number.
    expect((await issue(b, { number: 'GC00-12' })).number).toBe('GC00-12');
    const blank = await admin.post('/api/giftcards', { number: ' !! ', initial_amount: 100 });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.number).toBeDefined();
  });

  it('issuing writes an issue row of the initial amount; the balance is never set by an edit', async () => {
    const card = await issue(a, { initial_amount: 2500, notes: 'Gift from Lan' });
    expect(await ledger(card.id)).toMatchObject([{ kind: 'issue', amount: 2500, balanceAfter: 2500 }]);
    const edit = await admin.post(`/api/giftcards/${card.id}`, { balance: 999_999 });
    expect(edit.statusCode).toBe(422);
    const amount = await admin.post(`/api/giftcards/${card.id}`, { initial_amount: 10 });
    expect(amount.statusCode).toBe(422);
    const notes = await admin.post(`/api/giftcards/${card.id}`, { notes: 'Lan', expires_at: '2030-06-30' });
    expect(dataOf<GiftcardRow>(notes)).toMatchObject({
      balance: 2500,
      notes: 'Lan',
      expires_at: '2030-06-30',
    });
  });

  it('a reload adds to the balance with a reload row; a deactivated card is not reloaded', async () => {
    const card = await issue(a);
    const reloaded = await admin.post(`/api/giftcards/${card.id}/reload`, { amount: 1250, note: 'Top-up' });
    expect(reloaded.statusCode, reloaded.body).toBe(200);
    expect(dataOf<GiftcardRow>(reloaded).balance).toBe(6250);
    expect((await ledger(card.id)).at(-1)).toMatchObject({
      kind: 'reload',
      amount: 1250,
      balanceAfter: 6250,
      note: 'Top-up',
      userId: a.users.admin.id,
    });
    const [audit] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, a.tenantId), eq(auditLog.action, 'giftcards.reload')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      entityType: 'giftcards',
      entityId: String(card.id),
      before: expect.objectContaining({ balance: 5000 }),
      after: expect.objectContaining({ balance: 6250 }),
    });
    // The same Idempotency-Key replays the first answer and adds nothing more.
    const key = `reload-${card.id}`;
    const once = await admin.post(`/api/giftcards/${card.id}/reload`, { amount: 50 }, { key });
    const twice = await admin.post(`/api/giftcards/${card.id}/reload`, { amount: 50 }, { key });
    expect(dataOf<GiftcardRow>(twice)).toEqual(dataOf<GiftcardRow>(once));
    expect(dataOf<GiftcardRow>(twice).balance).toBe(6300);
    const zero = await admin.post(`/api/giftcards/${card.id}/reload`, { amount: 0 });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors.amount).toBeDefined();
    const fraction = await admin.post(`/api/giftcards/${card.id}/reload`, { amount: '12.5' });
    expect(fraction.statusCode).toBe(422);

    expect((await admin.post(`/api/giftcards/${card.id}/deactivate`)).statusCode).toBe(200);
    const refused = await admin.post(`/api/giftcards/${card.id}/reload`, { amount: 100 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe(ERROR_CODE.GIFTCARD_INACTIVE);
    const [stored] = await api.db.select().from(giftcards).where(eq(giftcards.id, card.id));
    expect(stored!.balance).toBe(6300);
  });

  it('two reloads at once both count (balance + amount under the row lock)', async () => {
    const card = await issue(a, { initial_amount: 100 });
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => admin.post(`/api/giftcards/${card.id}/reload`, { amount: 100 })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await ledger(card.id);
    expect(rows.map((r) => r.balanceAfter).sort((x, y) => x - y)).toEqual([100, 200, 300, 400, 500]);
    const [stored] = await api.db.select().from(giftcards).where(eq(giftcards.id, card.id));
    expect(stored!.balance).toBe(500);
  });

  it('deactivate and activate write rows of amount 0; doing it twice writes once; bulk does the same', async () => {
    const card = await issue(a);
    const off = await admin.post(`/api/giftcards/${card.id}/deactivate`);
    expect(dataOf<GiftcardRow>(off).is_active).toBe(false);
    await admin.post(`/api/giftcards/${card.id}/deactivate`);
    const on = await admin.post(`/api/giftcards/${card.id}/activate`);
    expect(dataOf<GiftcardRow>(on).is_active).toBe(true);
    const bulk = await admin.post('/api/giftcards/bulk', { action: 'disable', ids: [card.id] });
    expect(dataOf<{ succeeded: number }>(bulk).succeeded).toBe(1);
    expect((await ledger(card.id)).map((r) => [r.kind, r.amount, r.balanceAfter])).toEqual([
      ['issue', 5000, 5000],
      ['deactivate', 0, 5000],
      ['activate', 0, 5000],
      ['deactivate', 0, 5000],
    ]);
  });

  it('lists the history newest first, paged, filtered by kind and by day; 404 for another tenant', async () => {
    const card = await issue(a, { initial_amount: 1000 });
    for (const amount of [100, 200, 300]) {
      await admin.post(`/api/giftcards/${card.id}/reload`, { amount });
    }
    const first = await history(card.id, 'per_page=2');
    expect(first.total).toBe(4);
    expect(first.items.map((h) => h.amount)).toEqual([300, 200]);
    expect(first.items[0]).toMatchObject({
      kind: 'reload',
      balance_after: 1600,
      user_name: expect.any(String),
    });
    const second = await history(card.id, 'per_page=2&page=2');
    expect(second.items.map((h) => h.amount)).toEqual([100, 1000]);
    const issues = await history(card.id, 'filter[kind]=issue');
    expect(issues.items.map((h) => h.kind)).toEqual(['issue']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await history(card.id, `filter[date_from]=${today}&filter[date_to]=${today}`)).total).toBe(4);
    expect((await history(card.id, 'filter[date_to]=2020-01-01')).total).toBe(0);
    expect((await history(card.id, 'sort=amount&per_page=1')).items[0]!.amount).toBe(100);
    for (const bad of ['filter[kind]=gift', 'filter[date_from]=yesterday', 'sort=balance']) {
      const res = await admin.get(`/api/giftcards/${card.id}/histories?${bad}`);
      expect(res.statusCode, bad).toBe(422);
    }
    expect((await api.as(b, ROLE.ADMIN).get(`/api/giftcards/${card.id}/histories`)).statusCode).toBe(404);
    expect((await api.as(a, ROLE.STAFF).get(`/api/giftcards/${card.id}/histories`)).statusCode).toBe(403);
  });

  it('reconciles: the history adds up to the balance after issue, reload, a sale spending it and a refund', async () => {
    const card = await issue(a, { initial_amount: 5000 });
    await admin.post(`/api/giftcards/${card.id}/reload`, { amount: 2500 });
    const sale = await createTestSale(api.db, a.auth(ROLE.STAFF), { prices: [3000] });
    const paid = await api.as(a, ROLE.STAFF).post('/api/payments/sale', {
      sale_id: sale.id,
      payments: [
        {
          payment_type: PAYMENT_TYPE.GIFTCARD,
          payment_amount: 3000,
          payment_info: { reference: card.number.toLowerCase() },
        },
      ],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const payment = dataOf<{ payments: { id: number; payment_type: number }[] }>(paid).payments.find(
      (p) => p.payment_type === PAYMENT_TYPE.GIFTCARD,
    )!;
    const refunded = await api
      .as(a, ROLE.STAFF, { approver: ROLE.MANAGER })
      .post('/api/payments/refund', { payment_id: payment.id, amount: 1000, reason: 'One service redone' });
    expect(refunded.statusCode, refunded.body).toBe(200);

    const got = dataOf<GiftcardRow>(await admin.get(`/api/giftcards/${card.id}`));
    expect(got.balance).toBe(5000 + 2500 - 3000 + 1000);
    const rows = (await history(card.id, 'per_page=100')).items;
    expect(rows.map((h) => [h.kind, h.amount])).toEqual([
      ['refund', 1000],
      ['sale', -3000],
      ['reload', 2500],
      ['issue', 5000],
    ]);
    expect(rows.reduce((sum, h) => sum + h.amount, 0)).toBe(got.balance);
    expect(rows[0]!.balance_after).toBe(got.balance);
    expect(
      rows.filter((h) => h.kind !== 'issue' && h.kind !== 'reload').every((h) => h.sale_id === sale.id),
    ).toBe(true);
    // A card a sale spent is part of that sale's record: it is not deleted.
    const deleted = await admin.del(`/api/giftcards/${card.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().code).toBe(ERROR_CODE.IN_USE);
  });

  it('a card only issued is deleted with its history', async () => {
    const card = await issue(a);
    expect((await admin.del(`/api/giftcards/${card.id}`)).statusCode).toBe(200);
    expect(await ledger(card.id)).toEqual([]);
  });

  describe('export (POST, base64)', () => {
    it('answers the CSV in base64 as giftcards_export.csv: UTF-8 with a BOM, formulas neutralised', async () => {
      const tag = `Exp${Date.now().toString(36)}`;
      const card = await issue(a, { notes: `=cmd|' /C calc'!A0 ${tag}`, initial_amount: 1234 });
      await issue(a, { notes: `Bảo Trân ${tag}` });
      const res = await admin.post(`/api/giftcards/export?search=${tag}&sort=created_at`, undefined, {
        key: null,
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = dataOf<{ filename: string; contents: string }>(res);
      expect(data.filename).toBe('giftcards_export.csv');
      const csv = Buffer.from(data.contents, 'base64').toString('utf8');
      expect(
        csv.startsWith(
          '\ufeffnumber,initial_amount,customer_id,expires_at,notes,balance,is_active,created_at\r\n',
        ),
      ).toBe(true);
      const lines = csv.trimEnd().split('\r\n');
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain(`${card.number},1234,,,'=cmd|' /C calc'!A0 ${tag},1234,true,`);
      expect(lines[2]).toContain(`Bảo Trân ${tag}`);
      const bad = await admin.post('/api/giftcards/export?sort=-nope', undefined, { key: null });
      expect(bad.statusCode).toBe(422);
    });

    it('reads past one batch in order through one cursor, and gives its connection back each time', async () => {
      const c = await api.tenant();
      await api.db.execute(sql`
        insert into giftcards (tenant_id, number, balance, initial_amount)
        select ${c.tenantId}::bigint, 'B-' || lpad(n::text, 5, '0'), n, n from generate_series(1, 2100) n`);
      // More exports than the pool has connections: a connection kept by an export would stall the last ones.
      for (let i = 0; i < 12; i += 1) {
        const res = await api.as(c, ROLE.ADMIN).post('/api/giftcards/export?sort=-number', undefined, {
          key: null,
        });
        expect(res.statusCode).toBe(200);
        if (i > 0) continue;
        const lines = Buffer.from(dataOf<{ contents: string }>(res).contents, 'base64')
          .toString('utf8')
          .trimEnd()
          .split('\r\n');
        expect(lines).toHaveLength(2101);
        expect(lines[1]!.startsWith('B-02100,2100,')).toBe(true);
        expect(lines[1000]!.startsWith('B-01101,1101,')).toBe(true);
        expect(lines[1001]!.startsWith('B-01100,1100,')).toBe(true);
        expect(lines[2100]!.startsWith('B-00001,1,')).toBe(true);
      }
    });

    it('is the module readable and the admin role only', async () => {
      const res = await api.as(a, ROLE.STAFF).post('/api/giftcards/export', undefined, { key: null });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('import', () => {
    async function importFile(mode: string, content: string | Buffer) {
      const form = multipart({ mode }, { field: 'file', filename: 'cards.csv', content });
      return dataOrError(await admin.post('/api/giftcards/import', form.payload, { headers: form.headers }));
    }
    function dataOrError(res: { statusCode: number; json: () => { data?: unknown; errors?: unknown } }) {
      return { statusCode: res.statusCode, body: res.json() };
    }

    it('a commit issues every card with its issue row; a dry run writes nothing', async () => {
      const numbers = [cardNumber(), cardNumber()];
      const content = csvFile(GIFTCARD_CSV_COLUMNS, [
        { number: numbers[0]!.toLowerCase(), initial_amount: '1500', notes: 'Imported' },
        { number: numbers[1], initial_amount: '700', expires_at: '2031-01-31' },
      ]);
      const dry = await importFile('dry_run', content);
      expect(dry.body.data).toMatchObject({ valid_rows: 2, imported: 0 });
      const commit = await importFile('commit', content);
      expect((commit.body.data as ImportResult).imported).toBe(2);
      const rows = await api.db
        .select()
        .from(giftcards)
        .where(and(eq(giftcards.tenantId, a.tenantId), eq(giftcards.notes, 'Imported')));
      expect(rows.map((r) => [r.number, r.balance])).toEqual([[numbers[0], 1500]]);
      expect(await ledger(rows[0]!.id)).toMatchObject([{ kind: 'issue', amount: 1500, balanceAfter: 1500 }]);
    });

    it('reads a file with a byte-order mark and Windows line endings', async () => {
      const number = cardNumber();
      const content = `\ufeffnumber,initial_amount,notes\r\n${number},900,"Chị Hằng, VIP"\r\n`;
      const res = await importFile('commit', content);
      expect(res.body.data).toMatchObject({ total_rows: 1, imported: 1, errors: [] });
      const [row] = await api.db
        .select()
        .from(giftcards)
        .where(and(eq(giftcards.tenantId, a.tenantId), eq(giftcards.number, number)));
      expect(row!.notes).toBe('Chị Hằng, VIP');
    });

    it('refuses a file in another encoding, or with columns it does not know, saying why', async () => {
      // "Café Noël" in Windows-1252: é and ë are single bytes that are not UTF-8.
      const latin1 = Buffer.from(
        `number,initial_amount,notes\r\n${cardNumber()},900,Caf\xe9 No\xebl\r\n`,
        'latin1',
      );
      const encoded = await importFile('dry_run', latin1);
      expect(encoded.statusCode).toBe(422);
      expect(encoded.body.errors).toEqual({ file: [NOT_UTF8_MESSAGE] });
      const utf16 = Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from('number,initial_amount\r\n', 'utf16le'),
      ]);
      expect((await importFile('dry_run', utf16)).statusCode).toBe(422);
      const extra = await importFile('dry_run', `number,initial_amount,balance\r\n${cardNumber()},900,5\r\n`);
      expect(extra.statusCode).toBe(422);
      expect(JSON.stringify(extra.body.errors)).toContain('Unknown columns: balance');
    });

    it('a number already used, in the salon or earlier in the file, is that row’s duplicate error', async () => {
      const taken = await issue(a);
      const fresh = cardNumber();
      const res = await importFile(
        'commit',
        csvFile(GIFTCARD_CSV_COLUMNS, [
          { number: taken.number.toLowerCase(), initial_amount: '100' },
          { number: fresh, initial_amount: '100' },
          { number: ` ${fresh} `, initial_amount: '100' },
        ]),
      );
      const data = res.body.data as ImportResult;
      expect(data.imported).toBe(0);
      expect(data.errors.map((e) => [e.row, e.column, e.code])).toEqual([
        [1, 'number', ERROR_CODE.DUPLICATE],
        [3, 'number', ERROR_CODE.DUPLICATE],
      ]);
    });
  });
});
