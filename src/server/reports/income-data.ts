/**
 * The employee income reports' rows (docs/reports.md, "Employee income"): each employee's figures of the
 * period (employee-figures.ts, the summary report's own), beside the lines and tips the payroll preview reads
 * (src/server/payroll/preview-data.ts), gathered per employee or per employee and store day, and the minutes
 * worked (its shifts). Commission and tips are then computed by the payroll rules (src/domain/income.ts, over
 * `buildStatement`), with the employee's pay settings and the store's, read as the payroll preview reads them.
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type {
  IncomeEmployee,
  IncomeFigures,
  IncomeSummary,
  IncomeTotals,
  IncomeWktSummary,
} from '../../contracts/reports-income';
import { DEFAULT_CURRENCY } from '../../domain/constants';
import { employeeIncome, incomePerHour } from '../../domain/income';
import type { PayrollIssue } from '../../domain/payroll';
import {
  groupTipsSql,
  paidLinesSql,
  payrollLineOf,
  payrollTipsOf,
  shiftMinutesSql,
} from '../payroll/preview-data';
import type { PreviewScope } from '../payroll/preview-data';
import { storePayrollOf, technicianSettingsOf } from '../payroll/preview';
import { employeeFiguresSql } from './employee-figures';
import type { ReportContext, ReportRecord } from './report-factory';

/** The payroll preview's scope over a report's: fee percents the sale has none of are read here (null). */
export function payrollScope(ctx: ReportContext): PreviewScope {
  return {
    db: ctx.db,
    tenantId: ctx.tenantId,
    storeId: ctx.storeId,
    range: ctx.range,
    userId: ctx.userId,
    cashierId: ctx.cashierId,
    now: new Date(),
    storeCardFeePercent: null,
  };
}

export type IncomeGrouping = 'employee' | 'day';

/**
 * One row per employee (or employee and store day, with `date`) who sold, had a tip or a refund in the range
 * (and, `withHours`, who was on the clock): the figures, `pay_lines` and `pay_tips` (json), `minutes`, the
 * employee's pay settings and the store's settings.
 */
export function incomeSql(ctx: ReportContext, by: IncomeGrouping, withHours: boolean): SQL {
  const scope = payrollScope(ctx);
  const keyNames = by === 'day' ? ['user_id', 'date'] : ['user_id'];
  const keys = sql.join(
    keyNames.map((k) => sql.identifier(k)),
    sql`, `,
  );
  const dayOf = (column: SQL) => (by === 'day' ? sql`, ${column}::text as date` : sql``);
  const hoursCte = withHours
    ? sql`, wm as (select user_id${dayOf(sql`date_work`)}, sum(minutes) as minutes
        from (${shiftMinutesSql(scope)}) as x group by ${keys})`
    : sql``;
  const hoursKeys = withHours ? sql` union select ${keys} from wm` : sql``;
  const hoursJoin = withHours ? sql` left join wm using (${keys})` : sql``;
  const hoursColumn = withHours ? sql`, coalesce(wm.minutes, 0) as minutes` : sql`, 0 as minutes`;
  const f = (c: string) => sql`coalesce(f.${sql.identifier(c)}, 0) as ${sql.identifier(c)}`;
  const figures = sql.join(
    ['sales_count', 'services', 'products', 'gross', 'line_discounts', 'net', 'tips', 'refunds'].map(f),
    sql`, `,
  );
  return sql`with f as (${employeeFiguresSql(ctx, by)}),
    pl as (select user_id${dayOf(sql`day`)}, json_agg(x) as pay_lines from (${paidLinesSql(scope)}) as x
      group by ${keys}),
    pt as (select user_id${dayOf(sql`day`)}, json_agg(x) as pay_tips from (${groupTipsSql(scope)}) as x
      group by ${keys})${hoursCte}
    select ${keys}, u.display_name as name, u.commission_rate, u.pay_settings, st.settings as store_settings,
      st.currency, ${figures}, coalesce(pl.pay_lines, '[]'::json) as pay_lines,
      coalesce(pt.pay_tips, '[]'::json) as pay_tips${hoursColumn}
    from (select ${keys} from f${hoursKeys}) as k
      left join f using (${keys}) left join pl using (${keys}) left join pt using (${keys})${hoursJoin}
      join users u on u.tenant_id = ${ctx.tenantId} and u.id = k.user_id
      join stores st on st.tenant_id = ${ctx.tenantId} and st.id = ${ctx.storeId}`;
}

const num = (record: ReportRecord, column: string): number => Number(record[column] ?? 0);
const rows = (value: unknown): ReportRecord[] => (Array.isArray(value) ? (value as ReportRecord[]) : []);

/** Everything the income reports show of one row of incomeSql: the printable summary's fields and the hours. */
export function incomeOf(record: ReportRecord): IncomeWktSummary {
  const userId = num(record, 'user_id');
  const store = storePayrollOf(record.store_settings as Record<string, unknown> | null);
  const own = technicianSettingsOf(record.pay_settings, num(record, 'commission_rate'));
  const result = own.ok
    ? employeeIncome({
        technicianId: userId,
        currency: String(record.currency ?? DEFAULT_CURRENCY),
        lines: rows(record.pay_lines).map(payrollLineOf),
        tips: rows(record.pay_tips).flatMap((r) => payrollTipsOf(r, store.cardFeePercent)),
        settings: { ...own.settings, deductCardFeeFromTips: store.payroll.deductCardFeeFromTips },
      })
    : own;
  const income = result.ok ? result.income : null;
  const issues: PayrollIssue[] = result.ok ? [] : result.issues;
  const minutes = num(record, 'minutes');
  const netIncome = income?.netIncome ?? null;
  return {
    user_id: userId,
    name: String(record.name ?? ''),
    sales_count: num(record, 'sales_count'),
    services: num(record, 'services'),
    products: num(record, 'products'),
    gross: num(record, 'gross'),
    discounts: num(record, 'line_discounts'),
    net: num(record, 'net'),
    commission: income?.commission ?? null,
    tips: num(record, 'tips'),
    tip_fees: income?.tipFees ?? 0,
    refunds: num(record, 'refunds'),
    net_income: netIncome,
    pay_issues: issues,
    service_commission: income?.serviceCommission ?? null,
    product_commission: income?.productCommission ?? null,
    tips_cash: income?.tipsByTender.cash ?? 0,
    tips_card: income?.tipsByTender.card ?? 0,
    tips_other: income?.tipsByTender.other ?? 0,
    tip_fees_deducted: income?.tipFeesDeducted ?? 0,
    minutes,
    income_per_hour: netIncome === null ? null : incomePerHour(netIncome, minutes),
  };
}

export function figuresOfIncome(row: IncomeFigures): IncomeFigures {
  return {
    sales_count: row.sales_count,
    services: row.services,
    products: row.products,
    gross: row.gross,
    discounts: row.discounts,
    net: row.net,
    commission: row.commission,
    tips: row.tips,
    tip_fees: row.tip_fees,
    refunds: row.refunds,
    net_income: row.net_income,
  };
}

export function employeeOfIncome(row: IncomeSummary): IncomeEmployee {
  return { user_id: row.user_id, name: row.name, ...figuresOfIncome(row), pay_issues: row.pay_issues };
}

/** Every employee of the range (not paged), as incomeOf reads them: the totals' source. */
export async function incomeRows(ctx: ReportContext, withHours: boolean): Promise<IncomeWktSummary[]> {
  const result = await ctx.db.execute<ReportRecord>(incomeSql(ctx, 'employee', withHours));
  return result.rows.map(incomeOf);
}

/** The employees' figures summed; commission and net income over those whose pay settings could be read. */
export function sumIncome(items: readonly IncomeWktSummary[]): IncomeTotals & { minutes: number } {
  const sum = (pick: (r: IncomeWktSummary) => number | null) => items.reduce((s, r) => s + (pick(r) ?? 0), 0);
  return {
    employees: items.length,
    sales_count: sum((r) => r.sales_count),
    services: sum((r) => r.services),
    products: sum((r) => r.products),
    gross: sum((r) => r.gross),
    discounts: sum((r) => r.discounts),
    net: sum((r) => r.net),
    commission: sum((r) => r.commission),
    tips: sum((r) => r.tips),
    tip_fees: sum((r) => r.tip_fees),
    refunds: sum((r) => r.refunds),
    net_income: sum((r) => r.net_income),
    minutes: sum((r) => r.minutes),
  };
}
