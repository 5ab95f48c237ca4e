/**
 * The sale screen's catalog and start-up calls (docs/sales.md#the-sale-screen sale screen;
 * docs/sales.md#sale-management pos/sales/service-product-setting and sale init). Services:
 * src/server/services/catalog.ts. Schemas: src/contracts/catalog.ts.
 *
 * Access: the sale screen's reads need the Sale module readable (docs/roles.md#access-rules "POS ... screens
 * need login only"; the module flags of docs/roles.md#modules-and-flags still apply, docs/roles.md).
 */
import { SALE_READ } from '../../auth/access';
import type { FastifyInstance } from 'fastify';
import {
  saleInitQuery,
  saleInitSchema,
  serviceProductSettingQuery,
  serviceProductSettingSchema,
} from '../../../contracts/catalog';
import { requireAuth } from '../../auth-context';
import { route } from '../../route';
import { saleInit, serviceProductSetting } from '../../services/catalog';

const TAGS = ['pos'];

export function registerCatalogRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/pos/sales/service-product-setting',
    summary: 'Sale screen catalog: store settings, active categories with services or products, and kits',
    tags: TAGS,
    access: SALE_READ,
    querystring: serviceProductSettingQuery,
    data: serviceProductSettingSchema,
    handler: ({ db, query, request }) => serviceProductSetting(db, requireAuth(request), query.store_id),
  });

  route(app, {
    method: 'GET',
    url: '/api/pos/sales/init',
    summary: 'Sale screen start: store settings, the caller as employee, the customer asked for',
    tags: TAGS,
    access: SALE_READ,
    querystring: saleInitQuery,
    data: saleInitSchema,
    handler: ({ db, query, request }) => saleInit(db, requireAuth(request), query),
  });
}
