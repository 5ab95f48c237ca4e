/**
 * A turn place's reasons in words (docs/turns.md "Reasons"): each reason the server gives as a code with values
 * becomes a key of the turn-system namespace and its values, times in the store's clock. Shared by the turn board
 * and the waiting room's TV, which both explain every place.
 */
import type { TurnReasonView } from '../../contracts/turn-system';

export const TURN_NS = 'turn-system';

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
