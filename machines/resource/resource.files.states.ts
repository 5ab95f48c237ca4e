/**
 * The file regions of the resource chart (resource.machine.ts): a CSV import checked by the server's dry run
 * before it is committed, and the export of the list as filtered.
 */
import { doneTo, failTo } from '../support/transitions';
import { resourceSetup } from './resource.actions';
import { listQueryOf } from './resource.rules';
import type { ResourceContext } from './resource.types';

/** The file the import works on (the chart only enters its steps with one chosen). */
function chosenFile(context: ResourceContext) {
  return context.import.file ?? { name: '', size: 0 };
}

/** choosing → parsing with progress → checking (the dry run) → preview with row errors → committing → done | failed. */
export const importRegion = resourceSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      on: { 'import.open': 'choosing' },
    },
    choosing: {
      on: {
        'import.choose': { target: 'reading', actions: 'chooseFile' },
        'import.close': { target: 'idle', actions: 'resetImport' },
      },
    },
    // Reading the file, then the server's dry run: progress reports and closing apply to both.
    reading: {
      tags: ['busy'],
      initial: 'parsing',
      on: {
        'import.progress': { actions: 'storeImportProgress' },
        'import.close': { target: 'idle', actions: 'resetImport' },
      },
      states: {
        parsing: {
          invoke: {
            id: 'parseFile',
            src: 'parseFile',
            input: ({ context, self }) => ({ file: chosenFile(context), parent: self }),
            onDone: doneTo('checking', 'storeParsedFile'),
            onError: failTo('#resource.import.failed', 'storeImportError'),
          },
        },
        checking: {
          invoke: {
            id: 'dryRun',
            src: 'importFile',
            input: ({ context, self }) => ({
              file: chosenFile(context),
              mode: 'dry_run' as const,
              idempotencyKey: `${context.import.idempotencyKey ?? ''}-dry-run`,
              parent: self,
            }),
            onDone: doneTo('#resource.import.preview', 'storeImportResult'),
            onError: failTo('#resource.import.failed', 'storeImportError'),
          },
        },
      },
    },
    preview: {
      on: {
        'import.commit': { guard: 'canCommit', target: 'committing' },
        'import.choose': { target: 'reading', actions: 'chooseFile' },
        'import.close': { target: 'idle', actions: 'resetImport' },
      },
    },
    committing: {
      tags: ['busy'],
      invoke: {
        id: 'commit',
        src: 'importFile',
        input: ({ context, self }) => ({
          file: chosenFile(context),
          mode: 'commit' as const,
          idempotencyKey: context.import.idempotencyKey ?? '',
          parent: self,
        }),
        onDone: [
          {
            // A row turned bad since the dry run: nothing was written; the preview lists it.
            guard: { type: 'isRefused', params: ({ event }) => event.output },
            target: 'preview',
            actions: { type: 'storeImportResult', params: ({ event }) => event.output },
          },
          {
            target: 'done',
            actions: [{ type: 'storeImportResult', params: ({ event }) => event.output }, 'refreshList'],
          },
        ],
        onError: failTo('failed', 'storeImportError'),
      },
      on: { 'import.progress': { actions: 'storeImportProgress' } },
    },
    done: {
      on: { 'import.close': { target: 'idle', actions: 'resetImport' } },
    },
    failed: {
      on: {
        'import.choose': { target: 'reading', actions: 'chooseFile' },
        'import.close': { target: 'idle', actions: 'resetImport' },
      },
    },
  },
});

/** exporting with progress → idle | failed. */
export const exportRegion = resourceSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      on: { 'export.start': { target: 'exporting', actions: 'startExport' } },
    },
    exporting: {
      tags: ['busy'],
      invoke: {
        id: 'exportFile',
        src: 'exportFile',
        input: ({ context, self }) => ({ query: listQueryOf(context.list), parent: self }),
        onDone: { target: 'idle', actions: 'forgetExport' },
        onError: failTo('failed', 'storeExportError'),
      },
      on: { 'export.progress': { actions: 'storeExportProgress' } },
    },
    failed: {
      on: {
        'export.start': { target: 'exporting', actions: 'startExport' },
        'export.dismiss': { target: 'idle', actions: 'forgetExport' },
      },
    },
  },
});
