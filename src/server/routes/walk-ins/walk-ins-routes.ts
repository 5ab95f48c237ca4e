/**
 * Walk-in check-ins (docs/front-desk.md walk-in register form; docs/front-desk.md /pos/walk-in,
 * /pos/walk-in/group-by-employee). Service: src/server/services/walk-ins.ts. Schemas:
 * src/contracts/walk-ins.ts.
 *
 * Access: a session with the Walkin module (docs/roles.md#modules-and-flags module 3;
 * docs/roles.md#access-rules "walk-in screens need login only", so no role is required): readable for the
 * lists, writable for a check-in. A check-in may register a new customer (customer_info) without the Customer
 * module: the walk-in sign-up is the customer signing themselves up at the desk (docs/front-desk.md
 * /pos/walk-in/sign-up), not customer administration.
 *
 * A check-in is an idempotent write (Idempotency-Key, docs/api.md#writes-and-idempotency); the client queues
 * it offline like any write. After it COMMITS, the store's devices get a push (notifyWalkInCheckIn, ADR 009):
 * the notice is sent from this scope's onResponse hook, when the 201 has gone out, so a rolled-back check-in
 * never notifies, a replay (the stored answer, or the same uuid again) never notifies twice, and a push that
 * fails or hangs never fails or delays the check-in.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MODULE } from '../../../domain/constants';
import { pageSchema } from '../../../contracts/envelope';
import {
  assignWalkInBody,
  createWalkInBody,
  startedWalkInSchema,
  startWalkInBody,
  WALK_IN_PATHS,
  walkInGroupQuery,
  walkInGroupsSchema,
  walkInIdParams,
  walkInListQuery,
  walkInMoveBody,
  walkInSchema,
} from '../../../contracts/walk-ins';
import type { WalkInAction } from '../../../domain/walk-in-status';
import { getStoreWalkIn, moveStoreWalkIn, startWalkIn } from '../../services/walk-in-moves';
import { requireAuth } from '../../auth-context';
import type { SessionAccess } from '../../auth/access';
import { respond, route } from '../../route';
import { notifyWalkInCheckIn } from '../../services/push';
import {
  ALREADY_CHECKED_IN_MESSAGE,
  createWalkIn,
  listWalkIns,
  walkInsByEmployee,
} from '../../services/walk-ins';

const TAGS = ['pos'];
export const WALKIN_READ: SessionAccess = { module: MODULE.WALKIN };
export const WALKIN_WRITE: SessionAccess = { module: MODULE.WALKIN, write: true };

export const CHECKED_IN_MESSAGE = 'Walk-in checked in.';

interface PendingNotice {
  tenantId: number;
  storeId: number;
  customerName: string;
}

export function registerWalkInRoutes(app: FastifyInstance): void {
  // An encapsulated scope: its onResponse and onClose hooks concern these routes only.
  void app.register(async (scope) => {
    const pending = new WeakMap<FastifyRequest, PendingNotice>();
    const inFlight = new Set<Promise<unknown>>();

    scope.addHook('onResponse', async (request, reply) => {
      const notice = pending.get(request);
      pending.delete(request);
      if (!notice || reply.statusCode !== 201) return;
      const sending = notifyWalkInCheckIn(
        request.server,
        notice.tenantId,
        notice.storeId,
        notice.customerName,
      ).finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    });
    // Closing waits for notices on their way (each is bounded by the push timeout), so none is cut off
    // mid-delivery with the database pool gone.
    scope.addHook('onClose', async () => {
      await Promise.allSettled([...inFlight]);
    });

    route(scope, {
      method: 'GET',
      url: WALK_IN_PATHS.list,
      summary:
        "The store's walk-in queue of a day (default today), oldest first; filter[status], filter[date]",
      tags: TAGS,
      access: WALKIN_READ,
      querystring: walkInListQuery,
      data: pageSchema(walkInSchema),
      handler: ({ db, query, request }) => listWalkIns(db, requireAuth(request), query),
    });

    route(scope, {
      method: 'GET',
      url: WALK_IN_PATHS.groupByEmployee,
      summary: "The day's waiting walk-ins grouped by requested technician ('any' for none), oldest first",
      tags: TAGS,
      access: WALKIN_READ,
      querystring: walkInGroupQuery,
      data: walkInGroupsSchema,
      handler: ({ db, query, request }) => walkInsByEmployee(db, requireAuth(request), query),
    });

    route(scope, {
      method: 'POST',
      url: WALK_IN_PATHS.list,
      summary: 'Check a walk-in in (the register form); notifies the store’s devices by push',
      description:
        'Services are checked against the store’s catalog (names, taxes and prices are the catalog’s); ' +
        'customer_info with action register creates the customer. A uuid already checked in answers that ' +
        'walk-in with 200.',
      tags: TAGS,
      access: WALKIN_WRITE,
      idempotency: { required: true },
      body: createWalkInBody,
      data: walkInSchema,
      status: 201,
      message: CHECKED_IN_MESSAGE,
      handler: async ({ body, db, request }) => {
        const auth = requireAuth(request);
        const { walkIn, created } = await createWalkIn(db, auth, body);
        if (!created) return respond(walkIn, { status: 200, message: ALREADY_CHECKED_IN_MESSAGE });
        pending.set(request, {
          tenantId: auth.tenantId,
          storeId: walkIn.store_id,
          customerName: walkIn.customer_name,
        });
        return walkIn;
      },
    });

    route(scope, {
      method: 'GET',
      url: WALK_IN_PATHS.one,
      summary: 'One walk-in of the store',
      tags: TAGS,
      access: WALKIN_READ,
      params: walkInIdParams,
      data: walkInSchema,
      handler: ({ db, params, request }) => getStoreWalkIn(db, requireAuth(request), params.id),
    });

    route(scope, {
      method: 'POST',
      url: WALK_IN_PATHS.assign,
      summary: 'A technician takes the walk-in (waiting → assigned, or a hand-over while assigned)',
      description: MOVE_DESCRIPTION,
      tags: TAGS,
      access: WALKIN_WRITE,
      idempotency: { required: true },
      params: walkInIdParams,
      body: assignWalkInBody,
      data: walkInSchema,
      message: 'Technician assigned.',
      handler: ({ db, params, body, request }) =>
        moveStoreWalkIn(db, requireAuth(request), params.id, 'assign', {
          technicianId: body.technician_id,
          version: body.version,
        }),
    });

    route(scope, {
      method: 'POST',
      url: WALK_IN_PATHS.start,
      summary: 'The service begins (→ in_service); answers the turn the sale screen attaches (turn.add)',
      description:
        MOVE_DESCRIPTION +
        ' Without technician_id the technician assigned, else the one asked for, takes the customer.',
      tags: TAGS,
      access: WALKIN_WRITE,
      idempotency: { required: true },
      params: walkInIdParams,
      body: startWalkInBody,
      data: startedWalkInSchema,
      message: 'Service started.',
      handler: ({ db, params, body, request }) =>
        startWalkIn(db, requireAuth(request), params.id, {
          technicianId: body.technician_id,
          version: body.version,
        }),
    });

    const simpleMoves: [url: string, action: WalkInAction, summary: string, message: string][] = [
      [WALK_IN_PATHS.unassign, 'unassign', 'Back to the queue (assigned → waiting)', 'Back in the queue.'],
      [WALK_IN_PATHS.finish, 'finish', 'The service is over (in_service → done)', 'Walk-in done.'],
      [WALK_IN_PATHS.leave, 'leave', 'The customer left without service (→ left)', 'Marked as left.'],
      [WALK_IN_PATHS.noShow, 'no_show', 'Called and not there (→ no_show)', 'Marked as no-show.'],
    ];
    for (const [url, action, summary, message] of simpleMoves) {
      route(scope, {
        method: 'POST',
        url,
        summary,
        description: MOVE_DESCRIPTION,
        tags: TAGS,
        access: WALKIN_WRITE,
        idempotency: { required: true },
        params: walkInIdParams,
        body: walkInMoveBody,
        data: walkInSchema,
        message,
        handler: ({ db, params, body, request }) =>
          moveStoreWalkIn(db, requireAuth(request), params.id, action, { version: body.version }),
      });
    }
  });
}

const MOVE_DESCRIPTION =
  'Moves follow src/domain/walk-in-status.ts: a move the status does not allow is 409 walk_in_move_not_allowed ' +
  '(walk_in_closed once done, left or no-show); a version other than the current one is 409 walk_in_stale ' +
  'with details.walk_in. Every move is published on the store live channel.';
