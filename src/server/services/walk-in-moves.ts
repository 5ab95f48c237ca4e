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
import { moveWalkIn, WALK_IN_MOVE_ERROR } from '../../domain/walk-in-status';
import type { WalkInAction, WalkInMoveErrorCode } from '../../domain/walk-in-status';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { walkIns } from '../db/schema/walk-ins';
import { scopeStoreId, storeWhere } from '../db/scoped';
import type { HttpError } from '../errors';
import { conflict, notFound, unprocessable } from '../errors';
import { publishStoreChange } from '../live/publish';
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
 * POST /api/pos/walk-in/:id/start: the move, and the turn the sale screen attaches (turn.add): the walk-in's
 * id, its technician and its first service line; every requested service is listed beside it.
 */
export async function startWalkIn(
  db: Queryable,
  auth: AuthContext,
  id: number,
  input: WalkInMoveInput,
  now: Date = new Date(),
): Promise<StartedWalkIn> {
  const walkIn = await moveStoreWalkIn(db, auth, id, 'start', input, now);
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
