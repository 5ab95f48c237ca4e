/**
 * The one back-office resource chart (docs/decisions/013-back-office-client-libraries.md): every back-office screen (units, suppliers,
 * categories...) runs this machine with its own actors; nothing about a resource's fields lives here. Parallel
 * regions, because each part loads, fails and is dismissed on its own and none may close another:
 * `list` (loading → ready | empty | error | offline; paging, sort, filter, search, refresh), `search` (the
 * debounce of the search box), `bulk` (confirm → running → done | failed, each row's result kept), `removal`
 * (one row's delete: confirm → removing → failed with what still uses the row), `editor` (closed → loading →
 * editing → validating → saving → saved | failed with the server's field errors), `import` (choosing →
 * parsing with progress → checking (the server's dry run) → preview with row errors → committing → done |
 * failed) and `export` (exporting with progress → idle | failed).
 *
 * Why so: a refused delete must not lose the page, a failed export must not close the editor, and a user
 * who typed a form keeps every character through validation, server refusals and retries (the editor's
 * values are only replaced when another row is opened). Every write that may be retried carries the
 * Idempotency-Key of its intent, made by the screen (docs/decisions/005-idempotency-keys.md): the editor keeps one per set of values
 * (a changed value drops it), bulk, removal and import one per start.
 *
 * Regions talk by raising `list.refresh` (after a write) and `search.apply` (after the debounce): a transition
 * from one region into a state of another would exit and re-enter every region of the parallel root.
 *
 * Side effects are actors provided from outside: fetchPage, fetchOne, validate (the config's zod schema),
 * save, remove, bulk, parseFile, importFile, exportFile. Long ones report progress by sending
 * `import.progress` / `export.progress` to the `parent` they are given.
 */
import { assertEvent, assign, raise, setup } from 'xstate';
import type { BulkResult, ImportResult } from '../../src/contracts/resource';
import { ITEMS_PER_PAGE } from '../../src/domain/constants';
import { requiredActor } from '../support/required-actor';
import {
  canCommitImport,
  failedIds,
  fieldIssuesFromValidation,
  isImportRefused,
  keepShown,
  listQueryOf,
  pageCount,
  toggleAll,
  toggleId,
  toResourceError,
  withFilter,
} from './resource.rules';
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
  ResourceContext,
  ResourceEvent,
  ResourceInput,
  ResourcePage,
  ResourceRow,
  SaveInput,
  SaveOutput,
} from './resource.types';

/** How long the search box waits after the last key before asking the server (a typed word, not each letter). */
export const SEARCH_DEBOUNCE_MS = 300;

const ID = 'resource';

/** The file the import works on (the chart only enters its steps with one chosen). */
function chosenFile(context: ResourceContext) {
  return context.import.file ?? { name: '', size: 0 };
}

const closedEditor: ResourceContext['editor'] = {
  id: null,
  values: {},
  parsed: null,
  fieldErrors: {},
  error: null,
  idempotencyKey: null,
  queued: false,
};
const idleImport: ResourceContext['import'] = {
  file: null,
  idempotencyKey: null,
  progress: null,
  parsed: null,
  result: null,
  error: null,
};

export const resourceMachine = setup({
  types: {
    context: {} as ResourceContext,
    events: {} as ResourceEvent,
    input: {} as ResourceInput,
    tags: {} as 'busy' | 'dirty',
  },
  actors: {
    fetchPage: requiredActor<ResourcePage, FetchPageInput>(ID, 'fetchPage'),
    fetchOne: requiredActor<ResourceRow, FetchOneInput>(ID, 'fetchOne'),
    /** Parses the form with the resource's zod schema: the parsed values, or rejects with `{ fieldErrors }`. */
    validate: requiredActor<FormValues, { values: FormValues }>(ID, 'validate'),
    save: requiredActor<SaveOutput, SaveInput>(ID, 'save'),
    remove: requiredActor<unknown, RemoveInput>(ID, 'remove'),
    bulk: requiredActor<BulkResult, BulkInput>(ID, 'bulk'),
    parseFile: requiredActor<ParsedFile, ParseFileInput>(ID, 'parseFile'),
    importFile: requiredActor<ImportResult, ImportFileInput>(ID, 'importFile'),
    exportFile: requiredActor<unknown, ExportFileInput>(ID, 'exportFile'),
  },
  delays: {
    searchDebounce: SEARCH_DEBOUNCE_MS,
  },
  guards: {
    isPageEmpty: (_, page: ResourcePage) => page.items.length === 0,
    /** An empty page past the last one (its last rows were deleted): go back to the last page. */
    isPastLastPage: ({ context }, page: ResourcePage) =>
      page.items.length === 0 &&
      page.total > 0 &&
      context.list.page > pageCount(page.total, context.list.perPage),
    isPageInRange: ({ context, event }) => {
      assertEvent(event, 'page.go');
      return (
        Number.isInteger(event.page) &&
        event.page >= 1 &&
        event.page <= pageCount(context.total, context.list.perPage) &&
        event.page !== context.list.page
      );
    },
    /** A whole number of rows (the screen offers sizes within the server's bound, MAX_PER_PAGE). */
    isPerPageAllowed: ({ event }) => {
      assertEvent(event, 'perPage.set');
      return Number.isInteger(event.perPage) && event.perPage >= 1;
    },
    isOffline: (_, params: { error: unknown }) => toResourceError(params.error).kind === 'offline',
    hasSelection: ({ context }) => context.selected.length > 0,
    isQueued: (_, output: SaveOutput) => output.queued,
    canCommit: ({ context }) => canCommitImport(context.import.parsed, context.import.result),
    isRefused: (_, result: ImportResult) => isImportRefused(result),
  },
  actions: {
    storePage: assign(({ context }, page: ResourcePage) => ({
      items: page.items,
      total: page.total,
      listError: null,
      selected: keepShown(context.selected, page.items),
    })),
    storeListError: assign({ listError: (_, params: { error: unknown }) => toResourceError(params.error) }),
    goToPage: assign({
      list: ({ context, event }) => {
        assertEvent(event, 'page.go');
        return { ...context.list, page: event.page };
      },
    }),
    goToLastPage: assign({
      list: ({ context }, page: ResourcePage) => ({
        ...context.list,
        page: pageCount(page.total, context.list.perPage),
      }),
    }),
    setPerPage: assign({
      list: ({ context, event }) => {
        assertEvent(event, 'perPage.set');
        return { ...context.list, perPage: event.perPage, page: 1 };
      },
    }),
    setSort: assign({
      list: ({ context, event }) => {
        assertEvent(event, 'sort.set');
        return { ...context.list, sort: event.sort, page: 1 };
      },
    }),
    setFilter: assign({
      list: ({ context, event }) => {
        assertEvent(event, 'filter.set');
        return {
          ...context.list,
          filter: withFilter(context.list.filter, event.field, event.value),
          page: 1,
        };
      },
    }),
    typeSearch: assign({
      searchText: ({ event }) => {
        assertEvent(event, 'search.type');
        return event.text;
      },
    }),
    applySearch: assign({
      list: ({ context }) => ({ ...context.list, search: context.searchText.trim(), page: 1 }),
    }),
    applyTypedSearch: raise({ type: 'search.apply' }),
    refreshList: raise({ type: 'list.refresh' }),
    toggleRow: assign({
      selected: ({ context, event }) => {
        assertEvent(event, 'row.toggle');
        return context.items.some((row) => row.id === event.id)
          ? toggleId(context.selected, event.id)
          : context.selected;
      },
    }),
    toggleAllRows: assign({ selected: ({ context }) => toggleAll(context.selected, context.items) }),
    clearSelection: assign({ selected: [] }),
    startBulk: assign({
      bulk: ({ context, event }) => {
        assertEvent(event, 'bulk.start');
        return {
          action: event.action,
          ids: [...context.selected],
          idempotencyKey: event.idempotencyKey,
          result: null,
          error: null,
        };
      },
    }),
    storeBulkResult: assign(({ context }, result: BulkResult) => ({
      bulk: { ...context.bulk, result, error: null },
      // What failed stays selected, so the user sees it and may act on it again.
      selected: failedIds(result),
    })),
    storeBulkError: assign({
      bulk: ({ context }, params: { error: unknown }) => ({
        ...context.bulk,
        error: toResourceError(params.error),
      }),
    }),
    forgetBulk: assign({
      bulk: { action: null, ids: [], idempotencyKey: null, result: null, error: null },
    }),
    startRemoval: assign({
      removal: ({ event }) => {
        assertEvent(event, 'row.remove');
        return { id: event.id, idempotencyKey: event.idempotencyKey, error: null };
      },
    }),
    storeRemovalError: assign({
      removal: ({ context }, params: { error: unknown }) => ({
        ...context.removal,
        error: toResourceError(params.error),
      }),
    }),
    forgetRemoval: assign({
      removal: { id: null, idempotencyKey: null, error: null },
      selected: ({ context }) => context.selected.filter((id) => id !== context.removal.id),
    }),
    openNew: assign({
      editor: ({ event }) => {
        assertEvent(event, 'editor.create');
        return { ...closedEditor, values: { ...event.values } };
      },
    }),
    openRow: assign({
      editor: ({ event }) => {
        assertEvent(event, 'editor.edit');
        return { ...closedEditor, id: event.id };
      },
    }),
    storeRow: assign({
      editor: ({ context }, row: ResourceRow) => ({ ...context.editor, values: { ...row }, error: null }),
    }),
    storeEditorError: assign({
      editor: ({ context }, params: { error: unknown }) => {
        const error = toResourceError(params.error);
        return { ...context.editor, error, fieldErrors: error.fieldErrors ?? {} };
      },
    }),
    changeField: assign({
      editor: ({ context, event }) => {
        assertEvent(event, 'field.change');
        const { [event.name]: _fixed, ...fieldErrors } = context.editor.fieldErrors;
        return {
          ...context.editor,
          values: { ...context.editor.values, [event.name]: event.value },
          fieldErrors,
          // Other values are another intent: the next save gets a new key.
          idempotencyKey: null,
        };
      },
    }),
    takeSaveKey: assign({
      editor: ({ context, event }) => {
        assertEvent(event, 'editor.submit');
        return {
          ...context.editor,
          idempotencyKey: context.editor.idempotencyKey ?? event.idempotencyKey,
          fieldErrors: {},
          error: null,
        };
      },
    }),
    storeParsed: assign({
      editor: ({ context }, parsed: FormValues) => ({ ...context.editor, parsed }),
    }),
    storeFieldIssues: assign({
      editor: ({ context }, params: { error: unknown }) => ({
        ...context.editor,
        fieldErrors: fieldIssuesFromValidation(params.error),
      }),
    }),
    storeSaved: assign({
      editor: ({ context }, output: SaveOutput) => ({
        ...context.editor,
        id: output.queued ? context.editor.id : output.row.id,
        queued: output.queued,
        error: null,
      }),
    }),
    closeEditor: assign({ editor: closedEditor }),
    chooseFile: assign({
      import: ({ event }) => {
        assertEvent(event, 'import.choose');
        return { ...idleImport, file: event.file, idempotencyKey: event.idempotencyKey };
      },
    }),
    storeImportProgress: assign({
      import: ({ context, event }) => {
        assertEvent(event, 'import.progress');
        return { ...context.import, progress: { loaded: event.loaded, total: event.total } };
      },
    }),
    storeParsedFile: assign({
      import: ({ context }, parsed: ParsedFile) => ({ ...context.import, parsed, progress: null }),
    }),
    storeImportResult: assign({
      import: ({ context }, result: ImportResult) => ({ ...context.import, result, progress: null }),
    }),
    storeImportError: assign({
      import: ({ context }, params: { error: unknown }) => ({
        ...context.import,
        error: toResourceError(params.error),
        progress: null,
      }),
    }),
    resetImport: assign({ import: idleImport }),
    startExport: assign({ export: { progress: null, error: null } }),
    storeExportProgress: assign({
      export: ({ context, event }) => {
        assertEvent(event, 'export.progress');
        return { ...context.export, progress: { loaded: event.loaded, total: event.total } };
      },
    }),
    storeExportError: assign({
      export: (_, params: { error: unknown }) => ({ progress: null, error: toResourceError(params.error) }),
    }),
    forgetExport: assign({ export: { progress: null, error: null } }),
  },
}).createMachine({
  id: ID,
  type: 'parallel',
  context: ({ input }) => ({
    resource: input.resource,
    list: {
      page: 1,
      perPage: input.perPage ?? ITEMS_PER_PAGE,
      sort: input.sort ?? null,
      search: '',
      filter: {},
    },
    searchText: '',
    items: [],
    total: 0,
    listError: null,
    selected: [],
    bulk: { action: null, ids: [], idempotencyKey: null, result: null, error: null },
    removal: { id: null, idempotencyKey: null, error: null },
    editor: closedEditor,
    import: idleImport,
    export: { progress: null, error: null },
  }),
  on: {
    'row.toggle': { actions: 'toggleRow' },
    'rows.toggleAll': { actions: 'toggleAllRows' },
    'selection.clear': { actions: 'clearSelection' },
  },
  states: {
    list: {
      initial: 'loading',
      on: {
        // A child target re-enters that child even when it is the current one (a new load replaces the old);
        // no `reenter`, which would exit the region and, through the parallel root, every other one.
        'list.refresh': '.loading',
        'sort.set': { target: '.loading', actions: 'setSort' },
        'perPage.set': { guard: 'isPerPageAllowed', target: '.loading', actions: 'setPerPage' },
        'filter.set': { target: '.loading', actions: 'setFilter' },
        'search.apply': { target: '.loading', actions: 'applySearch' },
      },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'fetchPage',
            src: 'fetchPage',
            input: ({ context }) => ({
              page: context.list.page,
              per_page: context.list.perPage,
              ...listQueryOf(context.list),
            }),
            onDone: [
              {
                guard: { type: 'isPastLastPage', params: ({ event }) => event.output },
                target: 'loading',
                reenter: true,
                actions: { type: 'goToLastPage', params: ({ event }) => event.output },
              },
              {
                guard: { type: 'isPageEmpty', params: ({ event }) => event.output },
                target: 'empty',
                actions: { type: 'storePage', params: ({ event }) => event.output },
              },
              { target: 'ready', actions: { type: 'storePage', params: ({ event }) => event.output } },
            ],
            onError: [
              {
                guard: { type: 'isOffline', params: ({ event }) => ({ error: event.error }) },
                target: 'offline',
                actions: { type: 'storeListError', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: 'error',
                actions: { type: 'storeListError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        ready: {
          on: { 'page.go': { guard: 'isPageInRange', target: 'loading', actions: 'goToPage' } },
        },
        empty: {},
        error: {
          on: { 'list.retry': 'loading' },
        },
        offline: {
          on: { 'list.retry': 'loading', 'connection.online': 'loading' },
        },
      },
    },
    search: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'search.type': { target: 'debouncing', actions: 'typeSearch' } },
        },
        debouncing: {
          on: {
            // Each key restarts the wait.
            'search.type': { target: 'debouncing', reenter: true, actions: 'typeSearch' },
            'search.apply': 'idle',
          },
          after: { searchDebounce: { target: 'idle', actions: 'applyTypedSearch' } },
        },
      },
    },
    bulk: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'bulk.start': { guard: 'hasSelection', target: 'confirming', actions: 'startBulk' } },
        },
        confirming: {
          on: {
            'bulk.confirm': 'running',
            'bulk.cancel': { target: 'idle', actions: 'forgetBulk' },
          },
        },
        running: {
          tags: ['busy'],
          invoke: {
            id: 'bulk',
            src: 'bulk',
            input: ({ context }) => ({
              action: context.bulk.action ?? 'delete',
              ids: context.bulk.ids,
              idempotencyKey: context.bulk.idempotencyKey ?? '',
            }),
            onDone: {
              target: 'done',
              actions: [{ type: 'storeBulkResult', params: ({ event }) => event.output }, 'refreshList'],
            },
            onError: {
              target: 'failed',
              actions: { type: 'storeBulkError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        done: {
          on: { 'bulk.dismiss': { target: 'idle', actions: 'forgetBulk' } },
        },
        failed: {
          on: {
            // The same intent again: the same key, so a bulk the server did apply is not applied twice.
            'bulk.confirm': 'running',
            'bulk.dismiss': { target: 'idle', actions: 'forgetBulk' },
          },
        },
      },
    },
    removal: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'row.remove': { target: 'confirming', actions: 'startRemoval' } },
        },
        confirming: {
          on: {
            'remove.confirm': 'removing',
            'remove.cancel': { target: 'idle', actions: 'forgetRemoval' },
          },
        },
        removing: {
          tags: ['busy'],
          invoke: {
            id: 'remove',
            src: 'remove',
            input: ({ context }) => ({
              id: context.removal.id ?? 0,
              idempotencyKey: context.removal.idempotencyKey ?? '',
            }),
            onDone: { target: 'idle', actions: ['forgetRemoval', 'refreshList'] },
            onError: {
              target: 'failed',
              actions: { type: 'storeRemovalError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        failed: {
          on: {
            'remove.confirm': 'removing',
            'remove.dismiss': { target: 'idle', actions: 'forgetRemoval' },
          },
        },
      },
    },
    editor: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'editor.create': { target: 'editing', actions: 'openNew' },
            'editor.edit': { target: 'loading', actions: 'openRow' },
          },
        },
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'fetchOne',
            src: 'fetchOne',
            input: ({ context }) => ({ id: context.editor.id ?? 0 }),
            onDone: { target: 'editing', actions: { type: 'storeRow', params: ({ event }) => event.output } },
            onError: {
              target: 'loadFailed',
              actions: { type: 'storeEditorError', params: ({ event }) => ({ error: event.error }) },
            },
          },
          on: { 'editor.close': { target: 'closed', actions: 'closeEditor' } },
        },
        loadFailed: {
          on: {
            'editor.retry': 'loading',
            'editor.close': { target: 'closed', actions: 'closeEditor' },
          },
        },
        editing: {
          tags: ['dirty'],
          on: {
            'field.change': { actions: 'changeField' },
            'editor.submit': { target: 'validating', actions: 'takeSaveKey' },
            'editor.close': { target: 'closed', actions: 'closeEditor' },
          },
        },
        validating: {
          tags: ['busy', 'dirty'],
          invoke: {
            id: 'validate',
            src: 'validate',
            input: ({ context }) => ({ values: context.editor.values }),
            onDone: {
              target: 'saving',
              actions: { type: 'storeParsed', params: ({ event }) => event.output },
            },
            onError: {
              target: 'editing',
              actions: { type: 'storeFieldIssues', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        saving: {
          tags: ['busy', 'dirty'],
          invoke: {
            id: 'save',
            src: 'save',
            input: ({ context }) => ({
              id: context.editor.id,
              values: context.editor.parsed ?? context.editor.values,
              idempotencyKey: context.editor.idempotencyKey ?? '',
            }),
            onDone: {
              target: 'saved',
              actions: [{ type: 'storeSaved', params: ({ event }) => event.output }, 'refreshList'],
            },
            onError: {
              target: 'failed',
              actions: { type: 'storeEditorError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        failed: {
          tags: ['dirty'],
          on: {
            'field.change': { target: 'editing', actions: 'changeField' },
            'editor.submit': { target: 'validating', actions: 'takeSaveKey' },
            'editor.close': { target: 'closed', actions: 'closeEditor' },
          },
        },
        saved: {
          on: {
            'editor.create': { target: 'editing', actions: 'openNew' },
            'editor.edit': { target: 'loading', actions: 'openRow' },
            'editor.close': { target: 'closed', actions: 'closeEditor' },
          },
        },
      },
    },
    import: {
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
                onDone: {
                  target: 'checking',
                  actions: { type: 'storeParsedFile', params: ({ event }) => event.output },
                },
                onError: {
                  target: '#resource.import.failed',
                  actions: { type: 'storeImportError', params: ({ event }) => ({ error: event.error }) },
                },
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
                onDone: {
                  target: '#resource.import.preview',
                  actions: { type: 'storeImportResult', params: ({ event }) => event.output },
                },
                onError: {
                  target: '#resource.import.failed',
                  actions: { type: 'storeImportError', params: ({ event }) => ({ error: event.error }) },
                },
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
            onError: {
              target: 'failed',
              actions: { type: 'storeImportError', params: ({ event }) => ({ error: event.error }) },
            },
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
    },
    export: {
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
            onError: {
              target: 'failed',
              actions: { type: 'storeExportError', params: ({ event }) => ({ error: event.error }) },
            },
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
    },
  },
});
