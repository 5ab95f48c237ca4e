/**
 * The kiosk's and the review page's words for a failure, picked by code, never by the server's English
 * (docs/errors.md): the code's own key in the kiosk namespace when the kiosk says it its own way, else the app's
 * one code→key map (lib/api/error-messages.ts, common namespace), else by kind, else a plain "try again".
 */
import type { ResourceError } from '../../../../machines/resource/resource.types';
import type { ErrorCode } from '../../../contracts/error-codes';
import { ERROR_MESSAGE_KEY } from '../../lib/api/error-messages';

export const NS = 'kiosk';

/** Codes a customer at the kiosk should read in the kiosk's own, plainer words. */
const KIOSK_CODES: ReadonlySet<string> = new Set([
  'not_found',
  'validation_failed',
  'kiosk_token_invalid',
  'kiosk_token_revoked',
  'kiosk_handle_expired',
  'kiosk_wrong_store',
  'rate_limited',
]);

export function kioskErrorKeys(error: ResourceError): string[] {
  const own = error.code && KIOSK_CODES.has(error.code) ? [`${NS}:errors.${error.code}`] : [];
  const common =
    error.code && Object.hasOwn(ERROR_MESSAGE_KEY, error.code)
      ? [`common:${ERROR_MESSAGE_KEY[error.code as ErrorCode]}`]
      : [];
  const byKind =
    error.kind === 'offline'
      ? [`${NS}:errors.offline`]
      : error.kind === 'timeout'
        ? ['common:api.errors.timeout']
        : [];
  return [...own, ...common, ...byKind, `${NS}:errors.generic`];
}
