/**
 * What a turn counts (docs/turns.md "Turn value" and "What counts"): the service's value from its own setting
 * or the store's price thresholds, and whether a given turn counts at all.
 */
import type { TurnService, TurnSettings, TurnValue } from './turns.types';

/** Every default is argued in docs/turns.md "Settings": with them every turn given from the queue counts 1. */
export const DEFAULT_TURN_SETTINGS: TurnSettings = {
  fullTurnFrom: 0,
  noTurnBelow: 0,
  countRequested: false,
  countAppointments: false,
  earlyClockInBonus: 0,
};

/** Full is one turn, half is half a turn: halves add up exactly in binary floating point. */
export const TURN_WEIGHT: Readonly<Record<TurnValue, number>> = { full: 1, half: 0.5, none: 0 };

/**
 * The service's own value if it sets one, else by price: under noTurnBelow none, at or above fullTurnFrom
 * full, half in between. A service with neither a value nor a price counts full, as the catalog's default.
 */
export function serviceTurnValue(service: TurnService, settings: TurnSettings): TurnValue {
  if (service.turnValue) return service.turnValue;
  const price = service.price;
  if (price === undefined || !Number.isFinite(price)) return 'full';
  if (price < settings.noTurnBelow) return 'none';
  if (price >= settings.fullTurnFrom) return 'full';
  return 'half';
}

/** The flags of a turn that decide whether it counts (a take_turn event has them). */
export interface TurnFlags {
  turnValue: TurnValue;
  requested: boolean;
  appointment: boolean;
}

/**
 * Whether a turn counts: it has a value, and neither a request nor an appointment the store does not count.
 * A turn that does not count moves the technician neither in count nor in queue time (docs/turns.md
 * "What counts"): the customer chose her, the walk-in rotation did not.
 */
export function turnCounts(turn: TurnFlags, settings: TurnSettings): boolean {
  if (TURN_WEIGHT[turn.turnValue] === 0) return false;
  if (turn.requested && !settings.countRequested) return false;
  if (turn.appointment && !settings.countAppointments) return false;
  return true;
}
