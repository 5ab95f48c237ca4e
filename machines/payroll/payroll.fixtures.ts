/** Payroll answers for the payroll chart's tests: a preview, a run, the list of runs, a run's statements. */
import type { PayrollList, PayrollPreview, PayrollRun, PayrollRunReport } from './payroll.types';

const range = {
  time_type: 'other',
  start_date: '2026-01-12',
  end_date: '2026-01-18',
  from: '2026-01-12T00:00:00.000Z',
  to: '2026-01-19T00:00:00.000Z',
  timezone: 'UTC',
} as const;

/** A preview of one technician; `locked` names the run that locks it, `issues` gives her no statement. */
export function aPreview(options: { locked?: boolean; issues?: boolean } = {}): PayrollPreview {
  return {
    range,
    period_rule: { kind: 'weekly', anchor: '2026-01-05' },
    deduct_card_fee_from_tips: false,
    locked_by: options.locked
      ? { payroll_id: 1, period_start: range.start_date, period_end: range.end_date }
      : null,
    items: [
      options.issues
        ? {
            user_id: 7,
            name: 'Anna',
            statement: null,
            issues: [{ code: 'tiers_first_not_zero', path: 'settings.service.tiers' }],
          }
        : { user_id: 7, name: 'Anna', statement: null, issues: [] },
    ],
  };
}

/** A preview whose one technician has a statement (the chart reads only whether it is there). */
export function aPayablePreview(): PayrollPreview {
  const preview = aPreview();
  return {
    ...preview,
    items: [{ ...preview.items[0]!, statement: {} as never }],
  };
}

export function aRun(id = 1): PayrollRun {
  return {
    id,
    period_start: range.start_date,
    period_end: range.end_date,
    kind: 'weekly',
    status: 'locked',
    currency: 'USD',
    technicians: 1,
    total: 53_678,
    cash: 18_787,
    check: 34_891,
    created_by: 2,
    created_by_name: 'Owner',
    created_at: '2026-01-19T10:00:00.000Z',
  };
}

export function aRunList(count = 1): PayrollList {
  return { items: Array.from({ length: count }, (_, i) => aRun(i + 1)), total: count, page: 1, per_page: 20 };
}

export function aRunReport(): PayrollRunReport {
  return { payroll: aRun(), statements: [] };
}
