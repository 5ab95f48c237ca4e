/**
 * A store's live channel (docs/live.md; ADR 017): Server-Sent Events for the screens that follow the floor as
 * it changes (the walk-in TV, the desk's queue, later the turn board and the calendar).
 *
 * Every change a service commits in a store is one event with a per-store sequence number, which is the
 * SSE event id. Server processes share one PostgreSQL and fan the events out through LISTEN/NOTIFY, so a
 * check-in taken by one process reaches a screen connected to another. On the wire:
 *
 *   event: snapshot   id: <seq>   data: LiveSnapshot     (first message; again after any gap)
 *   event: resumed    id: <seq>   data: LiveResumed      (first message of a reconnect that missed nothing)
 *   event: change     id: <seq>   data: LiveChange       (one committed change)
 *   : heartbeat                                          (a comment every LIVE_HEARTBEAT_MS)
 *
 * A screen that reconnects sends the last id it saw (Last-Event-ID header, or `last_event_id` in the query
 * for clients that cannot set headers). If nothing happened since, it gets `resumed`; if anything did, it gets a
 * fresh snapshot (the events in between are not replayed: a snapshot is always right and never longer than
 * the screen). A `change` whose seq is not the last one + 1 is a gap too: the screen asks again (reconnects
 * with its last id) rather than patching over a hole.
 *
 * Authorisation: a login session of the store (the TV, the desk) or, for the kiosk, its X-Kiosk-Token
 * (src/contracts/kiosk.ts). EventSource cannot send headers, so the app's client reads the stream with
 * fetch; both ways are accepted on the same path.
 */
import { z } from 'zod';
import { WALK_IN_STATUS } from '../domain/walk-in-status';
import { TECHNICIAN_STATES, turnReasonSchema } from './turn-system';

export const LIVE_PATHS = {
  /** GET (text/event-stream): the store's events; ?view=tv adds the TV board to snapshots and changes. */
  events: '/api/live/stores/:storeId/events',
  /** GET (JSON): the TV board now, for a first paint before the stream opens. */
  tvBoard: '/api/live/stores/:storeId/tv',
} as const;

export function liveEventsPath(storeId: number, view?: LiveView): string {
  const path = LIVE_PATHS.events.replace(':storeId', String(storeId));
  return view ? `${path}?view=${view}` : path;
}
export function tvBoardPath(storeId: number): string {
  return LIVE_PATHS.tvBoard.replace(':storeId', String(storeId));
}

/** The stream sends a comment this often, so proxies keep it open and a dead link is noticed. */
export const LIVE_HEARTBEAT_MS = 15_000;
/** A client that has heard nothing (not even a heartbeat) for this long treats the stream as dead. */
export const LIVE_SILENCE_MS = 2 * LIVE_HEARTBEAT_MS + 5_000;

export const LIVE_EVENT = { SNAPSHOT: 'snapshot', CHANGE: 'change', RESUMED: 'resumed' } as const;

/** What changed, so each screen can ignore what it does not show. */
export const LIVE_TOPIC = {
  WALK_INS: 'walk_ins',
  /** Clock in/out and breaks: technicians' availability on the TV. */
  EMPLOYEES: 'employees',
  TURNS: 'turns',
  BOOKINGS: 'bookings',
} as const;
export const LIVE_TOPIC_VALUES = [
  LIVE_TOPIC.WALK_INS,
  LIVE_TOPIC.EMPLOYEES,
  LIVE_TOPIC.TURNS,
  LIVE_TOPIC.BOOKINGS,
] as const;
export type LiveTopic = (typeof LIVE_TOPIC_VALUES)[number];

export const LIVE_VIEW_VALUES = ['tv'] as const;
export type LiveView = (typeof LIVE_VIEW_VALUES)[number];

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const seq = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const liveStoreParams = z.strictObject({
  storeId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export const liveEventsQuery = z.strictObject({
  view: z.enum(LIVE_VIEW_VALUES).optional(),
  /** Same meaning as the Last-Event-ID header; the header wins when both come. */
  last_event_id: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type LiveEventsQuery = z.output<typeof liveEventsQuery>;

// ---- the TV board (/pos/walk-in/tv/:storeId) --------------------------------------------------------------

/**
 * A person as a screen in the shop shows them: first name and last initial ("Ann L."), nothing else. The TV
 * faces the waiting room; phones, full names and notes never reach it.
 */
export const tvPersonName = z.string();

export const tvTechnicianSchema = z.object({
  id,
  first_name: z.string(),
  /** available: clocked in, free; busy: serving a walk-in; on_break. Technicians not clocked in are left out. */
  state: z.enum(['available', 'busy', 'on_break']),
  /** The customer they are serving, when busy. */
  serving: tvPersonName.nullable(),
});
export type TvTechnician = z.infer<typeof tvTechnicianSchema>;

export const tvWaitingSchema = z.object({
  /** The walk-in's id: a key for the list, not shown. */
  id,
  name: tvPersonName,
  /** 1-based place in the store's queue (oldest check-in first). */
  position: z.number().int().min(1),
  status: z.enum([WALK_IN_STATUS.WAITING, WALK_IN_STATUS.ASSIGNED]),
  /** The technician assigned, else the one asked for, else null (anyone). */
  technician: z.object({ id, first_name: z.string() }).nullable(),
  checked_in_at: z.iso.datetime({ offset: true }),
});
export type TvWaiting = z.infer<typeof tvWaitingSchema>;

/** Who is next for whom: each technician's next customer, and the next of those who asked for anyone. */
export const tvNextSchema = z.object({
  technician: z.object({ id, first_name: z.string() }).nullable(),
  walk_in_id: id,
  name: tvPersonName,
});
export type TvNext = z.infer<typeof tvNextSchema>;

/**
 * The turn order (docs/turns.md "Reasons"): every technician in the queue in her place, with the reasons for it
 * in rule order, as the turn board gives them; names are first names only, the manager's too.
 */
export const tvTurnSchema = z.object({
  id,
  first_name: z.string(),
  position: z.number().int().positive(),
  state: z.enum(TECHNICIAN_STATES),
  reasons: z.array(turnReasonSchema),
});
export type TvTurn = z.infer<typeof tvTurnSchema>;

export const tvBoardSchema = z.object({
  store: z.object({ id, name: z.string() }),
  business_date: z.iso.date(),
  waiting: z.array(tvWaitingSchema),
  next: z.array(tvNextSchema),
  technicians: z.array(tvTechnicianSchema),
  turns: z.array(tvTurnSchema),
  /** The sequence number the board is current to (the stream's event id). */
  seq,
});
export type TvBoard = z.infer<typeof tvBoardSchema>;

// ---- events ----------------------------------------------------------------------------------------------

/**
 * One committed change: what the NOTIFY payload carried (src/server/live/publish.ts). `ids` are the records
 * changed (walk-in ids for walk_ins); `version` is the record's version after the change when one record
 * changed (walkInSchema.version), else the seq. `ids` is empty and `truncated` true when too many changed to
 * list (a bulk change): reload everything.
 */
export const liveChangeSchema = z.object({
  seq,
  store_id: id,
  topic: z.enum(LIVE_TOPIC_VALUES),
  ids: z.array(id),
  version: z.number().int().min(0),
  truncated: z.boolean(),
  /** With ?view=tv: the board after this change. */
  board: tvBoardSchema.optional(),
});
export type LiveChange = z.infer<typeof liveChangeSchema>;

/** Sent first, and whenever the screen may have missed something: start again from here. */
export const liveSnapshotSchema = z.object({
  seq,
  store_id: id,
  /** With ?view=tv. */
  board: tvBoardSchema.optional(),
});
export type LiveSnapshot = z.infer<typeof liveSnapshotSchema>;

/** A reconnect that missed nothing: the screen keeps what it shows. */
export const liveResumedSchema = z.object({ seq, store_id: id });
export type LiveResumed = z.infer<typeof liveResumedSchema>;
