/**
 * POS gift card reads (docs/sales.md#the-sale-screen sale screen: gift card details and histories;
 * docs/api.md#endpoints pos/giftcards/{id}, pos/giftcards/{id}/histories). Cards belong to the tenant and are
 * spent in any of its stores (schema giftcards.ts), so lookups are tenant-scoped; another tenant's card is a
 * plain 404.
 *
 * Details are answered for inactive and expired cards too (with is_active, is_expired and is_usable): the
 * cashier must see why a card cannot pay. Spending is the sale's business (atomic debit with history).
 */
import { and, asc, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Page } from '../../contracts/envelope';
import { ERROR_CODE } from '../../contracts/error-codes';
import type { GiftcardHistoryQuery, GiftcardHistoryView, GiftcardView } from '../../contracts/giftcards';
import { normaliseCode } from '../../domain/normalise';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { customers } from '../db/schema/customers';
import { giftcards } from '../db/schema/giftcards';
import { giftcardHistories } from '../db/schema/ledger-histories';
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

/** The day after a YYYY-MM-DD date, as a UTC instant (an inclusive "to" date becomes an exclusive bound). */
function dayAfter(date: string): Date {
  const d = new Date(`${date}T00:00:00.000Z`);
  return new Date(d.getTime() + 86_400_000);
}

const HISTORY_SORT = {
  created_at: giftcardHistories.createdAt,
  amount: giftcardHistories.amount,
} as const;

/** GET /api/pos/giftcards/{id}/histories: the card's ledger, newest first by default, paged. */
export async function listGiftcardHistories(
  db: Queryable,
  auth: AuthContext,
  idOrNumber: string,
  query: GiftcardHistoryQuery,
): Promise<Page<GiftcardHistoryView>> {
  const card = await findCard(db, auth, idOrNumber);
  const filter = query.filter ?? {};
  const where = tenantWhere(
    giftcardHistories,
    auth,
    eq(giftcardHistories.giftcardId, card.id),
    filter.kind ? eq(giftcardHistories.kind, filter.kind) : undefined,
    filter.sale_id !== undefined ? eq(giftcardHistories.saleId, filter.sale_id) : undefined,
    filter.date_from
      ? gte(giftcardHistories.createdAt, new Date(`${filter.date_from}T00:00:00.000Z`))
      : undefined,
    filter.date_to ? lt(giftcardHistories.createdAt, dayAfter(filter.date_to)) : undefined,
  );
  const sort = query.sort?.length ? query.sort : [{ field: 'created_at' as const, desc: true }];
  const tieBreak = sort[0]?.desc ? desc(giftcardHistories.id) : asc(giftcardHistories.id);
  const [rows, [total]] = await Promise.all([
    db
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
      .where(where)
      .orderBy(
        ...sort.map((t) => (t.desc ? desc(HISTORY_SORT[t.field]) : asc(HISTORY_SORT[t.field]))),
        tieBreak,
      )
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(giftcardHistories).where(where),
  ]);
  return {
    items: rows.map((r) => ({
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
    })),
    total: total?.n ?? 0,
    page: query.page,
    per_page: query.per_page,
  };
}
