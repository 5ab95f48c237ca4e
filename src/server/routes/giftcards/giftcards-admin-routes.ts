/**
 * /api/giftcards, the back office's gift cards (docs/back-office.md "Gift cards"; docs/api.md#endpoints "Gift
 * cards: /giftcards, /giftcards/{id}, /giftcards/{id}/histories, /giftcards/bulk, /giftcards/export (POST,
 * returns base64 contents saved as giftcards_export.csv), /giftcards/import (multipart)"): a config of the
 * resource factory. Cards are the tenant's (a card sold in one store is spent in any, schema giftcards.ts);
 * the screen is the Gift card module's and the admin's (docs/roles.md#access-rules).
 *
 * The balance is a ledger (schema ledger-histories.ts): it is never written by an edit, only moved with a
 * history row in the same transaction, so a card's history always adds up to its balance:
 * - create = issue: the balance starts at the initial amount, with an 'issue' row of that amount (also for
 *   each card an import commits, in one statement per batch);
 * - reload: `balance = balance + $amount returning` under the row lock, as a sale's debit is
 *   (services/balance-moves.ts), with a 'reload' row;
 * - deactivate / activate (row actions and bulk disable / enable): the flag, with a row of amount 0.
 */
import { eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ERROR_CODE } from '../../../contracts/error-codes';
import {
  createGiftcardBody,
  GIFTCARD_CSV_COLUMNS,
  giftcardHistorySchema,
  giftcardRowSchema,
  reloadGiftcardBody,
  updateGiftcardBody,
} from '../../../contracts/giftcards';
import type { GiftcardRow } from '../../../contracts/giftcards';
import type { ReloadGiftcardBody } from '../../../contracts/giftcards';
import { MODULE } from '../../../domain/constants';
import { normaliseCode } from '../../../domain/normalise';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { booleanFilter, containsPattern, listFilter, listQuerySchemaFor } from '../../db/list-query';
import type { ListInput } from '../../db/list-query';
import { customers } from '../../db/schema/customers';
import { giftcards } from '../../db/schema/giftcards';
import { giftcardHistories } from '../../db/schema/ledger-histories';
import { salePayments } from '../../db/schema/sales';
import { tenantIdWhere, tenantWhere } from '../../db/scoped';
import { unprocessable } from '../../errors';
import type { InUseCheck, RowActionContext, WriteContext } from '../../resources/resource-config';
import {
  BACK_OFFICE_ROLES,
  defineResource,
  registerResource,
  usedBy,
} from '../../resources/resource-factory';
import { checkReference, timestampSorts } from '../../resources/resource-parts';
import { moveGiftcardBalance } from '../../services/balance-moves';
import { dayRangeFilters, GIFTCARD_HISTORY_LIST, giftcardHistoryPage } from '../../services/giftcards';

export const DUPLICATE_GIFTCARD_MESSAGE = 'A gift card with this number already exists.';
export const GIFTCARD_INACTIVE_MESSAGE = 'This gift card is deactivated: activate it before reloading it.';
const CUSTOMER_MESSAGE = 'Choose a customer of this salon.';
const DAY_MS = 86_400_000;

type Record_ = typeof giftcards.$inferSelect;
type Insert = typeof giftcards.$inferInsert;

/**
 * The last day a card pays (YYYY-MM-DD) ↔ the instant it stops paying, the start of the next UTC day: the
 * sale refuses a card whose expires_at is past (services/payments/tenders.ts), so the named day still pays.
 */
function expiryInstant(lastDay: string | null): Date | null {
  return lastDay === null ? null : new Date(Date.parse(`${lastDay}T00:00:00.000Z`) + DAY_MS);
}
function lastDayOf(expiresAt: Date | null): string | null {
  return expiresAt === null ? null : new Date(expiresAt.getTime() - 1).toISOString().slice(0, 10);
}

function toRow(record: Record_): GiftcardRow {
  return {
    id: record.id,
    number: record.number,
    balance: record.balance,
    initial_amount: record.initialAmount,
    customer_id: record.customerId,
    expires_at: lastDayOf(record.expiresAt),
    notes: record.notes,
    store_id: record.storeId,
    is_active: record.isActive,
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
  };
}

/** The column values of the fields a create or update body carries; the customer must be the tenant's. */
async function fieldValues(
  body: z.output<typeof updateGiftcardBody>,
  { db, auth }: WriteContext,
): Promise<Partial<Insert>> {
  await checkReference(
    db,
    auth,
    { table: customers, scope: 'tenant', field: 'customer_id', message: CUSTOMER_MESSAGE },
    body.customer_id,
  );
  const values: Partial<Insert> = {};
  if (body.number !== undefined) values.number = body.number;
  if (body.customer_id !== undefined) values.customerId = body.customer_id;
  if (body.expires_at !== undefined) values.expiresAt = expiryInstant(body.expires_at);
  if (body.notes !== undefined) values.notes = body.notes;
  return values;
}

/**
 * The 'issue' rows of newly inserted cards, one statement for any number of them (an import's batch): each
 * row credits the card's initial amount, which is its balance.
 */
async function writeIssueHistories(db: Queryable, auth: AuthContext, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    insert into ${giftcardHistories}
      (tenant_id, giftcard_id, store_id, kind, amount, balance_after, user_id, created_at)
    select tenant_id, id, ${auth.storeId}::bigint, 'issue', initial_amount, balance, ${auth.userId}::bigint, created_at
    from ${giftcards}
    where tenant_id = ${auth.tenantId} and id = any(${sql.param([...ids])}::bigint[])`);
}

/** Switches a card off or on with its history row (amount 0, the balance as it is). */
async function setActive(
  { db, auth, id }: Pick<RowActionContext<typeof giftcards>, 'db' | 'auth' | 'id'>,
  active: boolean,
): Promise<Record_> {
  const [after] = await db
    .update(giftcards)
    .set({ isActive: active })
    .where(tenantIdWhere(giftcards, auth, id))
    .returning();
  await db.insert(giftcardHistories).values({
    tenantId: auth.tenantId,
    giftcardId: id,
    storeId: auth.storeId,
    kind: active ? 'activate' : 'deactivate',
    amount: 0,
    balanceAfter: after!.balance,
    userId: auth.userId,
  });
  return after!;
}

/** Adds to a deactivated card nothing: it must be activated first, so a card off stays as it was left. */
async function reload(body: ReloadGiftcardBody, ctx: RowActionContext<typeof giftcards>): Promise<Record_> {
  const { db, auth, id } = ctx;
  const balance = await moveGiftcardBalance(db, auth, id, {
    storeId: auth.storeId,
    saleId: null,
    kind: 'reload',
    amount: body.amount,
    note: body.note ?? null,
    onlyActive: true,
  });
  if (balance === null) {
    throw unprocessable(GIFTCARD_INACTIVE_MESSAGE, undefined, ERROR_CODE.GIFTCARD_INACTIVE);
  }
  const [after] = await db
    .select()
    .from(giftcards)
    .where(tenantIdWhere(giftcards, auth, id));
  return after!;
}

/**
 * A card a sale has touched (a payment, or a history row of a sale: sold, spent, refunded) stays: its history
 * is the sale's record too. A card only issued, reloaded or switched off and on may be deleted (a mistake).
 */
const inUse: InUseCheck = async (db, auth, id) => {
  const [payments, sales] = await Promise.all([
    usedBy({ resource: 'payments', table: salePayments, column: salePayments.giftcardId })(db, auth, id),
    db
      .select({ n: sql<number>`count(distinct ${giftcardHistories.saleId})::int` })
      .from(giftcardHistories)
      .where(
        tenantWhere(
          giftcardHistories,
          auth,
          eq(giftcardHistories.giftcardId, id),
          isNotNull(giftcardHistories.saleId),
        ),
      ),
  ]);
  const sold = sales[0]?.n ?? 0;
  return [...payments, ...(sold > 0 ? [{ resource: 'sales', count: sold }] : [])];
};

export const GIFTCARD_RESOURCE = defineResource({
  name: 'giftcards',
  label: 'Gift card',
  table: giftcards,
  scope: 'tenant',
  module: MODULE.GIFTCARD,
  roles: BACK_OFFICE_ROLES,
  row: giftcardRowSchema,
  toRow,
  createBody: createGiftcardBody,
  updateBody: updateGiftcardBody,
  toInsert: async (body, ctx) => ({
    ...(await fieldValues(body, ctx)),
    // Issued here, with its whole amount on it; the 'issue' history row follows (afterInsert).
    initialAmount: body.initial_amount,
    balance: body.initial_amount,
    storeId: ctx.auth.storeId,
  }),
  toUpdate: (body, ctx) => fieldValues(body, ctx),
  list: {
    sort: {
      number: giftcards.number,
      balance: giftcards.balance,
      initial_amount: giftcards.initialAmount,
      expires_at: giftcards.expiresAt,
      ...timestampSorts(giftcards),
    },
    defaultSort: '-created_at',
    tiebreak: giftcards.id,
    filters: {
      is_active: booleanFilter(giftcards.isActive),
      customer_id: listFilter(z.coerce.number().int().positive(), (id: number) =>
        eq(giftcards.customerId, id),
      ),
      ...dayRangeFilters(giftcards.createdAt),
    },
    // The number as stored (normalised, upper case) and the notes.
    search: (term) => {
      const number = normaliseCode(term).toUpperCase();
      const conditions = [sql`${giftcards.notes} ilike ${containsPattern(term)}`];
      if (number !== '') conditions.unshift(sql`${giftcards.number} like ${containsPattern(number)}`);
      return sql`(${sql.join(conditions, sql` or `)})`;
    },
  },
  unique: [
    {
      field: 'number',
      column: giftcards.number,
      index: 'giftcards_tenant_number_key',
      message: DUPLICATE_GIFTCARD_MESSAGE,
    },
  ],
  inUse,
  active: giftcards.isActive,
  setActive: (ctx, active) => setActive(ctx, active),
  afterInsert: writeIssueHistories,
  importColumns: GIFTCARD_CSV_COLUMNS,
  exportColumns: [
    { header: 'number', value: (row) => row.number },
    { header: 'initial_amount', value: (row) => row.initial_amount },
    { header: 'customer_id', value: (row) => row.customer_id },
    { header: 'expires_at', value: (row) => row.expires_at },
    { header: 'notes', value: (row) => row.notes },
    { header: 'balance', value: (row) => row.balance },
    { header: 'is_active', value: (row) => row.is_active },
    { header: 'created_at', value: (row) => row.created_at },
  ],
  exportRoute: { method: 'POST', encoding: 'base64', filename: 'giftcards_export.csv' },
  rowActions: [
    {
      name: 'reload',
      summary: 'Add to a gift card: balance + amount, with a reload history row',
      message: 'Gift card reloaded.',
      body: reloadGiftcardBody,
      run: reload,
    },
    {
      name: 'deactivate',
      summary: 'Switch a gift card off (it cannot pay), with a deactivate history row',
      message: 'Gift card deactivated.',
      run: async (_body, ctx) => (ctx.before.isActive ? setActive(ctx, false) : ctx.before),
    },
    {
      name: 'activate',
      summary: 'Switch a gift card on again, with an activate history row',
      message: 'Gift card activated.',
      run: async (_body, ctx) => (ctx.before.isActive ? ctx.before : setActive(ctx, true)),
    },
  ],
  histories: {
    summary:
      "A gift card's history (issue, reload, sale, refund, ...), newest first: filter kind, sale_id, date_from, date_to",
    query: listQuerySchemaFor(GIFTCARD_HISTORY_LIST),
    item: giftcardHistorySchema,
    list: (db, auth, id, query) => giftcardHistoryPage(db, auth, id, query as ListInput),
  },
});

export function registerGiftcardAdminRoutes(app: FastifyInstance): void {
  registerResource(app, GIFTCARD_RESOURCE);
}
