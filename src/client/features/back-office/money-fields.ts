/**
 * Money fields of a resource form (resource-config.ts, kind `money`): the row and the body carry integer minor
 * units (docs/money.md), the form shows and takes the store currency's units. Converted through the domain's
 * exact decimal parsing (src/domain/amount.ts), never a float.
 */
import type { FormValues } from '../../../../machines/resource/resource.types';
import { parseAmount } from '../../../domain/amount';
import { toDecimalString } from '../../../domain/money';
import type { FieldConfig } from './resource-config';

/** The money fields of a form with these values: a `moneyWhen` field only while its condition holds. */
function moneyNames(fields: readonly FieldConfig[], values: FormValues): string[] {
  return fields
    .filter(
      (field) =>
        field.kind === 'money' &&
        (!field.moneyWhen || String(values[field.moneyWhen.field] ?? '') === field.moneyWhen.value),
    )
    .map((field) => field.name);
}

/** A row as the form shows it: 1050 → "10.50" (USD). */
export function moneyToForm<T extends FormValues>(
  row: T,
  fields: readonly FieldConfig[],
  currency: string,
): T {
  const out: FormValues = { ...row };
  for (const name of moneyNames(fields, row)) {
    const value = out[name];
    if (typeof value === 'number' && Number.isSafeInteger(value))
      out[name] = toDecimalString(value, currency);
  }
  return out as T;
}

/**
 * The form as the body sends it: "10.50" → 1050. A blank amount is left out (no value: an optional one gets
 * its default, a required one is refused as missing); text that is no amount stays as typed, so the schema
 * refuses it beside its field.
 */
export function moneyToBody(
  values: FormValues,
  fields: readonly FieldConfig[],
  currency: string,
): FormValues {
  const out: FormValues = { ...values };
  for (const name of moneyNames(fields, values)) {
    const value = out[name];
    if (value === '' || value === null) {
      delete out[name];
      continue;
    }
    if (typeof value !== 'string') continue;
    const minor = parseAmount(value, currency);
    if (minor !== null) out[name] = minor;
  }
  return out;
}
