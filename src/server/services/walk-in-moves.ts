/**
 * A walk-in's lifecycle moves (docs/front-desk.md#walk-in-lifecycle): assign, unassign, start, done, left,
 * no-show. Which move fits which status is the domain's rule (src/domain/walk-in-status.ts), the same one the
 * desk's screen offers moves by; this service enforces it, in the caller's transaction:
 *
 *   lock the walk-in (of the session's store) → 404 | the version the screen saw? else 409 walk_in_stale →
 *   the technician (when the move names one) takes walk-ins in this store? else 422 →
 *   moveWalkIn(status, action) refused? 409/422 with its code → update, version + 1 →
 *   publishStoreChange (the live screens hear of it when it commits, docs/live.md).
 *
 * The turn system's suggestion (docs/turns.md) is the desk's to show before it assigns; the server records
 * the technician chosen, whoever it is, as long as they take walk-ins here.
 */
import { eq } from 'drizzle-orm';
import { ERROR_CODE, WALK_IN_MOVE_ERROR_CODE } from '../../contracts/error-codes';
import { LIVE_TOPIC } from '../../contracts/live';
import type { StartedWalkIn, WalkIn } from '../../contracts/walk-ins';
import { moveWalkIn, WALK_IN_MOVE_ERROR, WALK_IN_STATUS } from '../../domain/walk-in-status';
import type { WalkInAction, WalkInMoveErrorCode } from '../../domain/walk-in-status';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { walkIns } from '../db/schema/walk-ins';
import { scopeStoreId, storeWhere } from '../db/scoped';
import { conflict, HttpError, notFound, unprocessable } from '../errors';
import { publishStoreChange } from '../live/publish';
import { finishTurn, takeTurn } from './turn-system';
import { loadWalkIn, takesWalkIns, UNKNOWN_TECHNICIAN_MESSAGE } from './walk-ins';

export const WALK_IN_NOT_FOUND = 'Walk-in not found.';
export const WALK_IN_STALE_MESSAGE = 'This walk-in was changed on another screen. Look at it again.';

const MOVE_MESSAGE: Readonly<Record<WalkInMoveErrorCode, string>> = {
  [WALK_IN_MOVE_ERROR.CLOSED]: 'This walk-in is finished: it is done, left or a no-show.',
  [WALK_IN_MOVE_ERROR.NOT_ALLOWED]: 'This walk-in cannot do that in its current status.',
  [WALK_IN_MOVE_ERROR.TECHNICIAN_REQUIRED]: 'Choose a technician to start the service.',
};

function moveRefused(code: WalkInMoveErrorCode): HttpError {
  if (code === WALK_IN_MOVE_ERROR.TECHNICIAN_REQUIRED) {
    return unprocessable(
      MOVE_MESSAGE[code],
      { technician_id: [MOVE_MESSAGE[code]] },
      WALK_IN_MOVE_ERROR_CODE[code],
    );
  }
  return conflict(MOVE_MESSAGE[code], WALK_IN_MOVE_ERROR_CODE[code]);
}

export interface WalkInMoveInput {
  technicianId?: number;
  /** The version the screen showed; absent = whatever is current. */
  version?: number;
}

/** One move of the session's store's walk-in `id`, in the caller's transaction. */
export async function moveStoreWalkIn(
  db: Queryable,
  auth: AuthContext,
  id: number,
  action: WalkInAction,
  input: WalkInMoveInput = {},
  now: Date = new Date(),
): Promise<WalkIn> {
  const storeId = scopeStoreId(auth);
  const scope = { tenantId: auth.tenantId, storeId };
  const [row] = await db
    .select({
      status: walkIns.status,
      version: walkIns.version,
      userId: walkIns.userId,
      technicianId: walkIns.technicianId,
      assignedAt: walkIns.assignedAt,
      turnId: walkIns.turnId,
    })
    .from(walkIns)
    .where(storeWhere(walkIns, scope, eq(walkIns.id, id)))
    .limit(1)
    .for('update');
  if (!row) throw notFound(WALK_IN_NOT_FOUND);

  if (input.version !== undefined && input.version !== row.version) {
    const current = await loadWalkIn(db, auth, eq(walkIns.id, id));
    throw conflict(WALK_IN_STALE_MESSAGE, ERROR_CODE.WALK_IN_STALE, { walk_in: current });
  }

  // start without a technician named takes the one assigned, else the one the customer asked for.
  const technicianId =
    action === 'assign'
      ? (input.technicianId ?? null)
      : action === 'start'
        ? (input.technicianId ?? row.technicianId ?? row.userId)
        : action === 'unassign'
          ? null
          : row.technicianId;
  const move = moveWalkIn(row.status, action, technicianId);
  if (!move.ok) throw moveRefused(move.code);
  const naming = action === 'assign' || action === 'start';
  if (naming && technicianId !== null && technicianId !== row.technicianId) {
    if (!(await takesWalkIns(db, auth, storeId, technicianId))) {
      throw unprocessable(UNKNOWN_TECHNICIAN_MESSAGE, { technician_id: [UNKNOWN_TECHNICIAN_MESSAGE] });
    }
  }

  // The service is over: the technician is free on the turn board again (her turn finished).
  if (action === 'finish' && row.turnId !== null) await finishWalkInTurn(db, auth, storeId, row.turnId, now);

  const version = row.version + 1;
  await db
    .update(walkIns)
    .set({
      status: move.status,
      version,
      technicianId,
      ...(action === 'assign' ? { assignedAt: now } : {}),
      ...(action === 'unassign' ? { assignedAt: null } : {}),
      ...(action === 'start' ? { assignedAt: row.assignedAt ?? now, startedAt: now } : {}),
      ...(action === 'finish' || action === 'leave' || action === 'no_show' ? { finishedAt: now } : {}),
    })
    .where(storeWhere(walkIns, scope, eq(walkIns.id, id)));
  await publishStoreChange(db, auth.tenantId, storeId, LIVE_TOPIC.WALK_INS, [id], version);
  const walkIn = await loadWalkIn(db, auth, eq(walkIns.id, id));
  if (!walkIn) throw new Error(`walk-in ${id} vanished in its own transaction`);
  return walkIn;
}

/**
 * POST /api/pos/walk-in/:id/start: the move, the turn the technician takes on the turn board, and what the sale
 * screen attaches (turn.add): the walk-in's id, its technician and its first service line; every requested
 * service is listed beside it.
 *
 * The turn (docs/front-desk.md#walk-in-lifecycle): taken with the first service, requested when the customer
 * asked for this technician. A technician who is not on the board (not clocked in, not a technician) still
 * serves the customer, without a turn; one who is busy with another customer is refused (409 turn_refused).
 * Locks in the order every writer takes them: the walk-in's row, the store-day's turns, the live sequence.
 */
export async function startWalkIn(
  db: Queryable,
  auth: AuthContext,
  id: number,
  input: WalkInMoveInput,
  now: Date = new Date(),
): Promise<StartedWalkIn> {
  const storeId = scopeStoreId(auth);
  const [row] = await db
    .select({
      userId: walkIns.userId,
      technicianId: walkIns.technicianId,
      services: walkIns.services,
      turnId: walkIns.turnId,
    })
    .from(walkIns)
    .where(storeWhere(walkIns, { tenantId: auth.tenantId, storeId }, eq(walkIns.id, id)))
    .limit(1)
    .for('update');
  if (!row) throw notFound(WALK_IN_NOT_FOUND);
  const technicianId = input.technicianId ?? row.technicianId ?? row.userId;
  let turnId = row.turnId;
  if (technicianId !== null && turnId === null) {
    turnId = await takeWalkInTurn(db, auth, storeId, technicianId, row, now);
  }

  const moved = await moveStoreWalkIn(db, auth, id, 'start', input, now);
  if (turnId !== row.turnId) {
    await db
      .update(walkIns)
      .set({ turnId })
      .where(storeWhere(walkIns, { tenantId: auth.tenantId, storeId }, eq(walkIns.id, id)));
  }
  const walkIn = moved;
  const first = walkIn.booking_appt_service[0];
  return {
    walk_in: walkIn,
    turn: {
      id: walkIn.id,
      employee: walkIn.technician,
      service: first
        ? {
            id: first.service_id,
            service_name: first.service_name,
            taxes: first.taxes,
            unit_price: first.unit_price,
          }
        : null,
    },
    services: walkIn.booking_appt_service,
  };
}

/** The board's turn for a started walk-in; null when the technician is not on the board today. */
async function takeWalkInTurn(
  db: Queryable,
  auth: AuthContext,
  storeId: number,
  technicianId: number,
  row: { userId: number | null; services: readonly { service_id: number }[] },
  now: Date,
): Promise<number | null> {
  try {
    const entry = await takeTurn(
      db,
      auth,
      storeId,
      {
        technicianId,
        serviceId: row.services[0]?.service_id ?? null,
        requested: row.userId !== null && row.userId === technicianId,
      },
      now,
    );
    return entry.id;
  } catch (error) {
    const problem = turnProblemOf(error);
    if (problem === 'not_clocked_in' || problem === 'not_a_technician') return null;
    throw error;
  }
}

function turnProblemOf(error: unknown): string | null {
  if (!(error instanceof HttpError) || error.code !== ERROR_CODE.TURN_REFUSED) return null;
  const problem = (error.details as { problem?: unknown } | undefined)?.problem;
  return typeof problem === 'string' ? problem : null;
}

/**
 * A completed sale that carries a walk-in (its turn attached on the sale screen) ends the visit, in the sale's
 * transaction: the technician's turn is finished (she is free on the board) and the walk-in is done. A walk-in
 * of another store, already finished, or not in service is left as it is: the sale stands either way.
 */
export async function finishWalkInBySale(
  db: Queryable,
  auth: AuthContext,
  walkInId: number,
  now: Date,
): Promise<void> {
  const storeId = scopeStoreId(auth);
  const [row] = await db
    .select({ status: walkIns.status })
    .from(walkIns)
    .where(storeWhere(walkIns, { tenantId: auth.tenantId, storeId }, eq(walkIns.id, walkInId)))
    .limit(1)
    .for('update');
  if (!row || row.status !== WALK_IN_STATUS.IN_SERVICE) return;
  await moveStoreWalkIn(db, auth, walkInId, 'finish', {}, now);
}

async function finishWalkInTurn(
  db: Queryable,
  auth: AuthContext,
  storeId: number,
  turnId: number,
  now: Date,
): Promise<void> {
  try {
    await finishTurn(db, auth, storeId, turnId, now);
  } catch (error) {
    // Finished or cancelled on the board already, or a turn of an earlier day: nothing left to free.
    if (turnProblemOf(error) === null) throw error;
  }
}

/** GET /api/pos/walk-in/:id: one walk-in of the session's store. */
export async function getStoreWalkIn(db: Queryable, auth: AuthContext, id: number): Promise<WalkIn> {
  const storeId = scopeStoreId(auth);
  const walkIn = await loadWalkIn(
    db,
    auth,
    storeWhere(walkIns, { tenantId: auth.tenantId, storeId }, eq(walkIns.id, id)),
  );
  if (!walkIn) throw notFound(WALK_IN_NOT_FOUND);
  return walkIn;
}
