/**
 * The clock-in screen's words picked by code, never by the server's English (docs/errors.md): a failure's
 * i18n keys (the app's one code→key map, lib/api/error-messages.ts, in the common namespace), and the keys of a
 * person's status and of what was done.
 */
import type { BoardPerson, ClockError } from '../../../../machines/clock-in/clock-in.types';
import type { ClockAction } from '../../../domain/clock';
import { failureKeys } from '../../lib/api/error-messages';
/** No codes of this namespace's own: every code's words are the app's. */
const NO_OWN_CODES: ReadonlySet<string> = new Set();

export const NS = 'employee-check-in';

/** What to pass to t(): keys tried in order, and their values. */
export interface TextKey {
  keys: string[];
  values: Record<string, string | number>;
}

/** A failure in the reader's language: a wrong PIN with its tries left, else by code, else by kind. */
export function errorKey(error: ClockError): TextKey {
  if (error.code === 'wrong_pin' && error.triesLeft !== null) {
    return { keys: ['common:pin.errors.wrongWithTries'], values: { count: error.triesLeft } };
  }
  return { keys: failureKeys(NS, NO_OWN_CODES, error), values: {} };
}

/** "Off", "Working since {{time}}", "On a break". */
export function statusKey(person: Pick<BoardPerson, 'status'>): string {
  switch (person.status) {
    case 'off':
      return `${NS}:status.off`;
    case 'working':
      return `${NS}:status.working`;
    case 'on_break':
      return `${NS}:status.onBreak`;
  }
}

export const ACTION_KEY: Readonly<Record<ClockAction, string>> = {
  check_in: `${NS}:actions.check_in`,
  break_start: `${NS}:actions.break_start`,
  break_end: `${NS}:actions.break_end`,
  check_out: `${NS}:actions.check_out`,
};

/** "Anna Nguyen clocked in at 9:02 AM" and its siblings. */
export const DONE_KEY: Readonly<Record<ClockAction, string>> = {
  check_in: `${NS}:done.check_in`,
  break_start: `${NS}:done.break_start`,
  break_end: `${NS}:done.break_end`,
  check_out: `${NS}:done.check_out`,
};
