/**
 * How the report says its figures and failures: minutes as hours and minutes (`7:30`, as a time sheet reads),
 * a failure by the server's code in the user's language (lib/api/error-messages.ts, never the English message),
 * a problem of the correction form by its code (machines/working-day-correction).
 */
import type { TFunction } from 'i18next';
import type { ResourceError } from '../../../../machines/resource/resource.types';
import type { ErrorCode } from '../../../contracts/error-codes';
import { ERROR_MESSAGE_KEY } from '../../lib/api/error-messages';

export const NS = 'working-time';

/** 450 → '7:30'; never negative. */
export function hoursText(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The failure's words: by its code when the app knows it, else by its kind. */
export function failureKey(failure: ResourceError): string[] {
  const byCode =
    failure.code && Object.hasOwn(ERROR_MESSAGE_KEY, failure.code)
      ? [`common:${ERROR_MESSAGE_KEY[failure.code as ErrorCode]}`]
      : [];
  return [...byCode, `${NS}:errors.${failure.kind}`, `${NS}:errors.unknown`];
}

export function failureText(t: TFunction, failure: ResourceError): string {
  return t(failureKey(failure));
}
