/**
 * The settings screen's "Payroll" section (docs/payroll.md, "Pay settings"): the store's pay period rule and
 * whether the card fee is taken from tips (stores.settings.payroll), read from GET /api/report/payrolls/settings
 * and written with PUT /api/report/payrolls/settings/store. The read is a record chart, the write a form sent
 * once (machines/record, machines/form-submit); the form is checked with the contract's schema the server
 * parses the same body with.
 */
import { fromPromise } from 'xstate';
import { formSubmitMachine } from '../../../../machines/form-submit/form-submit.machine';
import type { FormValues } from '../../../../machines/form-submit/form-submit.types';
import { createRecordMachine } from '../../../../machines/record/record.machine';
import type { FieldIssues } from '../../../../machines/resource/resource.types';
import { storePayrollSettingsSchema } from '../../../contracts/payroll';
import type { StorePayrollSettings } from '../../../contracts/payroll';
import type { PaySettingsView } from '../../../contracts/payroll-runs';
import { api } from '../../lib/api/api';

const URL = '/report/payrolls/settings';

export const storePayrollLogic = createRecordMachine<PaySettingsView>().provide({
  actors: {
    load: fromPromise(({ signal }) => api.get<PaySettingsView>(URL, { skipNotice: true, signal })),
  },
});

export function storePayrollValues(settings: StorePayrollSettings): FormValues {
  return {
    kind: settings.period.kind,
    anchor: 'anchor' in settings.period ? settings.period.anchor : '',
    deductCardFeeFromTips: settings.deductCardFeeFromTips ? 'true' : 'false',
  };
}

/** The settings the form says, checked: `{ settings }` or `{ issues }` by field (the domain's codes). */
export function checkStorePayroll(
  values: FormValues,
): { settings: StorePayrollSettings; issues?: undefined } | { settings?: undefined; issues: FieldIssues } {
  const weekly = values.kind === 'weekly' || values.kind === 'biweekly';
  const parsed = storePayrollSettingsSchema.safeParse({
    period: weekly ? { kind: values.kind, anchor: values.anchor ?? '' } : { kind: values.kind },
    deductCardFeeFromTips: values.deductCardFeeFromTips === 'true',
  });
  if (parsed.success) return { settings: parsed.data as StorePayrollSettings };
  const issues: FieldIssues = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.includes('anchor') ? 'anchor' : 'kind';
    (issues[field] ??= []).push({
      code: issue.code === 'custom' ? issue.message : issue.code,
      message: issue.message,
    });
  }
  return { issues };
}

export function storePayrollFormLogic(saved: () => void) {
  return formSubmitMachine.provide({
    actors: {
      validate: fromPromise(({ input }) => {
        const checked = checkStorePayroll(input.values);
        return checked.issues ? Promise.reject({ fieldErrors: checked.issues }) : Promise.resolve();
      }),
      submit: fromPromise(({ input, signal }) =>
        api.put(
          `${URL}/store`,
          { ...checkStorePayroll(input.values).settings },
          {
            idempotencyKey: input.idempotencyKey,
            signal,
            skipNotice: true,
          },
        ),
      ),
    },
    actions: { announceDone: saved },
  });
}
