/**
 * Pure helpers of the settings editor: the form values a saved document shows, and how a rejection reads.
 */
import type { SettingsDocument } from '../../src/contracts/settings';
import type { FieldErrors, SettingsFailure, SettingsValues } from './settings-editor.types';

/**
 * The form's values for a document: what the screen shows before anyone types. Numbers stay numbers and the
 * tax list keeps its ids, so an untouched group validates and saves as it was.
 */
export function valuesOf(document: SettingsDocument): SettingsValues {
  const { providers: _providers, ...payment } = document.payment;
  return {
    general: { ...document.general },
    profile: { ...document.profile },
    tax: { ...document.tax, taxes: document.tax.taxes.map((tax) => ({ ...tax })) },
    payment,
    print: { ...document.print },
    others: { ...document.others },
    turns: { ...document.turns },
  };
}

function fieldErrorsOf(value: unknown): FieldErrors | null {
  if (typeof value !== 'object' || value === null) return null;
  const entries = Object.entries(value as Record<string, unknown>).flatMap(([field, messages]) => {
    if (typeof messages === 'string') return [[field, messages] as const];
    if (Array.isArray(messages) && typeof messages[0] === 'string') return [[field, messages[0]] as const];
    return [];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/**
 * A rejection as the editor keeps it. Reads `fieldErrors` (the validate actor's), or an ApiError's `status`,
 * `code`, `errors` and `offline`; anything else is a server failure.
 */
export function failureOf(error: unknown): SettingsFailure {
  const e = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  const code = typeof e.code === 'string' ? e.code : null;
  const fieldErrors = fieldErrorsOf(e.fieldErrors) ?? fieldErrorsOf(e.errors);
  if (fieldErrors) return { kind: 'validation', code, fieldErrors };
  if (e.offline === true || e.status === 0) return { kind: 'offline', code, fieldErrors: null };
  if (e.status === 401 || e.status === 403) return { kind: 'forbidden', code, fieldErrors: null };
  return { kind: 'server', code, fieldErrors: null };
}
