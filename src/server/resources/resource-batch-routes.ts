/**
 * A resource's writes of many rows at once (docs/back-office.md, "Bulk" and "Import"): bulk delete, enable or
 * disable, each row in its own savepoint with its own result; and the multipart CSV import, a dry run or a
 * commit of every row or none.
 */
import { z } from 'zod';
import { ERROR_CODE } from '../../contracts/error-codes';
import {
  bulkRequestSchema,
  bulkResultSchema,
  IMPORT_MODES,
  importResultSchema,
  MAX_IMPORT_BYTES,
} from '../../contracts/resource';
import type { BulkResult } from '../../contracts/resource';
import { requireAuth } from '../auth-context';
import { unprocessable } from '../errors';
import { route } from '../route';
import { runImport } from './import';
import type { ResourceImportPlan } from './resource-import-plan';
import { IN_USE_MESSAGE } from './resource-repository';
import type { ResourceRouteGroup } from './resource-repository';
import { SpooledFile } from './upload-spool';

/** `importPlan` absent: the resource has no import route. */
export const registerBatchRoutes: ResourceRouteGroup<ResourceImportPlan | undefined> = (
  app,
  routing,
  repo,
  importPlan,
) => {
  const { config, table, notFoundMessage, activeProperty, idWhere, load, usesOf, audit, toRow } = repo;
  const { label } = config;
  const { base, tags, write, idempotency } = routing;

  route(app, {
    method: 'POST',
    url: `${base}/bulk`,
    summary: `${label}s: delete, enable or disable many; each row's result`,
    tags,
    access: write,
    idempotency,
    body: bulkRequestSchema,
    data: bulkResultSchema,
    handler: async ({ db, body, request }) => {
      const auth = requireAuth(request);
      if (body.action !== 'delete' && !config.active) {
        const message = `${label}s cannot be enabled or disabled.`;
        throw unprocessable(message, { action: [message] });
      }
      const results: BulkResult['results'] = [];
      for (const id of [...new Set(body.ids)]) {
        // A savepoint per row: one row's failure leaves the others' changes standing.
        const outcome = await db.transaction(async (tx) => {
          const before = await load(tx, auth, id, true);
          if (!before) return { id, ok: false, code: ERROR_CODE.NOT_FOUND, message: notFoundMessage };
          if (body.action === 'delete') {
            const uses = await usesOf(tx, auth, id);
            if (uses.length > 0) return { id, ok: false, code: ERROR_CODE.IN_USE, message: IN_USE_MESSAGE };
            await tx.delete(table).where(idWhere(auth, id));
            await audit(tx, auth, 'delete', id, toRow(before), null);
            return { id, ok: true };
          }
          const active = body.action === 'enable';
          if (config.setActive) {
            // The resource sets the flag itself, with what goes with it (a gift card's history row);
            // a row already so is left as it is.
            if ((before as Record<string, unknown>)[activeProperty!] === active) return { id, ok: true };
            const after = await config.setActive({ db: tx, auth, request, id, before }, active);
            await audit(tx, auth, body.action, id, toRow(before), toRow(after));
            return { id, ok: true };
          }
          const [after] = await tx
            .update(table)
            .set({ [activeProperty!]: active } as never)
            .where(idWhere(auth, id))
            .returning();
          await audit(tx, auth, body.action, id, toRow(before), toRow(after));
          return { id, ok: true };
        });
        results.push(outcome);
      }
      const succeeded = results.filter((r) => r.ok).length;
      return { action: body.action, results, succeeded, failed: results.length - succeeded };
    },
  });

  if (!importPlan) return;
  route(app, {
    method: 'POST',
    url: `${base}/import`,
    summary: `${label}s from a CSV file (multipart: file, mode dry_run | commit; all rows or none)`,
    tags,
    access: write,
    idempotency,
    config: {
      spoolUploads: true,
      multipartOptions: { limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } },
    },
    body: z.object({
      mode: z.enum(IMPORT_MODES),
      file: z
        .custom<SpooledFile>((v) => v instanceof SpooledFile, 'Choose a CSV file.')
        // How the OpenAPI document shows a file part (a custom type has no JSON Schema of its own).
        .meta({ type: 'string', format: 'binary' }),
    }),
    data: importResultSchema,
    handler: async ({ db, body, request }) => {
      const auth = requireAuth(request);
      return runImport(db, body.file, body.mode, importPlan(auth, request));
    },
  });
};
