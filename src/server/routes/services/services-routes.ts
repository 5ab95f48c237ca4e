/**
 * /api/services (docs/api.md#endpoints "Services: /services, /services/{id}, /services/{id}/ordering,
 * /services/bulk, services/import, /pos/services, /pos/services/walkin-services"): a config of the resource
 * factory (docs/back-office.md) plus its special cases: the category named by id or by name
 * (catalog-item-support.ts), the ordering route, and the two POS reads. The sale screen's catalog reads the
 * same table (services/catalog.ts), so a service saved here is what the sale screen sells on its next catalog
 * load.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createServiceBody,
  posServiceSchema,
  SERVICE_CSV_COLUMNS,
  serviceSchema,
  TURN_VALUES,
  updateServiceBody,
} from '../../../contracts/services';
import type { PosService, Service } from '../../../contracts/services';
import { MODULE } from '../../../domain/constants';
import { SALE_READ } from '../../auth/access';
import { requireAuth } from '../../auth-context';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { idFilter, listFilter } from '../../db/list-query';
import { categories, CATEGORY_TYPE, services } from '../../db/schema/catalog';
import { storeJoin, storeWhere } from '../../db/scoped';
import { defineResource, registerResource } from '../../resources/resource-factory';
import { BACK_OFFICE_STORE } from '../../resources/resource-parts';
import { route } from '../../route';
import {
  categoryValues,
  exportByCategoryId,
  itemColumnValues,
  itemList,
  itemRowOf,
  registerOrderingRoute,
} from './catalog-item-support';

type ServiceRecord = typeof services.$inferSelect;

function toRow(s: ServiceRecord): Service {
  return {
    id: s.id,
    category_id: s.categoryId,
    name: s.name,
    duration_minutes: s.durationMinutes,
    turn_value: s.turnValue,
    ...itemRowOf(s),
  };
}

/** Column values of the body's fields present (the category is resolved apart). */
function columnValues(body: z.output<typeof updateServiceBody>): Partial<typeof services.$inferInsert> {
  const values: Partial<typeof services.$inferInsert> = itemColumnValues(body);
  if (body.duration_minutes !== undefined) values.durationMinutes = body.duration_minutes;
  if (body.turn_value !== undefined) values.turnValue = body.turn_value;
  return values;
}

export const SERVICE_RESOURCE = defineResource({
  name: 'services',
  label: 'Service',
  table: services,
  ...BACK_OFFICE_STORE,
  row: serviceSchema,
  toRow,
  createBody: createServiceBody,
  updateBody: updateServiceBody,
  toInsert: async (body, { db, auth }) => ({
    ...columnValues(body),
    ...(await categoryValues(db, auth, CATEGORY_TYPE.SERVICE, body, true)),
  }),
  toUpdate: async (body, { db, auth }) => ({
    ...columnValues(body),
    ...(await categoryValues(db, auth, CATEGORY_TYPE.SERVICE, body, false)),
  }),
  list: itemList(services, {
    sort: { price: services.price, duration_minutes: services.durationMinutes },
    filters: {
      category_id: idFilter(services.categoryId),
      turn_value: listFilter(z.enum(TURN_VALUES), (value) => eq(services.turnValue, value)),
    },
    search: [services.name],
  }),
  active: services.isActive,
  importColumns: SERVICE_CSV_COLUMNS,
  exportColumns: exportByCategoryId(SERVICE_CSV_COLUMNS),
});

/**
 * The store's active services in active categories, in the sale screen's order (category, then service):
 * what the POS offers, on the sale screen and on the walk-in check-in form.
 */
export async function posServices(db: Queryable, auth: AuthContext): Promise<PosService[]> {
  const rows = await db
    .select({ service: services, categoryName: categories.name })
    .from(services)
    .innerJoin(categories, storeJoin(categories, services, services.categoryId))
    .where(storeWhere(services, auth, eq(services.isActive, true), eq(categories.isActive, true)))
    .orderBy(
      asc(categories.displayOrder),
      asc(sql`lower(${categories.name})`),
      asc(services.displayOrder),
      asc(sql`lower(${services.name})`),
      asc(services.id),
    );
  return rows.map(({ service: s, categoryName }) => ({
    id: s.id,
    category_id: s.categoryId,
    category_name: categoryName,
    name: s.name,
    price: s.price,
    duration_minutes: s.durationMinutes,
    taxes: s.taxes,
    turn_value: s.turnValue,
  }));
}

export function registerServiceRoutes(app: FastifyInstance): void {
  registerResource(app, SERVICE_RESOURCE);
  registerOrderingRoute(app, { ...SERVICE_RESOURCE, toRow });
  route(app, {
    method: 'GET',
    url: '/api/pos/services',
    summary: "The store's active services in active categories, in order (the sale screen)",
    tags: ['pos'],
    access: SALE_READ,
    data: z.array(posServiceSchema),
    handler: ({ db, request }) => posServices(db, requireAuth(request)),
  });
  route(app, {
    method: 'GET',
    url: '/api/pos/services/walkin-services',
    summary: 'The services a walk-in may ask for at check-in (the active ones, in order)',
    tags: ['pos'],
    access: { module: MODULE.WALKIN },
    data: z.array(posServiceSchema),
    handler: ({ db, request }) => posServices(db, requireAuth(request)),
  });
}
