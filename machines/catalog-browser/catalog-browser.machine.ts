/**
 * The catalog browser: the sale screen's item picker and employee list ("pick employees
 * (checked-in first), add services, products, kits and gift cards from categories with search").
 *
 *   loading ──done──▶ ready (tab.select, search.change, search.clear)
 *      │  ▲
 *    error│  └── catalog.retry
 *      ▼  │
 *     failed
 *
 * Why it is shaped so:
 * - Its own chart, beside the sale machine, because the catalog changes on a different clock from the ticket:
 *   a tap on an item changes the order, never the catalog, so the item grid (subscribed here only) does not
 *   re-render when a total changes (target: tap → total ≤ 50 ms with 20,000 items).
 * - The three start-up reads are one invoked actor (`loadCatalog`, provided by the app): the screen cannot
 *   work with part of them, and the app's actor already falls back to the cached copies
 *   (docs/api.md#the-client; docs/offline.md), so `failed` means there is neither an answer nor a copy.
 * - The index (tabs, tiles, search text) is built once on load (catalog-index.ts); the tab and the search
 *   are context, and the visible tiles are a memoised selector of the three, never stored.
 */
import { assertEvent, assign, setup } from 'xstate';
import { requiredActor } from '../support/required-actor';
import { failTo } from '../support/transitions';
import { buildCatalogIndex, employeeChoices, MAX_SEARCH_LENGTH } from './catalog-index';
import type {
  CatalogBrowserContext,
  CatalogBrowserEvent,
  CatalogError,
  CatalogLoadOutput,
  TabId,
} from './catalog-browser.types';

/** An actor's failure as a CatalogError: its `code` when it carries one (mapped to i18n), else a fallback. */
export function toCatalogError(error: unknown): CatalogError {
  const code =
    typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
      ? error.code
      : 'catalogUnavailable';
  return error instanceof Error ? { code, message: error.message } : { code };
}

export const catalogBrowserMachine = setup({
  types: {} as {
    context: CatalogBrowserContext;
    events: CatalogBrowserEvent;
    tags: 'busy';
  },
  actors: {
    /** GET service/product setting, employee list and checked-in employees (docs/sales.md#the-sale-screen "Sale screen"). */
    loadCatalog: requiredActor<CatalogLoadOutput, void>('catalogBrowser', 'loadCatalog'),
  },
  guards: {
    hasTab: ({ context, event }) => {
      assertEvent(event, 'tab.select');
      return context.index?.tilesByTab[event.tab] !== undefined;
    },
  },
  actions: {
    storeCatalog: assign((_, params: { output: CatalogLoadOutput }) => {
      const index = buildCatalogIndex(params.output.catalog);
      return {
        index,
        employees: employeeChoices(params.output.employees, params.output.checkedIn, {
          onlyCheckedInTechnicians: params.output.onlyCheckedInTechnicians ?? false,
        }),
        error: null,
      };
    }),
    setError: assign((_, params: { error: unknown }) => ({ error: toCatalogError(params.error) })),
    clearError: assign({ error: null }),
    selectTab: assign(({ event }) => {
      assertEvent(event, 'tab.select');
      return { tab: event.tab };
    }),
    setSearch: assign(({ event }) => {
      assertEvent(event, 'search.change');
      return { search: event.text.slice(0, MAX_SEARCH_LENGTH) };
    }),
    clearSearch: assign({ search: '' }),
  },
}).createMachine({
  id: 'catalogBrowser',
  context: {
    index: null,
    employees: [],
    tab: 'all' satisfies TabId,
    search: '',
    error: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCatalog',
        src: 'loadCatalog',
        onDone: {
          target: 'ready',
          actions: { type: 'storeCatalog', params: ({ event }) => ({ output: event.output }) },
        },
        onError: failTo('failed', 'setError'),
      },
    },
    failed: {
      on: { 'catalog.retry': { target: 'loading', actions: 'clearError' } },
    },
    ready: {
      on: {
        'tab.select': { guard: 'hasTab', actions: 'selectTab' },
        'search.change': { actions: 'setSearch' },
        'search.clear': { actions: 'clearSearch' },
      },
    },
  },
});
