/**
 * The turn screens' words, picked by code (docs/errors.md, docs/turns.md "Reasons"): each reason the server gives
 * as a code with values becomes an i18n key of the turn-system namespace and its values, times in the store's
 * clock; a refusal is worded by its turn problem, else by the app's code→key map.
 */
import type { TurnError } from '../../../../machines/turn-board/turn-board.types';
import type { ErrorCode } from '../../../contracts/error-codes';
import type { TurnReasonView } from '../../../contracts/turn-system';
import { TURN_PROBLEMS } from '../../../contracts/turn-system';
import { ERROR_MESSAGE_KEY } from '../../lib/api/error-messages';

export const NS = 'turn-system';

export interface TextKey {
  key: string;
  values: Record<string, string | number>;
}

/** One reason in words: `time` turns an instant into the store's wall clock ("9:02 AM"). */
export function reasonText(reason: TurnReasonView, time: (at: string) => string): TextKey {
  switch (reason.code) {
    case 'unavailable':
      return {
        key: `reasons.unavailable.${reason.state}`,
        values: { time: reason.since ? time(reason.since) : '' },
      };
    case 'cannot_do_service':
      return { key: 'reasons.cannot_do_service', values: {} };
    case 'moved_by_manager':
      return {
        key: 'reasons.moved_by_manager',
        values: {
          name: reason.by_name,
          time: time(reason.at),
          reason: reason.reason,
          position: reason.position,
        },
      };
    case 'bonus_left':
      return { key: 'reasons.bonus_left', values: { count: reason.count } };
    case 'fewest_turns':
      return { key: 'reasons.fewest_turns', values: { turns: reason.turns } };
    case 'queued_since':
      return {
        key: 'reasons.queued_since',
        values: { time: time(reason.at), minutes: reason.waitedMinutes },
      };
  }
}

const PROBLEMS: ReadonlySet<string> = new Set(TURN_PROBLEMS);

/** A failure in the reader's language: keys tried in order (the turn problem, the code, the kind, generic). */
export function errorKeys(error: TurnError): string[] {
  const byProblem = error.problem && PROBLEMS.has(error.problem) ? [`${NS}:problems.${error.problem}`] : [];
  const byCode =
    error.code && Object.hasOwn(ERROR_MESSAGE_KEY, error.code)
      ? [`common:${ERROR_MESSAGE_KEY[error.code as ErrorCode]}`]
      : [];
  const byKind = error.kind === 'offline' ? ['common:api.errors.network'] : [];
  return [...byProblem, ...byCode, ...byKind, `${NS}:errors.generic`];
}
