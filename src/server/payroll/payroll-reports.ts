/**
 * The reports a pay period is checked with (docs/payroll.md, "Endpoints"): working hours per technician
 * (wk-summary) and per day (wk-details), commissions per technician (commission-report, commission-summary) and
 * per line (commission-details). Each reads the statements of the period: a calculated run's frozen ones when
 * `payroll_id` names it, else the preview's, computed now. Figures are the statement's own, never recomputed
 * here, so the reports always agree with the statement a technician is paid by.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { PayrollPreviewItem } from '../../contracts/payroll';
import type {
  CommissionDetails,
  CommissionLine,
  CommissionReport,
  CommissionRow,
  CommissionSummary,
  PayrollReportQuery,
  WorkHoursDetails,
  WorkHoursSummary,
} from '../../contracts/payroll-runs';
import type { COMMISSION_SORTS } from '../../contracts/payroll-runs';
import type { SortTerm } from '../../contracts/envelope';
import type { PayStatement } from '../../domain/payroll';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { payrollStatements } from '../db/schema/payrolls';
import { users } from '../db/schema/users';
import { scopeStoreId } from '../db/scoped';
import { resolveRange } from '../reports/report-range';
import type { ResolvedRange } from '../reports/report-range';
import { findEmployee } from '../services/working-times';
import { previewShifts } from './preview-data';
import { computeStatements, loadStore, payrollRange, wireRange } from './preview';
import { findRun } from './runs';

interface Paid {
  user_id: number;
  name: string;
  statement: PayStatement;
}

interface PeriodStatements {
  range: ResolvedRange;
  payrollId: number | null;
  statements: Paid[];
}

/** The period's statements: a run's frozen ones, or the preview's (technicians whose settings fail are left out). */
export async function periodStatements(
  db: Queryable,
  auth: AuthContext,
  query: PayrollReportQuery,
  now: Date,
): Promise<PeriodStatements> {
  if (query.user_id !== undefined) await findEmployee(db, auth, scopeStoreId(auth), query.user_id);
  const store = await loadStore(db, auth);
  if (query.payroll_id !== undefined) {
    const run = await findRun(db, auth, query.payroll_id);
    const range = resolveRange(
      { effective_start: run.period_start, effective_end: run.period_end },
      store.timezone,
      now,
    );
    const rows = await db
      .select({
        user_id: payrollStatements.userId,
        name: payrollStatements.name,
        statement: payrollStatements.statement,
      })
      .from(payrollStatements)
      .where(
        and(
          eq(payrollStatements.tenantId, auth.tenantId),
          eq(payrollStatements.payrollId, run.id),
          query.user_id === undefined ? undefined : eq(payrollStatements.userId, query.user_id),
        ),
      )
      .orderBy(payrollStatements.id);
    return {
      range,
      payrollId: run.id,
      statements: rows.map((r) => ({ ...r, statement: r.statement as PayStatement })),
    };
  }
  const range = payrollRange(query, store, now);
  const items = await computeStatements(db, auth, { store, range, userId: query.user_id, now });
  return {
    range,
    payrollId: null,
    statements: items
      .filter((i): i is PayrollPreviewItem & { statement: PayStatement } => i.statement !== null)
      .map(({ user_id, name, statement }) => ({ user_id, name, statement })),
  };
}

// ---- working hours --------------------------------------------------------------------------------------

async function names(db: Queryable, auth: AuthContext, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.displayName })
    .from(users)
    .where(and(eq(users.tenantId, auth.tenantId), inArray(users.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * GET /api/report/payrolls/wk-summary (and /api/report/working-times/payroll-preview, /payroll): per person who
 * clocked in or is paid in the period, the days and shifts worked, the minutes, and the hourly rate and pay of
 * the statement (0 for someone not paid by the hour, or with no statement).
 */
export async function workHoursSummary(
  db: Queryable,
  auth: AuthContext,
  query: PayrollReportQuery,
  now: Date,
): Promise<WorkHoursSummary> {
  const period = await periodStatements(db, auth, query, now);
  const shifts = await previewShifts({
    db,
    tenantId: auth.tenantId,
    storeId: scopeStoreId(auth),
    range: period.range,
    userId: query.user_id,
    now,
    storeCardFeePercent: 0,
  });
  const byUser = new Map(period.statements.map((s) => [s.user_id, s]));
  const ids = [...new Set([...period.statements.map((s) => s.user_id), ...shifts.map((s) => s.userId)])];
  const known = await names(
    db,
    auth,
    ids.filter((id) => !byUser.has(id)),
  );
  const items = ids.map((id) => {
    const own = shifts.filter((s) => s.userId === id);
    const paid = byUser.get(id)?.statement.hourly;
    return {
      user_id: id,
      name: byUser.get(id)?.name ?? known.get(id) ?? '',
      days: new Set(own.map((s) => s.dateWork)).size,
      shifts: own.length,
      // A frozen statement keeps the minutes it paid; a correction of the clock afterwards does not change them.
      minutes: paid ? paid.minutes : own.reduce((t, s) => t + s.minutes, 0),
      hourly_rate: paid?.ratePerHour ?? 0,
      hourly_pay: paid?.pay ?? 0,
    };
  });
  return {
    range: wireRange(period.range),
    items,
    totals: {
      minutes: items.reduce((t, i) => t + i.minutes, 0),
      hourly_pay: items.reduce((t, i) => t + i.hourly_pay, 0),
    },
  };
}

/** GET /api/report/payrolls/wk-details: per person and store day, the shifts and the minutes worked. */
export async function workHoursDetails(
  db: Queryable,
  auth: AuthContext,
  query: PayrollReportQuery,
  now: Date,
): Promise<WorkHoursDetails> {
  if (query.user_id !== undefined) await findEmployee(db, auth, scopeStoreId(auth), query.user_id);
  const store = await loadStore(db, auth);
  const range =
    query.payroll_id === undefined
      ? payrollRange(query, store, now)
      : await findRun(db, auth, query.payroll_id).then((run) =>
          resolveRange(
            { effective_start: run.period_start, effective_end: run.period_end },
            store.timezone,
            now,
          ),
        );
  const shifts = await previewShifts({
    db,
    tenantId: auth.tenantId,
    storeId: scopeStoreId(auth),
    range,
    userId: query.user_id,
    now,
    storeCardFeePercent: 0,
  });
  const days = new Map<string, { user_id: number; date_work: string; shifts: number; minutes: number }>();
  for (const s of shifts) {
    const key = `${s.userId}/${s.dateWork}`;
    const day = days.get(key) ?? { user_id: s.userId, date_work: s.dateWork, shifts: 0, minutes: 0 };
    day.shifts += 1;
    day.minutes += s.minutes;
    days.set(key, day);
  }
  const known = await names(db, auth, [...new Set(shifts.map((s) => s.userId))]);
  const items = [...days.values()]
    .map((d) => ({ ...d, name: known.get(d.user_id) ?? '' }))
    .sort(
      (x, y) =>
        x.name.localeCompare(y.name) || x.user_id - y.user_id || x.date_work.localeCompare(y.date_work),
    );
  return { range: wireRange(range), items };
}

// ---- commissions ----------------------------------------------------------------------------------------

function commissionRow(p: Paid): CommissionRow {
  const { service, product } = p.statement;
  return {
    user_id: p.user_id,
    name: p.name,
    service_gross: service.gross,
    service_deductions: service.deductions,
    service_commissionable: service.commissionable,
    service_commission: service.commission,
    product_sales: product.sales,
    product_commission: product.commission,
    commission: service.commission + product.commission,
  };
}

function commissionTotals(rows: readonly CommissionRow[]): Omit<CommissionRow, 'user_id' | 'name'> {
  const sum = (k: keyof Omit<CommissionRow, 'user_id' | 'name'>) => rows.reduce((t, r) => t + r[k], 0);
  return {
    service_gross: sum('service_gross'),
    service_deductions: sum('service_deductions'),
    service_commissionable: sum('service_commissionable'),
    service_commission: sum('service_commission'),
    product_sales: sum('product_sales'),
    product_commission: sum('product_commission'),
    commission: sum('commission'),
  };
}

type CommissionSort = SortTerm<(typeof COMMISSION_SORTS)[number]>;

function sortRows(rows: CommissionRow[], sort: readonly CommissionSort[] | undefined): CommissionRow[] {
  const terms: readonly CommissionSort[] = sort?.length ? sort : [{ field: 'name', desc: false }];
  return [...rows].sort((a, b) => {
    for (const t of terms) {
      const x = a[t.field];
      const y = b[t.field];
      const c = typeof x === 'string' ? x.localeCompare(y as string) : (x as number) - (y as number);
      if (c !== 0) return t.desc ? -c : c;
    }
    return a.user_id - b.user_id;
  });
}

interface Paging {
  page: number;
  per_page: number;
}

function pageOf<T>(rows: readonly T[], paging: Paging) {
  const start = (paging.page - 1) * paging.per_page;
  return { items: rows.slice(start, start + paging.per_page), total: rows.length, ...paging };
}

/** GET /api/report/payrolls/commission-report: per technician, sorted and paged, with the period's totals. */
export async function commissionReport(
  db: Queryable,
  auth: AuthContext,
  query: PayrollReportQuery & Paging & { sort?: CommissionSort[] },
  now: Date,
): Promise<CommissionReport> {
  const period = await periodStatements(db, auth, query, now);
  const rows = sortRows(period.statements.map(commissionRow), query.sort);
  return {
    ...pageOf(rows, { page: query.page, per_page: query.per_page }),
    range: wireRange(period.range),
    payroll_id: period.payrollId,
    totals: commissionTotals(rows),
  };
}

/** GET /api/report/payrolls/commission-summary: the period's commission totals over every technician. */
export async function commissionSummary(
  db: Queryable,
  auth: AuthContext,
  query: PayrollReportQuery,
  now: Date,
): Promise<CommissionSummary> {
  const period = await periodStatements(db, auth, query, now);
  const rows = period.statements.map(commissionRow);
  return {
    range: wireRange(period.range),
    payroll_id: period.payrollId,
    technicians: rows.length,
    totals: commissionTotals(rows),
  };
}

/** GET /api/report/payrolls/commission-details: every service and product line of the statements, paged. */
export async function commissionDetails(
  db: Queryable,
  auth: AuthContext,
  query: PayrollReportQuery & Paging,
  now: Date,
): Promise<CommissionDetails> {
  const period = await periodStatements(db, auth, query, now);
  const lines: CommissionLine[] = period.statements.flatMap(({ user_id, name, statement }) => [
    ...statement.service.lines.map((l): CommissionLine => ({
      user_id,
      name,
      kind: 'service',
      sale_id: l.saleId,
      line_id: l.lineId,
      share_percent: l.sharePercent,
      net: l.net,
      deduction: l.deduction,
      commissionable: l.commissionable,
      rate: l.ownRate,
      commission: l.commission,
    })),
    ...statement.product.lines.map((l): CommissionLine => ({
      user_id,
      name,
      kind: 'product',
      sale_id: l.saleId,
      line_id: l.lineId,
      share_percent: l.sharePercent,
      net: l.net,
      deduction: 0,
      commissionable: l.net,
      rate: l.rate,
      commission: l.commission,
    })),
  ]);
  return {
    ...pageOf(lines, { page: query.page, per_page: query.per_page }),
    range: wireRange(period.range),
    payroll_id: period.payrollId,
  };
}
