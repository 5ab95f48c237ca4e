/**
 * The cash drawer screen's words picked by code, never by the server's English (docs/errors.md): a failure's
 * i18n keys (the app's one code→key map, lib/api/error-messages.ts, in the common namespace).
 */
import type { ResourceError } from '../../../../machines/resource/resource.types';
import { failureKeys } from '../../lib/api/error-messages';
/** No codes of this namespace's own: every code's words are the app's. */
const NO_OWN_CODES: ReadonlySet<string> = new Set();

export const NS = 'cash-drawer';

/** Keys tried in order: by code, then by kind (offline, timeout), then the screen's generic text. */
export function errorKeys(error: ResourceError): string[] {
  if (error.code === 'wrong_pin') return ['common:pin.errors.wrong', `${NS}:errors.generic`];
  return failureKeys(NS, NO_OWN_CODES, error);
}
