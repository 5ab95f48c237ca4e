/**
 * The turn system (docs/turns.md "On the server and the screens"): the board, the services with their turn
 * values, a turn's life (take, read, finish or correct, cancel), skip, and a manager's bonus and move.
 * Service: src/server/services/turn-system.ts. Schemas: src/contracts/turn-system.ts.
 *
 * Access: module Turn system (5). Reads need it readable; the desk's writes need it writable and an
 * Idempotency-Key (a retried take must not give a second turn); a manager's bonus or move also needs the PIN
 * approval of a manager, an admin or the owner and a reason, both kept in the ledger and the audit log.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  cancelTurnBody,
  grantBonusBody,
  reorderBody,
  skipBody,
  takeTurnBody,
  turnBoardSchema,
  turnEntrySchema,
  turnIdParams,
  turnOrderSchema,
  turnServicesQuery,
  turnServicesSchema,
  updateTurnBody,
} from '../../../contracts/turn-system';
import { MODULE } from '../../../domain/constants';
import { PIN_APPROVER_ROLES } from '../../auth/access';
import type { SessionAccess } from '../../auth/access';
import { requireAuth } from '../../auth-context';
import type { AuthContext } from '../../auth-context';
import { scopeStoreId } from '../../db/scoped';
import { respond, route } from '../../route';
import {
  cancelTurn,
  finishTurn,
  getTurn,
  grantBonus,
  reorderTechnician,
  skipTurn,
  takeTurn,
  turnBoard,
  turnServices,
  updateTurn,
} from '../../services/turn-system';

const TAGS = ['pos'];
const BASE = '/api/pos/turn-system';

export const TURN_READ: SessionAccess = { module: MODULE.TURN_SYSTEM };
export const TURN_WRITE: SessionAccess = { module: MODULE.TURN_SYSTEM, write: true };
export const TURN_MANAGER: SessionAccess = {
  module: MODULE.TURN_SYSTEM,
  write: true,
  pin: { roles: PIN_APPROVER_ROLES },
};

function session(request: FastifyRequest): { auth: AuthContext; storeId: number } {
  const auth = requireAuth(request);
  return { auth, storeId: scopeStoreId(auth) };
}

export function registerTurnSystemRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: BASE,
    summary: "Today's turn board: every technician in queue order with her state, turns and reasons",
    tags: TAGS,
    access: TURN_READ,
    data: turnBoardSchema,
    handler: ({ db, request }) => {
      const { auth, storeId } = session(request);
      return turnBoard(db, auth, storeId, new Date());
    },
  });

  route(app, {
    method: 'GET',
    url: `${BASE}/services`,
    summary: "The store's active services with the turn value a turn for each counts",
    tags: TAGS,
    access: TURN_READ,
    querystring: turnServicesQuery,
    data: turnServicesSchema,
    handler: ({ db, request }) => {
      const { auth, storeId } = session(request);
      return turnServices(db, auth, storeId, new Date());
    },
  });

  route(app, {
    method: 'GET',
    url: `${BASE}/reorder`,
    summary: 'The queue in order with the reasons for each place (what a manager moves)',
    tags: TAGS,
    access: TURN_READ,
    data: turnOrderSchema,
    handler: async ({ db, request }) => {
      const { auth, storeId } = session(request);
      const board = await turnBoard(db, auth, storeId, new Date());
      return {
        business_date: board.business_date,
        at: board.at,
        technicians: board.technicians.filter((t) => t.position !== null),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: `${BASE}/reorder`,
    summary: "A manager's move of one technician to a position (manager PIN approval, reason)",
    tags: TAGS,
    access: TURN_MANAGER,
    idempotency: { required: true },
    body: reorderBody,
    data: turnBoardSchema,
    message: 'Moved.',
    handler: ({ body, db, request }) => {
      const { auth, storeId } = session(request);
      return reorderTechnician(
        db,
        auth,
        storeId,
        {
          technicianId: body.technician_id,
          position: body.position,
          reason: body.reason,
          approvedBy: request.pinApprover?.userId ?? null,
        },
        new Date(),
      );
    },
  });

  route(app, {
    method: 'POST',
    url: `${BASE}/bonus`,
    summary: "A manager's bonus turns for a technician (manager PIN approval, reason)",
    tags: TAGS,
    access: TURN_MANAGER,
    idempotency: { required: true },
    body: grantBonusBody,
    data: turnBoardSchema,
    message: 'Bonus granted.',
    handler: ({ body, db, request }) => {
      const { auth, storeId } = session(request);
      return grantBonus(
        db,
        auth,
        storeId,
        {
          technicianId: body.technician_id,
          count: body.count,
          reason: body.reason,
          approvedBy: request.pinApprover?.userId ?? null,
        },
        new Date(),
      );
    },
  });

  route(app, {
    method: 'POST',
    url: `${BASE}/skip`,
    summary: 'A technician passes the next turn (cancel: takes the skip back)',
    tags: TAGS,
    access: TURN_WRITE,
    idempotency: { required: true },
    body: skipBody,
    data: turnBoardSchema,
    handler: ({ body, db, request }) => {
      const { auth, storeId } = session(request);
      return skipTurn(db, auth, storeId, body.technician_id, body.cancel, new Date());
    },
  });

  route(app, {
    method: 'POST',
    url: BASE,
    summary: 'Give a turn: the technician named, or the next for the service (requested, appointment)',
    tags: TAGS,
    access: TURN_WRITE,
    idempotency: { required: true },
    body: takeTurnBody,
    data: turnEntrySchema,
    handler: async ({ body, db, request }) => {
      const { auth, storeId } = session(request);
      const entry = await takeTurn(
        db,
        auth,
        storeId,
        {
          ...(body.technician_id !== undefined ? { technicianId: body.technician_id } : {}),
          serviceId: body.service_id ?? null,
          requested: body.requested,
          appointment: body.appointment,
        },
        new Date(),
      );
      return respond(entry, { status: 201, message: 'Turn given.' });
    },
  });

  route(app, {
    method: 'GET',
    url: `${BASE}/:id`,
    summary: 'One turn: technician, service, value, flags, and whether it is finished or cancelled',
    tags: TAGS,
    access: TURN_READ,
    params: turnIdParams,
    data: turnEntrySchema,
    handler: ({ db, params, request }) => {
      const { auth, storeId } = session(request);
      return getTurn(db, auth, storeId, params.id);
    },
  });

  route(app, {
    method: 'POST',
    url: `${BASE}/:id`,
    summary: 'Finish a turn (action finish) or correct its service or flags (action update)',
    tags: TAGS,
    access: TURN_WRITE,
    idempotency: { required: true },
    params: turnIdParams,
    body: updateTurnBody,
    data: turnEntrySchema,
    handler: ({ body, db, params, request }) => {
      const { auth, storeId } = session(request);
      if (body.action === 'finish') return finishTurn(db, auth, storeId, params.id, new Date());
      return updateTurn(
        db,
        auth,
        storeId,
        params.id,
        {
          ...(body.service_id !== undefined ? { serviceId: body.service_id } : {}),
          ...(body.requested !== undefined ? { requested: body.requested } : {}),
          ...(body.appointment !== undefined ? { appointment: body.appointment } : {}),
        },
        new Date(),
      );
    },
  });

  route(app, {
    method: 'DELETE',
    url: `${BASE}/:id`,
    summary: 'Cancel a turn given by mistake: the day is replayed without it',
    tags: TAGS,
    access: TURN_WRITE,
    idempotency: { required: true },
    params: turnIdParams,
    body: cancelTurnBody,
    data: turnEntrySchema,
    message: 'Turn cancelled.',
    handler: ({ body, db, params, request }) => {
      const { auth, storeId } = session(request);
      return cancelTurn(db, auth, storeId, params.id, body?.reason ?? null, new Date());
    },
  });
}
