/**
 * The booking editor's words for a problem, by code, never by the server's English (docs/errors.md): a field's
 * issue by its code (the domain's timing codes, the client's own) or else by the field, and a failure by the
 * app's one code→key map (lib/api/error-messages.ts, common namespace), else by kind, else "try again".
 */
import type { FieldIssue, ResourceError } from '../../../../machines/resource/resource.types';
import { DRAFT_ISSUE } from '../../../../machines/booking-editor/booking-editor.rules';
import { failureKeys as sharedFailureKeys } from '../../lib/api/error-messages';
/** No codes of this namespace's own: every code's words are the app's. */
const NO_OWN_CODES: ReadonlySet<string> = new Set();

export const NS = 'booking-editor';

/** Codes with their own sentence whatever the field (src/domain/bookings/segments.ts LineTimingProblem). */
const ISSUE_CODES: ReadonlySet<string> = new Set([
  'duration_range',
  'buffer_range',
  'processing_outside',
  'processing_without_offset',
  DRAFT_ISSUE.INVALID_START,
  DRAFT_ISSUE.LINES_CLASH,
]);

/** Fields with their own sentence (the last part of the key: `booking_appt_service.0.starts_at` → starts_at). */
const FIELDS: ReadonlySet<string> = new Set([
  'customer_name',
  'telephone',
  'notes',
  'booking_appt_service',
  'service_id',
  'user_id',
  'starts_at',
  'duration_minutes',
  'processing_offset_minutes',
  'processing_minutes',
  'buffer_before_minutes',
  'buffer_after_minutes',
]);

/** The keys to try for one field's first issue, most specific first. */
export function issueKeys(field: string, issue: FieldIssue): string[] {
  const name =
    field
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? field;
  return [
    ...(ISSUE_CODES.has(issue.code) ? [`${NS}:issues.${issue.code}`] : []),
    ...(FIELDS.has(name) ? [`${NS}:fields.${name}`] : []),
    `${NS}:issues.generic`,
  ];
}

export function failureKeys(error: ResourceError): string[] {
  return sharedFailureKeys(NS, NO_OWN_CODES, error, 'failure.generic');
}
