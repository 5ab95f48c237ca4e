import { verify } from '@node-rs/argon2';
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-db';
import type { TestDatabase } from '../../../tests/support/test-db';
import { computeLineTotals } from '../../domain/order-total';
import { ITEM_TYPE } from '../../domain/constants';
import {
  categories,
  productInventoryMovements,
  productKitItems,
  productKits,
  products,
  services,
  suppliers,
  taxes,
  units,
} from '../db/schema/catalog';
import { coupons } from '../db/schema/coupons';
import { customerGroups, customers, memberships } from '../db/schema/customers';
import { expenses } from '../db/schema/expenses';
import { giftcards } from '../db/schema/giftcards';
import { giftcardHistories, membershipHistories } from '../db/schema/ledger-histories';
import { stores } from '../db/schema/stores';
import { tenants } from '../db/schema/tenants';
import { pinLookup, users } from '../db/schema/users';
import { workingTimes } from '../db/schema/working-times';
import { workstations } from '../db/schema/workstations';
import { DEMO_COUPONS, DEMO_CUSTOMER_GROUPS, DEMO_CUSTOMERS, DEMO_GIFTCARDS } from './demo-customers';
import { DEMO_KITS, DEMO_PRODUCT_CATEGORIES, DEMO_SERVICE_CATEGORIES, DEMO_TAXES } from './demo-catalog';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-data';
import { demoSeedEnabled, seedDemoIfEmpty } from './demo';

let testDb: TestDatabase;

async function rows(table: PgTable): Promise<number> {
  const [row] = await testDb.db.select({ n: count() }).from(table);
  return row!.n;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.drop();
});

describe('demo seed', () => {
  it('seeds an empty database with the documented demo tenant', async () => {
    const outcome = await seedDemoIfEmpty(testDb.db);
    expect(outcome.seeded).toBe(true);
    expect({
      tenants: await rows(tenants),
      stores: await rows(stores),
      workstations: await rows(workstations),
      users: await rows(users),
      services: await rows(services),
      products: await rows(products),
      kits: await rows(productKits),
      memberships: await rows(memberships),
      coupons: await rows(coupons),
    }).toEqual({
      tenants: 1,
      stores: 1,
      workstations: 2,
      users: 9,
      services: 30,
      products: 20,
      kits: 2,
      memberships: 3,
      coupons: DEMO_COUPONS.length,
    });
    expect(await rows(categories)).toBe(DEMO_SERVICE_CATEGORIES.length + DEMO_PRODUCT_CATEGORIES.length);
    expect(await rows(productKitItems)).toBe(DEMO_KITS.reduce((n, k) => n + k.items.length, 0));
    expect(await rows(customers)).toBe(DEMO_CUSTOMERS.length);
    expect(await rows(giftcards)).toBe(DEMO_GIFTCARDS.length);
    expect(await rows(taxes)).toBe(DEMO_TAXES.length);
  });

  it("gives the back office's screens something to show: units, suppliers, stock movements, expenses", async () => {
    expect(await rows(units)).toBe(3);
    expect(await rows(suppliers)).toBe(2);
    const unsourced = await testDb.db.select({ n: count() }).from(products).where(isNull(products.unitId));
    expect(unsourced[0]!.n).toBe(0);
    // Each movement ends at its product's stock.
    const moves = await testDb.db
      .select({ after: productInventoryMovements.quantityAfter, stock: products.stockQuantity })
      .from(productInventoryMovements)
      .innerJoin(products, eq(products.id, productInventoryMovements.productId));
    expect(moves.length).toBe(4);
    for (const m of moves) expect(m.after).toBe(m.stock);
    expect(await rows(expenses)).toBe(5);
  });

  it('puts demo customers in customer groups, and leaves one group free to delete', async () => {
    const grouped = await testDb.db
      .select({ group: customerGroups.name, n: count(customers.id) })
      .from(customerGroups)
      .leftJoin(
        customers,
        and(
          eq(customers.tenantId, customerGroups.tenantId),
          eq(customers.customerGroupId, customerGroups.id),
        ),
      )
      .groupBy(customerGroups.name);
    expect(Object.fromEntries(grouped.map((g) => [g.group, g.n]))).toEqual(
      Object.fromEntries(DEMO_CUSTOMER_GROUPS.map((g) => [g.name, g.phones.length])),
    );
    expect(DEMO_CUSTOMER_GROUPS.some((g) => g.phones.length === 0)).toBe(true);
  });

  it('offers memberships with a price, a duration and benefits, each member with a join row and its expiry', async () => {
    const levels = await testDb.db.select().from(memberships);
    expect(levels.map((m) => [m.name, m.price, m.durationMonths])).toEqual(
      expect.arrayContaining([
        ['Silver', 0, null],
        ['Gold', 4900, 12],
        ['VIP', 9900, 12],
      ]),
    );
    expect(levels.every((m) => (m.benefits ?? '').length > 0)).toBe(true);
    const members = await testDb.db.select().from(customers).where(isNotNull(customers.membershipId));
    expect(members).toHaveLength(DEMO_CUSTOMERS.filter((c) => c.membership !== null).length);
    const joins = await testDb.db.select().from(membershipHistories);
    expect(joins.map((h) => [h.customerId, h.membershipId, h.kind, h.endsOn]).sort()).toEqual(
      members.map((c) => [c.id, c.membershipId, 'join', c.membershipExpiresOn]).sort(),
    );
    const gold = levels.find((m) => m.name === 'Gold')!;
    expect(
      members.filter((c) => c.membershipId === gold.id).every((c) => c.membershipExpiresOn !== null),
    ).toBe(true);
  });

  it('has an owner, an admin, a manager, a cashier and five technicians, three of them checked in', async () => {
    const people = await testDb.db.select({ role: users.role, isTechnician: users.isTechnician }).from(users);
    const roles = people.map((p) => p.role).sort();
    expect(roles).toEqual([
      'admin',
      'manager',
      'owner',
      'staff',
      'staff',
      'staff',
      'staff',
      'staff',
      'staff',
    ]);
    expect(people.filter((p) => p.isTechnician)).toHaveLength(5);
    const open = await testDb.db.select().from(workingTimes).where(isNull(workingTimes.checkOutAt));
    expect(open).toHaveLength(3);
  });

  it("a demo login's password and PIN verify with argon2id, and the PIN is found through pin_lookup", async () => {
    const [tenant] = await testDb.db.select().from(tenants);
    const manager = DEMO_USERS.find((u) => u.username === 'manager')!;
    const [row] = await testDb.db
      .select()
      .from(users)
      .where(
        and(eq(users.tenantId, tenant!.id), eq(users.pinLookup, pinLookup(tenant!.pinSecret, manager.pin))),
      );
    expect(row?.username).toBe('manager');
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verify(row!.passwordHash!, DEMO_PASSWORD)).toBe(true);
    expect(await verify(row!.pinHash!, manager.pin)).toBe(true);
    expect(await verify(row!.passwordHash!, 'wrong')).toBe(false);
  });

  it('every PIN is unique and every user has one', async () => {
    const lookups = await testDb.db.select({ l: users.pinLookup }).from(users);
    expect(new Set(lookups.map((r) => r.l)).size).toBe(DEMO_USERS.length);
    expect(lookups.every((r) => r.l !== null)).toBe(true);
  });

  it('includes the compound tax example: tax-on-tax 2 and an item taxed "5,9.5"', async () => {
    const [store] = await testDb.db.select().from(stores);
    expect(store!.settings.config_tax_on_tax).toBe(2);
    const [product] = await testDb.db.select().from(products).where(eq(products.taxes, '5,9.5')).limit(1);
    expect(product).toBeDefined();
    // $100.00 net → 5.00 + round(105.00 × 9.5 %) = 14.98 (docs/money.md step 4).
    const line = computeLineTotals(
      {
        item_id: product!.id,
        item_type: ITEM_TYPE.PRODUCT,
        name: product!.name,
        taxes: product!.taxes,
        unit_price: 10_000,
        price: null,
        quantity: 1,
        tax_on: store!.settings.config_tax_on_tax!,
        indian_tax: '0',
      },
      null,
    );
    expect(line.tax).toBe(1498);
  });

  it('seeds coupons with different rules: once per customer, pedicures only, a single use, one ended', async () => {
    const byCode = new Map((await testDb.db.select().from(coupons)).map((c) => [c.code, c]));
    expect(byCode.get('WELCOME10')).toMatchObject({ maxUsesPerCustomer: 1, serviceIds: [] });
    const everyService = await testDb.db.select({ id: services.id, name: services.name }).from(services);
    const named = new Map(everyService.map((p) => [p.id, p.name]));
    expect(
      byCode
        .get('SPRING15')!
        .serviceIds.map((id) => named.get(id))
        .sort(),
    ).toEqual([...DEMO_COUPONS.find((c) => c.code === 'SPRING15')!.services!].sort());
    expect(byCode.get('VIP20')).toMatchObject({ maxUses: 1, usedCount: 0 });
    expect(byCode.get('SUMMER25')!.endsAt!.toISOString().slice(0, 10)).toBe('2026-08-31');
  });

  it("gift card histories add up to each card's balance", async () => {
    const cards = await testDb.db.select().from(giftcards);
    for (const card of cards) {
      const history = await testDb.db
        .select({ amount: giftcardHistories.amount })
        .from(giftcardHistories)
        .where(eq(giftcardHistories.giftcardId, card.id));
      expect(history.reduce((sum, h) => sum + h.amount, 0)).toBe(card.balance);
    }
  });

  it('seeding again does nothing and duplicates nothing', async () => {
    const before = {
      users: await rows(users),
      services: await rows(services),
      customers: await rows(customers),
    };
    const outcome = await seedDemoIfEmpty(testDb.db);
    expect(outcome).toMatchObject({ seeded: false, reason: 'not-empty' });
    expect({
      users: await rows(users),
      services: await rows(services),
      customers: await rows(customers),
    }).toEqual(before);
    expect(await rows(tenants)).toBe(1);
  });
});

describe('demo seed on a database seeded by two instances at once', () => {
  let other: TestDatabase;
  beforeAll(async () => {
    other = await createTestDatabase();
  });
  afterAll(async () => {
    await other?.drop();
  });

  it('seeds exactly once', async () => {
    const outcomes = await Promise.all([seedDemoIfEmpty(other.db), seedDemoIfEmpty(other.db)]);
    expect(outcomes.filter((o) => o.seeded)).toHaveLength(1);
    const [n] = await other.db.select({ n: count() }).from(users);
    expect(n!.n).toBe(DEMO_USERS.length);
  });
});

describe('SEED_DEMO', () => {
  it('is on unless set to false', () => {
    expect(demoSeedEnabled({})).toBe(true);
    expect(demoSeedEnabled({ SEED_DEMO: 'true' })).toBe(true);
    expect(demoSeedEnabled({ SEED_DEMO: 'false' })).toBe(false);
    expect(demoSeedEnabled({ SEED_DEMO: '0' })).toBe(false);
  });
});
