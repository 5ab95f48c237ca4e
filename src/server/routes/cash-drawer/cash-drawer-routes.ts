/**
 * Cash drawer routes (docs/cash-drawer.md). Service: src/server/services/cash-drawer.ts. Schemas:
 * src/contracts/cash-drawer.ts.
 *
 * Access: module Sale, as the sale screen that takes the cash. Every write needs an Idempotency-Key: the
 * till's offline queue replays a write with its first key, and the replay answers the first answer. A close
 * past the store's tolerance asks for a manager's PIN approval (X-Pin-Approval, ADR 006) only then.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PIN_APPROVAL_HEADER } from '../../../contracts/auth';
import {
  closeDrawerBody,
  drawerMovementBody,
  drawerSessionParams,
  drawerSessionSchema,
  drawerStateSchema,
  openDrawerBody,
} from '../../../contracts/cash-drawer';
import { ERROR_CODE } from '../../../contracts/error-codes';
import type { AuthContext, PinApprover } from '../../auth-context';
import { requireAuth } from '../../auth-context';
import { MESSAGES, PIN_APPROVER_ROLES, SALE_READ, SALE_WRITE } from '../../auth/access';
import { verifyPinApproval } from '../../auth/pin-approval';
import type { Queryable } from '../../db/client';
import { forbidden } from '../../errors';
import { route } from '../../route';
import {
  closeDrawer,
  drawerState,
  getDrawerSession,
  openDrawer,
  recordMovement,
} from '../../services/cash-drawer';

const TAGS = ['cash-drawer'];
const BASE = '/api/pos/cash-drawer';
const KEYED = { required: true } as const;

/** The manager's approval, verified only when the close asks for it (as the sale routes' moves do). */
function managerApproval(request: FastifyRequest, db: Queryable, auth: AuthContext) {
  return async (): Promise<PinApprover> => {
    const approver = await verifyPinApproval(db, auth, request.headers[PIN_APPROVAL_HEADER]);
    if (!approver) throw forbidden(MESSAGES.pin, ERROR_CODE.PIN_APPROVAL_REQUIRED);
    if (!PIN_APPROVER_ROLES.includes(approver.role))
      throw forbidden(MESSAGES.pinRole, ERROR_CODE.PIN_APPROVER_NOT_ALLOWED);
    request.pinApprover = approver;
    return approver;
  };
}

export function registerCashDrawerRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: BASE,
    summary:
      "The caller's workstation drawer: its open session with expected cash and movements (null when closed), " +
      'the last close as the expected opening, the tolerance and whether cash needs an open drawer',
    tags: TAGS,
    access: SALE_READ,
    data: drawerStateSchema,
    handler: ({ db, request }) => drawerState(db, requireAuth(request)),
  });

  route(app, {
    method: 'POST',
    url: `${BASE}/open`,
    summary: "Open the workstation's drawer with a float counted by denomination",
    tags: TAGS,
    access: SALE_WRITE,
    idempotency: KEYED,
    body: openDrawerBody,
    data: drawerSessionSchema,
    status: 201,
    message: 'Cash drawer opened.',
    handler: ({ body, db, request }) => openDrawer(db, requireAuth(request), body),
  });

  route(app, {
    method: 'POST',
    url: `${BASE}/movements`,
    summary: 'Pay in, pay out, cash drop or tip out on the open drawer, with a reason',
    tags: TAGS,
    access: SALE_WRITE,
    idempotency: KEYED,
    body: drawerMovementBody,
    data: drawerSessionSchema,
    status: 201,
    message: 'Cash movement recorded.',
    handler: ({ body, db, request }) => recordMovement(db, requireAuth(request), body),
  });

  route(app, {
    method: 'POST',
    url: `${BASE}/close`,
    summary:
      'Close the drawer with a blind count by denomination; past the tolerance a manager PIN approval is needed',
    tags: TAGS,
    access: SALE_WRITE,
    idempotency: KEYED,
    body: closeDrawerBody,
    data: drawerSessionSchema,
    message: 'Cash drawer closed.',
    handler: ({ body, db, request }) => {
      const auth = requireAuth(request);
      return closeDrawer(db, auth, body, managerApproval(request, db, auth));
    },
  });

  route(app, {
    method: 'GET',
    url: `${BASE}/sessions/:id`,
    summary: 'One drawer session of the store with its counts, expected cash and movements (the Z report)',
    tags: TAGS,
    access: SALE_READ,
    params: drawerSessionParams,
    data: drawerSessionSchema,
    handler: ({ db, params, request }) => getDrawerSession(db, requireAuth(request), params.id),
  });
}
