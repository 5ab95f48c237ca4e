/**
 * GET /api/pos/stores (docs/api.md#endpoints "Stores: /pos/stores"): the tenant's stores, by name, in the list
 * dialect (page, per_page, sort, search; docs/back-office.md "Lists"). Any live session of the tenant may read
 * it, as any may read a store's initial settings: a store's name and code are what every person of the salon
 * sees when they sign in, and the back office's forms offer them (a coupon limited to one store).
 */
import type { FastifyInstance } from 'fastify';
import { storeListPageSchema } from '../../../contracts/stores';
import { requireAuth } from '../../auth-context';
import { fetchPage, listQuerySchemaFor, lowerOf, planList, selectPage } from '../../db/list-query';
import type { ListSpec } from '../../db/list-query';
import { stores } from '../../db/schema/stores';
import { tenantWhere } from '../../db/scoped';
import { route } from '../../route';

const STORE_LIST: ListSpec = {
  sort: { name: lowerOf(stores.name), code: stores.code },
  defaultSort: 'name',
  tiebreak: stores.id,
  search: [stores.name, stores.code],
};

export function registerStoreRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/pos/stores',
    summary: "The salon's stores: id, code and name (page, per_page, sort name or code, search)",
    tags: ['pos'],
    access: { module: null },
    querystring: listQuerySchemaFor(STORE_LIST),
    data: storeListPageSchema,
    handler: async ({ db, query, request }) => {
      const auth = requireAuth(request);
      const plan = planList(STORE_LIST, query, tenantWhere(stores, auth));
      return fetchPage(db, plan, stores, (p) =>
        selectPage(
          db.select({ id: stores.id, code: stores.code, name: stores.name }).from(stores).$dynamic(),
          p,
        ),
      );
    },
  });
}
