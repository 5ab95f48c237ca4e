/**
 * A walk-in's lifecycle (docs/front-desk.md#walk-in-lifecycle; the design's walk-in chart: waiting, assigned,
 * in service, done, left). Shared by the desk's queue screen (which offers only the moves allowed here) and
 * the server (which refuses any other with 409 and the move's own code), as sale-status.ts is for sales.
 *
 *   waiting ──assign──▶ assigned ──start──▶ in_service ──finish──▶ done
 *      │  ╲                │  ▲ assign (another technician)
 *      │   ╲──start (with a technician)──▶ in_service
 *      └──leave / no_show──┴──▶ left / no_show
 *
 * - assign: a technician takes the customer (from waiting, or hands over while still assigned);
 * - unassign: back to the queue (the technician was taken by someone else);
 * - start: the service begins (from assigned, or straight from waiting when a technician is named);
 * - finish: the service is over; leave: the customer walked out; no_show: the customer was called and
 *   was not there. done, left and no_show are final: a customer who comes back checks in again.
 */

export const WALK_IN_STATUS = {
  WAITING: 'waiting',
  ASSIGNED: 'assigned',
  IN_SERVICE: 'in_service',
  DONE: 'done',
  LEFT: 'left',
  NO_SHOW: 'no_show',
} as const;
export const WALK_IN_STATUS_VALUES = [
  WALK_IN_STATUS.WAITING,
  WALK_IN_STATUS.ASSIGNED,
  WALK_IN_STATUS.IN_SERVICE,
  WALK_IN_STATUS.DONE,
  WALK_IN_STATUS.LEFT,
  WALK_IN_STATUS.NO_SHOW,
] as const;
export type WalkInStatusValue = (typeof WALK_IN_STATUS_VALUES)[number];

/** Still in the store's queue (the TV and the desk's queue show these). */
export const OPEN_WALK_IN_STATUSES: readonly WalkInStatusValue[] = [
  WALK_IN_STATUS.WAITING,
  WALK_IN_STATUS.ASSIGNED,
  WALK_IN_STATUS.IN_SERVICE,
];

export const WALK_IN_ACTION = {
  ASSIGN: 'assign',
  UNASSIGN: 'unassign',
  START: 'start',
  FINISH: 'finish',
  LEAVE: 'leave',
  NO_SHOW: 'no_show',
} as const;
export const WALK_IN_ACTION_VALUES = [
  WALK_IN_ACTION.ASSIGN,
  WALK_IN_ACTION.UNASSIGN,
  WALK_IN_ACTION.START,
  WALK_IN_ACTION.FINISH,
  WALK_IN_ACTION.LEAVE,
  WALK_IN_ACTION.NO_SHOW,
] as const;
export type WalkInAction = (typeof WALK_IN_ACTION_VALUES)[number];

/** Where each action leads. */
const TARGET: Record<WalkInAction, WalkInStatusValue> = {
  assign: WALK_IN_STATUS.ASSIGNED,
  unassign: WALK_IN_STATUS.WAITING,
  start: WALK_IN_STATUS.IN_SERVICE,
  finish: WALK_IN_STATUS.DONE,
  leave: WALK_IN_STATUS.LEFT,
  no_show: WALK_IN_STATUS.NO_SHOW,
};

/** The actions each status allows, in the order a screen offers them. */
const ALLOWED: Record<WalkInStatusValue, readonly WalkInAction[]> = {
  waiting: ['assign', 'start', 'leave', 'no_show'],
  assigned: ['start', 'assign', 'unassign', 'leave', 'no_show'],
  in_service: ['finish'],
  done: [],
  left: [],
  no_show: [],
};

/** Codes of refused moves (src/contracts/error-codes.ts carries them on the wire). */
export const WALK_IN_MOVE_ERROR = {
  /** 409: the walk-in is done, left or a no-show: nothing more happens to it. */
  CLOSED: 'walk_in_closed',
  /** 409: the move does not fit the walk-in's status (finish while waiting, leave while in service). */
  NOT_ALLOWED: 'walk_in_move_not_allowed',
  /** 422: start from waiting needs a technician. */
  TECHNICIAN_REQUIRED: 'walk_in_technician_required',
} as const;
export type WalkInMoveErrorCode = (typeof WALK_IN_MOVE_ERROR)[keyof typeof WALK_IN_MOVE_ERROR];

export function isFinalWalkInStatus(status: WalkInStatusValue): boolean {
  return ALLOWED[status].length === 0;
}

export function allowedWalkInActions(status: WalkInStatusValue): readonly WalkInAction[] {
  return ALLOWED[status];
}

export function canMoveWalkIn(status: WalkInStatusValue, action: WalkInAction): boolean {
  return ALLOWED[status].includes(action);
}

export type WalkInMove = { ok: true; status: WalkInStatusValue } | { ok: false; code: WalkInMoveErrorCode };

/**
 * The status after `action`, or why it is refused. `technicianId` is the technician the walk-in would have
 * after the move (the one named with the action, else the one already assigned): start needs one.
 */
export function moveWalkIn(
  status: WalkInStatusValue,
  action: WalkInAction,
  technicianId: number | null = null,
): WalkInMove {
  if (isFinalWalkInStatus(status)) return { ok: false, code: WALK_IN_MOVE_ERROR.CLOSED };
  if (!canMoveWalkIn(status, action)) return { ok: false, code: WALK_IN_MOVE_ERROR.NOT_ALLOWED };
  if ((action === 'start' || action === 'assign') && technicianId === null) {
    return { ok: false, code: WALK_IN_MOVE_ERROR.TECHNICIAN_REQUIRED };
  }
  return { ok: true, status: TARGET[action] };
}

/**
 * Rows stored before the lifecycle had five places (statuses waiting, served, cancelled): served becomes
 * done and cancelled becomes left (the migration maps them the same way).
 */
export function walkInStatusFromLegacy(status: string): WalkInStatusValue {
  if (status === 'served') return WALK_IN_STATUS.DONE;
  if (status === 'cancelled') return WALK_IN_STATUS.LEFT;
  return (WALK_IN_STATUS_VALUES as readonly string[]).includes(status)
    ? (status as WalkInStatusValue)
    : WALK_IN_STATUS.WAITING;
}
