/**
 * The gift card Reload panel's check (panels/giftcard-panels.tsx): what was typed as the body the server
 * parses, through the same contract schema, so each problem shows under its field before anything is sent.
 */
import type { FormValues } from '../../../../../machines/form-submit/form-submit.types';
import { reloadGiftcardBody } from '../../../../contracts/giftcards';
import { parseAmount } from '../../../../domain/amount';
import { toFieldIssues } from '../field-issues';

/**
 * The reload's body: the amount typed in the store currency's units ("12.50") in minor units (1250), parsed by
 * the domain, never through a float (docs/money.md); text that is no amount stays as typed, so the schema
 * refuses it beside its field. Rejects with `{ fieldErrors }`, as the form chart's `validate` does.
 */
export function reloadBody(values: FormValues, currency: string): Record<string, unknown> {
  const typed = (values.amount ?? '').trim();
  const minor = typed === '' ? undefined : (parseAmount(typed, currency) ?? typed);
  const body = { amount: minor, ...(values.note?.trim() ? { note: values.note } : {}) };
  const checked = reloadGiftcardBody.safeParse(body);
  if (!checked.success) throw { fieldErrors: toFieldIssues(checked.error.issues) };
  return body;
}
