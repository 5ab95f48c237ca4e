/**
 * How an error of the auth charts reads on screen: its i18n code in the user's language, or the English text
 * (the server's own, or the spec's) when no translation exists for it.
 */
import type { TFunction } from 'i18next';
import type { AuthError, FieldProblem } from '../../../../machines/auth/auth.types';

export function errorText(t: TFunction, error: AuthError | FieldProblem | null | undefined): string | null {
  if (!error) return null;
  return error.code ? t(error.code, { defaultValue: error.message }) : error.message;
}

export function fieldText(t: TFunction, error: AuthError | null, field: string): string | null {
  return errorText(t, error?.fields?.[field]);
}
