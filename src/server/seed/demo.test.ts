import { randomUUID } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { and, asc, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-db';
import type { TestDatabase } from '../../../tests/support/test-db';
import { computeLineTotals } from '../../domain/order-total';
import { ITEM_TYPE, PAYMENT_TYPE, SALE_STATUS } from '../../domain/constants';
import { dayInTimeZone } from '../../domain/report-periods';
import { WALK_IN_STATUS } from '../../domain/walk-in-status';
import type { AuthContext } from '../auth-context';
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
import { cashDrawerMovements, cashDrawerSessions } from '../db/schema/cash-drawer';
import { coupons } from '../db/schema/coupons';
import { customerGroups, customers, memberships } from '../db/schema/customers';
import { expenses } from '../db/schema/expenses';
import { giftcards } from '../db/schema/giftcards';
import { customerPointHistory, giftcardHistories, membershipHistories } from '../db/schema/ledger-histories';
import { saleEmployees, salePayments, sales } from '../db/schema/sales';
import { stores } from '../db/schema/stores';
import { tenants } from '../db/schema/tenants';
import { pinLookup, users } from '../db/schema/users';
import { turnEvents } from '../db/schema/turns';
import { walkIns } from '../db/schema/walk-ins';
import { bookingLines, bookings, bookingSegments } from '../db/schema/bookings';
import { DEMO_BOOKINGS } from './demo-bookings';
import { workingTimes } from '../db/schema/working-times';
import { workstations } from '../db/schema/workstations';
import { DEMO_COUPONS, DEMO_CUSTOMER_GROUPS, DEMO_CUSTOMERS, DEMO_GIFTCARDS } from './demo-customers';
import { DEMO_KITS, DEMO_PRODUCT_CATEGORIES, DEMO_SERVICE_CATEGORIES, DEMO_TAXES } from './demo-catalog';
import { DEMO_PASSWORD, DEMO_STORE, DEMO_USERS } from './demo-data';
import { DEMO_TURN_DAYS, DEMO_TURN_TECHNICIANS, DEMO_TURNS_PER_DAY } from './demo-front-desk';
import { DEMO_REGULAR_PHONE, DEMO_SALE_DAYS } from './demo-sales';
import { demoSeedEnabled, seedDemoIfEmpty } from './demo';
import { getCustomerProfile } from '../services/customer-profile';
import { createSale } from '../services/sales/create';

let testDb: TestDatabase;
/** The seed's clock: the week of sales is the store days before this one's. */
const NOW = new Date();
const TODAY = dayInTimeZone(NOW, DEMO_STORE.timezone);

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
    const outcome = await seedDemoIfEmpty(testDb.db, { now: NOW });
    expect(outcome.seeded).toBe(true);
    // Seen in the log, not asserted (a shared runner's timings vary): the seed runs at every fresh `npm start`
    // and in the e2e global setup, so it should stay a couple of seconds.
    console.info(`[demo seed] ${outcome.ms} ms, ${await rows(sales)} sales`);
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

  it('rings up a week of completed sales on the 7 store days before today, 4 to 8 a day, none today', async () => {
    const week = await testDb.db.select().from(sales).orderBy(asc(sales.orderAt));
    const days = [...new Set(week.map((s) => s.businessDate))].sort();
    const expected = Array.from({ length: DEMO_SALE_DAYS }, (_, i) => {
      const [y, m, d] = TODAY.split('-').map(Number) as [number, number, number];
      return new Date(Date.UTC(y, m - 1, d - DEMO_SALE_DAYS + i)).toISOString().slice(0, 10);
    });
    expect(days).toEqual(expected);
    expect(week.some((s) => s.businessDate === TODAY)).toBe(false);
    for (const day of days) {
      const n = week.filter((s) => s.businessDate === day).length;
      expect(n).toBeGreaterThanOrEqual(4);
      expect(n).toBeLessThanOrEqual(8);
    }
    for (const sale of week) {
      expect(sale.status).toBe(SALE_STATUS.SALE);
      // The business date is the order time's day in the store's zone, during opening hours (9:30-19:00).
      expect(dayInTimeZone(sale.orderAt, DEMO_STORE.timezone)).toBe(sale.businessDate);
      const clock = new Intl.DateTimeFormat('en-GB', {
        timeZone: DEMO_STORE.timezone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(sale.orderAt);
      expect(clock >= '09:30' && clock <= '19:00', clock).toBe(true);
    }
    // Numbers follow the clock: tickets and invoices 1..n, daily tickets 1..k each day.
    expect(week.map((s) => s.ticketNo)).toEqual(week.map((_, i) => i + 1));
    expect(week.map((s) => s.invoiceNo)).toEqual(
      week.map((_, i) => `S0001-${String(i + 1).padStart(6, '0')}`),
    );
    for (const day of days) {
      const daily = week.filter((s) => s.businessDate === day).map((s) => s.dailyTicketNo);
      expect(daily).toEqual(daily.map((_, i) => i + 1));
    }
  });

  it("each demo sale's payments cover its total, cash and card, taken on the sale's day; no coupon or gift card", async () => {
    const week = await testDb.db.select().from(sales);
    const payments = await testDb.db.select().from(salePayments);
    const types = new Set(payments.map((p) => p.paymentType));
    expect([...types].sort()).toEqual([PAYMENT_TYPE.CASH, PAYMENT_TYPE.CREDIT]);
    for (const sale of week) {
      const own = payments.filter((p) => p.saleId === sale.id);
      expect(own.length).toBeGreaterThan(0);
      expect(own.every((p) => p.status === 'approved')).toBe(true);
      const paid = own.reduce((sum, p) => sum + p.amount, 0);
      expect(paid - sale.paidCustomerChangeAmountTotal).toBe(sale.totalPrice);
      for (const p of own) {
        expect(dayInTimeZone(p.takenAt, DEMO_STORE.timezone)).toBe(sale.businessDate);
        if (p.paymentType === PAYMENT_TYPE.CREDIT) expect(p.last4).toMatch(/^\d{4}$/);
      }
    }
    expect(week.some((s) => s.tipAmount > 0)).toBe(true);
    expect(week.some((s) => s.customerId === null)).toBe(true);
    expect(week.filter((s) => s.customerId !== null).length).toBeGreaterThan(week.length / 2);
    // Balances shown elsewhere are the seeded ones (the gift card histories test checks the cards).
    const usedCoupons = await testDb.db.select().from(coupons);
    expect(usedCoupons.every((c) => c.usedCount === 0)).toBe(true);
  });

  it('spreads the sales over every technician, rung up by the cashier at the front desk', async () => {
    const [frontDesk] = await testDb.db
      .select()
      .from(workstations)
      .where(eq(workstations.name, 'Front Desk'));
    const [cashier] = await testDb.db.select().from(users).where(eq(users.username, 'cashier'));
    const week = await testDb.db.select().from(sales);
    expect(week.every((s) => s.cashierId === cashier!.id && s.workstationId === frontDesk!.id)).toBe(true);
    const served = await testDb.db
      .selectDistinct({ username: users.username, isTechnician: users.isTechnician })
      .from(saleEmployees)
      .innerJoin(users, eq(users.id, saleEmployees.userId));
    expect(served.every((u) => u.isTechnician)).toBe(true);
    expect(served.map((u) => u.username).sort()).toEqual(
      DEMO_USERS.filter((u) => u.isTechnician)
        .map((u) => u.username)
        .sort(),
    );
  });

  it("closes yesterday's front desk drawer $2.00 short of the day's cash, within the $5.00 tolerance", async () => {
    const sessions = await testDb.db.select().from(cashDrawerSessions);
    expect(sessions).toHaveLength(1);
    const [session] = sessions;
    expect(session).toMatchObject({ openingFloat: 20_000, overShort: -200, approvedBy: null });
    expect(session!.countedCash).toBe(session!.expectedCash! - 200);
    // Yesterday's cash sales flowed in: more than the float less the pay out.
    expect(session!.expectedCash!).toBeGreaterThan(20_000 - 1_500);
    const movements = await testDb.db.select().from(cashDrawerMovements);
    expect(movements).toMatchObject([{ kind: 'pay_out', amount: 1_500, reason: 'Nail polish remover' }]);
  });

  it('writes a turn ledger for the earlier days of the week: every turn taken is finished, and nobody is busy today', async () => {
    const takes = await testDb.db
      .select({ id: turnEvents.id, day: turnEvents.businessDate, payload: turnEvents.payload })
      .from(turnEvents)
      .where(eq(turnEvents.type, 'take_turn'));
    const days = [...new Set(takes.map((t) => t.day))].sort();
    expect(days).toHaveLength(DEMO_TURN_DAYS);
    expect(days.every((d) => d < TODAY)).toBe(true);
    expect(takes).toHaveLength(DEMO_TURN_DAYS * DEMO_TURN_TECHNICIANS.length * DEMO_TURNS_PER_DAY);
    expect(takes.every((t) => typeof t.payload.serviceName === 'string')).toBe(true);
    const finished = await testDb.db
      .select({ turnId: turnEvents.turnId })
      .from(turnEvents)
      .where(eq(turnEvents.type, 'finish_turn'));
    expect(new Set(finished.map((f) => f.turnId))).toEqual(new Set(takes.map((t) => t.id)));
    const today = await testDb.db
      .select({ type: turnEvents.type })
      .from(turnEvents)
      .where(eq(turnEvents.businessDate, TODAY));
    expect(today.map((e) => e.type)).toEqual(['clock_in', 'clock_in', 'clock_in']);
  });

  it('has walk-ins waiting today at the desk: one asking for Chloe, one for anyone, each with services', async () => {
    const waiting = await testDb.db
      .select({
        name: walkIns.customerName,
        userId: walkIns.userId,
        services: walkIns.services,
        status: walkIns.status,
        day: walkIns.businessDate,
      })
      .from(walkIns)
      .orderBy(asc(walkIns.checkedInAt));
    const [chloe] = await testDb.db.select({ id: users.id }).from(users).where(eq(users.username, 'chloe'));
    expect(waiting).toMatchObject([
      { name: 'Amanda Moore', userId: null, status: WALK_IN_STATUS.WAITING, day: TODAY },
      { name: 'Emily Davis', userId: chloe!.id, status: WALK_IN_STATUS.WAITING, day: TODAY },
    ]);
    expect(waiting.map((w) => w.services.length)).toEqual([1, 2]);
  });

  it('fills the appointment book around today: past, present and coming statuses, two technicians at once, processing time, one unassigned', async () => {
    const rows = await testDb.db
      .select({ id: bookings.id, status: bookings.status, startsAt: bookings.startsAt })
      .from(bookings);
    expect(rows).toHaveLength(DEMO_BOOKINGS.length);
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(['completed', 'no_show', 'arrived', 'confirmed', 'booked', 'cancelled']),
    );
    const lines = await testDb.db
      .select({
        bookingId: bookingLines.bookingId,
        userId: bookingLines.userId,
        processing: bookingLines.processingMinutes,
      })
      .from(bookingLines);
    const perBooking = new Map<number, number>();
    for (const l of lines) perBooking.set(l.bookingId, (perBooking.get(l.bookingId) ?? 0) + 1);
    expect([...perBooking.values()].some((n) => n === 2)).toBe(true);
    expect(lines.some((l) => l.userId === null)).toBe(true);
    expect(lines.some((l) => l.processing > 0)).toBe(true);
    // Cancelled bookings keep no busy time; every other booking keeps its lines' segments.
    const segments = await testDb.db.select({ bookingId: bookingSegments.bookingId }).from(bookingSegments);
    const cancelled = rows.filter((r) => r.status === 'cancelled' || r.status === 'no_show').map((r) => r.id);
    expect(segments.some((s) => cancelled.includes(s.bookingId))).toBe(false);
    expect(segments.length).toBeGreaterThan(0);
  });

  it('Sarah Johnson has several visits by several technicians, and points earned on them', async () => {
    const [sarah] = await testDb.db.select().from(customers).where(eq(customers.phone, DEMO_REGULAR_PHONE));
    const [tenant] = await testDb.db.select().from(tenants);
    const [store] = await testDb.db.select().from(stores);
    const [admin] = await testDb.db.select().from(users).where(eq(users.username, 'admin'));
    const auth: AuthContext = { tenantId: tenant!.id, storeId: store!.id, userId: admin!.id, role: 'admin' };
    const profile = await getCustomerProfile(testDb.db, auth, sarah!.id);
    expect(profile.visits.count).toBeGreaterThanOrEqual(3);
    expect(profile.visits.spend).toBeGreaterThan(0);
    expect(profile.technicians.length).toBeGreaterThanOrEqual(2);
    // Her balance is the opening one plus what the visits earned (Gold: 2 points a dollar), row by row.
    const history = await testDb.db
      .select()
      .from(customerPointHistory)
      .where(eq(customerPointHistory.customerId, sarah!.id))
      .orderBy(asc(customerPointHistory.id));
    const opening = DEMO_CUSTOMERS.find((c) => c.phone === DEMO_REGULAR_PHONE)!.points;
    expect(history[0]).toMatchObject({ kind: 'adjust', points: opening, balanceAfter: opening });
    const earned = history.filter((h) => h.kind === 'earn');
    expect(earned).toHaveLength(profile.visits.count);
    expect(sarah!.pointBalance).toBe(history.at(-1)!.balanceAfter);
    expect(sarah!.pointBalance).toBe(opening + earned.reduce((sum, h) => sum + h.points, 0));
  });

  it("today's first sale after the seed is ticket #1 of the day and continues the store's numbers", async () => {
    const [tenant] = await testDb.db.select().from(tenants);
    const [store] = await testDb.db.select().from(stores);
    const [cashier] = await testDb.db.select().from(users).where(eq(users.username, 'cashier'));
    const [anna] = await testDb.db.select().from(users).where(eq(users.username, 'anna'));
    const [manicure] = await testDb.db.select().from(services).where(eq(services.name, 'Classic Manicure'));
    const seeded = await rows(sales);
    const auth: AuthContext = {
      tenantId: tenant!.id,
      storeId: store!.id,
      userId: cashier!.id,
      role: 'staff',
    };
    const { sale } = await createSale(testDb.db, auth, {
      uuid: randomUUID(),
      status: SALE_STATUS.SALE,
      orderEmployees: [
        { employee: { id: anna!.id }, orderItems: [{ item_id: manicure!.id, item_type: 1, quantity: 1 }] },
      ],
      payments: [{ payment_type: PAYMENT_TYPE.CASH, payment_amount: 2000 }],
    });
    expect(sale).toMatchObject({
      ticket_no: seeded + 1,
      daily_ticket_no: 1,
      invoice_no: `S0001-${String(seeded + 1).padStart(6, '0')}`,
    });
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
