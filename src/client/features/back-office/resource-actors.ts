/**
 * The resource machine with its real side effects for one config (conventions.md "A machine": the app
 * provides actors in one place). The screen's root gives this to its actor context, so the feature wires its
 * own I/O through lib/api and nothing else does. Each actor's input and output types come from the chart's
 * declarations (resource.setup.ts) through `.provide()`, so they are not named again here.
 */
import { fromPromise } from 'xstate';
import { resourceMachine } from '../../../../machines/resource/resource.machine';
import type { ResourceRow } from '../../../../machines/resource/resource.types';
import { DEFAULT_CURRENCY } from '../../../domain/constants';
import { parseCsvPreview } from './csv-preview';
import { moveWrites } from './display-order';
import { validateForm } from './field-issues';
import { moneyToBody, moneyToForm } from './money-fields';
import type { ResourceConfig } from './resource-config';
import {
  bulkRows,
  deleteRow,
  exportRows,
  getRow,
  importRows,
  listRows,
  saveRow,
  setDisplayOrder,
} from './resource-api';
import { saveDownload } from '../../lib/api/csv-download';

/**
 * Saves the exported CSV as a download the browser offers: under the config's file name where the endpoint
 * catalogue gives one (giftcards_export.csv), else the resource's name with the date.
 */
function download(blob: Blob, name: string, filename?: string): void {
  saveDownload(blob, filename ?? `${name}-${new Date().toISOString().slice(0, 10)}.csv`);
}

/** Tells the resource's `afterWrite` (the caches it makes stale); a failure there never fails the write. */
function wrote<T>(config: ResourceConfig, result: T): T {
  void config.afterWrite?.().catch(() => undefined);
  return result;
}

/** `currency`: the store's, in which money fields are shown and typed (money-fields.ts). */
export function resourceLogic(config: ResourceConfig, currency: string = DEFAULT_CURRENCY) {
  const { name } = config;
  // A picture is a file, which the contract's schema (bytes on the server) cannot check in the browser: the
  // schema checks the other fields, and a chosen file is sent beside them.
  const imageNames = config.fields.filter((field) => field.kind === 'image').map((field) => field.name);
  const fieldNames = config.fields.map((field) => field.name).filter((n) => !imageNames.includes(n));
  // An edit sends neither the create-only fields (its schema has none of them) nor their values from the row.
  const createOnly = new Set(config.fields.filter((field) => field.createOnly).map((field) => field.name));
  const editNames = fieldNames.filter((n) => !createOnly.has(n));
  return resourceMachine.provide({
    actors: {
      fetchPage: fromPromise(({ input, signal }) => listRows<ResourceRow>(name, input, { signal })),
      fetchOne: fromPromise(({ input, signal }) =>
        getRow<ResourceRow>(name, input.id, { signal }).then((row) =>
          moneyToForm(row, config.fields, currency),
        ),
      ),
      // A row opened for editing keeps its id among the values: it is checked with the update's schema.
      validate: fromPromise(async ({ input }) => ({
        ...(typeof input.values.id === 'number'
          ? validateForm(
              config.updateSchema ?? config.schema,
              moneyToBody(input.values, config.fields, currency),
              editNames,
            )
          : validateForm(config.schema, moneyToBody(input.values, config.fields, currency), fieldNames)),
        ...Object.fromEntries(
          imageNames.filter((n) => input.values[n] instanceof Blob).map((n) => [n, input.values[n]]),
        ),
      })),
      save: fromPromise(async ({ input, signal }) => {
        const saved = await saveRow(name, input.id, input.values, input.idempotencyKey, {
          signal,
          ...(config.updateMethod ? { updateMethod: config.updateMethod } : {}),
        });
        return saved.queued ? saved : wrote(config, saved);
      }),
      remove: fromPromise(async ({ input, signal }) =>
        wrote(config, await deleteRow(name, input.id, input.idempotencyKey, { signal })),
      ),
      bulk: fromPromise(async ({ input, signal }) =>
        wrote(
          config,
          await bulkRows(name, { action: input.action, ids: input.ids }, input.idempotencyKey, { signal }),
        ),
      ),
      // Each write of a move is its own request, so each gets its own key, derived from the move's.
      move: fromPromise(async ({ input, signal }) => {
        const writes = moveWrites(input.rows, input.id, input.direction);
        for (const [index, write] of writes.entries()) {
          await setDisplayOrder(
            name,
            write.id,
            write.display_order,
            config.orderable ?? 'ordering',
            `${input.idempotencyKey}.${index}`,
            { signal },
          );
        }
        return writes.length > 0 ? wrote(config, writes) : writes;
      }),
      parseFile: fromPromise(({ input, signal }) =>
        parseCsvPreview(
          input.file as File,
          config.importColumns ?? [],
          (loaded, total) => input.parent.send({ type: 'import.progress', loaded, total }),
          signal,
        ),
      ),
      importFile: fromPromise(async ({ input, signal }) => {
        const result = await importRows(name, input.file as File, input.mode, input.idempotencyKey, {
          signal,
        });
        return input.mode === 'commit' && result.imported > 0 ? wrote(config, result) : result;
      }),
      exportFile: fromPromise(async ({ input, signal }) => {
        const blob = await exportRows(
          name,
          input.query,
          (loaded, total) => input.parent.send({ type: 'export.progress', loaded, total }),
          { signal, ...(config.exportRoute ? { method: config.exportRoute.method } : {}) },
        );
        download(blob, name, config.exportRoute?.filename);
        return null;
      }),
    },
  });
}
