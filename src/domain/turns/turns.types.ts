/**
 * The turn engine's vocabulary (docs/turns.md): the store's settings, the day's ledger events, the folded
 * state of the day and the machine-readable reasons a queue place is explained with. Plain data only, so the
 * state can sit in a statechart's context, in a server cache or in a JSON response as it is.
 *
 * Times are ISO 8601 instants passed in by the caller ("2025-03-14T09:05:00Z"); the engine never reads a
 * clock, so the server and the client answer the same for the same ledger.
 */
import type { Minor } from '../order.types';

/** What taking a service counts on the turn board (docs/turns.md "Turn value"); the catalog's `turn_value`. */
export type TurnValue = 'full' | 'half' | 'none';

/** The store's turn settings (docs/turns.md "Settings", where every default is explained). */
export interface TurnSettings {
  /** A service priced at or above this counts a full turn, unless the service sets its own value. */
  fullTurnFrom: Minor;
  /** A service priced under this counts no turn; from here up to fullTurnFrom it counts half. */
  noTurnBelow: Minor;
  /** Whether a turn the customer asked this technician for counts (and moves her in the queue). */
  countRequested: boolean;
  /** Whether a turn that comes from an appointment counts (and moves her in the queue). */
  countAppointments: boolean;
  /** Bonus turns granted at a technician's first clock-in of the day when it is before the store opens. */
  earlyClockInBonus: number;
}

/** Who a manager's act is recorded under in the ledger (the PIN was checked before the event was written). */
export interface ManagerAct {
  /** The manager's user id. */
  by: string;
  /** The reason the manager gave, as typed: shown back, never interpreted. */
  reason: string;
}

interface TechnicianEventBase {
  technicianId: string;
  /** ISO 8601 instant of the act. */
  at: string;
}

/**
 * One entry of the day's ledger. The ledger is append-only and folded in order by applyTurnEvent
 * (turn-day.ts); an event that does not apply to the day as it stands is recorded but changes nothing
 * (turnEventProblem says why), so replaying any stored ledger never throws.
 */
export type TurnEvent =
  | (TechnicianEventBase & {
      type: 'clock_in';
      /** Ids of the services she can do; absent means every service. Taken as of clock-in. */
      serviceIds?: readonly string[];
    })
  | (TechnicianEventBase & { type: 'clock_out' })
  | (TechnicianEventBase & { type: 'break_start' })
  | (TechnicianEventBase & { type: 'break_end' })
  | (TechnicianEventBase & {
      type: 'take_turn';
      /** The service the turn is for, kept for the record. */
      serviceId?: string;
      /** The service's value, resolved by serviceTurnValue (turn-value.ts) when the turn was given. */
      turnValue: TurnValue;
      /** The customer asked for this technician. */
      requested: boolean;
      /** The customer came for an appointment. */
      appointment: boolean;
    })
  | (TechnicianEventBase & { type: 'finish_turn' })
  | (TechnicianEventBase & { type: 'skip' })
  | (TechnicianEventBase & { type: 'cancel_skip' })
  | (TechnicianEventBase & ({ type: 'grant_bonus'; count: number } & ManagerAct))
  | (TechnicianEventBase & ({ type: 'reorder'; position: number } & ManagerAct));

export type TurnEventType = TurnEvent['type'];

/** Why an event does not apply to the day as it stands (turnEventProblem); the client picks words by code. */
export type TurnEventProblem =
  | 'invalid_time'
  | 'not_clocked_in'
  | 'already_clocked_in'
  | 'busy'
  | 'not_busy'
  | 'on_break'
  | 'not_on_break'
  | 'already_skipping'
  | 'not_skipping'
  | 'invalid_count'
  | 'invalid_position';

/** A manager's move that still decides where a technician stands (docs/turns.md "Manual reorder"). */
export interface ManagerMove extends ManagerAct {
  at: string;
  /** The 1-based position the manager asked for. */
  position: number;
}

/** One technician's day as the ledger has made it so far. */
export interface TechnicianDay {
  id: string;
  clockedIn: boolean;
  /** When she last clocked out; null while she is clocked in. */
  clockedOutAt: string | null;
  /** With a customer: set by take_turn, cleared by finish_turn. */
  busySince: string | null;
  onBreakSince: string | null;
  /** She passes once: passed over for the next turn given from the queue, then back in line. */
  skipsNext: boolean;
  /** Counted turns today: the sum of full (1) and half (0.5) turns that counted and used no bonus. */
  countedTurns: number;
  /** Turns that counted nothing (requested or appointment turns the store does not count, value none). */
  uncountedTurns: number;
  bonusLeft: number;
  bonusUsed: number;
  /** When she last joined the queue or took a counted turn: ties on countedTurns go to the earlier. */
  queuedSince: string;
  /** queuedSince in epoch milliseconds, parsed once so ranking compares numbers. */
  queuedSinceMs: number;
  /** Her first clock-in today: the only one the early clock-in bonus looks at. */
  firstClockInAt: string;
  /** null: every service. */
  serviceIds: readonly string[] | null;
  /** The manager's move her place comes from, until the rules move her again. */
  movedByManager: ManagerMove | null;
}

/** The folded day: everything nextTechnician and explainQueue answer from. */
export interface TurnDayState {
  settings: TurnSettings;
  /** When the store opens today (ISO instant), for the early clock-in bonus; null when it does not apply. */
  opensAt: string | null;
  opensAtMs: number | null;
  /** Every technician who clocked in today, clocked out ones included (their turns stay counted). */
  technicians: Readonly<Record<string, TechnicianDay>>;
  /** Ids of the clocked-in technicians, first in line first (busy and on-break ones keep their place). */
  queue: readonly string[];
}

/** The service a next technician is wanted for. */
export interface TurnService {
  id: string;
  /** The service's price in minor units, read by the store thresholds when it sets no value itself. */
  price?: Minor;
  /** The service's own turn value; null or absent means the store thresholds decide. */
  turnValue?: TurnValue | null;
}

/** Why a technician is passed over right now. */
export type UnavailableState = 'busy' | 'break' | 'skipped' | 'off';

/** The rules that rank the queue, most decisive first (docs/turns.md "Who is next"). */
export type RankRule = 'moved_by_manager' | 'bonus_left' | 'fewest_turns' | 'queued_since' | 'technician_id';

/**
 * A machine-readable reason (docs/turns.md "Reasons"): a code and its values, translated by the UI.
 * Never an English sentence.
 */
export type TurnReason =
  | { code: 'unavailable'; state: UnavailableState; since?: string }
  | { code: 'cannot_do_service'; serviceId: string }
  | ({ code: 'moved_by_manager' } & ManagerMove)
  | { code: 'bonus_left'; count: number }
  | { code: 'fewest_turns'; turns: number }
  | { code: 'queued_since'; at: string; waitedMinutes: number };

/** One line of the turn board. */
export interface QueuePlace {
  technicianId: string;
  /** 1-based place in the queue; null for a technician who clocked out. */
  position: number | null;
  /** Could take the service now (clocked in, not busy, not on break, not skipping, able to do it). */
  available: boolean;
  /** Which rule puts her ahead of the technician behind her; null for the last one and the clocked out. */
  aheadOfNextBy: RankRule | null;
  /** Why she is passed over (if she is), then why she stands where she stands, in rule order. */
  reasons: TurnReason[];
}

/** The whole board at a moment. */
export interface QueueExplanation {
  at: string;
  /** The queue in order, then the technicians who clocked out, by id. */
  places: QueuePlace[];
}

/** nextTechnician's answer: who, and her place explained. */
export interface NextTechnician {
  technicianId: string;
  /** The bonus turn she would use, if she has one left (the turn then adds nothing to her count). */
  usesBonus: boolean;
  place: QueuePlace;
}
