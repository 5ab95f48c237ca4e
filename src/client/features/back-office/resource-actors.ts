/**
 * The resource machine with its real side effects for one config (conventions.md "A machine": the app
 * provides actors in one place). The screen's root gives this to its actor context, so the feature wires its
 * own I/O through lib/api and nothing else does.
 */
import { fromPromise } from 'xstate';
import { resourceMachine } from '../../../../machines/resource/resource.machine';
import type {
  BulkInput,
  ExportFileInput,
  FetchOneInput,
  FetchPageInput,
  FormValues,
  ImportFileInput,
  ParsedFile,
  ParseFileInput,
  RemoveInput,
  ResourcePage,
  ResourceRow,
  SaveInput,
  SaveOutput,
} from '../../../../machines/resource/resource.types';
import type { BulkResult, ImportResult } from '../../../contracts/resource';
import { parseCsvPreview } from './csv-preview';
import { validateForm } from './field-issues';
import type { ResourceConfig } from './resource-config';
import { bulkRows, deleteRow, exportRows, getRow, importRows, listRows, saveRow } from './resource-api';

/** Saves the exported CSV under the resource's name with the date, as a download the browser offers. */
function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function resourceLogic(config: ResourceConfig) {
  const { name } = config;
  const fieldNames = config.fields.map((field) => field.name);
  return resourceMachine.provide({
    actors: {
      fetchPage: fromPromise<ResourcePage, FetchPageInput>(({ input, signal }) =>
        listRows<ResourceRow>(name, input, { signal }),
      ),
      fetchOne: fromPromise<ResourceRow, FetchOneInput>(({ input, signal }) =>
        getRow<ResourceRow>(name, input.id, { signal }),
      ),
      validate: fromPromise<FormValues, { values: FormValues }>(async ({ input }) =>
        validateForm(config.schema, input.values, fieldNames),
      ),
      save: fromPromise<SaveOutput, SaveInput>(({ input, signal }) =>
        saveRow(name, input.id, input.values, input.idempotencyKey, { signal }),
      ),
      remove: fromPromise<unknown, RemoveInput>(({ input, signal }) =>
        deleteRow(name, input.id, input.idempotencyKey, { signal }),
      ),
      bulk: fromPromise<BulkResult, BulkInput>(({ input, signal }) =>
        bulkRows(name, { action: input.action, ids: input.ids }, input.idempotencyKey, { signal }),
      ),
      parseFile: fromPromise<ParsedFile, ParseFileInput>(({ input, signal }) =>
        parseCsvPreview(
          input.file as File,
          config.importColumns ?? [],
          (loaded, total) => input.parent.send({ type: 'import.progress', loaded, total }),
          signal,
        ),
      ),
      importFile: fromPromise<ImportResult, ImportFileInput>(({ input, signal }) =>
        importRows(name, input.file as File, input.mode, input.idempotencyKey, { signal }),
      ),
      exportFile: fromPromise<unknown, ExportFileInput>(async ({ input, signal }) => {
        const blob = await exportRows(
          name,
          input.query,
          (loaded, total) => input.parent.send({ type: 'export.progress', loaded, total }),
          { signal },
        );
        download(blob, name);
        return null;
      }),
    },
  });
}
