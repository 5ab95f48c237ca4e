/**
 * What the resource chart (resource.machine.ts) is typed by and decides on: its context, events and tags, the
 * side effects it needs provided (docs/architecture.md#statecharts), its one delay and its guards. Actions extend
 * this in resource.actions.ts; each region's states are typed against that in the `*.states.ts` files.
 */
import { assertEvent, setup } from 'xstate';
import type { BulkResult, ImportResult } from '../../src/contracts/resource';
import { requiredActor } from '../support/required-actor';
import { isPageInRange, isPastLastPage } from '../support/paging';
import { canCommitImport, isImportRefused, toResourceError } from './resource.rules';
import type {
  BulkInput,
  ExportFileInput,
  FetchOneInput,
  FetchPageInput,
  FormValues,
  ImportFileInput,
  MoveInput,
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

/** The chart's id; a placeholder names it when its actor was not provided. */
export const RESOURCE_ID = 'resource';

/** How long the search box waits after the last key before asking the server (a typed word, not each letter). */
export const SEARCH_DEBOUNCE_MS = 300;

export const resourceBaseSetup = setup({
  types: {
    context: {} as ResourceContext,
    events: {} as ResourceEvent,
    input: {} as ResourceInput,
    tags: {} as 'busy' | 'dirty',
  },
  actors: {
    fetchPage: requiredActor<ResourcePage, FetchPageInput>(RESOURCE_ID, 'fetchPage'),
    fetchOne: requiredActor<ResourceRow, FetchOneInput>(RESOURCE_ID, 'fetchOne'),
    /** Parses the form with the resource's zod schema: the parsed values, or rejects with `{ fieldErrors }`. */
    validate: requiredActor<FormValues, { values: FormValues }>(RESOURCE_ID, 'validate'),
    save: requiredActor<SaveOutput, SaveInput>(RESOURCE_ID, 'save'),
    remove: requiredActor<unknown, RemoveInput>(RESOURCE_ID, 'remove'),
    bulk: requiredActor<BulkResult, BulkInput>(RESOURCE_ID, 'bulk'),
    /** Moves a row up or down in the display order (one or more writes). */
    move: requiredActor<unknown, MoveInput>(RESOURCE_ID, 'move'),
    parseFile: requiredActor<ParsedFile, ParseFileInput>(RESOURCE_ID, 'parseFile'),
    importFile: requiredActor<ImportResult, ImportFileInput>(RESOURCE_ID, 'importFile'),
    exportFile: requiredActor<unknown, ExportFileInput>(RESOURCE_ID, 'exportFile'),
  },
  delays: {
    searchDebounce: SEARCH_DEBOUNCE_MS,
  },
  guards: {
    isPageEmpty: (_, page: ResourcePage) => page.items.length === 0,
    isPastLastPage: ({ context }, page: ResourcePage) =>
      isPastLastPage(page, context.list.page, context.list.perPage),
    isPageInRange: ({ context, event }) => {
      assertEvent(event, 'page.go');
      return isPageInRange(event.page, context.list.page, context.total, context.list.perPage);
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
});
