/**
 * One row's history, newest first, a page at a time, narrowed by filters (docs/back-office.md "Row actions":
 * a gift card's balance moves, a customer's points): read only, so the chart is its loads.
 *
 *   loading ──done──▶ ready ──page.go──▶ paging ──done──▶ ready
 *     │  │  └─none─▶ empty                  │ error
 *     │  └─error─▶ failed ◀─────────────────┘ (offline ─▶ offline)
 *     └─offline─▶ offline ──retry | connection.online──▶ loading
 *                 failed ──retry──▶ loading
 *   filter.change (any state): page 1 of the new filter, loading again (an answer for the old one is dropped).
 *
 * - `paging` keeps the page shown until the next one arrives; a retry loads the page that failed.
 * - A filter change while a page loads restarts the load: the invoked fetch is stopped (its request
 *   aborted), so an answer for the old filter never replaces the new one.
 * - The fetch is an actor the app provides (GET /api/<resource>/{id}/histories in the list dialect).
 */
import { assertEvent, assign, setup } from 'xstate';
import { toResourceError } from '../resource/resource.rules';
import { isPageInRange } from '../support/paging';
import { requiredActor } from '../support/required-actor';
import type {
  FetchHistoryInput,
  HistoryPage,
  RowHistoryContext,
  RowHistoryEvent,
  RowHistoryInput,
} from './row-history.types';

const MACHINE = 'rowHistory';

/** Rows a page shows when the panel asks for no other count. */
export const ROW_HISTORY_PER_PAGE = 10;

type Done = { event: { output: HistoryPage } };
type Failed = { event: { error: unknown } };

const fetchHistory = {
  id: 'fetchHistory',
  src: 'fetchHistory',
  input: ({ context }: { context: RowHistoryContext }): FetchHistoryInput => ({
    rowId: context.rowId,
    page: context.page,
    perPage: context.perPage,
    filter: Object.fromEntries(Object.entries(context.filter).filter(([, value]) => value !== '')),
  }),
  onDone: [
    {
      guard: { type: 'isEmpty', params: ({ event }: Done) => event.output },
      target: 'empty',
      actions: { type: 'assignPage', params: ({ event }: Done) => event.output },
    },
    { target: 'ready', actions: { type: 'assignPage', params: ({ event }: Done) => event.output } },
  ],
  onError: [
    {
      guard: { type: 'isOffline', params: ({ event }: Failed) => ({ error: event.error }) },
      target: 'offline',
      actions: { type: 'assignFailure', params: ({ event }: Failed) => ({ error: event.error }) },
    },
    {
      target: 'failed',
      actions: { type: 'assignFailure', params: ({ event }: Failed) => ({ error: event.error }) },
    },
  ],
} as const;

export const rowHistoryMachine = setup({
  types: {
    context: {} as RowHistoryContext,
    events: {} as RowHistoryEvent,
    input: {} as RowHistoryInput,
  },
  actors: {
    fetchHistory: requiredActor<HistoryPage, FetchHistoryInput>(MACHINE, 'fetchHistory'),
  },
  actions: {
    assignPage: assign((_, page: HistoryPage) => ({
      items: [...page.items],
      total: page.total,
      page: page.page,
      failure: null,
    })),
    assignFailure: assign((_, { error }: { error: unknown }) => ({ failure: toResourceError(error) })),
    goToPage: assign(({ event }) => {
      assertEvent(event, 'page.go');
      return { page: event.page };
    }),
    setFilter: assign(({ context, event }) => {
      assertEvent(event, 'filter.change');
      return { filter: { ...context.filter, [event.field]: event.value }, page: 1, failure: null };
    }),
  },
  guards: {
    isEmpty: (_, page: HistoryPage) => page.total === 0,
    isOffline: (_, { error }: { error: unknown }) => toResourceError(error).kind === 'offline',
    /** A page that exists and is not the one shown. */
    isOtherPage: ({ context, event }) => {
      assertEvent(event, 'page.go');
      return isPageInRange(event.page, context.page, context.total, context.perPage);
    },
  },
}).createMachine({
  id: MACHINE,
  context: ({ input }) => ({
    rowId: input.rowId,
    page: 1,
    perPage: input.perPage ?? ROW_HISTORY_PER_PAGE,
    filter: { ...input.filter },
    items: [],
    total: 0,
    failure: null,
  }),
  initial: 'loading',
  // From any state: the list starts again at page 1 of the new filter.
  on: { 'filter.change': { target: '.loading', reenter: true, actions: 'setFilter' } },
  states: {
    loading: { tags: ['busy'], invoke: fetchHistory },
    paging: { tags: ['busy'], invoke: fetchHistory },
    ready: {
      on: { 'page.go': { guard: 'isOtherPage', target: 'paging', actions: 'goToPage' } },
    },
    empty: {},
    failed: {
      on: { retry: 'loading' },
    },
    offline: {
      on: { retry: 'loading', 'connection.online': 'loading' },
    },
  },
});
