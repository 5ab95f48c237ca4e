/**
 * The one back-office resource chart (docs/decisions/013-back-office-client-libraries.md): every back-office screen (units, suppliers,
 * categories...) runs this machine with its own actors; nothing about a resource's fields lives here. Parallel
 * regions, because each part loads, fails and is dismissed on its own and none may close another:
 * `list` (loading → ready | empty | error | offline; paging, sort, filter, search, refresh), `search` (the
 * debounce of the search box), `bulk` (confirm → running → done | failed, each row's result kept), `removal`
 * (one row's delete: confirm → removing → failed with what still uses the row), `rowAction` (closed | open:
 * which of the config's row actions shows its panel, for which row), `ordering` (idle → moving → idle | failed:
 * a row moved up or down in the display order), `editor` (closed → loading →
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
 * save, remove, bulk, move, parseFile, importFile, exportFile. Long ones report progress by sending
 * `import.progress` / `export.progress` to the `parent` they are given.
 *
 * This file composes the chart; its parts sit beside it: resource.setup.ts (types, actors, delay, guards),
 * resource.actions.ts (every action, extending that setup) and one `*.states.ts` per group of regions (list and
 * search, row actions, editor, files), each typed against the full setup.
 */
import { ITEMS_PER_PAGE } from '../../src/domain/constants';
import { closedEditor, idleImport, resourceSetup } from './resource.actions';
import { editorRegion } from './resource.editor.states';
import { exportRegion, importRegion } from './resource.files.states';
import { listRegion, searchRegion } from './resource.list.states';
import { bulkRegion, orderingRegion, removalRegion, rowActionRegion } from './resource.row-actions.states';
import { RESOURCE_ID } from './resource.setup';

export const resourceMachine = resourceSetup.createMachine({
  id: RESOURCE_ID,
  type: 'parallel',
  context: ({ input }) => ({
    resource: input.resource,
    list: {
      page: 1,
      perPage: input.perPage ?? ITEMS_PER_PAGE,
      sort: input.sort ?? null,
      search: input.search?.trim() ?? '',
      filter: {},
    },
    searchText: input.search ?? '',
    items: [],
    total: 0,
    listError: null,
    selected: [],
    bulk: { action: null, ids: [], idempotencyKey: null, result: null, error: null },
    removal: { id: null, idempotencyKey: null, error: null },
    rowAction: { action: null, id: null },
    ordering: { id: null, direction: null, idempotencyKey: null, error: null },
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
    list: listRegion,
    search: searchRegion,
    bulk: bulkRegion,
    removal: removalRegion,
    rowAction: rowActionRegion,
    ordering: orderingRegion,
    editor: editorRegion,
    import: importRegion,
    export: exportRegion,
  },
});
