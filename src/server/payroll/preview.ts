/**
 * GET /api/report/payrolls/preview (docs/payroll.md, "Preview on the server"): for each technician of the store
 * (or the one asked), the period's lines, tips and worked minutes (preview-data.ts), her pay settings
 * (users.pay_settings) and the store's (stores.settings.payroll), handed to the domain's `buildStatement`. A
 * preview stores nothing; calculate (runs.ts) stores what `computeStatements` gives for the same period. It
 * says whether a calculated run already locks (part of) the period.
 */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_STORE_PAYROLL_SETTINGS,
  defaultTechnicianPaySettings,
  storePayrollSettingsSchema,
  technicianPaySettingsSchema,
} from '../../contracts/payroll';
import type {
  PayrollPreview,
  PayrollPreviewItem,
  PayrollPreviewQuery,
  StorePayrollSettings,
  TechnicianPaySettings,
} from '../../contracts/payroll';
import type { ReportFilterQuery, ReportRange } from '../../contracts/reports';
import { buildStatement, PAYROLL_ISSUE_CODES, payPeriodContaining } from '../../domain/payroll';
import type { PayrollAdjustment, PayrollIssue, PayStatement } from '../../domain/payroll';
import { dayInTimeZone } from '../../domain/report-periods';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { stores } from '../db/schema/stores';
import { scopeStoreId, tenantIdWhere } from '../db/scoped';
import { notFound } from '../errors';
import { resolveRange } from '../reports/report-range';
import type { ResolvedRange } from '../reports/report-range';
import { findEmployee } from '../services/working-times';
import { overlappingRun } from './locks';
import { previewLines, previewMinutes, previewTips } from './preview-data';
import type { PreviewScope } from './preview-data';

export interface StoreForPayroll {
  timezone: string;
  currency: string;
  cardFeePercent: number;
  payroll: StorePayrollSettings;
}

export async function loadStore(db: Queryable, auth: AuthContext): Promise<StoreForPayroll> {
  const [row] = await db
    .select({ timezone: stores.timezone, currency: stores.currency, settings: stores.settings })
    .from(stores)
    .where(tenantIdWhere(stores, auth, scopeStoreId(auth)))
    .limit(1);
  if (!row) throw notFound('Store not found.');
  return { timezone: row.timezone, currency: row.currency, ...storePayrollOf(row.settings) };
}

/** The payroll part of a store's settings (stores.settings): its card fee percent and payroll settings. */
export function storePayrollOf(settings: Record<string, unknown> | null | undefined): {
  cardFeePercent: number;
  payroll: StorePayrollSettings;
} {
  const parsed = storePayrollSettingsSchema.safeParse(settings?.payroll);
  const fee = Number(settings?.creditcard_fee_percent ?? 0);
  return {
    cardFeePercent: Number.isFinite(fee) && fee >= 0 && fee <= 100 ? fee : 0,
    // Settings that fail the schema are treated as none: the preview still answers, with the defaults.
    payroll: parsed.success ? (parsed.data as StorePayrollSettings) : DEFAULT_STORE_PAYROLL_SETTINGS,
  };
}

interface Technician {
  id: number;
  name: string;
  commissionRate: number;
  paySettings: unknown;
}

/**
 * The technicians a preview covers: the one asked, else every active technician of the store (home store this
 * one or none) and anyone else who has lines or tips in the period (a manager who did a pedicure is paid too).
 */
async function technicians(scope: PreviewScope, workedIds: readonly number[]): Promise<Technician[]> {
  const ids =
    workedIds.length > 0
      ? sql.join(
          workedIds.map((id) => sql`${id}`),
          sql`, `,
        )
      : sql`null`;
  const which =
    scope.userId !== undefined
      ? sql`u.id = ${scope.userId}`
      : sql`((u.is_technician and u.is_active and (u.store_id is null or u.store_id = ${scope.storeId}))
          or u.id in (${ids}))`;
  const result = await scope.db.execute<Record<string, unknown>>(
    sql`select u.id, u.display_name, u.commission_rate, u.pay_settings from users u
      where u.tenant_id = ${scope.tenantId} and ${which}
      order by u.display_order, u.display_name, u.id`,
  );
  return result.rows.map((r) => ({
    id: Number(r.id),
    name: String(r.display_name),
    commissionRate: Number(r.commission_rate ?? 0),
    paySettings: r.pay_settings,
  }));
}

/** A schema failure as the domain's issues: the schedule's own codes, else an amount or rate out of range. */
function settingsIssues(error: z.ZodError): PayrollIssue[] {
  return error.issues.map((issue) => ({
    code: (PAYROLL_ISSUE_CODES as readonly string[]).includes(issue.message)
      ? (issue.message as PayrollIssue['code'])
      : 'amount_invalid',
    path: ['settings', ...issue.path.map(String)].join('.'),
  }));
}

/**
 * A technician's pay settings: users.pay_settings read with its schema, none stored = her commission rate flat.
 * Stored settings that fail their schema are not guessed at: the issues say why, and nothing is paid.
 */
export function technicianSettingsOf(
  stored: unknown,
  commissionRate: number,
): { ok: true; settings: TechnicianPaySettings } | { ok: false; issues: PayrollIssue[] } {
  if (stored === null || stored === undefined) {
    return { ok: true, settings: defaultTechnicianPaySettings(commissionRate) };
  }
  const own = technicianPaySettingsSchema.safeParse(stored);
  if (!own.success) return { ok: false, issues: settingsIssues(own.error) };
  return { ok: true, settings: own.data as TechnicianPaySettings };
}

/** The store's period for a query: the one asked (docs/reports.md#periods), else its pay period of today. */
export function payrollRange(query: ReportFilterQuery, store: StoreForPayroll, now: Date): ResolvedRange {
  let filter: ReportFilterQuery = { ...query, cashier_id: undefined, user_id: undefined };
  if (!query.time_type && !query.effective_start && !query.effective_end) {
    // No period asked: the store's pay period of today, in the store's time zone.
    const current = payPeriodContaining(store.payroll.period, dayInTimeZone(now, store.timezone));
    if (current) filter = { ...filter, effective_start: current.start, effective_end: current.end };
  }
  return resolveRange(filter, store.timezone, now);
}

export interface PayrollComputation {
  store: StoreForPayroll;
  range: ResolvedRange;
  userId: number | undefined;
  now: Date;
  /**
   * Corrections of locked periods paid in this one, per technician (docs/payroll.md, adjustments): the hook
   * for corrections, which are not built yet, so every caller passes none today.
   */
  adjustments?: ReadonlyMap<number, readonly PayrollAdjustment[]>;
}

/** Each technician's statement for the range: what the preview shows and what calculate stores. */
export async function computeStatements(
  db: Queryable,
  auth: AuthContext,
  input: PayrollComputation,
): Promise<PayrollPreviewItem[]> {
  const { store, range, now } = input;
  const scope: PreviewScope = {
    db,
    tenantId: auth.tenantId,
    storeId: scopeStoreId(auth),
    range,
    userId: input.userId,
    now,
    storeCardFeePercent: store.cardFeePercent,
  };
  // One after the other: a route's db may be one client (docs/architecture.md, one query at a time).
  const lines = await previewLines(scope);
  const tips = await previewTips(scope);
  const minutes = await previewMinutes(scope);
  const worked = [...new Set([...lines.map((l) => l.userId), ...tips.map((t) => t.userId)])];
  const people = await technicians(scope, worked);
  const period = { start: range.start_date, end: range.end_date };
  return people.map((tech): PayrollPreviewItem => {
    const own = technicianSettingsOf(tech.paySettings, tech.commissionRate);
    if (!own.ok) return { user_id: tech.id, name: tech.name, statement: null, issues: own.issues };
    const { settings } = own;
    const result = buildStatement({
      technicianId: tech.id,
      period,
      currency: store.currency,
      lines: lines.filter((l) => l.userId === tech.id).map(({ userId: _u, ...line }) => line),
      tips: tips.filter((t) => t.userId === tech.id).map(({ userId: _u, ...tip }) => tip),
      workedMinutes: minutes.get(tech.id) ?? [],
      adjustments: input.adjustments?.get(tech.id) ?? [],
      settings: { ...settings, deductCardFeeFromTips: store.payroll.deductCardFeeFromTips },
    });
    return result.ok
      ? { user_id: tech.id, name: tech.name, statement: result.statement as PayStatement, issues: [] }
      : { user_id: tech.id, name: tech.name, statement: null, issues: result.issues };
  });
}

export function wireRange(range: ResolvedRange): ReportRange {
  const { fromAt: _from, toAt: _to, ...wire } = range;
  return wire;
}

export async function payrollPreview(
  db: Queryable,
  auth: AuthContext,
  query: PayrollPreviewQuery,
  now: Date,
): Promise<PayrollPreview> {
  const storeId = scopeStoreId(auth);
  // Another tenant's or store's person is a 404 that tells nothing (docs/reports.md, the factory's rule).
  if (query.user_id !== undefined) await findEmployee(db, auth, storeId, query.user_id);
  const store = await loadStore(db, auth);
  const range = payrollRange(query, store, now);
  const items = await computeStatements(db, auth, { store, range, userId: query.user_id, now });
  const locked = await overlappingRun(db, auth, { start: range.start_date, end: range.end_date });
  return {
    range: wireRange(range),
    period_rule: store.payroll.period,
    deduct_card_fee_from_tips: store.payroll.deductCardFeeFromTips,
    locked_by: locked,
    items,
  };
}
