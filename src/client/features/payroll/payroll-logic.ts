/**
 * The payroll screen's calls (docs/payroll.md, "Endpoints") given to its chart (machines/payroll): the preview
 * of a period, calculate (one Idempotency-Key per confirmed intent), the list of runs, one run's statements, and
 * the print of one technician's statement (the browser's print, limited to that statement by print.css rules in
 * pay-statement.tsx).
 */
import { fromPromise } from 'xstate';
import { formSubmitMachine } from '../../../../machines/form-submit/form-submit.machine';
import { payrollMachine } from '../../../../machines/payroll/payroll.machine';
import { createRecordMachine } from '../../../../machines/record/record.machine';
import type { PayrollPreview } from '../../../contracts/payroll';
import type {
  PayrollList,
  PayrollRun,
  PayrollRunReport,
  PaySettingsView,
} from '../../../contracts/payroll-runs';
import { payPeriodContaining, previousPayPeriod } from '../../../domain/payroll';
import type { PayPeriod, PayPeriodRule } from '../../../domain/payroll';
import { api } from '../../lib/api/api';
import type { ApiClient } from '../../lib/api/client';
import { newIdempotencyKey } from '../../lib/api/idempotency-key';
import { checkPaySettings } from './pay-settings-form';

const BASE = '/report/payrolls';
/** Runs listed on the screen: the newest pay periods; older ones are in the list's later pages. */
export const LISTED_RUNS = 20;
/** Pay periods offered in the period choice: the current one and this many before it. */
export const PERIODS_BACK = 12;

export function fetchPreview(period: PayPeriod | null, signal?: AbortSignal, client: ApiClient = api) {
  const query = period ? { effective_start: period.start, effective_end: period.end } : {};
  return client.get<PayrollPreview>(`${BASE}/preview`, { query, skipNotice: true, signal });
}

export function calculate(period: PayPeriod, signal?: AbortSignal, client: ApiClient = api) {
  return client.post<PayrollRun>(
    `${BASE}/calculate`,
    { period_start: period.start, period_end: period.end },
    { idempotencyKey: newIdempotencyKey(), skipNotice: true, signal },
  );
}

export function fetchRuns(signal?: AbortSignal, client: ApiClient = api) {
  return client.get<PayrollList>(BASE, { query: { per_page: LISTED_RUNS }, skipNotice: true, signal });
}

export function fetchRun(id: number, signal?: AbortSignal, client: ApiClient = api) {
  return client.get<PayrollRunReport>(`${BASE}/${id}/report`, { skipNotice: true, signal });
}

/**
 * The pay periods to choose from: the one containing `today` and PERIODS_BACK before it, newest first, by the
 * store's rule (the domain's periods, docs/payroll.md "Pay periods").
 */
export function periodChoices(rule: PayPeriodRule, today: string): PayPeriod[] {
  const periods: PayPeriod[] = [];
  let period = payPeriodContaining(rule, today);
  while (period && periods.length <= PERIODS_BACK) {
    periods.push(period);
    period = previousPayPeriod(rule, period);
  }
  return periods;
}

/** True when the period's last day is before `today`: only an ended period can be calculated (the server says so too). */
export function hasEnded(period: PayPeriod, today: string): boolean {
  return period.end < today;
}

/** The attribute the print rules read: the statement of this technician is the one printed. */
export const PRINT_ATTRIBUTE = 'data-print-statement';

/** Prints one technician's statement: marks it for the print rules, prints, then clears the mark. */
export function printStatement(userId: number): void {
  const root = document.documentElement;
  root.setAttribute(PRINT_ATTRIBUTE, String(userId));
  const clear = () => root.removeAttribute(PRINT_ATTRIBUTE);
  window.addEventListener('afterprint', clear, { once: true });
  window.print();
}

export const payrollLogic = payrollMachine.provide({
  actors: {
    fetchPreview: fromPromise(({ input, signal }) => fetchPreview(input.period, signal)),
    calculatePayroll: fromPromise(({ input, signal }) => calculate(input.period, signal)),
    fetchRuns: fromPromise(({ signal }) => fetchRuns(signal)),
    fetchRun: fromPromise(({ input, signal }) => fetchRun(input.id, signal)),
  },
  actions: { printStatement: (_, params) => printStatement(params.userId) },
});

// ---- pay settings (docs/payroll.md, "Pay settings") ----------------------------------------------------

export function fetchPaySettings(signal?: AbortSignal, client: ApiClient = api) {
  return client.get<PaySettingsView>(`${BASE}/settings`, { skipNotice: true, signal });
}

/** The technicians' pay settings, as a record chart (its id the store's). */
export const paySettingsLogic = createRecordMachine<PaySettingsView>().provide({
  actors: { load: fromPromise(({ signal }) => fetchPaySettings(signal)) },
});

/** One technician's pay settings form: checked with the contract's schema, then PUT with the intent's key. */
export function paySettingsFormLogic(userId: number, currency: string, saved: () => void) {
  return formSubmitMachine.provide({
    actors: {
      validate: fromPromise(({ input }) => {
        const checked = checkPaySettings(input.values, currency);
        return checked.issues ? Promise.reject({ fieldErrors: checked.issues }) : Promise.resolve();
      }),
      submit: fromPromise(({ input, signal }) =>
        api.put(
          `${BASE}/settings/users/${userId}`,
          { pay_settings: checkPaySettings(input.values, currency).settings },
          { idempotencyKey: input.idempotencyKey, signal, skipNotice: true },
        ),
      ),
    },
    actions: { announceDone: saved },
  });
}
