/**
 * What a resource's CSV import does with the rows import.ts reads (docs/back-office.md, "Import"): each row is
 * the create body, checked by its schema and the config's toInsert; each batch is checked against the unique
 * keys of the rows in the database and the rows earlier in the file; a commit inserts the batches and writes
 * one audit row for the whole file.
 */
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ImportRowError } from '../../contracts/resource';
import { ERROR_CODE } from '../../contracts/error-codes';
import type { AuthContext } from '../auth-context';
import { HttpError } from '../errors';
import { writeResourceAudit } from './audit';
import { insertRows } from './import';
import type { ImportPlan, ImportRow, RowCheck } from './import';
import type { ResourceTable } from './resource-config';
import type { ResourceRepository } from './resource-repository';
import type { UniqueKeys } from './resource-unique';

/** A request's import plan: made anew for each import, as it keeps what the file has named so far. */
export type ResourceImportPlan = (auth: AuthContext, request: FastifyRequest) => ImportPlan<object>;

export function resourceImportPlan<
  T extends ResourceTable,
  R extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
>(repo: ResourceRepository<T, R, C, U>, unique: UniqueKeys, columns: readonly string[]): ResourceImportPlan {
  const { config, table, scopeWhere, scopedValues } = repo;
  const { name } = config;
  const { norm, keyOf } = unique;
  return (auth, request) => {
    // Values of each unique key seen in the file so far (a file naming one twice fails the second row).
    const seen = new Map(unique.keys.map((k) => [k.property, new Set<string>()]));
    // Column values computed while checking a batch, inserted from here when the batch is written.
    const prepared = new Map<number, object>();
    return {
      columns,
      checkRow: (cells): RowCheck<object> => {
        const parsed = config.createBody.safeParse(cells);
        if (parsed.success) return { ok: true, body: parsed.data as object };
        return {
          ok: false,
          errors: parsed.error.issues.map((issue) => ({
            ...(issue.path.length > 0 ? { column: String(issue.path[0]) } : {}),
            code: ERROR_CODE.VALIDATION_FAILED,
            message: issue.message,
          })),
        };
      },
      checkBatch: async (db, rows) => {
        prepared.clear();
        const errors: ImportRowError[] = [];
        const valuesByRow: { row: number; values: object }[] = [];
        // One row at a time: a resource's toInsert may query (a named category), and the rows share one
        // connection anyway. A row it refuses with a 422 (an unknown reference) is that row's error.
        for (const r of rows) {
          try {
            const values = scopedValues(
              auth,
              await repo.toInsert(r.body as z.output<C>, { db, auth, request }),
            );
            prepared.set(r.row, values);
            valuesByRow.push({ row: r.row, values });
          } catch (error) {
            if (!(error instanceof HttpError) || error.statusCode !== 422) throw error;
            const fields = Object.entries(error.errors ?? {});
            if (fields.length === 0) errors.push({ row: r.row, code: error.code, message: error.message });
            for (const [column, messages] of fields) {
              for (const message of messages) errors.push({ row: r.row, column, code: error.code, message });
            }
          }
        }
        for (const key of unique.keys) {
          const present = valuesByRow.filter((v) => {
            const value = (v.values as Record<string, unknown>)[key.property];
            return value !== undefined && value !== null;
          });
          if (present.length === 0) continue;
          const column = key.caseInsensitive ? sql`lower(${key.column})` : key.column;
          const wanted = present.map((v) => norm(key, (v.values as Record<string, unknown>)[key.property]));
          const taken = await db
            .select({
              value: column,
              ...Object.fromEntries(key.per.map((p) => [p.property, p.column])),
            })
            .from(table)
            .where(
              scopeWhere(
                auth,
                // One array parameter, not one per value: Drizzle's building of a 500-value IN list is slow.
                sql`${column} = any(${sql.param(wanted)}::${sql.raw(key.caseInsensitive ? 'text' : key.column.getSQLType())}[])`,
                key.where,
              ),
            );
          const inDb = new Set(
            taken.map((t) =>
              keyOf(key, (p) => (p === key.property ? t.value : (t as Record<string, unknown>)[p])),
            ),
          );
          const inFile = seen.get(key.property)!;
          for (const v of present) {
            const value = keyOf(key, (p) => (v.values as Record<string, unknown>)[p]);
            if (inDb.has(value) || inFile.has(value)) {
              errors.push({
                row: v.row,
                column: key.field,
                code: ERROR_CODE.DUPLICATE,
                message: key.message,
              });
            } else {
              inFile.add(value);
            }
          }
        }
        return errors;
      },
      insertBatch: async (db, rows: readonly ImportRow<object>[]) => {
        const values = rows.map((r) => prepared.get(r.row)!);
        // Ids only: the import's one audit row records ranges of them, not each row (docs/back-office.md).
        const ids = await unique.guard(() => insertRows(db, table, values));
        if (config.afterInsert) await config.afterInsert(db, auth, ids);
        return ids;
      },
      finish: (db, summary) =>
        writeResourceAudit(db, auth, [
          {
            action: `${name}.import`,
            entityType: name,
            entityId: summary.file.sha256,
            before: null,
            after: {
              file: summary.file.filename,
              sha256: summary.file.sha256,
              rows: summary.rows,
              id_ranges: summary.idRanges,
            },
          },
        ]),
    };
  };
}
