/**
 * POS customers (docs/sales.md#the-sale-screen sale screen: active customers, details, create and update,
 * multipart; docs/api.md#endpoints /pos/customers, /pos/customers/{id}). Services:
 * src/server/services/customers.ts. Schemas: src/contracts/customers.ts.
 *
 * Access: reads need the Sale module readable (the sale screen attaches a customer to the order); writes
 * need the Customer module writable (docs/roles.md#modules-and-flags module 8: creating or changing a client
 * is customer data). Bodies are JSON or multipart (@fastify/multipart attaches fields to the body, app.ts).
 */
import { SALE_READ } from '../../auth/access';
import type { FastifyInstance } from 'fastify';
import {
  createCustomerBody,
  customerDetailSchema,
  customerIdParams,
  customerListQuery,
  customerSearchPageSchema,
  updateCustomerBody,
} from '../../../contracts/customers';
import { MODULE } from '../../../domain/constants';
import { requireAuth } from '../../auth-context';
import { route } from '../../route';
import { createCustomer, getCustomer, listCustomers, updateCustomer } from '../../services/customers';

const TAGS = ['pos'];
const CUSTOMER_WRITE = { module: MODULE.CUSTOMER, write: true } as const;

export function registerCustomerRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/pos/customers',
    summary:
      'Active customers: search by name or phone (search, filter[search|name|phone]), paged; a search counts at most 100 (total_capped)',
    tags: TAGS,
    access: SALE_READ,
    querystring: customerListQuery,
    data: customerSearchPageSchema,
    handler: ({ db, query, request }) => listCustomers(db, requireAuth(request), query),
  });

  route(app, {
    method: 'GET',
    url: '/api/pos/customers/:id',
    summary: 'A customer with points, membership (and its discount) and gift cards',
    tags: TAGS,
    access: SALE_READ,
    params: customerIdParams,
    data: customerDetailSchema,
    handler: ({ db, params, request }) => getCustomer(db, requireAuth(request), params.id),
  });

  route(app, {
    method: 'POST',
    url: '/api/pos/customers',
    summary: 'Create a customer (JSON or multipart); a phone another active customer has is refused',
    tags: TAGS,
    access: CUSTOMER_WRITE,
    idempotency: { required: false },
    body: createCustomerBody,
    data: customerDetailSchema,
    status: 201,
    message: 'Customer created.',
    handler: ({ body, db, request }) => createCustomer(db, requireAuth(request), body),
  });

  route(app, {
    method: 'POST',
    url: '/api/pos/customers/:id',
    summary: 'Update a customer (JSON or multipart); fields left out stay, empty ones clear',
    tags: TAGS,
    access: CUSTOMER_WRITE,
    idempotency: { required: false },
    params: customerIdParams,
    body: updateCustomerBody,
    data: customerDetailSchema,
    message: 'Customer updated.',
    handler: ({ body, db, params, request }) => updateCustomer(db, requireAuth(request), params.id, body),
  });
}
