/**
 * A resource's routes of one row (docs/back-office.md, "The routes a resource gets"): read, create, update and
 * delete, each write in one transaction with its audit row; another tenant's or store's id is 404.
 */
import { z } from 'zod';
import { resourceIdParamsSchema } from '../../contracts/resource';
import { requireAuth } from '../auth-context';
import { inUse } from '../errors';
import { route } from '../route';
import { IN_USE_MESSAGE } from './resource-repository';
import type { ResourceRouteGroup } from './resource-repository';
import type { UniqueKeys } from './resource-unique';

const ID_DATA = z.object({ id: z.number().int() });

export const registerRowRoutes: ResourceRouteGroup<UniqueKeys> = (app, routing, repo, unique) => {
  const { config, table, idWhere, scopedValues, loadOr404, usesOf, audit, toRow } = repo;
  const { label } = config;
  const { base, tags, read, write, idempotency } = routing;

  route(app, {
    method: 'GET',
    url: `${base}/:id`,
    summary: `One ${label.toLowerCase()}`,
    tags,
    access: read,
    params: resourceIdParamsSchema,
    data: config.row,
    handler: async ({ db, params, request }) =>
      toRow(await loadOr404(db, requireAuth(request), params.id, false)),
  });

  route(app, {
    method: 'POST',
    url: base,
    summary: `Create a ${label.toLowerCase()}`,
    tags,
    access: write,
    idempotency,
    body: config.createBody,
    data: config.row,
    status: 201,
    message: `${label} created.`,
    handler: async ({ db, body, request }) => {
      const auth = requireAuth(request);
      const values = scopedValues(
        auth,
        await repo.toInsert(body as Parameters<typeof repo.toInsert>[0], { db, auth, request }),
      );
      await unique.check(db, auth, values);
      const [record] = await unique.guard(() =>
        db
          .insert(table)
          .values(values as never)
          .returning(),
      );
      const id = (record as { id: number }).id;
      // What the new row brings with it (a gift card's 'issue' history), before the row is shown.
      if (config.afterInsert) await config.afterInsert(db, auth, [id]);
      const row = toRow(record);
      await audit(db, auth, 'create', id, null, row);
      return row;
    },
  });

  route(app, {
    method: config.updateMethod ?? 'POST',
    url: `${base}/:id`,
    summary: `Update a ${label.toLowerCase()}; fields left out stay`,
    tags,
    access: write,
    idempotency,
    params: resourceIdParamsSchema,
    body: config.updateBody,
    data: config.row,
    message: `${label} updated.`,
    handler: async ({ db, body, params, request }) => {
      const auth = requireAuth(request);
      const before = await loadOr404(db, auth, params.id, true);
      const values = await repo.toUpdate(body as Parameters<typeof repo.toUpdate>[0], {
        db,
        auth,
        request,
        before,
      });
      await unique.check(db, auth, values, { id: params.id, before });
      const [record] =
        Object.keys(values).length === 0
          ? [before]
          : await unique.guard(() =>
              db
                .update(table)
                .set(values as never)
                .where(idWhere(auth, params.id))
                .returning(),
            );
      const row = toRow(record);
      await audit(db, auth, 'update', params.id, toRow(before), row);
      return row;
    },
  });

  route(app, {
    method: 'DELETE',
    url: `${base}/:id`,
    summary: `Delete a ${label.toLowerCase()}; 409 in_use with what uses it, deleting nothing`,
    tags,
    access: write,
    idempotency,
    params: resourceIdParamsSchema,
    data: ID_DATA,
    message: `${label} deleted.`,
    handler: async ({ db, params, request }) => {
      const auth = requireAuth(request);
      const before = await loadOr404(db, auth, params.id, true);
      const uses = await usesOf(db, auth, params.id);
      if (uses.length > 0) throw inUse(IN_USE_MESSAGE, uses);
      await db.delete(table).where(idWhere(auth, params.id));
      await audit(db, auth, 'delete', params.id, toRow(before), null);
      return { id: params.id };
    },
  });
};
