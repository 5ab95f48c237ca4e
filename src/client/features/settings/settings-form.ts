/**
 * The settings form: which fields each group shows, how typed values become the group's body, and the
 * words of each field's error. The body is checked with the group's zod schema from src/contracts (the one
 * the server checks with); an error is shown by its field's key in the admin-settings namespace, never in
 * the schema's or the server's English.
 */
import type { z } from 'zod';
import type { SettingsGroup } from '../../../contracts/settings';
import { SETTINGS_GROUP_SCHEMAS } from '../../../contracts/settings';
import { parseAmount } from '../../../domain/amount';
import { HOME_CHOICES, LANGUAGES } from '../../../domain/constants';
import { minorDigits } from '../../../domain/money';
import type {
  FieldErrors,
  GroupValues,
  ValidatedGroup,
  ValidateInput,
} from '../../../../machines/settings-editor/settings-editor.types';

export type FieldKind = 'text' | 'textarea' | 'select' | 'number' | 'percent' | 'amount' | 'switch';

export interface FieldDef {
  name: string;
  kind: FieldKind;
  /** A select's values; the label of each is `options.<name>.<value>`. */
  options?: readonly string[];
  /** A code list (GET /codes) offered as suggestions of a text field. */
  codes?: 'currency' | 'timezone';
}

export const GROUP_FIELDS: Readonly<Record<SettingsGroup, readonly FieldDef[]>> = {
  general: [
    { name: 'default_home', kind: 'select', options: HOME_CHOICES },
    { name: 'language', kind: 'select', options: LANGUAGES },
    { name: 'currency', kind: 'text', codes: 'currency' },
    { name: 'timezone', kind: 'text', codes: 'timezone' },
  ],
  profile: [
    { name: 'store_name', kind: 'text' },
    { name: 'phone', kind: 'text' },
    { name: 'email', kind: 'text' },
    { name: 'address', kind: 'textarea' },
  ],
  tax: [
    { name: 'config_tax_on_tax', kind: 'number' },
    { name: 'config_indian_tax', kind: 'select', options: ['0', '1'] },
  ],
  payment: [
    { name: 'creditcard_fee_percent', kind: 'percent' },
    { name: 'creditcard_fee_to_customer', kind: 'switch' },
    { name: 'offline_card_limit_per_ticket', kind: 'amount' },
    { name: 'offline_card_limit_total', kind: 'amount' },
    { name: 'cash_drawer_tolerance', kind: 'amount' },
    { name: 'cash_drawer_required', kind: 'switch' },
  ],
  print: [
    { name: 'receipt_name', kind: 'text' },
    { name: 'receipt_address', kind: 'text' },
    { name: 'receipt_phone', kind: 'text' },
    { name: 'receipt_footer', kind: 'textarea' },
  ],
  others: [
    { name: 'enable_checkin_employee_daily', kind: 'select', options: ['0', '1'] },
    { name: 'country_code', kind: 'text' },
  ],
  turns: [
    { name: 'full_turn_from', kind: 'amount' },
    { name: 'no_turn_below', kind: 'amount' },
    { name: 'count_requested', kind: 'switch' },
    { name: 'count_appointments', kind: 'switch' },
    { name: 'early_clock_in_bonus', kind: 'number' },
    { name: 'opens_at', kind: 'text' },
  ],
};

/** An amount field as the form shows it: minor units as stored become the currency's decimal text. */
export function amountText(value: unknown, currency: string): string {
  if (typeof value !== 'number') return typeof value === 'string' ? value : '';
  const digits = minorDigits(currency);
  return (value / 10 ** digits).toFixed(digits);
}

/** What an amount field sends: typed text in minor units; untouched numbers are already minor units. */
function amountValue(value: unknown, currency: string): unknown {
  if (typeof value !== 'string') return value;
  const minor = parseAmount(value, currency);
  return minor === null ? value : minor;
}

/** The form's values of a group as the body its schema takes. */
export function bodyOf(group: SettingsGroup, values: GroupValues, currency: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of GROUP_FIELDS[group]) {
    const value = values[field.name];
    body[field.name] = field.kind === 'amount' ? amountValue(value, currency) : value;
  }
  if (group === 'tax') body.taxes = values.taxes;
  return body;
}

const KNOWN_KEYS = new Set(['offline_card_limit_over_total', 'tax_name', 'tax_rate', 'tax_id', 'taxes']);

/** The admin-settings `errors.<key>` of a field path: `taxes.2.rate` → tax_rate. */
export function errorKeyOf(field: string): string {
  const tax = /^taxes\.\d+\.(name|rate|id)$/.exec(field);
  if (tax) return `tax_${tax[1]}`;
  return field.replace(/^[a-z]+\.(?=[a-z_]+$)/, '');
}

/** The error key a field shows: the checked form's own key, else the field's. */
export function errorKeyFor(field: string, error: string): string {
  return KNOWN_KEYS.has(error) ? error : errorKeyOf(field);
}

function keyOfIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.join('.');
  if (field === 'offline_card_limit_per_ticket' && issue.code === 'custom')
    return 'offline_card_limit_over_total';
  return errorKeyOf(field);
}

/** The field errors of a checked body: field path → its error key (the first problem of each field). */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.join('.') || 'form';
    out[field] ??= keyOfIssue(issue);
  }
  return out;
}

/**
 * The editor's validateGroup: the group's form through its schema. Resolves with the body and the save's
 * key (kept from an earlier try of the same values), or rejects with `{ fieldErrors }`.
 */
export function validateGroup(input: ValidateInput, currency: string, newKey: () => string): ValidatedGroup {
  const body = bodyOf(input.group, input.values, currency);
  const result = SETTINGS_GROUP_SCHEMAS[input.group].safeParse(body);
  if (!result.success) {
    throw Object.assign(new Error('invalid settings'), { fieldErrors: fieldErrorsOf(result.error.issues) });
  }
  return { group: input.group, body, saveKey: input.saveKey ?? newKey() };
}
