/**
 * The desk's words for a failure, by code, never by the server's English (docs/errors.md): the walk-in
 * namespace's own key for the walk-in codes (a stale view, a closed walk-in...), else the app's one code→key map
 * (lib/api/error-messages.ts, common namespace), else by kind, else a plain "try again".
 */
import type { ResourceError } from '../../../../machines/resource/resource.types';
import { failureKeys } from '../../lib/api/error-messages';

export const NS = 'walk-in';

const OWN_CODES: ReadonlySet<string> = new Set([
  'walk_in_stale',
  'walk_in_closed',
  'walk_in_move_not_allowed',
  'walk_in_technician_required',
]);

export function walkInErrorKeys(error: ResourceError): string[] {
  return failureKeys(NS, OWN_CODES, error);
}

/** The register form's fields that can carry an issue, each with its own sentence. */
export const REGISTER_FIELDS = [
  'customer_name',
  'telephone',
  'title',
  'notes',
  'user_id',
  'effective_start',
  'effective_end',
  'booking_appt_service',
  'customer_info.first_name',
  'customer_info.last_name',
  'customer_info.email',
  'customer_info.birthday',
  'customer_info.telephone',
] as const;

/** The key of a field's issue ("Enter the customer's name."); the form's general one for any other path. */
export function registerIssueKey(field: string): string {
  return (REGISTER_FIELDS as readonly string[]).includes(field)
    ? `${NS}:register.issues.${field.replace('.', '_')}`
    : `${NS}:register.issues.other`;
}

/** Turn-system reason codes (docs/turns.md) the assign dialog explains a suggestion with. */
const REASONS: ReadonlySet<string> = new Set([
  'moved_by_manager',
  'bonus_left',
  'fewest_turns',
  'queued_since',
]);

export function reasonKey(code: string | null): string | null {
  return code && REASONS.has(code) ? `${NS}:assign.reasons.${code}` : null;
}
