/**
 * The resource chart's actions (resource.machine.ts): what each transition writes into the context. Pure
 * assignments and raised events only; the side effects are the actors named in resource.setup.ts.
 */
import { assertEvent, assign, raise } from 'xstate';
import type { BulkResult, ImportResult } from '../../src/contracts/resource';
import {
  failedIds,
  fieldIssuesFromValidation,
  keepShown,
  toggleAll,
  toggleId,
  toResourceError,
  withFilter,
} from './resource.rules';
import { pageCount } from '../support/paging';
import { resourceBaseSetup } from './resource.setup';
import type {
  FormValues,
  ParsedFile,
  ResourceContext,
  ResourcePage,
  ResourceRow,
  SaveOutput,
} from './resource.types';

/** The editor at rest: the chart starts so and returns so on close. */
export const closedEditor: ResourceContext['editor'] = {
  id: null,
  values: {},
  parsed: null,
  fieldErrors: {},
  error: null,
  idempotencyKey: null,
  queued: false,
};

/** The import at rest: the chart starts so and returns so on close. */
export const idleImport: ResourceContext['import'] = {
  file: null,
  idempotencyKey: null,
  progress: null,
  parsed: null,
  result: null,
  error: null,
};

/** The base setup with every action named; the machine and its regions' states are typed against it. */
export const resourceSetup = resourceBaseSetup.extend({
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
    openRowAction: assign({
      rowAction: ({ event }) => {
        assertEvent(event, 'rowAction.open');
        return { action: event.action, id: event.id };
      },
    }),
    closeRowAction: assign({ rowAction: { action: null, id: null } }),
    startMove: assign({
      ordering: ({ event }) => {
        assertEvent(event, 'row.move');
        return {
          id: event.id,
          direction: event.direction,
          idempotencyKey: event.idempotencyKey,
          error: null,
        };
      },
    }),
    storeMoveError: assign({
      ordering: ({ context }, params: { error: unknown }) => ({
        ...context.ordering,
        error: toResourceError(params.error),
      }),
    }),
    forgetMove: assign({ ordering: { id: null, direction: null, idempotencyKey: null, error: null } }),
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
});
