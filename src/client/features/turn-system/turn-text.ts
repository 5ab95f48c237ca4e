/**
 * The turn screens' words, picked by code (docs/errors.md, docs/turns.md "Reasons"): each reason the server gives
 * as a code with values becomes an i18n key of the turn-system namespace and its values, times in the store's
 * clock; a refusal is worded by its turn problem, else by the app's code→key map.
 */
import type { TurnError } from '../../../../machines/turn-board/turn-board.types';
import type { ErrorCode } from '../../../contracts/error-codes';
import { TURN_PROBLEMS } from '../../../contracts/turn-system';
import { ERROR_MESSAGE_KEY } from '../../lib/api/error-messages';
import { TURN_NS } from '../../lib/turn-reasons';

export const NS = TURN_NS;

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
