/**
 * A technician's pay settings as a form (docs/payroll.md, "Pay settings"): the stored shape (src/contracts/payroll.ts
 * technicianPaySettingsSchema, amounts in minor units) to and from the strings the inputs hold (amounts in the
 * currency's major units, as typed: "500.00"). The commission tiers are one line each, "from rate" ("0 40",
 * "1000 45"). What is sent is checked with the contract's schema, the one the server parses the body with, so the
 * form names the same problems (the domain's issue codes, docs/payroll.md "Invalid input").
 */
import type { FormValues } from '../../../../machines/form-submit/form-submit.types';
import type { FieldIssues } from '../../../../machines/resource/resource.types';
import { defaultTechnicianPaySettings, technicianPaySettingsSchema } from '../../../contracts/payroll';
import type { TechnicianPaySettings } from '../../../contracts/payroll';
import { minorDigits, roundDecimalToScale, toDecimalString } from '../../../domain/money';

export const PLAN_KINDS = ['commission', 'higher_of', 'base_plus_commission'] as const;
export const PAYOUT_KINDS = ['all_check', 'all_cash', 'check_percent', 'cash_fixed', 'check_fixed'] as const;

/** The form of stored settings, or of the defaults (her commission rate flat) when none are stored. */
export function paySettingsValues(
  settings: TechnicianPaySettings | null,
  commissionRate: number,
  currency: string,
): FormValues {
  const major = (minor: number) => toDecimalString(minor, currency);
  const s = settings ?? defaultTechnicianPaySettings(commissionRate);
  const plan =
    s.plan.kind === 'higher_of' ? s.plan.guarantee : s.plan.kind === 'base_plus_commission' ? s.plan.base : 0;
  const payout =
    s.payout.kind === 'check_percent'
      ? String(s.payout.percent)
      : s.payout.kind === 'cash_fixed' || s.payout.kind === 'check_fixed'
        ? major(s.payout.amount)
        : '';
  return {
    mode: s.service.mode,
    tiers: s.service.tiers.map((tier) => `${major(tier.from)} ${tier.rate}`).join('\n'),
    productRate: String(s.productRate),
    hourlyRate: major(s.hourlyRate),
    plan: s.plan.kind,
    planAmount: s.plan.kind === 'commission' ? '' : major(plan),
    payout: s.payout.kind,
    payoutValue: payout,
  };
}

/** A typed amount in minor units; NaN when it is not a number (the schema then names the field). */
function toMinor(value: string, currency: string): number {
  const scaled = roundDecimalToScale(value.trim() === '' ? '0' : value.trim(), minorDigits(currency));
  return scaled === null ? Number.NaN : Number(scaled);
}

function toPercent(value: string): number {
  return value.trim() === '' ? Number.NaN : Number(value);
}

/** The settings the form says, unchecked. */
export function paySettingsFromValues(values: FormValues, currency: string): unknown {
  const tiers = (values.tiers ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [from = '', rate = ''] = line.split(/[\s:;]+/);
      return { from: toMinor(from, currency), rate: toPercent(rate) };
    });
  const amount = toMinor(values.planAmount ?? '', currency);
  const plan =
    values.plan === 'higher_of'
      ? { kind: 'higher_of', guarantee: amount }
      : values.plan === 'base_plus_commission'
        ? { kind: 'base_plus_commission', base: amount }
        : { kind: 'commission' };
  const payoutValue = values.payoutValue ?? '';
  const payout =
    values.payout === 'check_percent'
      ? { kind: 'check_percent', percent: toPercent(payoutValue) }
      : values.payout === 'cash_fixed' || values.payout === 'check_fixed'
        ? { kind: values.payout, amount: toMinor(payoutValue, currency) }
        : { kind: values.payout };
  return {
    service: { mode: values.mode, tiers },
    productRate: toPercent(values.productRate ?? ''),
    hourlyRate: toMinor(values.hourlyRate ?? '', currency),
    plan,
    payout,
  };
}

/** The form field a schema path belongs to. */
function fieldOf(path: readonly PropertyKey[]): string {
  const [first, second] = path.map(String);
  if (first === 'service') return second === 'mode' ? 'mode' : 'tiers';
  if (first === 'plan') return second === 'kind' ? 'plan' : 'planAmount';
  if (first === 'payout') return second === 'kind' ? 'payout' : 'payoutValue';
  return first ?? 'tiers';
}

/**
 * The settings, checked with the contract's schema: `{ settings }`, or `{ issues }` per form field, each with
 * the domain's issue code when it is one (`tiers_first_not_zero`), else the schema's ('too_small', ...).
 */
export function checkPaySettings(
  values: FormValues,
  currency: string,
): { settings: TechnicianPaySettings; issues?: undefined } | { settings?: undefined; issues: FieldIssues } {
  const parsed = technicianPaySettingsSchema.safeParse(paySettingsFromValues(values, currency));
  if (parsed.success) return { settings: parsed.data as TechnicianPaySettings };
  const issues: Record<string, { code: string; message: string }[]> = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path);
    const code = issue.code === 'custom' ? issue.message : issue.code;
    (issues[field] ??= []).push({ code, message: issue.message });
  }
  return { issues };
}
