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
  createWalkInBody,
  WALK_IN_PATHS,
  walkInGroupQuery,
  walkInGroupsSchema,
  walkInListQuery,
  walkInSchema,
} from '../../../contracts/walk-ins';
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
  });
}
