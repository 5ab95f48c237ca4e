/**
 * Sale routes (docs/sales.md#sale-management "Sale screen" and "Sales management";
 * docs/sales.md#sale-management pos/sales paths). Services: src/server/services/sales/ (create, read, update,
 * list) and sale-management/ (everything else). Schemas: src/contracts/sales.ts.
 *
 * Every money or status write requires an Idempotency-Key (400 without). Refund, void, trash and clear need a
 * manager's PIN approval: the X-Pin-Approval header from POST /api/role-by-code (ADR 006), checked before the
 * body is read; /status, /bulk and /save-all-changes ask for it only for the moves that need it. A raw PIN in
 * the body is not accepted: the PIN is checked, and its failures counted and locked, in one place.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PIN_APPROVAL_HEADER } from '../../../contracts/auth';
import { ERROR_CODE } from '../../../contracts/error-codes';
import {
  saleBodySchema,
  saleBulkBodySchema,
  saleBulkResultSchema,
  saleClearedSchema,
  saleDetailSchema,
  saleEmployeeBodySchema,
  saleIdParams,
  saleInvoiceSchema,
  saleListQuerySchema,
  saleListSchema,
  saleOrderAtBodySchema,
  saleRefundBodySchema,
  saleRefundInfoSchema,
  saleReasonBodySchema,
  saleRefundResultSchema,
  saleSaveAllBodySchema,
  saleSaveAllResultSchema,
  saleStatusBodySchema,
  saleTipBodySchema,
} from '../../../contracts/sales';
import type { AuthContext, PinApprover } from '../../auth-context';
import { requireAuth } from '../../auth-context';
import { MESSAGES, PIN_APPROVER_ROLES, SALE_READ, SALE_WRITE, SALE_WRITE_WITH_PIN } from '../../auth/access';
import { verifyPinApproval } from '../../auth/pin-approval';
import type { Queryable } from '../../db/client';
import { forbidden } from '../../errors';
import { respond, route } from '../../route';
import { bulkSales, saveAllChanges } from '../../services/sale-management/bulk';
import { changeEmployee, changeOrderAt, changeTips } from '../../services/sale-management/edits';
import { saleInvoice } from '../../services/sale-management/invoice';
import { refundInfo, refundSale } from '../../services/sale-management/refund';
import { setSaleStatus } from '../../services/sale-management/set-status';
import type { ApproverSource } from '../../services/sale-management/status';
import {
  clearAllTrashed,
  clearTrashedSale,
  restoreSale,
  trashSale,
} from '../../services/sale-management/trash';
import { voidSale } from '../../services/sale-management/void';
import { createSale } from '../../services/sales/create';
import { listSales } from '../../services/sales/list';
import { detailOf, getSale } from '../../services/sales/read';
import { loadSaleStore } from '../../services/sales/store';
import { updateSale } from '../../services/sales/update';

const TAGS = ['sales'];
/** Sales and their money: a write without a key is refused (docs/api.md). */
const KEYED = { required: true } as const;

/** The approver the access hook verified (routes declared SALE_WRITE_WITH_PIN). */
function verifiedApprover(request: FastifyRequest): PinApprover {
  if (!request.pinApprover) throw forbidden(MESSAGES.pin, ERROR_CODE.PIN_APPROVAL_REQUIRED);
  return request.pinApprover;
}

/** For routes where only some moves need a PIN: verified when a move asks for it. */
function approverSource(request: FastifyRequest, db: Queryable, auth: AuthContext): ApproverSource {
  return async () => {
    if (request.pinApprover) return request.pinApprover;
    const approver = await verifyPinApproval(db, auth, request.headers[PIN_APPROVAL_HEADER]);
    if (!approver) throw forbidden(MESSAGES.pin, ERROR_CODE.PIN_APPROVAL_REQUIRED);
    if (!PIN_APPROVER_ROLES.includes(approver.role))
      throw forbidden(MESSAGES.pinRole, ERROR_CODE.PIN_APPROVER_NOT_ALLOWED);
    request.pinApprover = approver;
    return approver;
  };
}

export function registerSaleRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/pos/sales',
    summary: 'Sales of the store (the order report list): filter, sort, paginate; cleared sales never listed',
    tags: TAGS,
    access: SALE_READ,
    querystring: saleListQuerySchema,
    data: saleListSchema,
    handler: ({ query, db, request }) => listSales(db, requireAuth(request), query),
  });

  route(app, {
    method: 'POST',
    url: '/api/pos/sales',
    summary:
      'Create a sale (complete it, status 1, or save a draft, status 4); totals recomputed by the server',
    description:
      'Idempotency-Key required. The body is the client Order; only choices are read, everything else comes ' +
      'from the catalog and store settings. A uuid already saved answers 200 with that sale when the order is ' +
      'the same, 409 when it differs.',
    tags: TAGS,
    access: SALE_WRITE,
    body: saleBodySchema,
    data: saleDetailSchema,
    status: 201,
    message: 'Sale created.',
    idempotency: KEYED,
    handler: async ({ body, db, request }) => {
      const result = await createSale(db, requireAuth(request), body);
      return result.created
        ? result.sale
        : respond(result.sale, { status: 200, message: 'Sale already exists.' });
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/pos/sales/bulk',
    summary: 'Trash, restore or clear many sales in one transaction',
    tags: TAGS,
    access: SALE_WRITE,
    body: saleBulkBodySchema,
    data: saleBulkResultSchema,
    idempotency: KEYED,
    handler: async ({ body, db, request }) => {
      const auth = requireAuth(request);
      const store = await loadSaleStore(db, auth);
      return bulkSales(db, auth, store, body, approverSource(request, db, auth), new Date());
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/pos/sales/save-all-changes',
    summary: 'Apply a list of sale changes (order time, employee, tips, status) in one transaction',
    tags: TAGS,
    access: SALE_WRITE,
    body: saleSaveAllBodySchema,
    data: saleSaveAllResultSchema,
    idempotency: KEYED,
    handler: async ({ body, db, request }) => {
      const auth = requireAuth(request);
      const store = await loadSaleStore(db, auth);
      return saveAllChanges(db, auth, store, body, approverSource(request, db, auth), new Date());
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/pos/sales/clear-trashed/all',
    summary: 'Clear (delete for good) every trashed sale of the store',
    tags: TAGS,
    access: SALE_WRITE_WITH_PIN,
    data: saleClearedSchema,
    idempotency: KEYED,
    handler: async ({ db, request }) => {
      const auth = requireAuth(request);
      const store = await loadSaleStore(db, auth);
      return clearAllTrashed(db, auth, store, verifiedApprover(request), new Date());
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/pos/sales/clear-trashed/:id',
    summary: 'Clear (delete for good) one trashed sale',
    tags: TAGS,
    access: SALE_WRITE_WITH_PIN,
    params: saleIdParams,
    data: saleClearedSchema,
    idempotency: KEYED,
    handler: async ({ params, db, request }) => {
      const auth = requireAuth(request);
      const store = await loadSaleStore(db, auth);
      const row = await clearTrashedSale(db, auth, store, params.id, verifiedApprover(request), new Date());
      return { ids: [row.id], count: 1 };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/pos/sales/:id',
    summary: 'A sale with its lines, tips, payments and totals',
    tags: TAGS,
    access: SALE_READ,
    params: saleIdParams,
    data: saleDetailSchema,
    handler: ({ params, db, request }) => getSale(db, requireAuth(request), params.id),
  });

  route(app, {
    method: 'POST',
    url: '/api/pos/sales/:id',
    summary: 'Update a draft (recomputed like a create); status 1 completes it. A completed sale is 409.',
    tags: TAGS,
    access: SALE_WRITE,
    params: saleIdParams,
    body: saleBodySchema,
    data: saleDetailSchema,
    message: 'Sale updated.',
    idempotency: KEYED,
    handler: ({ params, body, db, request }) => updateSale(db, requireAuth(request), params.id, body),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/pos/sales/:id',
    summary: 'Move a sale to the trash (its status is remembered for a restore)',
    tags: TAGS,
    access: SALE_WRITE_WITH_PIN,
    params: saleIdParams,
    data: saleDetailSchema,
    message: 'Sale moved to the trash.',
    idempotency: KEYED,
    handler: async ({ params, db, request }) => {
      const auth = requireAuth(request);
      const store = await loadSaleStore(db, auth);
      const row = await trashSale(
        db,
        auth,
        store,
        params.id,
        verifiedApprover(request),
        undefined,
        new Date(),
      );
      return detailOf(db, auth, row);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/pos/sales/:id/invoice',
    summary: 'The invoice of a completed sale, with the store receipt header and payments as printed',
    tags: TAGS,
    access: SALE_READ,
    params: saleIdParams,
    data: saleInvoiceSchema,
    handler: async ({ params, db, request }) => {
      const auth = requireAuth(request);
      return saleInvoice(db, auth, await loadSaleStore(db, auth), params.id, new Date());
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/pos/sales/:id/status',
    summary: 'Change the status as the sale status machine allows (anything else is 409)',
    tags: TAGS,
    access: SALE_WRITE,
    params: saleIdParams,
    body: saleStatusBodySchema,
    data: saleDetailSchema,
    message: 'Sale status changed.',
    idempotency: KEYED,
    handler: async ({ params, body, db, request }) => {
      const auth = requireAuth(request);
      const store = await loadSaleStore(db, auth);
      const row = await setSaleStatus(
        db,
        auth,
        store,
        params.id,
        body.status,
        approverSource(request, db, auth),
        body.reason,
        new Date(),
      );
      return detailOf(db, auth, row);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/pos/sales/:id/tip',
    summary: 'Set the tips of employees of the sale; totals recomputed',
    tags: TAGS,
    access: SALE_WRITE,
    params: saleIdParams,
    body: saleTipBodySchema,
    data: saleDetailSchema,
    message: 'Tips updated.',
    idempotency: KEYED,
    handler: async ({ params, body, db, request }) => {
      const auth = requireAuth(request);
      const store = await loadSaleStore(db, auth);
      return (await changeTips(db, auth, store, params.id, body.tips, new Date())).detail;
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/pos/sales/:id/employee',
    summary: "Move an employee's lines (and tip) to another employee; commissions recomputed",
    tags: TAGS,
    access: SALE_WRITE,
    params: saleIdParams,
    body: saleEmployeeBodySchema,
    data: saleDetailSchema,
    message: 'Employee changed.',
    idempotency: KEYED,
    handler: async ({ params, body, db, request }) => {
      const auth = requireAuth(request);
      const store = await loadSaleStore(db, auth);
      return (await changeEmployee(db, auth, store, params.id, body, new Date())).detail;
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/pos/sales/:id/order-at',
    summary: 'Change the order time (ticket numbers and business date stay)',
    tags: TAGS,
    access: SALE_WRITE,
    params: saleIdParams,
    body: saleOrderAtBodySchema,
    data: saleDetailSchema,
    message: 'Order time changed.',
    idempotency: KEYED,
    handler: async ({ params, body, db, request }) => {
      const auth = requireAuth(request);
      const store = await loadSaleStore(db, auth);
      return detailOf(db, auth, await changeOrderAt(db, auth, store, params.id, body.order_at, new Date()));
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/pos/sales/:id/refund',
    summary: 'What can still be refunded (per line) and whether a refund or void is allowed now',
    tags: TAGS,
    access: SALE_READ,
    params: saleIdParams,
    data: saleRefundInfoSchema,
    handler: async ({ params, db, request }) => {
      const auth = requireAuth(request);
      return refundInfo(db, auth, await loadSaleStore(db, auth), params.id, new Date());
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/pos/sales/:id/refund',
    summary: 'Refund the whole sale (status Refund) or some lines (status stays Sale)',
    tags: TAGS,
    access: SALE_WRITE_WITH_PIN,
    params: saleIdParams,
    body: saleRefundBodySchema,
    data: saleRefundResultSchema,
    message: 'Refund recorded.',
    idempotency: KEYED,
    handler: async ({ params, body, db, request }) => {
      const auth = requireAuth(request);
      const store = await loadSaleStore(db, auth);
      const result = await refundSale(
        db,
        auth,
        store,
        params.id,
        body,
        verifiedApprover(request),
        new Date(),
      );
      return { sale: await detailOf(db, auth, result.sale), refund: result.refund };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/pos/sales/:id/void',
    summary: 'Void a sale (only on its business day and before any refund)',
    tags: TAGS,
    access: SALE_WRITE_WITH_PIN,
    params: saleIdParams,
    body: saleReasonBodySchema,
    data: saleDetailSchema,
    message: 'Sale voided.',
    idempotency: KEYED,
    handler: async ({ params, body, db, request }) => {
      const auth = requireAuth(request);
      const store = await loadSaleStore(db, auth);
      const row = await voidSale(
        db,
        auth,
        store,
        params.id,
        verifiedApprover(request),
        body?.reason,
        new Date(),
      );
      return detailOf(db, auth, row);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/pos/sales/:id/restore',
    summary: 'Restore a trashed sale to its status before the trash',
    tags: TAGS,
    access: SALE_WRITE,
    params: saleIdParams,
    data: saleDetailSchema,
    message: 'Sale restored.',
    idempotency: KEYED,
    handler: async ({ params, db, request }) => {
      const auth = requireAuth(request);
      const store = await loadSaleStore(db, auth);
      return detailOf(db, auth, await restoreSale(db, auth, store, params.id, new Date()));
    },
  });
}
