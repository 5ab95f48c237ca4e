/**
 * A resource's list and its CSV export (docs/back-office.md, "Lists: the one dialect" and "Export"): one page of
 * rows in the list dialect, or every row of the same sort, filter and search streamed as CSV in batches.
 */
import { z } from 'zod';
import { pageSchema } from '../../contracts/envelope';
import { requireAuth } from '../auth-context';
import { fetchPage, listQuerySchemaFor, planList, selectPage } from '../db/list-query';
import { rawResponse, route } from '../route';
import { base64CsvEnvelope, csvStream } from './csv';
import { cursorBatches } from './cursor-batches';
import type { CsvValue } from './csv';
import type { ExportColumn } from './resource-config';
import type { ResourceRouteGroup } from './resource-repository';

const CSV_TYPE = 'text/csv; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';
/** `data` of a POST export (resource-config.ts ExportRoute): the file's name and its bytes in base64. */
const BASE64_EXPORT_DATA = z.object({ filename: z.string(), contents: z.string() });
/** Rows read per query while an export streams. */
const EXPORT_BATCH_ROWS = 1000;

export const registerListRoutes: ResourceRouteGroup = (app, routing, repo) => {
  const { config, table, scopeWhere, toRow } = repo;
  const { name, label } = config;
  const { base, tags, read } = routing;

  const listQuery = listQuerySchemaFor(config.list);
  route(app, {
    method: 'GET',
    url: base,
    summary: `${label} list: page, per_page, sort, filter[field], search`,
    tags,
    access: read,
    querystring: listQuery,
    data: pageSchema(config.row),
    handler: async ({ db, query, request }) => {
      const auth = requireAuth(request);
      const plan = planList(config.list, query, scopeWhere(auth));
      const page = await fetchPage(db, plan, table, (p) => selectPage(db.select().from(table).$dynamic(), p));
      return { ...page, items: page.items.map(toRow) };
    },
  });

  type Row = ReturnType<typeof toRow>;
  const exportColumns: readonly ExportColumn<Row>[] =
    config.exportColumns ??
    (config.importColumns ?? []).map((column) => ({
      header: column,
      value: (row: Row) => (row as Record<string, CsvValue>)[column],
    }));
  if (exportColumns.length === 0) return;
  const exportRoute = config.exportRoute ?? { method: 'GET' };
  route(app, {
    method: exportRoute.method,
    url: `${base}/export`,
    summary:
      exportRoute.method === 'GET'
        ? `${label} list as CSV (text/csv, streamed; the list's sort, filter and search)`
        : `${label} list as CSV in base64 \`contents\`, saved as \`filename\` (streamed; the list's sort, filter and search in the query)`,
    tags,
    access: read,
    querystring: listQuery.omit({ page: true, per_page: true }),
    data: exportRoute.method === 'GET' ? z.string() : BASE64_EXPORT_DATA,
    handler: async ({ db, query, request }) => {
      const auth = requireAuth(request);
      // Checked now, so a bad sort or filter is a 422 before any byte of CSV is sent.
      const first = planList(
        config.list,
        { ...query, page: 1, per_page: EXPORT_BATCH_ROWS },
        scopeWhere(auth),
      );
      // One query read through a cursor (cursor-batches.ts): one sort for the whole export, not one per batch.
      const rows = db
        .select()
        .from(table)
        .where(first.where)
        .orderBy(...first.orderBy);
      async function* batches(): AsyncGenerator<CsvValue[][]> {
        for await (const records of cursorBatches(db, rows, table, EXPORT_BATCH_ROWS)) {
          yield records.map((record) => {
            const row = toRow(record);
            return exportColumns.map((c) => c.value(row));
          });
        }
      }
      const csv = csvStream(
        exportColumns.map((c) => c.header),
        batches(),
      );
      if (exportRoute.method === 'POST') {
        // A read the endpoint catalogue makes a POST: no Idempotency-Key, nothing written.
        return rawResponse(JSON_TYPE, base64CsvEnvelope(exportRoute.filename, csv));
      }
      return rawResponse(CSV_TYPE, csv, { 'content-disposition': `attachment; filename="${name}.csv"` });
    },
  });
};
