/**
 * GET /api/report/giftcard and /api/report/giftcard/details (docs/reports.md "Gift cards"): what moved on the
 * store's gift cards in the period, read from the card ledger (giftcard_histories, written in the same
 * transaction as every balance change, db/schema/ledger-histories.ts), and what the cards owe now.
 *
 * A movement is the store's when it was made in the store (its store_id). Cards are tenant-wide (a card
 * sold here may be spent in another store), so a card's rows here are its movements in this store; its
 * balance is the card's.
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import {
  GIFTCARD_DETAILS_SORTS,
  GIFTCARD_SORTS,
  giftcardDetailsParams,
  giftcardDetailsTotalsSchema,
  giftcardHistoryRowSchema,
  giftcardRowSchema,
  giftcardTotalsSchema,
} from '../../contracts/reports-store';
import type { GiftcardFigures, GiftcardHistoryRow, GiftcardReportRow } from '../../contracts/reports-store';
import { REPORT_ACCESS } from '../auth/access';
import { notFound } from '../errors';
import { defineReport } from './report-factory';
import type { ReportContext, ReportRecord } from './report-factory';
import { inRange, storeDay } from './sale-figures';

/** Movements that belong to their sale's time: a card sold on it, a card spent on it. */
const OF_SALE = sql`h.kind in ('issue', 'sale') and h.sale_id is not null`;

/**
 * The store's card movements in the range, each with its store day `day`. A card sold or spent on a sale is of
 * the sale's day (sales.order_at, as every sales figure is: an offline sale replayed later keeps its day);
 * every other movement (a refund or void giving back or taking back, a reload, an adjustment) of when it was
 * made, as a refund is. The people filters: `cashier_id` keeps the movements that person made (the history's
 * user), `user_id` those of sales the employee worked on.
 */
function movements(ctx: ReportContext, giftcardId?: number): SQL {
  const card = giftcardId === undefined ? sql`` : sql` and h.giftcard_id = ${giftcardId}`;
  const cashier = ctx.cashierId === undefined ? sql`` : sql` and h.user_id = ${ctx.cashierId}`;
  const worker =
    ctx.userId === undefined
      ? sql``
      : sql` and exists (select 1 from sale_employees e where e.tenant_id = h.tenant_id
          and e.sale_id = h.sale_id and e.user_id = ${ctx.userId})`;
  const filters = sql`${card}${cashier}${worker}`;
  return sql`select h.*, ${storeDay(ctx, sql`h.created_at`)} as day from giftcard_histories h
    where h.tenant_id = ${ctx.tenantId} and h.store_id = ${ctx.storeId}
      and ${inRange(ctx, sql`h.created_at`)} and not (${OF_SALE})${filters}
    union all
    select h.*, ${storeDay(ctx, sql`s.order_at`)} as day from sales s
    join giftcard_histories h on h.tenant_id = s.tenant_id and h.sale_id = s.id
    where s.tenant_id = ${ctx.tenantId} and s.store_id = ${ctx.storeId} and ${inRange(ctx, sql`s.order_at`)}
      and h.store_id = ${ctx.storeId} and ${OF_SALE}${filters}`;
}

/** The figures of a set of movements `h` (an aggregate: group it or not). */
const FIGURES = sql`count(*) as movements,
  coalesce(sum(h.amount) filter (where h.kind in ('issue', 'reload')), 0) as loaded,
  coalesce(-sum(h.amount) filter (where h.kind = 'sale'), 0) as redeemed,
  coalesce(sum(h.amount) filter (where h.kind in ('refund', 'void') and h.amount > 0), 0) as returned,
  coalesce(-sum(h.amount) filter (where h.kind in ('refund', 'void') and h.amount < 0), 0) as taken_back,
  coalesce(sum(h.amount) filter (where h.kind = 'adjust'), 0) as adjusted,
  coalesce(sum(h.amount), 0) as net_change`;

function cardRows(ctx: ReportContext, giftcardId?: number): SQL {
  return sql`select m.*, g.number, g.balance, g.is_active,
      nullif(btrim(concat_ws(' ', c.first_name, c.last_name)), '') as customer_name
    from (select h.giftcard_id, ${FIGURES} from (${movements(ctx, giftcardId)}) as h group by h.giftcard_id) as m
    join giftcards g on g.tenant_id = ${ctx.tenantId} and g.id = m.giftcard_id
    left join customers c on c.tenant_id = g.tenant_id and c.id = g.customer_id`;
}

const n = (record: ReportRecord, column: string): number => Number(record[column] ?? 0);

function figuresOf(record: ReportRecord): GiftcardFigures {
  return {
    movements: n(record, 'movements'),
    loaded: n(record, 'loaded'),
    redeemed: n(record, 'redeemed'),
    returned: n(record, 'returned'),
    taken_back: n(record, 'taken_back'),
    adjusted: n(record, 'adjusted'),
    net_change: n(record, 'net_change'),
  };
}

function cardOf(record: ReportRecord): GiftcardReportRow {
  return {
    giftcard_id: n(record, 'giftcard_id'),
    number: String(record.number ?? ''),
    customer_name: record.customer_name == null ? null : String(record.customer_name),
    is_active: record.is_active === true,
    balance: n(record, 'balance'),
    ...figuresOf(record),
  };
}

export const GIFTCARD_REPORT = defineReport({
  name: 'giftcard',
  summary: "Per gift card moved in the store: loaded, redeemed, given back, taken back; the cards' liability",
  // docs/roles.md#access-rules: the gift card report needs a PIN check first.
  access: REPORT_ACCESS,
  sortFields: GIFTCARD_SORTS,
  defaultSort: 'number',
  tiebreak: 'giftcard_id',
  row: giftcardRowSchema,
  rows: (ctx) => cardRows(ctx),
  toRow: cardOf,
  totals: giftcardTotalsSchema,
  loadTotals: async (ctx) => {
    const moved = await ctx.db.execute<ReportRecord>(
      sql`select ${FIGURES}, count(distinct h.giftcard_id) as cards from (${movements(ctx)}) as h`,
    );
    // What the store's cards owe now: the liability does not depend on the period.
    const owed = await ctx.db.execute<ReportRecord>(
      sql`select count(*) filter (where balance > 0) as outstanding_cards,
          coalesce(sum(balance), 0) as outstanding_balance
        from giftcards where tenant_id = ${ctx.tenantId} and store_id = ${ctx.storeId}`,
    );
    const m = moved.rows[0] ?? {};
    const o = owed.rows[0] ?? {};
    return {
      ...figuresOf(m),
      cards: n(m, 'cards'),
      outstanding_cards: n(o, 'outstanding_cards'),
      outstanding_balance: n(o, 'outstanding_balance'),
    };
  },
  csv: [
    { header: 'giftcard_id', value: (r) => r.giftcard_id },
    { header: 'number', value: (r) => r.number },
    { header: 'customer', value: (r) => r.customer_name },
    { header: 'active', value: (r) => (r.is_active ? 1 : 0) },
    { header: 'movements', value: (r) => r.movements },
    { header: 'loaded', value: (r) => r.loaded },
    { header: 'redeemed', value: (r) => r.redeemed },
    { header: 'returned', value: (r) => r.returned },
    { header: 'taken_back', value: (r) => r.taken_back },
    { header: 'adjusted', value: (r) => r.adjusted },
    { header: 'net_change', value: (r) => r.net_change },
    { header: 'balance', value: (r) => r.balance },
  ],
});

function historyOf(record: ReportRecord): GiftcardHistoryRow {
  const at = record.created_at;
  return {
    id: n(record, 'id'),
    created_at: (at instanceof Date ? at : new Date(String(at))).toISOString(),
    date: String(record.date),
    kind: String(record.kind) as GiftcardHistoryRow['kind'],
    amount: n(record, 'amount'),
    balance_after: n(record, 'balance_after'),
    sale_id: record.sale_id == null ? null : n(record, 'sale_id'),
    invoice_no: record.invoice_no == null ? null : String(record.invoice_no),
    user_name: record.user_name == null ? null : String(record.user_name),
    note: record.note == null ? null : String(record.note),
  };
}

/** The card named by `giftcard_id`, of the caller's tenant (cards are tenant-wide); else a 404. */
async function loadCard(ctx: ReportContext): Promise<ReportRecord> {
  const card = await ctx.db.execute<ReportRecord>(
    sql`select g.id as giftcard_id, g.number, g.balance, g.is_active,
        nullif(btrim(concat_ws(' ', c.first_name, c.last_name)), '') as customer_name
      from giftcards g left join customers c on c.tenant_id = g.tenant_id and c.id = g.customer_id
      where g.tenant_id = ${ctx.tenantId} and g.id = ${Number(ctx.params.giftcard_id)}`,
  );
  const row = card.rows[0];
  if (!row) throw notFound('No such gift card.');
  return row;
}

export const GIFTCARD_DETAILS_REPORT = defineReport({
  name: 'giftcard/details',
  summary: "One gift card's movements in the store in the period (giftcard_id)",
  params: giftcardDetailsParams,
  access: REPORT_ACCESS,
  sortFields: GIFTCARD_DETAILS_SORTS,
  defaultSort: 'created_at',
  tiebreak: 'id',
  row: giftcardHistoryRowSchema,
  rows: (ctx) => sql`select h.id, h.created_at, h.day::text as date, h.kind,
      h.amount, h.balance_after, h.sale_id, s.invoice_no, u.display_name as user_name, h.note
    from (${movements(ctx, Number(ctx.params.giftcard_id))}) as h
    left join sales s on s.tenant_id = h.tenant_id and s.id = h.sale_id
    left join users u on u.tenant_id = h.tenant_id and u.id = h.user_id`,
  toRow: historyOf,
  totals: giftcardDetailsTotalsSchema,
  // Another tenant's card, or none: a 404 that tells nothing, on the export too.
  check: async (ctx) => {
    await loadCard(ctx);
  },
  loadTotals: async (ctx) => {
    const row = await loadCard(ctx);
    const moved = await ctx.db.execute<ReportRecord>(
      sql`select ${FIGURES} from (${movements(ctx, Number(ctx.params.giftcard_id))}) as h`,
    );
    return cardOf({ ...row, ...(moved.rows[0] ?? {}) });
  },
  csv: [
    { header: 'id', value: (r) => r.id },
    { header: 'created_at', value: (r) => r.created_at },
    { header: 'date', value: (r) => r.date },
    { header: 'kind', value: (r) => r.kind },
    { header: 'amount', value: (r) => r.amount },
    { header: 'balance_after', value: (r) => r.balance_after },
    { header: 'invoice_no', value: (r) => r.invoice_no },
    { header: 'user', value: (r) => r.user_name },
    { header: 'note', value: (r) => r.note },
  ],
});
