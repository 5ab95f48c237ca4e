/**
 * The turn day as an event-sourced fold (docs/turns.md): startTurnDay gives the empty day, applyTurnEvent folds
 * one ledger event into it, foldTurnDay replays a whole ledger. Pure and immutable: every call returns a new
 * state (or the same one when nothing changed) and never touches its input, so the server and a client's
 * statechart replaying the same ledger hold equal days.
 *
 * The queue is kept as an explicit order rather than sorted on every read, so that a manager's move stands:
 * an event only ever changes the place of the technician it names (docs/turns.md "Manual reorder"). The
 * rules place a technician when what they rank her by changes (she joins, her counted turns change, she gains
 * or uses up her bonus): she goes right after the last technician the rules rank ahead of her. With no
 * manager's move in the ledger that keeps the queue exactly in rule order.
 */
import { DEFAULT_TURN_SETTINGS, TURN_WEIGHT, turnCounts } from './turn-value';
import type {
  RankRule,
  TechnicianDay,
  TurnDayState,
  TurnEvent,
  TurnEventProblem,
  TurnSettings,
} from './turns.types';

export function startTurnDay(
  settings: TurnSettings = DEFAULT_TURN_SETTINGS,
  opensAt: string | null = null,
): TurnDayState {
  const opensAtMs = opensAt === null ? null : Date.parse(opensAt);
  return {
    settings,
    opensAt: opensAtMs === null || Number.isNaN(opensAtMs) ? null : opensAt,
    opensAtMs: opensAtMs === null || Number.isNaN(opensAtMs) ? null : opensAtMs,
    technicians: {},
    queue: [],
  };
}

/**
 * The rules' order (docs/turns.md "Who is next"): a technician with a bonus turn left first, then fewest
 * counted turns, then the earlier queue time, then the id (by code units, not by locale, so every runtime
 * agrees). Negative when `a` goes first.
 */
export function compareByRules(a: TechnicianDay, b: TechnicianDay): number {
  const bonus = (a.bonusLeft > 0 ? 0 : 1) - (b.bonusLeft > 0 ? 0 : 1);
  if (bonus !== 0) return bonus;
  if (a.countedTurns !== b.countedTurns) return a.countedTurns - b.countedTurns;
  if (a.queuedSinceMs !== b.queuedSinceMs) return a.queuedSinceMs - b.queuedSinceMs;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The first rule that tells `a` and `b` apart (the one compareByRules decided by). */
export function decidingRule(a: TechnicianDay, b: TechnicianDay): RankRule {
  if (a.bonusLeft > 0 !== b.bonusLeft > 0) return 'bonus_left';
  if (a.countedTurns !== b.countedTurns) return 'fewest_turns';
  if (a.queuedSinceMs !== b.queuedSinceMs) return 'queued_since';
  return 'technician_id';
}

function sameRank(a: TechnicianDay, b: TechnicianDay): boolean {
  return (
    a.bonusLeft > 0 === b.bonusLeft > 0 &&
    a.countedTurns === b.countedTurns &&
    a.queuedSinceMs === b.queuedSinceMs
  );
}

/** `queue` without `id`, with `id` put right after the last technician the rules rank ahead of her. */
function placeByRules(
  queue: readonly string[],
  technicians: Readonly<Record<string, TechnicianDay>>,
  tech: TechnicianDay,
): string[] {
  const others = queue.filter((id) => id !== tech.id);
  // Scanning from the back, the first one not ranked behind her is the last one ranked ahead of her.
  let at = others.length;
  while (at > 0 && compareByRules(technicians[others[at - 1] as string] as TechnicianDay, tech) > 0) at--;
  others.splice(at, 0, tech.id);
  return others;
}

/** Why `event` does not apply to the day as it stands, or null when it does (applyTurnEvent then folds it). */
export function turnEventProblem(state: TurnDayState, event: TurnEvent): TurnEventProblem | null {
  if (Number.isNaN(Date.parse(event.at))) return 'invalid_time';
  const tech = state.technicians[event.technicianId];
  if (event.type === 'clock_in') return tech?.clockedIn ? 'already_clocked_in' : null;
  if (!tech?.clockedIn) return 'not_clocked_in';
  switch (event.type) {
    case 'break_start':
      if (tech.busySince !== null) return 'busy';
      return tech.onBreakSince !== null ? 'on_break' : null;
    case 'break_end':
      return tech.onBreakSince === null ? 'not_on_break' : null;
    case 'finish_turn':
      return tech.busySince === null ? 'not_busy' : null;
    case 'skip':
      return tech.skipsNext ? 'already_skipping' : null;
    case 'cancel_skip':
      return tech.skipsNext ? null : 'not_skipping';
    case 'grant_bonus':
      return Number.isSafeInteger(event.count) && event.count > 0 ? null : 'invalid_count';
    case 'reorder':
      return Number.isSafeInteger(event.position) && event.position > 0 ? null : 'invalid_position';
    default:
      return null;
  }
}

function withTechnician(state: TurnDayState, tech: TechnicianDay, queue = state.queue): TurnDayState {
  return { ...state, technicians: { ...state.technicians, [tech.id]: tech }, queue };
}

/**
 * Applies a changed technician; when what the rules rank her by changed, she is placed by the rules again and
 * a manager's move of her ends (docs/turns.md "Manual reorder").
 */
function updateTechnician(state: TurnDayState, before: TechnicianDay, after: TechnicianDay): TurnDayState {
  if (sameRank(before, after)) return withTechnician(state, after);
  const placed = { ...after, movedByManager: null };
  const technicians = { ...state.technicians, [placed.id]: placed };
  return { ...state, technicians, queue: placeByRules(state.queue, technicians, placed) };
}

function clockIn(state: TurnDayState, event: Extract<TurnEvent, { type: 'clock_in' }>): TurnDayState {
  const atMs = Date.parse(event.at);
  const known = state.technicians[event.technicianId];
  const early =
    known === undefined && state.opensAtMs !== null && atMs < state.opensAtMs
      ? Math.max(0, Math.trunc(state.settings.earlyClockInBonus))
      : 0;
  const tech: TechnicianDay = {
    id: event.technicianId,
    clockedIn: true,
    clockedOutAt: null,
    busySince: null,
    onBreakSince: null,
    skipsNext: false,
    countedTurns: known?.countedTurns ?? 0,
    uncountedTurns: known?.uncountedTurns ?? 0,
    bonusLeft: (known?.bonusLeft ?? 0) + early,
    bonusUsed: known?.bonusUsed ?? 0,
    queuedSince: event.at,
    queuedSinceMs: atMs,
    firstClockInAt: known?.firstClockInAt ?? event.at,
    serviceIds: event.serviceIds ? [...event.serviceIds] : null,
    movedByManager: null,
  };
  const technicians = { ...state.technicians, [tech.id]: tech };
  return { ...state, technicians, queue: placeByRules(state.queue, technicians, tech) };
}

function takeTurn(
  state: TurnDayState,
  tech: TechnicianDay,
  event: Extract<TurnEvent, { type: 'take_turn' }>,
): TurnDayState {
  const working = { ...tech, busySince: event.at, onBreakSince: null };
  if (!turnCounts(event, state.settings)) {
    return withTechnician(state, { ...working, uncountedTurns: tech.uncountedTurns + 1 });
  }
  // A turn given from the queue is "the next assignment" every skipping technician asked to pass.
  let cleared = state;
  for (const other of Object.values(state.technicians)) {
    if (other.skipsNext && other.id !== tech.id)
      cleared = withTechnician(cleared, { ...other, skipsNext: false });
  }
  const taken: TechnicianDay =
    tech.bonusLeft > 0
      ? { ...working, skipsNext: false, bonusLeft: tech.bonusLeft - 1, bonusUsed: tech.bonusUsed + 1 }
      : {
          ...working,
          skipsNext: false,
          countedTurns: tech.countedTurns + TURN_WEIGHT[event.turnValue],
          queuedSince: event.at,
          queuedSinceMs: Date.parse(event.at),
        };
  return updateTechnician(cleared, tech, taken);
}

function reorder(
  state: TurnDayState,
  tech: TechnicianDay,
  event: Extract<TurnEvent, { type: 'reorder' }>,
): TurnDayState {
  const others = state.queue.filter((id) => id !== tech.id);
  const index = Math.min(event.position, others.length + 1) - 1;
  others.splice(index, 0, tech.id);
  const moved: TechnicianDay = {
    ...tech,
    movedByManager: { at: event.at, by: event.by, reason: event.reason, position: event.position },
  };
  return withTechnician(state, moved, others);
}

/** Folds one ledger event; an event with a turnEventProblem leaves the day as it was (the same object). */
export function applyTurnEvent(state: TurnDayState, event: TurnEvent): TurnDayState {
  if (turnEventProblem(state, event) !== null) return state;
  if (event.type === 'clock_in') return clockIn(state, event);
  const tech = state.technicians[event.technicianId] as TechnicianDay;
  switch (event.type) {
    case 'clock_out':
      return withTechnician(
        state,
        {
          ...tech,
          clockedIn: false,
          clockedOutAt: event.at,
          busySince: null,
          onBreakSince: null,
          skipsNext: false,
          movedByManager: null,
        },
        state.queue.filter((id) => id !== tech.id),
      );
    case 'break_start':
      return withTechnician(state, { ...tech, onBreakSince: event.at });
    case 'break_end':
      return withTechnician(state, { ...tech, onBreakSince: null });
    case 'take_turn':
      return takeTurn(state, tech, event);
    case 'finish_turn':
      return withTechnician(state, { ...tech, busySince: null });
    case 'skip':
      return withTechnician(state, { ...tech, skipsNext: true });
    case 'cancel_skip':
      return withTechnician(state, { ...tech, skipsNext: false });
    case 'grant_bonus':
      return updateTechnician(state, tech, { ...tech, bonusLeft: tech.bonusLeft + event.count });
    case 'reorder':
      return reorder(state, tech, event);
  }
}

/** Replays a day's ledger in order (what the server does on start, and a client on (re)connecting). */
export function foldTurnDay(
  events: readonly TurnEvent[],
  settings: TurnSettings = DEFAULT_TURN_SETTINGS,
  opensAt: string | null = null,
): TurnDayState {
  let state = startTurnDay(settings, opensAt);
  for (const event of events) state = applyTurnEvent(state, event);
  return state;
}
