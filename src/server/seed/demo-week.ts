/**
 * The demo's week of sales (docs/architecture.md, the demo data): the plan of src/server/seed/demo-sales.ts rung
 * up through the real createSale inside the seed's transaction, each at its own time on one of the seven store
 * days before the seed's day, so numbers, totals, payments and points are exactly what the product computes.
 */
import { randomUUID } from 'node:crypto';
import { saleBodySchema } from '../../contracts/sales';
import type { SaleBody } from '../../contracts/sales';
import type { PaymentInput } from '../../contracts/payments';
import { ITEM_TYPE, PAYMENT_TYPE, SALE_STATUS } from '../../domain/constants';
import { normalisePhone } from '../../domain/normalise';
import { dayInTimeZone } from '../../domain/report-periods';
import { wallTimeToInstant } from '../../domain/store-time';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { countTotal, expectedCash, US_DENOMINATIONS } from '../../domain/cash-drawer';
import type { DenominationCount, Movement } from '../../domain/cash-drawer';
import { cashDrawerMovements, cashDrawerSessions } from '../db/schema/cash-drawer';
import { cashFlowOf } from '../services/cash-drawer';
import { createSale } from '../services/sales/create';
import { prepareSale } from '../services/sales/prepare';
import { loadSaleStore } from '../services/sales/store';
import { cashTendered, demoCard, demoSaleWeek } from './demo-sales';
import type { DemoSale } from './demo-sales';

/** A name the seed's own data uses, resolved to its row id (a typo in the demo data fails the seed loudly). */
export function must<K, V>(map: ReadonlyMap<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo seed: unknown reference ${String(key)}`);
  return value;
}

export interface DemoSaleRefs {
  auth: AuthContext;
  userIds: ReadonlyMap<string, number>;
  serviceIds: ReadonlyMap<string, number>;
  /** By sku. */
  productIds: ReadonlyMap<string | null, number>;
  /** By normalised phone. */
  customerIds: ReadonlyMap<string | null, number>;
}

/** The store-local calendar day `days` before `date` (both YYYY-MM-DD). */
function daysBeforeDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

/** The instant a wall clock in `timeZone` reads `time` ('HH:MM') on `date` ('YYYY-MM-DD'). */
function storeInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return wallTimeToInstant(Date.UTC(y, m - 1, d, hh, mm), timeZone);
}

/**
 * A sale body as the till sends it (src/contracts/sales.ts SaleBody), parsed by the route's own schema so a
 * seeded sale passes the same validation as one rung up. The uuid is random: it is the public receipt's
 * unguessable address (docs/sales.md#receipts), not part of what the demo must reproduce.
 */
function demoSaleBody(sale: DemoSale, refs: DemoSaleRefs, uuid: string, payments: PaymentInput[]): SaleBody {
  return saleBodySchema.parse({
    uuid,
    status: payments.length > 0 ? SALE_STATUS.SALE : SALE_STATUS.DRAFT,
    customer_id: sale.customerPhone ? must(refs.customerIds, normalisePhone(sale.customerPhone)) : null,
    orderEmployees: sale.groups.map((group) => {
      const id = must(refs.userIds, group.technician);
      return {
        employee: { id },
        orderItems: group.lines.map((line) => ({
          ...(line.sku
            ? { item_id: must(refs.productIds, line.sku), item_type: ITEM_TYPE.PRODUCT }
            : { item_id: must(refs.serviceIds, line.service!), item_type: ITEM_TYPE.SERVICE }),
          quantity: line.quantity ?? 1,
          price: null,
        })),
        ...(group.tip ? { tips: { user_id: id, tip_amount: group.tip } } : {}),
      };
    }),
    payments,
  });
}

/**
 * The tenders of the `nth` sale for `amountDue`. Each carries taken_at, the sale's time: without it a payment
 * is stamped with the server's clock, and last week's sale would show its money taken today (the payments
 * list filters on taken_at, and a payment is voided only on the business day it was taken, payments/manage.ts).
 */
function demoPayments(sale: DemoSale, nth: number, amountDue: number, at: Date): PaymentInput[] {
  const taken_at = at.toISOString();
  const card = (amount: number): PaymentInput => ({
    payment_type: PAYMENT_TYPE.CREDIT,
    payment_amount: amount,
    payment_info: { ...demoCard(nth), taken_at },
  });
  const cash = (amount: number): PaymentInput => ({
    payment_type: PAYMENT_TYPE.CASH,
    payment_amount: amount,
    payment_info: { taken_at },
  });
  switch (sale.payment) {
    case 'card':
      return [card(amountDue)];
    case 'cash':
      return [cash(cashTendered(amountDue))];
    case 'card+cash': {
      // Half on the card in whole dollars, the rest in cash.
      const onCard = Math.floor(amountDue / 200) * 100;
      return [card(onCard), cash(cashTendered(amountDue - onCard))];
    }
  }
}

/**
 * Rings up the week (demo-sales.ts) as the demo cashier, oldest first so ticket and invoice numbers follow the
 * clock. Each sale is created with its own time as createSale's `now`: its order time, and so its business
 * date and daily ticket number (allocateSaleNumbers, store-local), its membership discount and the points it
 * earns are those of that day. The amount due is the server's (prepareSale on the sale as a draft, the same
 * arithmetic createSale repeats), so a card pays it exactly and cash gets change.
 */
export async function sellDemoWeek(tx: Queryable, now: Date, refs: DemoSaleRefs): Promise<void> {
  const store = await loadSaleStore(tx, refs.auth);
  const today = dayInTimeZone(now, store.timezone);
  const week = demoSaleWeek();
  for (const [nth, sale] of week.entries()) {
    const at = storeInstant(daysBeforeDate(today, sale.daysAgo), sale.at, store.timezone);
    const uuid = randomUUID();
    const draft = demoSaleBody(sale, refs, uuid, []);
    const { totals } = await prepareSale(tx, refs.auth, store, draft, { now: at, defaultOrderAt: at });
    const body = demoSaleBody(sale, refs, uuid, demoPayments(sale, nth, totals.total.total_price, at));
    await createSale(tx, refs.auth, body, at);
  }
}

/** An amount as a till holds it: largest bills first (a demo count, not a cashier's). */
function countOf(amount: number): DenominationCount {
  const count: Record<string, number> = {};
  let left = amount;
  for (const d of US_DENOMINATIONS) {
    const pieces = Math.floor(left / d.value);
    if (pieces > 0) count[d.id] = pieces;
    left -= pieces * d.value;
  }
  return count;
}

/**
 * Yesterday's drawer at the front desk, closed (docs/cash-drawer.md): opened at 9:00 with a $200 float, a
 * $15 pay out for supplies, closed at 20:00 with a count $2.00 short of what the day's cash sales, change and
 * refunds give (within the demo store's $5.00 tolerance, so no manager). Run after sellDemoWeek, so the
 * expected cash is the sales' own.
 */
export async function closeDemoDrawer(tx: Queryable, now: Date, auth: AuthContext): Promise<void> {
  const store = await loadSaleStore(tx, auth);
  const yesterday = daysBeforeDate(dayInTimeZone(now, store.timezone), 1);
  const openedAt = storeInstant(yesterday, '09:00', store.timezone);
  const closedAt = storeInstant(yesterday, '20:00', store.timezone);
  const workstationId = auth.workstationId ?? null;
  const openingCount = countOf(20_000);
  const movements: (Movement & { reason: string })[] = [
    { kind: 'pay_out', amount: 1_500, reason: 'Nail polish remover' },
  ];
  const flow = await cashFlowOf(tx, auth, workstationId, openedAt, closedAt);
  const expected = expectedCash(countTotal(openingCount), flow, movements).expected;
  const closingCount = countOf(expected - 200);
  const [session] = await tx
    .insert(cashDrawerSessions)
    .values({
      tenantId: auth.tenantId,
      storeId: store.id,
      workstationId,
      openedBy: auth.userId,
      openedAt,
      openingCount,
      openingFloat: countTotal(openingCount),
      closedBy: auth.userId,
      closedAt,
      closingCount,
      countedCash: countTotal(closingCount),
      expectedCash: expected,
      overShort: countTotal(closingCount) - expected,
    })
    .returning({ id: cashDrawerSessions.id });
  await tx.insert(cashDrawerMovements).values(
    movements.map((m) => ({
      tenantId: auth.tenantId,
      storeId: store.id,
      sessionId: session!.id,
      kind: m.kind,
      amount: m.amount,
      reason: m.reason,
      createdBy: auth.userId,
      createdAt: storeInstant(yesterday, '13:30', store.timezone),
    })),
  );
}
