/**
 * POST /api/pos/drawer/no-sale: a manager-approved open of the cash drawer without a sale (docs/printing.md "The
 * cash drawer"). Access is the sale screen's write with a manager's PIN approval (SALE_WRITE_WITH_PIN, as refunds
 * and voids); the Idempotency-Key is required. The till fires the drawer only after this answers, so every open
 * the drawer sees has its audit row (the reverse, a row for a drawer that did not open, is possible when the
 * printer fails, and the row says who asked: the safer side).
 */
import type { FastifyInstance } from 'fastify';
import { DRAWER_NO_SALE_PATH, drawerNoSaleBody, drawerNoSaleSchema } from '../../../contracts/drawer-no-sale';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { requireAuth } from '../../auth-context';
import { MESSAGES, SALE_WRITE_WITH_PIN } from '../../auth/access';
import { forbidden } from '../../errors';
import { respond, route } from '../../route';
import { recordNoSale } from '../../services/drawer-no-sale';

export const NO_SALE_MESSAGE = 'Drawer opened.';
export const NO_SALE_REPEAT_MESSAGE = 'This drawer open was already recorded.';

export function registerDrawerNoSaleRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'POST',
    url: DRAWER_NO_SALE_PATH,
    summary:
      'Record a "no sale" open of the cash drawer (manager PIN approval, reason); writes the audit log',
    description:
      'Needs X-Pin-Approval from a manager, an admin or the owner. A uuid already recorded answers that open ' +
      'with 200 and writes nothing.',
    tags: ['pos'],
    access: SALE_WRITE_WITH_PIN,
    idempotency: { required: true },
    body: drawerNoSaleBody,
    data: drawerNoSaleSchema,
    status: 201,
    message: NO_SALE_MESSAGE,
    handler: async ({ body, db, request }) => {
      const approver = request.pinApprover;
      if (!approver) throw forbidden(MESSAGES.pin, ERROR_CODE.PIN_APPROVAL_REQUIRED);
      const { noSale, created } = await recordNoSale(db, requireAuth(request), approver, body);
      return created ? noSale : respond(noSale, { status: 200, message: NO_SALE_REPEAT_MESSAGE });
    },
  });
}
