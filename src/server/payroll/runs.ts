/**
 * Calculated pay runs (docs/payroll.md, "Calculate and lock"): calculate stores the preview of one of the store's
 * ended pay periods in one transaction, and from then on the period is locked; the list, one run, its
 * statements; delete (only the store's latest run, to calculate it again) and bulk delete, both audited.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { parseSort } from '../../contracts/envelope';
import { ERROR_CODE } from '../../contracts/error-codes';
import type { PayrollCalculateBody, PayrollListQuery, PayrollRun } from '../../contracts/payroll-runs';
import type { PayrollList, PayrollRunReport, PayrollStatementRow } from '../../contracts/payroll-runs';
import { payPeriodContaining } from '../../domain/payroll';
import type { PayPeriodKind, PayStatement } from '../../domain/payroll';
import { dayInTimeZone } from '../../domain/report-periods';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { payrolls, payrollStatements } from '../db/schema/payrolls';
import { users } from '../db/schema/users';
import { scopeStoreId } from '../db/scoped';
import { conflict, HttpError, notFound, pgErrorCode } from '../errors';
import { writeResourceAudit } from '../resources/audit';
import { resolveRange } from '../reports/report-range';
import { overlappingRun } from './locks';
import { computeStatements, loadStore } from './preview';

const RUN_NOT_FOUND = 'Pay run not found.';
const EXCLUSION_VIOLATION = '23P01';

const runColumns = {
  id: payrolls.id,
  period_start: payrolls.periodStart,
  period_end: payrolls.periodEnd,
  kind: payrolls.kind,
  status: payrolls.status,
  currency: payrolls.currency,
  technicians: payrolls.technicians,
  total: payrolls.total,
  cash: payrolls.cash,
  check: payrolls.check,
  created_by: payrolls.createdBy,
  created_by_name: users.displayName,
  created_at: payrolls.createdAt,
};

type RunRecord = { [K in keyof typeof runColumns]: unknown };

function toRun(r: RunRecord): PayrollRun {
  return {
    id: Number(r.id),
    period_start: String(r.period_start),
    period_end: String(r.period_end),
    kind: r.kind as PayPeriodKind,
    status: 'locked',
    currency: String(r.currency),
    technicians: Number(r.technicians),
    total: Number(r.total),
    cash: Number(r.cash),
    check: Number(r.check),
    created_by: r.created_by === null ? null : Number(r.created_by),
    created_by_name: (r.created_by_name as string | null) ?? null,
    created_at: (r.created_at as Date).toISOString(),
  };
}

function storeRuns(auth: AuthContext, ...conditions: (SQL | undefined)[]): SQL {
  return and(
    eq(payrolls.tenantId, auth.tenantId),
    eq(payrolls.storeId, scopeStoreId(auth)),
    ...conditions,
  ) as SQL;
}

function selectRuns(db: Queryable) {
  return db
    .select(runColumns)
    .from(payrolls)
    .leftJoin(users, and(eq(users.tenantId, payrolls.tenantId), eq(users.id, payrolls.createdBy)));
}

export async function findRun(db: Queryable, auth: AuthContext, id: number): Promise<PayrollRun> {
  const [row] = await selectRuns(db)
    .where(storeRuns(auth, eq(payrolls.id, id)))
    .limit(1);
  if (!row) throw notFound(RUN_NOT_FOUND);
  return toRun(row);
}

const SORT_COLUMNS = {
  period_start: payrolls.periodStart,
  created_at: payrolls.createdAt,
  total: payrolls.total,
  id: payrolls.id,
} as const;

/** GET /api/report/payrolls: the store's runs, newest period first unless sorted otherwise. */
export async function listRuns(
  db: Queryable,
  auth: AuthContext,
  query: PayrollListQuery,
): Promise<PayrollList> {
  const f = query.filter ?? {};
  const where = storeRuns(
    auth,
    f.kind ? eq(payrolls.kind, f.kind) : undefined,
    f.from ? sql`${payrolls.periodEnd} >= ${f.from}::date` : undefined,
    f.to ? sql`${payrolls.periodStart} <= ${f.to}::date` : undefined,
  );
  const terms = query.sort?.length
    ? query.sort
    : (parseSort('-period_start', ['period_start'] as const) ?? []);
  const order = terms.map((t) => (t.desc ? desc(SORT_COLUMNS[t.field]) : asc(SORT_COLUMNS[t.field])));
  // A unique tiebreak, so equal values never swap between pages.
  order.push(terms[0]?.desc ? desc(payrolls.id) : asc(payrolls.id));
  const rows = await selectRuns(db)
    .where(where)
    .orderBy(...order)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payrolls)
    .where(where);
  return { items: rows.map(toRun), total: counted?.n ?? 0, page: query.page, per_page: query.per_page };
}

/** GET /api/report/payrolls/{id}/report: the run and its frozen statements, in the order of the run. */
export async function runReport(
  db: Queryable,
  auth: AuthContext,
  id: number,
  userId: number | undefined,
): Promise<PayrollRunReport> {
  const payroll = await findRun(db, auth, id);
  const rows = await db
    .select({
      id: payrollStatements.id,
      user_id: payrollStatements.userId,
      name: payrollStatements.name,
      statement: payrollStatements.statement,
    })
    .from(payrollStatements)
    .where(
      and(
        eq(payrollStatements.tenantId, auth.tenantId),
        eq(payrollStatements.payrollId, id),
        userId === undefined ? undefined : eq(payrollStatements.userId, userId),
      ),
    )
    .orderBy(asc(payrollStatements.id));
  const statements: PayrollStatementRow[] = rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    name: r.name,
    statement: r.statement as PayStatement,
  }));
  return { payroll, statements };
}

/**
 * POST /api/report/payrolls/calculate, in the route's transaction: the period must be one of the store's pay
 * periods, ended in the store's time zone, and overlap no calculated run; every technician's settings must
 * give a statement. The statements are computeStatements' (the preview's) for the same period.
 */
export async function calculateRun(
  db: Queryable,
  auth: AuthContext,
  body: PayrollCalculateBody,
  now: Date,
): Promise<PayrollRun> {
  const store = await loadStore(db, auth);
  const period = payPeriodContaining(store.payroll.period, body.period_start);
  if (!period || period.start !== body.period_start || period.end !== body.period_end) {
    throw new HttpError(
      422,
      "The range is not one of the store's pay periods.",
      undefined,
      ERROR_CODE.PAYROLL_PERIOD_INVALID,
    );
  }
  if (period.end >= dayInTimeZone(now, store.timezone)) {
    throw new HttpError(422, 'The pay period has not ended yet.', undefined, ERROR_CODE.PAYROLL_PERIOD_OPEN);
  }
  const locked = await overlappingRun(db, auth, period);
  if (locked) throw periodLocked(locked);
  const range = resolveRange(
    { effective_start: period.start, effective_end: period.end },
    store.timezone,
    now,
  );
  const items = await computeStatements(db, auth, { store, range, userId: undefined, now });
  const unpaid = items.filter((i) => i.statement === null);
  if (unpaid.length > 0) {
    throw new HttpError(
      422,
      "Some technicians' pay settings are not valid.",
      undefined,
      ERROR_CODE.PAYROLL_SETTINGS_INVALID,
      { user_ids: unpaid.map((i) => i.user_id) },
    );
  }
  const statements = items.map((i) => ({ ...i, statement: i.statement as PayStatement }));
  const sum = (pick: (s: PayStatement) => number) => statements.reduce((t, i) => t + pick(i.statement), 0);
  const storeId = scopeStoreId(auth);
  let inserted: { id: number } | undefined;
  try {
    [inserted] = await db
      .insert(payrolls)
      .values({
        tenantId: auth.tenantId,
        storeId,
        periodStart: period.start,
        periodEnd: period.end,
        kind: store.payroll.period.kind,
        currency: store.currency,
        technicians: statements.length,
        total: sum((s) => s.total),
        cash: sum((s) => s.payout.cash),
        check: sum((s) => s.payout.check),
        createdBy: auth.userId,
      })
      .returning({ id: payrolls.id });
  } catch (error) {
    // Another calculation of an overlapping period committed first (payrolls_no_overlap).
    if (pgErrorCode(error) !== EXCLUSION_VIOLATION) throw error;
    throw conflict('The pay period overlaps one already calculated.', ERROR_CODE.PAYROLL_PERIOD_LOCKED);
  }
  const payrollId = inserted!.id;
  if (statements.length > 0) {
    await db.insert(payrollStatements).values(
      statements.map(({ user_id, name, statement: s }) => ({
        tenantId: auth.tenantId,
        storeId,
        payrollId,
        userId: user_id,
        name,
        serviceCommission: s.service.commission,
        productCommission: s.product.commission,
        hourlyPay: s.hourly.pay,
        tipsPaid: s.tips.paid,
        topUp: s.plan.topUp,
        adjustments: s.adjustments.total,
        total: s.total,
        cash: s.payout.cash,
        check: s.payout.check,
        statement: s,
      })),
    );
  }
  const run = await findRun(db, auth, payrollId);
  await writeResourceAudit(db, auth, [
    { action: 'payrolls.calculate', entityType: 'payrolls', entityId: payrollId, before: null, after: run },
  ]);
  return run;
}

function periodLocked(locked: { payroll_id: number; period_start: string; period_end: string }) {
  return conflict(
    'The pay period overlaps one already calculated.',
    ERROR_CODE.PAYROLL_PERIOD_LOCKED,
    locked,
  );
}

/**
 * Deletes runs (DELETE /api/report/payrolls/{id}, POST /bulk), in the route's transaction: the ids must be the
 * store's latest runs (no run of the store starts after one of them unless it is deleted too), so a period is
 * reopened only when nothing after it was calculated on the assumption that it was paid. All or none; each
 * deleted run is audited with what it was.
 */
export async function deleteRuns(
  db: Queryable,
  auth: AuthContext,
  ids: readonly number[],
): Promise<number[]> {
  const unique = [...new Set(ids)];
  const runs: PayrollRun[] = [];
  for (const id of unique) runs.push(await findRun(db, auth, id));
  const earliest = runs.reduce(
    (min, r) => (r.period_start < min ? r.period_start : min),
    runs[0]!.period_start,
  );
  const later = await db
    .select({ id: payrolls.id })
    .from(payrolls)
    .where(storeRuns(auth, sql`${payrolls.periodStart} > ${earliest}::date`));
  if (later.some((r) => !unique.includes(r.id))) {
    throw conflict('Only the latest pay run can be deleted.', ERROR_CODE.PAYROLL_NOT_LATEST);
  }
  await db.delete(payrolls).where(storeRuns(auth, inArray(payrolls.id, unique)));
  await writeResourceAudit(
    db,
    auth,
    runs.map((run) => ({
      action: 'payrolls.delete',
      entityType: 'payrolls',
      entityId: run.id,
      before: run,
      after: null,
    })),
  );
  return runs.map((r) => r.id);
}
