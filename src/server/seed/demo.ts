/**
 * The demo tenant of a fresh install (docs/architecture.md#data-and-running): seeded at start on an EMPTY
 * database (no tenant at all), never on one that holds real data. Runs as one transaction under an advisory
 * lock, so two instances starting together on an empty database seed it once, and a failure leaves nothing
 * behind.
 *
 * The slow part is argon2 (docs/security.md#passwords-and-pins parameters, ~10 ms a hash): the 18 hashes of
 * the 9 users are made in parallel on libuv's pool before the transaction opens, so the lock is held only for
 * the inserts.
 *
 * Last, a week of completed sales (demo-sales.ts), rung up by the demo cashier through the sale service itself
 * (createSale with the sale's own time as its clock), in the same transaction: their numbers, totals, lines,
 * payments, points and audit rows are what the product computes, and a failure leaves no half-seeded tenant.
 * Then the front desk (demo-front-desk.ts): the turn ledger of the week's earlier days and today's waiting
 * walk-ins, through the turn and walk-in services.
 */
import { hash } from '@node-rs/argon2';
import type { Algorithm } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { normalisePhone, workstationCode } from '../../domain/normalise';
import type { Db, Queryable } from '../db/client';
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
import { customerPointHistory, giftcardHistories, membershipHistories } from '../db/schema/ledger-histories';
import { membershipEndsOn } from '../../domain/membership';
import { stores } from '../db/schema/stores';
import { tenants } from '../db/schema/tenants';
import { pinLookup, users } from '../db/schema/users';
import { turnEvents } from '../db/schema/turns';
import { workingTimes } from '../db/schema/working-times';
import { workstations } from '../db/schema/workstations';
import {
  DEMO_COUPONS,
  DEMO_CUSTOMER_GROUPS,
  DEMO_CUSTOMERS,
  DEMO_GIFTCARDS,
  DEMO_MEMBERSHIPS,
} from './demo-customers';
import {
  COMPOUND_TAXES,
  DEMO_KITS,
  DEMO_PRODUCT_CATEGORIES,
  DEMO_PRODUCT_SOURCING,
  DEMO_PRODUCTS,
  DEMO_SERVICE_CATEGORIES,
  DEMO_SERVICES,
  DEMO_STOCK_MOVEMENTS,
  DEMO_SUPPLIERS,
  DEMO_TAXES,
  DEMO_UNITS,
} from './demo-catalog';
import {
  DEMO_EXPENSES,
  DEMO_PASSWORD,
  DEMO_PERMISSIONS,
  DEMO_STORE,
  DEMO_TENANT,
  DEMO_USERS,
  DEMO_WORKSTATIONS,
} from './demo-data';
import { dayInTimeZone } from '../../domain/report-periods';
import { seedDemoBookings } from './demo-bookings';
import { seedDemoTurnWeek, seedDemoWalkIns } from './demo-front-desk';
import { closeDemoDrawer, must, sellDemoWeek } from './demo-week';

/** The same argon2id parameters as the login code (docs/security.md#passwords-and-pins: m = 19456 KiB, t = 2, p = 1). */
const ARGON2ID_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Any constant shared by every instance: ASCII "SALNSEED". */
export const SEED_LOCK_KEY = 0x53414c4e53454544n;

export interface SeedOutcome {
  seeded: boolean;
  /** Why nothing was seeded. */
  reason?: 'not-empty';
  tenantId?: number;
  storeId?: number;
  ms: number;
}

/** SEED_DEMO=false (or 0) turns the demo seed off; anything else, or unset, leaves it on. */
export function demoSeedEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.SEED_DEMO?.trim().toLowerCase();
  return !(value === 'false' || value === '0' || value === 'no' || value === 'off');
}

async function hasTenants(db: Queryable): Promise<boolean> {
  const rows = await db.select({ id: tenants.id }).from(tenants).limit(1);
  return rows.length > 0;
}

/** 'password:<username>' and 'pin:<username>' → argon2id hash. */
type Hashes = Map<string, string>;

async function hashAll(): Promise<Hashes> {
  // One password for everyone, hashed per user (each with its own salt), as a real account would be.
  const jobs = DEMO_USERS.flatMap((u) => [
    hash(DEMO_PASSWORD, ARGON2ID_OPTIONS).then((h) => [`password:${u.username}`, h] as const),
    hash(u.pin, ARGON2ID_OPTIONS).then((h) => [`pin:${u.username}`, h] as const),
  ]);
  return new Map(await Promise.all(jobs));
}

function byName<T extends { name: string; id: number }>(rows: readonly T[]): Map<string, number> {
  return new Map(rows.map((r) => [r.name, r.id]));
}

/**
 * Seeds the demo tenant when the database holds no tenant; otherwise does nothing. Safe to call on every
 * start and from several instances at once.
 */
export async function seedDemoIfEmpty(db: Db, options: { now?: Date } = {}): Promise<SeedOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  if (await hasTenants(db)) return { seeded: false, reason: 'not-empty', ms: elapsed() };
  const hashes = await hashAll();
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY.toString()}::bigint)`);
    // Checked again under the lock: another instance may have seeded while we hashed.
    if (await hasTenants(tx)) return null;
    return insertDemo(tx, hashes, options.now ?? new Date());
  });
  if (!result) return { seeded: false, reason: 'not-empty', ms: elapsed() };
  return { seeded: true, ...result, ms: elapsed() };
}

async function insertDemo(
  tx: Queryable,
  hashes: Hashes,
  now: Date,
): Promise<{ tenantId: number; storeId: number }> {
  const [tenant] = await tx
    .insert(tenants)
    .values({ code: DEMO_TENANT.code, name: DEMO_TENANT.name })
    .returning({ id: tenants.id, pinSecret: tenants.pinSecret });
  if (!tenant) throw new Error('demo seed: tenant insert returned nothing');
  const tenantId = tenant.id;

  const [store] = await tx
    .insert(stores)
    .values({
      tenantId,
      code: DEMO_STORE.code,
      name: DEMO_STORE.name,
      timezone: DEMO_STORE.timezone,
      currency: DEMO_STORE.currency,
      settings: DEMO_STORE.settings,
    })
    .returning({ id: stores.id });
  if (!store) throw new Error('demo seed: store insert returned nothing');
  const storeId = store.id;

  const workstationRows = await tx
    .insert(workstations)
    .values(
      DEMO_WORKSTATIONS.map((w) => ({
        tenantId,
        storeId,
        code: workstationCode(DEMO_TENANT.code, DEMO_STORE.code, w.number),
        name: w.name,
      })),
    )
    .returning({ id: workstations.id, name: workstations.name });

  const userRows = await tx
    .insert(users)
    .values(
      DEMO_USERS.map((u, index) => ({
        tenantId,
        storeId: u.homeStore ? storeId : null,
        role: u.role,
        username: u.username,
        displayName: `${u.firstName} ${u.lastName}`,
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        phone: u.phone,
        passwordHash: must(hashes, `password:${u.username}`),
        pinHash: must(hashes, `pin:${u.username}`),
        pinLookup: pinLookup(tenant.pinSecret, u.pin),
        permissions: DEMO_PERMISSIONS[u.permissions](),
        commissionRate: u.commissionRate,
        isTechnician: u.isTechnician,
        enableBooking: u.isTechnician,
        enableWalkin: u.isTechnician,
        displayOrder: index + 1,
      })),
    )
    .returning({ id: users.id, username: users.username });
  const userIds = new Map(userRows.map((r) => [r.username, r.id]));

  const today = dayInTimeZone(now, DEMO_STORE.timezone);
  const checkedIn = DEMO_USERS.filter((u) => u.checkedIn);
  const checkInAt = (i: number) => new Date(now.getTime() - (checkedIn.length - i) * 5 * 60_000);
  await tx.insert(workingTimes).values(
    checkedIn.map((u, i) => ({
      tenantId,
      storeId,
      userId: must(userIds, u.username),
      dateWork: today,
      // A few minutes apart, in check-in order (the turn list reads it).
      checkInAt: checkInAt(i),
    })),
  );
  // The clock writes a technician's clock-in into the day's turn ledger (docs/turns.md); so does the seed.
  const technicianClockIns = checkedIn.flatMap((u, i) => (u.isTechnician ? [{ u, at: checkInAt(i) }] : []));
  if (technicianClockIns.length > 0) {
    await tx.insert(turnEvents).values(
      technicianClockIns.map(({ u, at }, i) => ({
        tenantId,
        storeId,
        businessDate: today,
        seq: i + 1,
        type: 'clock_in' as const,
        technicianId: must(userIds, u.username),
        at,
      })),
    );
  }

  await tx.insert(taxes).values(DEMO_TAXES.map((t) => ({ tenantId, storeId, ...t })));

  const categoryRows = await tx
    .insert(categories)
    .values([
      ...DEMO_SERVICE_CATEGORIES.map((name, i) => ({
        tenantId,
        storeId,
        type: 'service' as const,
        name,
        displayOrder: i + 1,
      })),
      ...DEMO_PRODUCT_CATEGORIES.map((name, i) => ({
        tenantId,
        storeId,
        type: 'product' as const,
        name,
        displayOrder: i + 1,
      })),
    ])
    .returning({ id: categories.id, name: categories.name });
  const categoryIds = byName(categoryRows);

  const serviceRows = await tx
    .insert(services)
    .values(
      DEMO_SERVICES.map((s, i) => ({
        tenantId,
        storeId,
        categoryId: must(categoryIds, s.category),
        name: s.name,
        price: s.price,
        cost: s.cost,
        taxes: s.taxes ?? '',
        commissionRate: s.commissionRate ?? null,
        durationMinutes: s.durationMinutes,
        displayOrder: i + 1,
      })),
    )
    .returning({ id: services.id, name: services.name });
  const serviceIds = byName(serviceRows);

  const unitIds = byName(
    await tx
      .insert(units)
      .values(DEMO_UNITS.map((u) => ({ tenantId, storeId, ...u })))
      .returning({ id: units.id, name: units.name }),
  );
  const supplierIds = byName(
    await tx
      .insert(suppliers)
      .values(DEMO_SUPPLIERS.map((x) => ({ tenantId, storeId, ...x })))
      .returning({ id: suppliers.id, name: suppliers.name }),
  );

  const productRows = await tx
    .insert(products)
    .values(
      DEMO_PRODUCTS.map((p, i) => ({
        tenantId,
        storeId,
        categoryId: must(categoryIds, p.category),
        unitId: must(unitIds, DEMO_PRODUCT_SOURCING[p.category].unit),
        supplierId: must(supplierIds, DEMO_PRODUCT_SOURCING[p.category].supplier),
        name: p.name,
        sku: p.sku,
        price: p.price,
        cost: p.cost,
        taxes: COMPOUND_TAXES,
        stockQuantity: p.stock,
        displayOrder: i + 1,
      })),
    )
    .returning({ id: products.id, sku: products.sku });
  const productIds = new Map(productRows.map((r) => [r.sku, r.id]));
  const daysBefore = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  await tx.insert(productInventoryMovements).values(
    DEMO_STOCK_MOVEMENTS.map((m) => ({
      tenantId,
      storeId,
      productId: must(productIds, m.sku),
      change: m.change,
      quantityAfter: DEMO_PRODUCTS.find((p) => p.sku === m.sku)!.stock,
      reason: m.reason,
      note: m.note,
      userId: must(userIds, m.by),
      createdAt: daysBefore(m.daysAgo),
    })),
  );

  const kitRows = await tx
    .insert(productKits)
    .values(
      DEMO_KITS.map((k, i) => ({
        tenantId,
        storeId,
        name: k.name,
        sku: k.sku,
        price: k.price,
        cost: k.cost,
        taxes: COMPOUND_TAXES,
        displayOrder: i + 1,
      })),
    )
    .returning({ id: productKits.id, sku: productKits.sku });
  const kitIds = new Map(kitRows.map((r) => [r.sku, r.id]));
  await tx.insert(productKitItems).values(
    DEMO_KITS.flatMap((k) =>
      k.items.map((item) => ({
        tenantId,
        storeId,
        kitId: must(kitIds, k.sku),
        productId: must(productIds, item.sku),
        quantity: item.quantity,
      })),
    ),
  );

  const membershipRows = await tx
    .insert(memberships)
    .values(DEMO_MEMBERSHIPS.map((m, i) => ({ tenantId, ...m, displayOrder: i + 1 })))
    .returning({ id: memberships.id, name: memberships.name });
  const membershipIds = byName(membershipRows);
  // Each demo customer with a membership joined it today: its expiry from the duration, and the join's
  // history row (docs/back-office.md, "Memberships"), in the store's days like the rest of the seed.
  const membershipOf = new Map<string, (typeof DEMO_MEMBERSHIPS)[number]>(
    DEMO_MEMBERSHIPS.map((m) => [m.name, m]),
  );
  const groupIds = byName(
    await tx
      .insert(customerGroups)
      .values(DEMO_CUSTOMER_GROUPS.map((g) => ({ tenantId, name: g.name, description: g.description })))
      .returning({ id: customerGroups.id, name: customerGroups.name }),
  );
  const groupOfPhone = new Map<string, number>(
    DEMO_CUSTOMER_GROUPS.flatMap((g) =>
      g.phones.map((phone: string): [string, number] => [phone, must(groupIds, g.name)]),
    ),
  );

  const customerRows = await tx
    .insert(customers)
    .values(
      DEMO_CUSTOMERS.map((c) => ({
        tenantId,
        storeId,
        firstName: c.firstName,
        lastName: c.lastName,
        phone: normalisePhone(c.phone),
        email: `${c.firstName.toLowerCase()}.${c.lastName.toLowerCase()}@example.com`,
        birthday: c.birthday,
        pointBalance: c.points,
        membershipId: c.membership ? must(membershipIds, c.membership) : null,
        membershipExpiresOn: c.membership
          ? membershipEndsOn(today, membershipOf.get(c.membership)!.durationMonths)
          : null,
        customerGroupId: groupOfPhone.get(c.phone) ?? null,
      })),
    )
    .returning({
      id: customers.id,
      phone: customers.phone,
      pointBalance: customers.pointBalance,
      membershipId: customers.membershipId,
      membershipExpiresOn: customers.membershipExpiresOn,
    });
  const customerIds = new Map(customerRows.map((r) => [r.phone, r.id]));
  const priceOf = new Map(DEMO_MEMBERSHIPS.map((m) => [must(membershipIds, m.name), m.price]));
  const members = customerRows.filter((c) => c.membershipId !== null);
  if (members.length > 0)
    await tx.insert(membershipHistories).values(
      members.map((c) => ({
        tenantId,
        membershipId: c.membershipId!,
        customerId: c.id,
        storeId,
        kind: 'join' as const,
        price: priceOf.get(c.membershipId!) ?? 0,
        startsOn: today,
        endsOn: c.membershipExpiresOn,
        note: 'Demo data',
      })),
    );
  // Opening balances, so each balance has the history that adds up to it.
  const withPoints = customerRows.filter((c) => c.pointBalance > 0);
  if (withPoints.length > 0)
    await tx.insert(customerPointHistory).values(
      withPoints.map((c) => ({
        tenantId,
        customerId: c.id,
        storeId,
        kind: 'adjust' as const,
        points: c.pointBalance,
        balanceAfter: c.pointBalance,
        note: 'Opening balance (demo data)',
      })),
    );

  await tx.insert(expenses).values(
    DEMO_EXPENSES.map((e) => ({
      tenantId,
      storeId,
      category: e.category,
      amount: e.amount,
      expenseDate: dayInTimeZone(daysBefore(e.daysAgo), DEMO_STORE.timezone),
      paidBy: e.paidBy ? must(userIds, e.paidBy) : null,
      note: e.note,
    })),
  );

  const ownerId = must(userIds, 'owner');
  const cardRows = await tx
    .insert(giftcards)
    .values(
      DEMO_GIFTCARDS.map((g) => ({
        tenantId,
        storeId,
        number: g.number,
        initialAmount: g.initialAmount,
        balance: g.balance,
        customerId: g.customerPhone ? must(customerIds, g.customerPhone) : null,
        isActive: g.isActive ?? true,
        notes: g.notes ?? null,
      })),
    )
    .returning({ id: giftcards.id, number: giftcards.number });
  const cardIds = new Map(cardRows.map((r) => [r.number, r.id]));
  await tx.insert(giftcardHistories).values(
    DEMO_GIFTCARDS.flatMap((g) => {
      const giftcardId = must(cardIds, g.number);
      const issue = {
        tenantId,
        giftcardId,
        storeId,
        kind: 'issue' as const,
        amount: g.initialAmount,
        balanceAfter: g.initialAmount,
        userId: ownerId,
        note: 'Issued (demo data)',
      };
      const rows: (typeof giftcardHistories.$inferInsert)[] = [issue];
      const reloaded = g.initialAmount + (g.reload ?? 0);
      if (g.reload) {
        rows.push({ ...issue, kind: 'reload', amount: g.reload, balanceAfter: reloaded, note: null });
      }
      if (g.balance !== reloaded) {
        rows.push({
          ...issue,
          kind: 'adjust',
          amount: g.balance - reloaded,
          balanceAfter: g.balance,
          note: 'Spent before the demo starts',
        });
      }
      if (g.isActive === false) {
        rows.push({ ...issue, kind: 'deactivate', amount: 0, balanceAfter: g.balance, note: null });
      }
      return rows;
    }),
  );

  await tx.insert(coupons).values(
    DEMO_COUPONS.map((c) => ({
      tenantId,
      code: c.code,
      name: c.name,
      discountType: c.discountType,
      discountValue: c.discountValue,
      minOrderAmount: c.minOrderAmount,
      maxUses: c.maxUses,
      maxUsesPerCustomer: c.maxUsesPerCustomer ?? null,
      serviceIds: (c.services ?? []).map((name) => must(serviceIds, name)),
      // Validity days are stored as the day's UTC midnight (docs/back-office.md, "Coupons").
      startsAt: c.startsOn ? new Date(`${c.startsOn}T00:00:00.000Z`) : null,
      endsAt: c.endsOn ? new Date(`${c.endsOn}T00:00:00.000Z`) : null,
    })),
  );

  const cashier = DEMO_USERS.find((u) => u.username === 'cashier')!;
  // The front desk's till, as a cashier's login there would bind it (auth-context.ts).
  const frontDesk = {
    tenantId,
    storeId,
    userId: must(userIds, cashier.username),
    role: cashier.role,
    workstationId: must(byName(workstationRows), DEMO_WORKSTATIONS[0].name),
  };
  await sellDemoWeek(tx, now, {
    auth: frontDesk,
    userIds,
    serviceIds,
    productIds,
    customerIds,
  });
  await closeDemoDrawer(tx, now, frontDesk);
  // The week's turn ledger and today's waiting walk-ins (demo-front-desk.ts), at the front desk too.
  const frontDeskRefs = {
    auth: frontDesk,
    storeId,
    timezone: DEMO_STORE.timezone,
    userIds,
    serviceIds,
    customerIds,
  };
  await seedDemoTurnWeek(tx, now, frontDeskRefs);
  await seedDemoWalkIns(tx, now, frontDeskRefs);
  // A week of the appointment book around today (demo-bookings.ts).
  await seedDemoBookings(tx, now, frontDeskRefs);

  return { tenantId, storeId };
}
