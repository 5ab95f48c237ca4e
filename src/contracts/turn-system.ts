/**
 * The turn system on the wire (docs/turns.md "On the server and the screens"): the board with every
 * technician's place and the reasons for it as codes with values (the client words them, the server never
 * writes a sentence), the services with their resolved turn value, a turn entry, and the writes (take a turn,
 * finish or correct it, cancel it, skip, a manager's bonus and move).
 */
import { z } from 'zod';

export const TURN_VALUES = ['full', 'half', 'none'] as const;
export const turnValueSchema = z.enum(TURN_VALUES);

/** What the board says a technician is doing now; drives the technician chart of the screen. */
export const TECHNICIAN_STATES = ['off', 'available', 'busy', 'break', 'skipping'] as const;
export type TechnicianState = (typeof TECHNICIAN_STATES)[number];

export const RANK_RULES = [
  'moved_by_manager',
  'bonus_left',
  'fewest_turns',
  'queued_since',
  'technician_id',
] as const;

/**
 * Why a command does not apply to the day as it stands: the engine's problems (turnEventProblem,
 * docs/turns.md) and the server's own (a turn for someone who is not a technician of the store, nobody free to
 * suggest, a turn already cancelled). Sent in `details.problem` of a 409 `turn_refused`.
 */
export const TURN_PROBLEMS = [
  'invalid_time',
  'not_clocked_in',
  'already_clocked_in',
  'busy',
  'not_busy',
  'on_break',
  'not_on_break',
  'already_skipping',
  'not_skipping',
  'invalid_count',
  'invalid_position',
  'not_a_technician',
  'nobody_available',
  'turn_cancelled',
] as const;
export type TurnProblem = (typeof TURN_PROBLEMS)[number];

const instant = z.string();

/** One reason of a place, as the engine gives it (turns.types.ts TurnReason), `by_name` added for a move. */
export const turnReasonSchema = z.discriminatedUnion('code', [
  z.object({
    code: z.literal('unavailable'),
    state: z.enum(['busy', 'break', 'skipped', 'off']),
    since: instant.optional(),
  }),
  z.object({ code: z.literal('cannot_do_service'), serviceId: z.string() }),
  z.object({
    code: z.literal('moved_by_manager'),
    at: instant,
    by: z.string(),
    by_name: z.string(),
    reason: z.string(),
    position: z.number().int(),
  }),
  z.object({ code: z.literal('bonus_left'), count: z.number().int() }),
  z.object({ code: z.literal('fewest_turns'), turns: z.number() }),
  z.object({ code: z.literal('queued_since'), at: instant, waitedMinutes: z.number().int() }),
]);
export type TurnReasonView = z.infer<typeof turnReasonSchema>;

/** A turn given to a technician (a take_turn of the ledger) and what became of it. */
export const turnEntrySchema = z.object({
  id: z.number().int(),
  business_date: z.string(),
  technician_id: z.number().int(),
  service_id: z.number().int().nullable(),
  service_name: z.string().nullable(),
  turn_value: turnValueSchema,
  requested: z.boolean(),
  appointment: z.boolean(),
  taken_at: instant,
  finished_at: instant.nullable(),
  cancelled_at: instant.nullable(),
  status: z.enum(['busy', 'finished', 'cancelled']),
});
export type TurnEntry = z.infer<typeof turnEntrySchema>;

export const boardTechnicianSchema = z.object({
  technician_id: z.number().int(),
  name: z.string(),
  state: z.enum(TECHNICIAN_STATES),
  /** 1-based place in the queue; null when she is off. */
  position: z.number().int().nullable(),
  available: z.boolean(),
  counted_turns: z.number(),
  uncounted_turns: z.number().int(),
  bonus_left: z.number().int(),
  bonus_used: z.number().int(),
  queued_since: instant.nullable(),
  ahead_of_next_by: z.enum(RANK_RULES).nullable(),
  /** Why she is passed over (if she is), then why she stands where she stands, in rule order. */
  reasons: z.array(turnReasonSchema),
  /** The turn she is busy with, if any (what "finish" finishes). */
  current_turn: turnEntrySchema.nullable(),
});
export type BoardTechnician = z.infer<typeof boardTechnicianSchema>;

export const turnBoardSchema = z.object({
  business_date: z.string(),
  at: instant,
  /** The queue in order, then whoever clocked out. */
  technicians: z.array(boardTechnicianSchema),
  /** Who takes the next walk-in (any service she can do), or null when nobody is free. */
  next: z.object({ technician_id: z.number().int(), uses_bonus: z.boolean() }).nullable(),
});
export type TurnBoard = z.infer<typeof turnBoardSchema>;

/** GET /reorder: the queue in order with each place's reasons (the clocked-out are not in it). */
export const turnOrderSchema = z.object({
  business_date: z.string(),
  at: instant,
  technicians: z.array(boardTechnicianSchema),
});
export type TurnOrder = z.infer<typeof turnOrderSchema>;

export const turnServiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  /** The value a turn for it counts now (its own, else by the store's thresholds). */
  turn_value: turnValueSchema,
});
export type TurnServiceView = z.infer<typeof turnServiceSchema>;

export const turnServicesSchema = z.object({ items: z.array(turnServiceSchema) });

/** Who would take a turn for a service now (the walk-in desk asks before assigning). */
export const turnSuggestionSchema = z.object({
  technician_id: z.number().int(),
  name: z.string(),
  uses_bonus: z.boolean(),
  reasons: z.array(turnReasonSchema),
});
export type TurnSuggestion = z.infer<typeof turnSuggestionSchema>;

const id = z.coerce.number().int().positive();
const reason = z.string().trim().min(1, 'Enter a reason.').max(500);

export const turnIdParams = z.strictObject({ id });

export const turnServicesQuery = z.strictObject({});

/**
 * POST /pos/turn-system: give a turn. Without technician_id the board's next for the service takes it.
 * `requested`: the customer asked for her; `appointment`: the customer booked.
 */
export const takeTurnBody = z.strictObject({
  technician_id: id.optional(),
  service_id: id.nullable().optional(),
  requested: z.boolean().default(false),
  appointment: z.boolean().default(false),
});
export type TakeTurnBody = z.output<typeof takeTurnBody>;

/**
 * POST /pos/turn-system/{id}: `finish` ends the turn; `update` corrects the service or the flags of a turn
 * given by mistake (the day is replayed with the correction).
 */
export const updateTurnBody = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('finish') }),
  z.strictObject({
    action: z.literal('update'),
    service_id: id.nullable().optional(),
    requested: z.boolean().optional(),
    appointment: z.boolean().optional(),
  }),
]);
export type UpdateTurnBody = z.output<typeof updateTurnBody>;

/** DELETE /pos/turn-system/{id}: why the turn is cancelled (optional; kept in the ledger). */
// No body on a DELETE reaches the schema as null.
export const cancelTurnBody = z.strictObject({ reason: z.string().trim().max(500).optional() }).nullish();

/** POST /pos/turn-system/skip: a technician passes once, or takes it back. */
export const skipBody = z.strictObject({
  technician_id: id,
  cancel: z.boolean().default(false),
});
export type SkipBody = z.output<typeof skipBody>;

/** POST /pos/turn-system/bonus: a manager's bonus turns (PIN approval and a reason). */
export const grantBonusBody = z.strictObject({
  technician_id: id,
  count: z.number().int().min(1).max(10),
  reason,
});
export type GrantBonusBody = z.output<typeof grantBonusBody>;

/** POST /pos/turn-system/reorder: a manager's move of one technician to a 1-based position (PIN, reason). */
export const reorderBody = z.strictObject({
  technician_id: id,
  position: z.number().int().min(1).max(1000),
  reason,
});
export type ReorderBody = z.output<typeof reorderBody>;
