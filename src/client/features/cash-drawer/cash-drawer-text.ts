/**
 * The cash drawer screen's words picked by code, never by the server's English (docs/errors.md): a failure's
 * i18n keys (the app's one code→key map, lib/api/error-messages.ts, in the common namespace).
 */
import type { ResourceError } from '../../../../machines/resource/resource.types';
import type { ErrorCode } from '../../../contracts/error-codes';
import { ERROR_MESSAGE_KEY } from '../../lib/api/error-messages';

export const NS = 'cash-drawer';

/** Keys tried in order: by code, then by kind (offline, timeout), then the screen's generic text. */
export function errorKeys(error: ResourceError): string[] {
  if (error.code === 'wrong_pin') return ['common:pin.errors.wrong', `${NS}:errors.generic`];
  const byCode =
    error.code && Object.hasOwn(ERROR_MESSAGE_KEY, error.code)
      ? [`common:${ERROR_MESSAGE_KEY[error.code as ErrorCode]}`]
      : [];
  const byKind =
    error.kind === 'offline'
      ? ['common:api.errors.network']
      : error.kind === 'timeout'
        ? ['common:api.errors.timeout']
        : [];
  return [...byCode, ...byKind, `${NS}:errors.generic`];
}
