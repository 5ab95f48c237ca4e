import type { WorkingDay } from '../../src/contracts/working-times';
import type { DayShift, WorkingDayProblem } from '../../src/domain/working-day';
import type { ResourceError } from '../resource/resource.types';

/** What the manager does to the day: put its times right, or remove it. */
export type CorrectionMode = 'correct' | 'delete';

/**
 * A break as typed: wall times of the store (`YYYY-MM-DDTHH:mm`, the value of a datetime-local field); an empty
 * end is a break still running.
 */
export interface DraftBreak {
  started_at: string;
  ended_at: string;
}

/** A shift as typed; an empty check-out is someone still clocked in. */
export interface DraftShift {
  check_in_at: string;
  check_out_at: string;
  breaks: DraftBreak[];
}

/**
 * A problem with the typed day, by code: the domain's rules of a valid day (src/domain/working-day.ts) and the
 * form's own (a time left empty that must be given, a reason too short or too long, as the contract's schema).
 */
export type CorrectionProblem = WorkingDayProblem | 'time_required' | 'reason_too_short' | 'reason_too_long';

/** Problems by field path: `shifts.0.check_out_at`, `shifts.0.breaks.1`, `reason`, `date_work`. */
export type CorrectionProblems = Record<string, CorrectionProblem[]>;

export interface WorkingDayCorrectionInput {
  mode: CorrectionMode;
  day: WorkingDay;
  /** The store's IANA time zone: the typed wall times are the store's (docs/api.md#defaults-and-formats). */
  timeZone: string;
}

export interface WorkingDayCorrectionContext {
  mode: CorrectionMode;
  userId: number;
  dateWork: string;
  timeZone: string;
  shifts: DraftShift[];
  reason: string;
  /** The problems found by the last submit, shown beside their fields until the next change. */
  problems: CorrectionProblems;
  /** The approval the manager's PIN earned (never the PIN: docs/roles.md#pin-approvals), sent as X-Pin-Approval. */
  approval: string | null;
  /** One submit is one intent: kept across retries, dropped by any change (docs/decisions/005-idempotency-keys.md). */
  idempotencyKey: string | null;
  failure: ResourceError | null;
  /** The day as the server wrote it. */
  result: WorkingDay | null;
}

export type ShiftField = 'check_in_at' | 'check_out_at';
export type BreakField = 'started_at' | 'ended_at';

export type WorkingDayCorrectionEvent =
  | { type: 'shift.change'; shift: number; field: ShiftField; value: string }
  | { type: 'shift.add' }
  | { type: 'shift.remove'; shift: number }
  | { type: 'break.add'; shift: number }
  | { type: 'break.change'; shift: number; index: number; field: BreakField; value: string }
  | { type: 'break.remove'; shift: number; index: number }
  | { type: 'reason.change'; value: string }
  /** `now` (ISO) is when the manager pressed it: the rules' "not in the future" and the store's today. */
  | { type: 'submit'; now: string; idempotencyKey: string }
  | { type: 'pin.cancel' }
  | { type: 'retry' }
  | { type: 'edit' };

/** What the app's submit actor is given: the body as the contract takes it, built by the chart's rules. */
export interface SubmitCorrectionInput {
  mode: CorrectionMode;
  userId: number;
  dateWork: string;
  /** Only for `correct`: the shifts as UTC ISO times. */
  shifts: DayShift[];
  reason: string;
  approval: string;
  idempotencyKey: string;
}
