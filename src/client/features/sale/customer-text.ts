/**
 * How a customer picker error reads: its i18n code in the reader's language, or the English text (the
 * server's own) when there is no code or no translation for it.
 */
import type { TFunction } from 'i18next';
import type { FieldProblem, PickerError } from '../../../../machines/customer-picker/customer-picker.types';

export function problemText(t: TFunction, problem: FieldProblem | PickerError): string {
  return problem.code ? t(problem.code, { defaultValue: problem.message }) : problem.message;
}
