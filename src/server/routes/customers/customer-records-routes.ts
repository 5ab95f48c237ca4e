/**
 * What the endpoint catalogue lists beside a customer's own row (docs/api.md#endpoints "Customers: ...
 * /customers/check-membership, /customers/historyPoint, /customers/reviews, /customers/avatar/{id},
 * /pos/reviews"; docs/back-office.md "Customers"): whether their membership holds, every points change with its
 * sale and reason, their reviews, their picture, and a review left at the till; and (ours) the staff customer
 * search and a customer's page (docs/back-office.md "The customer's page"). Reads need only the Customer module,
 * any role (docs/roles.md#access-rules: the customer search and page are the floor's; editing stays the admin's
 * customers screen); a review is written from the till (Sale module). Every query is the tenant's: another
 * tenant's customer is 404.
 */
import { Readable } from 'node:stream';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  checkMembershipQuery,
  createReviewBody,
  membershipCheckSchema,
  pointHistoryQuery,
  pointHistorySchema,
  reviewSchema,
  reviewsQuery,
} from '../../../contracts/customers-admin';
import { customerProfileSchema } from '../../../contracts/customer-profile';
import { customerListItemSchema, customerListQuery } from '../../../contracts/customers';
import { pageSchema } from '../../../contracts/envelope';
import { resourceIdParamsSchema } from '../../../contracts/resource';
import { MODULE } from '../../../domain/constants';
import { membershipHolds } from '../../../domain/membership';
import { SALE_WRITE } from '../../auth/access';
import { requireAuth } from '../../auth-context';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { customers, memberships } from '../../db/schema/customers';
import { customerPointHistory, customerReviews } from '../../db/schema/ledger-histories';
import { sales } from '../../db/schema/sales';
import { users } from '../../db/schema/users';
import { tenantIdWhere, tenantValues, tenantWhere } from '../../db/scoped';
import { notFound, unprocessable } from '../../errors';
import { rawResponse, route } from '../../route';
import { readMedia } from '../../services/settings/media';
import { storeToday } from '../../services/membership-assignment';
import { getCustomerProfile } from '../../services/customer-profile';
import { listCustomers } from '../../services/customers';

const TAGS = ['customers'];
const READ = { module: MODULE.CUSTOMER };
export const CUSTOMER_NOT_FOUND_MESSAGE = 'Customer not found.';
export const NO_AVATAR_MESSAGE = 'This customer has no picture.';
const UNKNOWN_EMPLOYEE_MESSAGE = 'This employee does not exist.';
const UNKNOWN_SALE_MESSAGE = 'This sale does not exist.';

async function customerOr404(db: Queryable, auth: AuthContext, id: number) {
  const [row] = await db
    .select()
    .from(customers)
    .where(tenantIdWhere(customers, auth, id))
    .limit(1);
  if (!row) throw notFound(CUSTOMER_NOT_FOUND_MESSAGE);
  return row;
}

export function registerCustomerRecordRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/customers/search',
    summary:
      "Active customers by name or phone, for anyone with the Customer module (the till's search, without the Sale module)",
    tags: TAGS,
    access: READ,
    querystring: customerListQuery,
    data: pageSchema(customerListItemSchema),
    handler: ({ db, query, request }) => listCustomers(db, requireAuth(request), query),
  });

  route(app, {
    method: 'GET',
    url: '/api/customers/:id/profile',
    summary: "A customer's page: details, group, visits and spend, last services and their technicians",
    tags: TAGS,
    access: READ,
    params: resourceIdParamsSchema,
    data: customerProfileSchema,
    handler: ({ db, params, request }) => getCustomerProfile(db, requireAuth(request), params.id),
  });

  route(app, {
    method: 'GET',
    url: '/api/customers/check-membership',
    summary: "A customer's membership, its last day and whether it holds today (its discount applies)",
    tags: TAGS,
    access: READ,
    querystring: checkMembershipQuery,
    data: membershipCheckSchema,
    handler: async ({ db, query, request }) => {
      const auth = requireAuth(request);
      const customer = await customerOr404(db, auth, query.customer_id);
      const [level] =
        customer.membershipId === null
          ? []
          : await db
              .select({ id: memberships.id, name: memberships.name, isActive: memberships.isActive })
              .from(memberships)
              .where(tenantIdWhere(memberships, auth, customer.membershipId))
              .limit(1);
      const today = await storeToday(db, auth);
      return {
        customer_id: customer.id,
        membership: level ? { id: level.id, name: level.name } : null,
        expires_on: level ? customer.membershipExpiresOn : null,
        // An inactive level gives nothing, as a sale reads it (services/sales/prepare.ts).
        holds: level !== undefined && level.isActive && membershipHolds(customer.membershipExpiresOn, today),
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/customers/historyPoint',
    summary: "Every change of a customer's points, newest first, with its sale and reason",
    tags: TAGS,
    access: READ,
    querystring: pointHistoryQuery,
    data: pageSchema(pointHistorySchema),
    handler: async ({ db, query, request }) => {
      const auth = requireAuth(request);
      await customerOr404(db, auth, query.customer_id);
      const h = customerPointHistory;
      const where = tenantWhere(h, auth, eq(h.customerId, query.customer_id));
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: h.id,
            customerId: h.customerId,
            kind: h.kind,
            points: h.points,
            balanceAfter: h.balanceAfter,
            saleId: h.saleId,
            invoiceNo: sales.invoiceNo,
            note: h.note,
            createdAt: h.createdAt,
          })
          .from(h)
          .leftJoin(sales, and(eq(sales.tenantId, h.tenantId), eq(sales.id, h.saleId)))
          .where(where)
          .orderBy(desc(h.createdAt), desc(h.id))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
        db.select({ n: count() }).from(h).where(where),
      ]);
      return {
        items: rows.map((r) => ({
          id: r.id,
          customer_id: r.customerId,
          kind: r.kind,
          points: r.points,
          balance_after: r.balanceAfter,
          sale_id: r.saleId,
          invoice_no: r.invoiceNo ?? null,
          note: r.note,
          created_at: r.createdAt.toISOString(),
        })),
        total: total?.n ?? 0,
        page: query.page,
        per_page: query.per_page,
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/customers/reviews',
    summary: "Customers' reviews (one customer's with customer_id), newest first",
    tags: TAGS,
    access: READ,
    querystring: reviewsQuery,
    data: pageSchema(reviewSchema),
    handler: async ({ db, query, request }) => {
      const auth = requireAuth(request);
      if (query.customer_id !== undefined) await customerOr404(db, auth, query.customer_id);
      const r = customerReviews;
      const where = tenantWhere(
        r,
        auth,
        query.customer_id !== undefined ? eq(r.customerId, query.customer_id) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ review: r, firstName: customers.firstName, lastName: customers.lastName })
          .from(r)
          .innerJoin(customers, and(eq(customers.tenantId, r.tenantId), eq(customers.id, r.customerId)))
          .where(where)
          .orderBy(desc(r.createdAt), desc(r.id))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
        db.select({ n: count() }).from(r).where(where),
      ]);
      return {
        items: rows.map(({ review, firstName, lastName }) => ({
          id: review.id,
          customer_id: review.customerId,
          customer_name: `${firstName} ${lastName}`.trim(),
          store_id: review.storeId,
          sale_id: review.saleId,
          employee_id: review.employeeId,
          rating: review.rating,
          comment: review.comment,
          created_at: review.createdAt.toISOString(),
        })),
        total: total?.n ?? 0,
        page: query.page,
        per_page: query.per_page,
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/pos/reviews',
    summary: "A customer's rating (1-5) of a visit, with a comment, the sale and the technician if known",
    tags: TAGS,
    access: SALE_WRITE,
    idempotency: { required: true },
    body: createReviewBody,
    data: reviewSchema,
    status: 201,
    message: 'Review saved.',
    handler: async ({ db, body, request }) => {
      const auth = requireAuth(request);
      const customer = await customerOr404(db, auth, body.customer_id);
      if (body.employee_id !== undefined) {
        const [employee] = await db
          .select({ id: users.id })
          .from(users)
          .where(tenantIdWhere(users, auth, body.employee_id))
          .limit(1);
        if (!employee)
          throw unprocessable(UNKNOWN_EMPLOYEE_MESSAGE, { employee_id: [UNKNOWN_EMPLOYEE_MESSAGE] });
      }
      if (body.sale_id !== undefined) {
        const [sale] = await db
          .select({ id: sales.id })
          .from(sales)
          .where(tenantIdWhere(sales, auth, body.sale_id))
          .limit(1);
        if (!sale) throw unprocessable(UNKNOWN_SALE_MESSAGE, { sale_id: [UNKNOWN_SALE_MESSAGE] });
      }
      const [review] = await db
        .insert(customerReviews)
        .values(
          tenantValues(auth, {
            customerId: customer.id,
            storeId: auth.storeId,
            saleId: body.sale_id ?? null,
            employeeId: body.employee_id ?? null,
            rating: body.rating,
            comment: body.comment ?? null,
          }),
        )
        .returning();
      return {
        id: review!.id,
        customer_id: customer.id,
        customer_name: `${customer.firstName} ${customer.lastName}`.trim(),
        store_id: review!.storeId,
        sale_id: review!.saleId,
        employee_id: review!.employeeId,
        rating: review!.rating,
        comment: review!.comment,
        created_at: review!.createdAt.toISOString(),
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/customers/avatar/:id',
    summary: "A customer's picture (the bytes, with the type they prove); 404 when there is none",
    tags: TAGS,
    access: READ,
    params: resourceIdParamsSchema,
    data: z.string(),
    handler: async ({ db, params, request }) => {
      const auth = requireAuth(request);
      const customer = await customerOr404(db, auth, params.id);
      if (!customer.avatarPath) throw notFound(NO_AVATAR_MESSAGE);
      const file = await readMedia(request.server.mediaDir, auth, customer.avatarPath);
      return rawResponse(file.contentType, Readable.from([file.bytes]), {
        'x-content-type-options': 'nosniff',
        'content-disposition': 'inline',
        'cache-control': 'private, max-age=3600',
        'content-security-policy': "default-src 'none'",
      });
    },
  });
}
