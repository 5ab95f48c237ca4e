/**
 * POS gift card reads (docs/sales.md#the-sale-screen sale screen: gift card details and histories;
 * docs/api.md#endpoints pos/giftcards/{id}, pos/giftcards/{id}/histories). Cards belong to the tenant and are
 * spent in any of its stores (schema giftcards.ts), so lookups are tenant-scoped; another tenant's card is a
 * plain 404.
 *
 * Details are answered for inactive and expired cards too (with is_active, is_expired and is_usable): the
 * cashier must see why a card cannot pay. Spending is the sale's business (atomic debit with history).
 */
import { and, eq, gte, lt } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Page } from '../../contracts/envelope';
import { ERROR_CODE } from '../../contracts/error-codes';
import { GIFTCARD_HISTORY_KIND_VALUES } from '../../contracts/giftcards';
import type { GiftcardHistoryQuery, GiftcardHistoryView, GiftcardView } from '../../contracts/giftcards';
import { normaliseCode } from '../../domain/normalise';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { fetchPage, listFilter, planList } from '../db/list-query';
import type { ListFilter, ListInput, ListSpec } from '../db/list-query';
import { customers } from '../db/schema/customers';
import { giftcards } from '../db/schema/giftcards';
import { giftcardHistories } from '../db/schema/ledger-histories';
import type { GiftcardHistoryKind } from '../db/schema/ledger-histories';
import { users } from '../db/schema/users';
import { tenantWhere } from '../db/scoped';
import { notFound } from '../errors';

export const GIFTCARD_NOT_FOUND = 'Gift card not found.';

/** The stored form of a typed or scanned card number (schema: normaliseCode, upper case, ≤ 64). */
export function giftcardNumber(input: string): string | null {
  const number = normaliseCode(input).toUpperCase();
  return number.length >= 1 && number.length <= 64 ? number : null;
}

const detailColumns = {
  id: giftcards.id,
  number: giftcards.number,
  balance: giftcards.balance,
  initialAmount: giftcards.initialAmount,
  isActive: giftcards.isActive,
  expiresAt: giftcards.expiresAt,
  storeId: giftcards.storeId,
  createdAt: giftcards.createdAt,
  customerId: customers.id,
  customerFirstName: customers.firstName,
  customerLastName: customers.lastName,
  customerPhone: customers.phone,
};

async function selectCard(db: Queryable, auth: AuthContext, condition: SQL) {
  const [row] = await db
    .select(detailColumns)
    .from(giftcards)
    .leftJoin(
      customers,
      and(eq(customers.tenantId, giftcards.tenantId), eq(customers.id, giftcards.customerId)),
    )
    .where(tenantWhere(giftcards, auth, condition))
    .limit(1);
  return row ?? null;
}

/**
 * The card named by `idOrNumber`: its number first (what the cashier types or scans), then, for a whole
 * number, its id (what a client that already listed the card sends).
 */
async function findCard(db: Queryable, auth: AuthContext, idOrNumber: string) {
  const number = giftcardNumber(idOrNumber);
  const byNumber = number ? await selectCard(db, auth, eq(giftcards.number, number)) : null;
  if (byNumber) return byNumber;
  const trimmed = idOrNumber.trim();
  if (/^\d{1,16}$/.test(trimmed)) {
    const id = Number(trimmed);
    if (id > 0 && Number.isSafeInteger(id)) {
      const byId = await selectCard(db, auth, eq(giftcards.id, id));
      if (byId) return byId;
    }
  }
  throw notFound(GIFTCARD_NOT_FOUND, ERROR_CODE.GIFTCARD_NOT_FOUND);
}

/** GET /api/pos/giftcards/{id}. */
export async function getGiftcard(
  db: Queryable,
  auth: AuthContext,
  idOrNumber: string,
  now: Date = new Date(),
): Promise<GiftcardView> {
  const card = await findCard(db, auth, idOrNumber);
  const isExpired = card.expiresAt !== null && card.expiresAt.getTime() <= now.getTime();
  return {
    id: card.id,
    number: card.number,
    balance: card.balance,
    initial_amount: card.initialAmount,
    is_active: card.isActive,
    expires_at: card.expiresAt ? card.expiresAt.toISOString() : null,
    is_expired: isExpired,
    is_usable: card.isActive && !isExpired && card.balance > 0,
    customer:
      card.customerId !== null
        ? {
            id: card.customerId,
            name: `${card.customerFirstName ?? ''} ${card.customerLastName ?? ''}`.trim(),
            phone: card.customerPhone,
          }
        : null,
    store_id: card.storeId,
    created_at: card.createdAt.toISOString(),
  };
}

const DAY_MS = 86_400_000;
const isoDay = z.iso.date('Use a date as YYYY-MM-DD.');
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** `filter[date_from]` and `filter[date_to]` on a timestamp: UTC days, both ends included. */
export function dayRangeFilters(column: AnyPgColumn): Record<'date_from' | 'date_to', ListFilter> {
  return {
    date_from: listFilter(isoDay, (day: string): SQL => gte(column, dayStart(day))),
    date_to: listFilter(isoDay, (day: string): SQL => lt(column, new Date(dayStart(day).getTime() + DAY_MS))),
  };
}

/**
 * A card's history in the one list dialect (docs/back-office.md "Lists"), for the POS's
 * pos/giftcards/{id}/histories and the back office's /giftcards/{id}/histories alike: newest first unless
 * sorted by `amount`; filters kind, sale_id and the days.
 */
export const GIFTCARD_HISTORY_LIST: ListSpec = {
  sort: { created_at: giftcardHistories.createdAt, amount: giftcardHistories.amount },
  defaultSort: '-created_at',
  tiebreak: giftcardHistories.id,
  filters: {
    kind: listFilter(z.enum(GIFTCARD_HISTORY_KIND_VALUES), (kind: GiftcardHistoryKind) =>
      eq(giftcardHistories.kind, kind),
    ),
    sale_id: listFilter(z.coerce.number().int().positive(), (id: number) => eq(giftcardHistories.saleId, id)),
    ...dayRangeFilters(giftcardHistories.createdAt),
  },
};

/** One page of a card's history, with who wrote each row. */
export async function giftcardHistoryPage(
  db: Queryable,
  auth: AuthContext,
  giftcardId: number,
  query: ListInput,
): Promise<Page<GiftcardHistoryView>> {
  const plan = planList(
    GIFTCARD_HISTORY_LIST,
    query,
    tenantWhere(giftcardHistories, auth, eq(giftcardHistories.giftcardId, giftcardId)),
  );
  return fetchPage(db, plan, giftcardHistories, async (p) => {
    const rows = await db
      .select({
        id: giftcardHistories.id,
        giftcardId: giftcardHistories.giftcardId,
        kind: giftcardHistories.kind,
        amount: giftcardHistories.amount,
        balanceAfter: giftcardHistories.balanceAfter,
        saleId: giftcardHistories.saleId,
        storeId: giftcardHistories.storeId,
        userId: giftcardHistories.userId,
        userName: users.displayName,
        note: giftcardHistories.note,
        createdAt: giftcardHistories.createdAt,
      })
      .from(giftcardHistories)
      .leftJoin(
        users,
        and(eq(users.tenantId, giftcardHistories.tenantId), eq(users.id, giftcardHistories.userId)),
      )
      .where(p.where)
      .orderBy(...p.orderBy)
      .limit(p.limit)
      .offset(p.offset);
    return rows.map((r) => ({
      id: r.id,
      giftcard_id: r.giftcardId,
      kind: r.kind,
      amount: r.amount,
      balance_after: r.balanceAfter,
      sale_id: r.saleId,
      store_id: r.storeId,
      user_id: r.userId,
      user_name: r.userName,
      note: r.note,
      created_at: r.createdAt.toISOString(),
    }));
  });
}

/** GET /api/pos/giftcards/{id}/histories: the card's ledger, newest first by default, paged. */
export async function listGiftcardHistories(
  db: Queryable,
  auth: AuthContext,
  idOrNumber: string,
  query: GiftcardHistoryQuery,
): Promise<Page<GiftcardHistoryView>> {
  const card = await findCard(db, auth, idOrNumber);
  return giftcardHistoryPage(db, auth, card.id, query);
}
