/**
 * A resource's history route (docs/back-office.md "Histories"): GET /api/<name>/{id}/histories, when the
 * config declares `histories`. It reads like the resource's get (the module readable, the role listed, the
 * row in the caller's scope or 404, so another tenant's id tells nothing), then answers the config's page.
 */
import { resourceIdParamsSchema } from '../../contracts/resource';
import { pageSchema } from '../../contracts/envelope';
import { requireAuth } from '../auth-context';
import { route } from '../route';
import type { ResourceRouteGroup } from './resource-repository';

export const registerHistoryRoutes: ResourceRouteGroup = (app, routing, repo) => {
  const histories = repo.config.histories;
  if (!histories) return;
  const { base, tags, read } = routing;
  route(app, {
    method: 'GET',
    url: `${base}/:id/histories`,
    summary: histories.summary,
    tags,
    access: read,
    params: resourceIdParamsSchema,
    querystring: histories.query,
    data: pageSchema(histories.item),
    handler: async ({ db, params, query, request }) => {
      const auth = requireAuth(request);
      await repo.loadOr404(db, auth, params.id, false);
      return histories.list(db, auth, params.id, query);
    },
  });
};
