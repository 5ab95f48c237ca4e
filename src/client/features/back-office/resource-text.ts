/**
 * The words for a resource failure, picked by the server's error code (the app's one map,
 * lib/api/error-messages.ts), else by the kind of failure (admin namespace `errors.<kind>`): never by the
 * server's English message. A refused delete names what still uses the row.
 */
import type { TFunction } from 'i18next';
import type { FieldIssue, ResourceError } from '../../../../machines/resource/resource.types';
import type { ErrorCode } from '../../../contracts/error-codes';
import { ERROR_MESSAGE_KEY } from '../../lib/api/error-messages';

export function errorText(t: TFunction, error: ResourceError): string {
  const byCode =
    error.code && Object.hasOwn(ERROR_MESSAGE_KEY, error.code)
      ? [`common:${ERROR_MESSAGE_KEY[error.code as ErrorCode]}`]
      : [];
  const keys = [...byCode, `admin:errors.${error.kind}`];
  if (error.inUse) {
    return t('admin:errors.inUse', {
      count: error.inUse.count,
      what: t(`admin:resources.${error.inUse.resource}`, { defaultValue: error.inUse.resource }),
    });
  }
  return t(keys);
}

/** One field's problem in the user's language; a server text without a code is shown as it came. */
export function issueText(t: TFunction, issue: FieldIssue): string {
  // A refusal the server names no code for: its words in English, a translated sentence with them otherwise.
  if (issue.code === 'server') return t('admin:validation.server', { message: issue.message });
  return t([`admin:validation.${issue.code}`, 'admin:validation.invalid'], issue.params ?? {});
}

/** A code of an import row or a bulk row: its words when known, else the server's text. */
export function rowProblemText(t: TFunction, code: string | undefined, message: string | undefined): string {
  return code ? t(`admin:rowErrors.${code}`, { defaultValue: message ?? code }) : (message ?? '');
}
