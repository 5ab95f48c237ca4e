import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { apiHarness } from '../../../../tests/support/server/api-harness';
import { MODULE } from '../../../domain/constants';
import { withModule } from '../../../domain/permissions';
import { STAFF_PERMISSIONS } from '../../../../tests/support/server/tenant-fixture';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import { customers } from '../../db/schema/customers';
import { giftcards } from '../../db/schema/giftcards';
import { giftcardHistories } from '../../db/schema/ledger-histories';

const api = await apiHarness();
let a: TenantFixture;
let b: TenantFixture;
let saleOff: TenantFixture;
let card: { id: number; number: string };
let expired: { id: number; number: string };
let numeric: { id: number; number: string };
let customerId: number;

beforeAll(async () => {
  [a, b, saleOff] = await Promise.all([
    api.tenant(),
    api.tenant(),
    api.tenant({
      permissions: {
        staff: withModule(STAFF_PERMISSIONS, MODULE.SALE, { is_readable: false, is_writable: false }),
      },
    }),
  ]);
  const db = api.db;
  const [customer] = await db
    .insert(customers)
    .values({ tenantId: a.tenantId, firstName: 'Ann', lastName: 'Lee', phone: '5551234567' })
    .returning({ id: customers.id });
  customerId = customer!.id;
  const rows = await db
    .insert(giftcards)
    .values([
      {
        tenantId: a.tenantId,
        storeId: a.store.id,
        number: 'GIFT-0012',
        balance: 3500,
        initialAmount: 5000,
        customerId,
      },
      {
        tenantId: a.tenantId,
        number: 'OLD-1',
        balance: 1000,
        initialAmount: 1000,
        expiresAt: new Date('2020-01-01T00:00:00Z'),
      },
      { tenantId: a.tenantId, number: '77', balance: 0, initialAmount: 500, isActive: false },
    ])
    .returning({ id: giftcards.id, number: giftcards.number });
  [card, expired, numeric] = rows as [typeof card, typeof card, typeof card];
  await db.insert(giftcardHistories).values([
    {
      tenantId: a.tenantId,
      giftcardId: card.id,
      storeId: a.store.id,
      kind: 'issue',
      amount: 5000,
      balanceAfter: 5000,
      userId: a.users.manager.id,
      createdAt: new Date('2025-01-01T10:00:00Z'),
    },
    {
      tenantId: a.tenantId,
      giftcardId: card.id,
      storeId: a.store.id,
      kind: 'sale',
      amount: -1000,
      balanceAfter: 4000,
      createdAt: new Date('2025-02-01T10:00:00Z'),
    },
    {
      tenantId: a.tenantId,
      giftcardId: card.id,
      storeId: a.store.id,
      kind: 'sale',
      amount: -500,
      balanceAfter: 3500,
      note: 'second visit',
      createdAt: new Date('2025-03-01T10:00:00Z'),
    },
  ]);
});

describe('GET /api/pos/giftcards/:id', () => {
  it('finds a card by its number as typed, with balance, state and customer', async () => {
    const res = await api.as(a, 'staff').get(`/api/pos/giftcards/${encodeURIComponent(' gift-00 12')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: card.id,
      number: 'GIFT-0012',
      balance: 3500,
      initial_amount: 5000,
      is_active: true,
      expires_at: null,
      is_expired: false,
      is_usable: true,
      customer: { id: customerId, name: 'Ann Lee', phone: '5551234567' },
      store_id: a.store.id,
    });
  });

  it('finds a card by its id, and prefers a card whose number is the digits typed', async () => {
    const byId = await api.as(a, 'staff').get(`/api/pos/giftcards/${card.id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json().data.number).toBe('GIFT-0012');
    const byNumber = await api.as(a, 'staff').get('/api/pos/giftcards/77');
    expect(byNumber.json().data).toMatchObject({ id: numeric.id, is_active: false, is_usable: false });
  });

  it('shows an expired card as expired and not usable', async () => {
    const res = await api.as(a, 'staff').get(`/api/pos/giftcards/${expired.number}`);
    expect(res.json().data).toMatchObject({
      id: expired.id,
      is_expired: true,
      is_usable: false,
      expires_at: '2020-01-01T00:00:00.000Z',
    });
  });

  it("answers 404 for an unknown card and for another tenant's card, by number or id", async () => {
    const unknown = await api.as(a, 'staff').get('/api/pos/giftcards/NOPE-1');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(ERROR_CODE.GIFTCARD_NOT_FOUND);
    expect((await api.as(b, 'owner').get('/api/pos/giftcards/GIFT-0012')).statusCode).toBe(404);
    expect((await api.as(b, 'owner').get(`/api/pos/giftcards/${card.id}`)).statusCode).toBe(404);
    expect((await api.as(a, 'staff').get('/api/pos/giftcards/%21%21')).statusCode).toBe(404);
  });

  it('answers 422 for a number longer than any card', async () => {
    const res = await api.as(a, 'staff').get(`/api/pos/giftcards/${'9'.repeat(81)}`);
    expect(res.statusCode).toBe(422);
  });

  it('answers 401 without a session and 403 when the Sale module is not readable', async () => {
    expect((await api.get('/api/pos/giftcards/GIFT-0012')).statusCode).toBe(401);
    expect((await api.as(saleOff, 'staff').get('/api/pos/giftcards/GIFT-0012')).statusCode).toBe(403);
  });
});

describe('GET /api/pos/giftcards/:id/histories', () => {
  it('lists the history newest first, paged, with who wrote each row', async () => {
    const res = await api.as(a, 'staff').get(`/api/pos/giftcards/${card.number}/histories?per_page=2`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ total: 3, page: 1, per_page: 2 });
    expect(data.items.map((i: { amount: number }) => i.amount)).toEqual([-500, -1000]);
    expect(data.items[0]).toMatchObject({ kind: 'sale', balance_after: 3500, note: 'second visit' });
    const last = await api.as(a, 'staff').get(`/api/pos/giftcards/${card.id}/histories?per_page=2&page=2`);
    expect(last.json().data.items).toEqual([
      expect.objectContaining({
        kind: 'issue',
        amount: 5000,
        user_id: a.users.manager.id,
        user_name: a.users.manager.displayName,
        created_at: '2025-01-01T10:00:00.000Z',
      }),
    ]);
  });

  it('filters by kind and dates and sorts by amount', async () => {
    const sales = await api
      .as(a, 'staff')
      .get(`/api/pos/giftcards/${card.id}/histories?filter[kind]=sale&sort=amount`);
    expect(sales.json().data.items.map((i: { amount: number }) => i.amount)).toEqual([-1000, -500]);
    const feb = await api
      .as(a, 'staff')
      .get(`/api/pos/giftcards/${card.id}/histories?filter[date_from]=2025-02-01&filter[date_to]=2025-02-01`);
    expect(feb.json().data).toMatchObject({ total: 1, items: [{ amount: -1000 }] });
  });

  it('answers 422 for an unknown filter, sort field or kind', async () => {
    for (const query of ['filter[colour]=red', 'sort=balance', 'filter[kind]=gift', 'per_page=0']) {
      const res = await api.as(a, 'staff').get(`/api/pos/giftcards/${card.id}/histories?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors).toBeDefined();
    }
  });

  it("answers 404 for another tenant's card, 401 without a session, 403 without the Sale module", async () => {
    expect((await api.as(b, 'owner').get(`/api/pos/giftcards/${card.id}/histories`)).statusCode).toBe(404);
    expect((await api.get(`/api/pos/giftcards/${card.id}/histories`)).statusCode).toBe(401);
    expect((await api.as(saleOff, 'staff').get(`/api/pos/giftcards/${card.id}/histories`)).statusCode).toBe(
      403,
    );
  });
});
