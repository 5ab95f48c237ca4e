/**
 * GET /api/report/payment-analysis/summary (docs/reports.md "Payment analysis"): one row per tender, all twelve
 * payment types in type order, over the period.
 *
 * - count, amount, tips: the payments still taken (approved or refunded) of the sales of the range, by the
 *   sale's order time, amount plus card tip: the same rows and rules as the daily report's tenders
 *   (sale-figures.ts), so a tender's amount here is its `payments` amount there;
 * - refunds: the parts of the refunds made in the range paid back through the tender (sale_refunds.payments);
 * - card fees (credit only): per sale, round(what its card payments took × the card fee percent it was rung
 *   with / 100), the sale's order_snapshot settings or else the store's setting now (docs/money.md "Card
 *   fee"), computed by src/domain/report-ratios.ts from the sales grouped by amount and percent.
 */
import { sql } from 'drizzle-orm';
import {
  PAYMENT_ANALYSIS_SORTS,
  paymentAnalysisRowSchema,
  paymentAnalysisTotalsSchema,
} from '../../contracts/reports-customers';
import type { PaymentAnalysisRow } from '../../contracts/reports-customers';
import { PAYMENT_TYPE, PAYMENT_TYPES } from '../../domain/constants';
import type { PaymentType } from '../../domain/constants';
import { cardFees } from '../../domain/report-ratios';
import type { CardFeeGroup } from '../../domain/report-ratios';
import { REPORT_ACCESS } from '../auth/access';
import { SALE_PAYMENT_STATUS } from '../db/schema/sales';
import { defineReport } from './report-factory';
import type { ReportContext, ReportRecord } from './report-factory';
import { inRange, personFilter, salesInRange } from './sale-figures';

const TAKEN = sql.raw(`'${SALE_PAYMENT_STATUS.APPROVED}', '${SALE_PAYMENT_STATUS.REFUNDED}'`);
const CREDIT = sql.raw(String(PAYMENT_TYPE.CREDIT));
const TYPES = sql.raw(PAYMENT_TYPES.join(', '));

/** The store's card fee percent now, when a number (the settings' own validation keeps it in 0-100). */
function storeFeePercent(ctx: ReportContext) {
  return sql`(select case when jsonb_typeof(st.settings -> 'creditcard_fee_percent') = 'number'
      then (st.settings ->> 'creditcard_fee_percent')::numeric end
    from stores st where st.tenant_id = ${ctx.tenantId} and st.id = ${ctx.storeId})`;
}

function tenderRows(ctx: ReportContext) {
  return sql`with s as (${salesInRange(ctx)}),
    p as (
      select p.payment_type, count(*) as count, sum(p.amount + p.tip_amount) as amount, sum(p.tip_amount) as tips
      from s join sale_payments p on p.tenant_id = s.tenant_id and p.store_id = s.store_id and p.sale_id = s.id
      where p.status in (${TAKEN})
      group by p.payment_type
    ),
    r as (
      select (e.value ->> 'payment_type')::int as payment_type, count(*) as refunds_count,
        sum((e.value ->> 'amount')::bigint) as refunds
      from sale_refunds r
      join sales s on s.tenant_id = r.tenant_id and s.store_id = r.store_id and s.id = r.sale_id
      cross join jsonb_array_elements(r.payments) e
      where r.tenant_id = ${ctx.tenantId} and r.store_id = ${ctx.storeId}
        and ${inRange(ctx, sql`r.created_at`)}${personFilter(ctx, 's')}
      group by 1
    ),
    fs as (
      select c.credit,
        coalesce(case when jsonb_typeof(o.order_snapshot -> 'settings' -> 'creditcard_fee_percent') = 'number'
          then (o.order_snapshot -> 'settings' ->> 'creditcard_fee_percent')::numeric end,
          ${storeFeePercent(ctx)}, 0) as percent
      from (
        select s.tenant_id, s.id, sum(p.amount + p.tip_amount) as credit
        from s join sale_payments p on p.tenant_id = s.tenant_id and p.store_id = s.store_id and p.sale_id = s.id
        where p.status in (${TAKEN}) and p.payment_type = ${CREDIT}
        group by s.tenant_id, s.id
      ) as c
      join sales o on o.tenant_id = c.tenant_id and o.id = c.id
    ),
    f as (
      select ${CREDIT} as payment_type,
        jsonb_agg(jsonb_build_object('credit', credit, 'percent', percent, 'sales', sales)) as fee_groups
      from (select credit, percent, count(*) as sales from fs group by credit, percent) as g
    )
    select t.payment_type, coalesce(p.count, 0) as count, coalesce(p.amount, 0) as amount,
      coalesce(p.tips, 0) as tips, coalesce(r.refunds_count, 0) as refunds_count,
      coalesce(r.refunds, 0) as refunds, f.fee_groups,
      (select currency from stores st where st.tenant_id = ${ctx.tenantId} and st.id = ${ctx.storeId}) as currency
    from unnest(array[${TYPES}]) as t(payment_type)
      left join p using (payment_type) left join r using (payment_type) left join f using (payment_type)`;
}

const num = (record: ReportRecord, column: string): number => Number(record[column] ?? 0);

function feeGroupsOf(value: unknown): CardFeeGroup[] {
  if (!Array.isArray(value)) return [];
  return value.map((g: Record<string, unknown>) => ({
    credit: Number(g.credit),
    percent: Number(g.percent),
    sales: Number(g.sales),
  }));
}

function tenderRowOf(record: ReportRecord): PaymentAnalysisRow {
  const amount = num(record, 'amount');
  const refunds = num(record, 'refunds');
  const fees = cardFees(feeGroupsOf(record.fee_groups), String(record.currency ?? 'USD'));
  return {
    payment_type: num(record, 'payment_type') as PaymentType,
    count: num(record, 'count'),
    amount,
    tips: num(record, 'tips'),
    refunds_count: num(record, 'refunds_count'),
    refunds,
    card_fees: fees,
    net: amount - refunds - fees,
  };
}

export const PAYMENT_ANALYSIS_REPORT = defineReport({
  name: 'payment-analysis/summary',
  summary: 'Per tender (all twelve payment types): payments, amounts, card tips, refunds and card fees',
  access: REPORT_ACCESS,
  sortFields: PAYMENT_ANALYSIS_SORTS,
  defaultSort: 'payment_type',
  tiebreak: 'payment_type',
  row: paymentAnalysisRowSchema,
  rows: tenderRows,
  toRow: tenderRowOf,
  totals: paymentAnalysisTotalsSchema,
  // The rows are twelve: the totals are their sum, with the same fees.
  loadTotals: async (ctx) => {
    const result = await ctx.db.execute<ReportRecord>(tenderRows(ctx));
    const rows = result.rows.map(tenderRowOf);
    const sum = (pick: (r: PaymentAnalysisRow) => number) => rows.reduce((s, r) => s + pick(r), 0);
    const store = await ctx.db.execute<ReportRecord>(sql`select ${storeFeePercent(ctx)} as percent`);
    return {
      count: sum((r) => r.count),
      amount: sum((r) => r.amount),
      tips: sum((r) => r.tips),
      refunds_count: sum((r) => r.refunds_count),
      refunds: sum((r) => r.refunds),
      card_fees: sum((r) => r.card_fees),
      net: sum((r) => r.net),
      card_fee_percent: num(store.rows[0] ?? {}, 'percent'),
    };
  },
  csv: [
    { header: 'payment_type', value: (r) => r.payment_type },
    { header: 'count', value: (r) => r.count },
    { header: 'amount', value: (r) => r.amount },
    { header: 'tips', value: (r) => r.tips },
    { header: 'refunds_count', value: (r) => r.refunds_count },
    { header: 'refunds', value: (r) => r.refunds },
    { header: 'card_fees', value: (r) => r.card_fees },
    { header: 'net', value: (r) => r.net },
  ],
});
