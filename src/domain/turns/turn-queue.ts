/**
 * Answers from the folded day (docs/turns.md "Who is next" and "Reasons"): who takes the next customer, and
 * the whole board with, for every technician, the reasons for her place as codes and values the UI
 * translates. `at` is the moment asked about (the caller's clock): it only measures how long each has waited.
 */
import { compareByRules, decidingRule } from './turn-day';
import type {
  NextTechnician,
  QueueExplanation,
  QueuePlace,
  RankRule,
  TechnicianDay,
  TurnDayState,
  TurnReason,
  TurnService,
  UnavailableState,
} from './turns.types';

const MINUTE_MS = 60_000;

function parseAt(at: string): number {
  const ms = Date.parse(at);
  // A caller's clock that does not parse is a bug in the caller: answering with NaN minutes would hide it.
  if (Number.isNaN(ms)) throw new RangeError(`turn engine: "${at}" is not an ISO 8601 instant`);
  return ms;
}

export function canDoService(tech: TechnicianDay, service: Pick<TurnService, 'id'>): boolean {
  return tech.serviceIds === null || tech.serviceIds.includes(service.id);
}

/** The states she is passed over for, in the order the board names them; empty when she can take a turn. */
export function unavailableStates(tech: TechnicianDay): UnavailableState[] {
  if (!tech.clockedIn) return ['off'];
  const states: UnavailableState[] = [];
  if (tech.busySince !== null) states.push('busy');
  if (tech.onBreakSince !== null) states.push('break');
  if (tech.skipsNext) states.push('skipped');
  return states;
}

function isAvailable(tech: TechnicianDay, service: Pick<TurnService, 'id'> | undefined): boolean {
  return (
    tech.clockedIn &&
    tech.busySince === null &&
    tech.onBreakSince === null &&
    !tech.skipsNext &&
    (service === undefined || canDoService(tech, service))
  );
}

function sinceOf(tech: TechnicianDay, state: UnavailableState): string | undefined {
  if (state === 'busy') return tech.busySince ?? undefined;
  if (state === 'break') return tech.onBreakSince ?? undefined;
  if (state === 'off') return tech.clockedOutAt ?? undefined;
  return undefined;
}

function reasonsOf(
  tech: TechnicianDay,
  atMs: number,
  service: Pick<TurnService, 'id'> | undefined,
): TurnReason[] {
  const reasons: TurnReason[] = [];
  for (const state of unavailableStates(tech)) {
    const since = sinceOf(tech, state);
    reasons.push(
      since === undefined ? { code: 'unavailable', state } : { code: 'unavailable', state, since },
    );
  }
  if (service !== undefined && !canDoService(tech, service)) {
    reasons.push({ code: 'cannot_do_service', serviceId: service.id });
  }
  if (tech.movedByManager) reasons.push({ code: 'moved_by_manager', ...tech.movedByManager });
  if (tech.bonusLeft > 0) reasons.push({ code: 'bonus_left', count: tech.bonusLeft });
  reasons.push({ code: 'fewest_turns', turns: tech.countedTurns });
  if (tech.clockedIn) {
    reasons.push({
      code: 'queued_since',
      at: tech.queuedSince,
      waitedMinutes: Math.max(0, Math.floor((atMs - tech.queuedSinceMs) / MINUTE_MS)),
    });
  }
  return reasons;
}

/** Which rule keeps `tech` ahead of `behind`; a pair the rules would order the other way was a manager's move. */
function aheadBy(tech: TechnicianDay, behind: TechnicianDay | undefined): RankRule | null {
  if (behind === undefined) return null;
  return compareByRules(tech, behind) < 0 ? decidingRule(tech, behind) : 'moved_by_manager';
}

function placeAt(
  state: TurnDayState,
  index: number,
  atMs: number,
  service: Pick<TurnService, 'id'> | undefined,
): QueuePlace {
  const tech = state.technicians[state.queue[index] as string] as TechnicianDay;
  const behindId = state.queue[index + 1];
  return {
    technicianId: tech.id,
    position: index + 1,
    available: isAvailable(tech, service),
    aheadOfNextBy: aheadBy(tech, behindId === undefined ? undefined : state.technicians[behindId]),
    reasons: reasonsOf(tech, atMs, service),
  };
}

/**
 * The first technician in the queue who can take `service` now, or null when nobody can (everyone busy, on
 * break, skipping or unable to do it): the front desk then waits or gives the turn by hand.
 */
export function nextTechnician(
  state: TurnDayState,
  service: Pick<TurnService, 'id'>,
  at: string,
): NextTechnician | null {
  const atMs = parseAt(at);
  for (let i = 0; i < state.queue.length; i++) {
    const tech = state.technicians[state.queue[i] as string] as TechnicianDay;
    if (isAvailable(tech, service)) {
      return {
        technicianId: tech.id,
        usesBonus: tech.bonusLeft > 0,
        place: placeAt(state, i, atMs, service),
      };
    }
  }
  return null;
}

/**
 * The whole board: the queue in order, then whoever clocked out (by id, without a position). With a service,
 * `available` and the reasons also say who cannot do it.
 */
export function explainQueue(
  state: TurnDayState,
  at: string,
  service?: Pick<TurnService, 'id'>,
): QueueExplanation {
  const atMs = parseAt(at);
  const places: QueuePlace[] = [];
  for (let i = 0; i < state.queue.length; i++) places.push(placeAt(state, i, atMs, service));
  const off = Object.values(state.technicians)
    .filter((t) => !t.clockedIn)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const tech of off) {
    places.push({
      technicianId: tech.id,
      position: null,
      available: false,
      aheadOfNextBy: null,
      reasons: reasonsOf(tech, atMs, service),
    });
  }
  return { at, places };
}
