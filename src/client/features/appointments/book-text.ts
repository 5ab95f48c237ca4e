/**
 * The book's words for a failure, by code, never by the server's English (docs/errors.md): the appointments
 * namespace's own key for the booking codes, else the app's code→key map (lib/api/error-messages.ts, common
 * namespace), else by kind, else a plain "try again".
 */
import type { ResourceError } from '../../../../machines/resource/resource.types';
import { failureKeys } from '../../lib/api/error-messages';

export const NS = 'appointments';

const OWN_CODES: ReadonlySet<string> = new Set([
  'booking_conflict',
  'booking_stale',
  'booking_not_editable',
  'booking_status_refused',
  'booking_outside_hours',
  'booking_technician_unavailable',
]);

export function bookErrorKeys(error: ResourceError): string[] {
  return failureKeys(NS, OWN_CODES, error);
}
