/**
 * The back-office resource factory (docs/back-office.md, ADR 012): a resource is a config, and this turns it
 * into the routes every resource has, on top of route() (envelope, access, idempotency, OpenAPI) and the
 * scoped repository (tenant or store scope on every query):
 *
 *   GET    /api/<name>               list: page, per_page, sort, filter[f], search   (module readable)
 *   GET    /api/<name>/export        CSV of the same list, streamed, formulas neutralised
 *   GET    /api/<name>/{id}          one row; another tenant's or store's id is 404
 *   POST   /api/<name>               create → 201                                     (module writable)
 *   POST   /api/<name>/{id}          update (PUT where the config says)
 *   DELETE /api/<name>/{id}          → { id }; 409 `in_use` with what uses it, deleting nothing
 *   POST   /api/<name>/bulk          delete / enable / disable, each row's result
 *   POST   /api/<name>/import        multipart CSV, mode dry_run | commit (all rows or none)
 *   GET    /api/<name>/{id}/histories  the row's history, paged (when the config declares `histories`)
 *   POST   /api/<name>/{id}/<action>  the config's row actions (a gift card's reload, deactivate)
 *
 * Every write runs in one transaction with its Idempotency-Key and an audit row (resources/audit.ts); a
 * unique key already taken is 409 `duplicate` naming the field, checked before writing and again through the
 * database's unique index for a race (resource-unique.ts).
 *
 * What a config declares is resource-config.ts; the routes are resource-list-routes.ts (list, export),
 * resource-batch-routes.ts (bulk, import, with resource-import-plan.ts) and resource-row-routes.ts (one row),
 * all reaching the rows through resource-repository.ts. A resource's file imports this one for what it calls.
 */
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { InUseDetail } from '../../contracts/resource';
import { ROLE } from '../../domain/constants';
import type { Role } from '../../domain/constants';
import { tenantWhere } from '../db/scoped';
import { registerBatchRoutes } from './resource-batch-routes';
import { registerHistoryRoutes } from './resource-history-routes';
import { resourceRouting } from './resource-config';
import type { InUseCheck, ResourceConfig, ResourceReference, ResourceTable } from './resource-config';
import { resourceImportPlan } from './resource-import-plan';
import { registerListRoutes } from './resource-list-routes';
import { resourceRepository } from './resource-repository';
import { registerRowActionRoutes } from './resource-row-action-routes';
import { registerRowRoutes } from './resource-row-routes';
import { uniqueKeys } from './resource-unique';

/**
 * Who runs the back office: the admin, and the owner above them (docs/back-office.md, "Access"; a new owner
 * sets the salon up before its first sale). The module flags apply on top.
 */
export const BACK_OFFICE_ROLES: readonly Role[] = [ROLE.OWNER, ROLE.ADMIN];

/** Identity, for type inference: a config declared apart from its registration keeps its types. */
export function defineResource<
  T extends ResourceTable,
  R extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
>(config: ResourceConfig<T, R, C, U>): ResourceConfig<T, R, C, U> {
  return config;
}

/**
 * The usual in-use check: how many rows of each referencing table point at the id. Ids are unique per
 * tenant, so the tenant scope is the whole condition.
 */
export function usedBy(...references: readonly ResourceReference[]): InUseCheck {
  return async (db, auth, id) => {
    const uses: InUseDetail[] = [];
    for (const ref of references) {
      const [used] = await db
        .select({ n: count() })
        .from(ref.table)
        .where(tenantWhere(ref.table, auth, eq(ref.column, id)));
      if (used && used.n > 0) uses.push({ resource: ref.resource, count: used.n });
    }
    return uses;
  };
}

export function registerResource<
  T extends ResourceTable,
  R extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
>(app: FastifyInstance, config: ResourceConfig<T, R, C, U>): void {
  const routing = resourceRouting(config);
  const repo = resourceRepository(config);
  const unique = uniqueKeys(repo);
  const importPlan =
    config.importColumns && config.importColumns.length > 0
      ? resourceImportPlan(repo, unique, config.importColumns)
      : undefined;
  // The static paths (export, bulk, import) before /{id}, which they would otherwise look like to a reader.
  registerListRoutes(app, routing, repo);
  registerBatchRoutes(app, routing, repo, importPlan);
  registerRowRoutes(app, routing, repo, unique);
  registerRowActionRoutes(app, routing, repo);
  registerHistoryRoutes(app, routing, repo, undefined);
}
