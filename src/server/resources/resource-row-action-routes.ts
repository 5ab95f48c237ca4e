/**
 * A resource's actions on one row beyond create, update and delete (docs/back-office.md "Row actions on the
 * server"): its config's `rowActions`, each `POST /api/<name>/{id}/<action>`, a write in one transaction with
 * its Idempotency-Key and audit row, the row locked first. Another tenant's or store's id is 404, as on every
 * route of a resource.
 */
import { resourceIdParamsSchema } from '../../contracts/resource';
import { requireAuth } from '../auth-context';
import { route } from '../route';
import type { ResourceRouteGroup } from './resource-repository';

export const registerRowActionRoutes: ResourceRouteGroup = (app, routing, repo) => {
  const { config, loadOr404, audit, toRow } = repo;
  const { base, tags, write, idempotency } = routing;

  for (const action of config.rowActions ?? []) {
    route(app, {
      method: 'POST',
      url: `${base}/:id/${action.name}`,
      summary: action.summary,
      tags,
      access: write,
      idempotency,
      params: resourceIdParamsSchema,
      ...(action.body ? { body: action.body } : {}),
      data: config.row,
      message: action.message,
      handler: async ({ db, body, params, request }) => {
        const auth = requireAuth(request);
        // Locked: a second action on the row (a reload beside a sale's debit) waits for this one.
        const before = await loadOr404(db, auth, params.id, true);
        const after = await action.run(body as never, { db, auth, request, id: params.id, before });
        const row = toRow(after);
        await audit(db, auth, action.name, params.id, toRow(before), row);
        return row;
      },
    });
  }
};
