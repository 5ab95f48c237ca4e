/**
 * A product's stock movements, newest first, a page at a time (docs/back-office-catalog.md "Stock"): read
 * only, so the chart is its loads.
 *
 *   loading ──done──▶ ready ──page.go──▶ paging ──done──▶ ready
 *     │  │  └─none─▶ empty                  │ error
 *     │  └─error─▶ failed ◀─────────────────┘ (offline ─▶ offline)
 *     └─offline─▶ offline ──retry | connection.online──▶ loading
 *                 failed ──retry──▶ loading
 *
 * - `paging` keeps the page shown until the next one arrives; a retry loads the page that failed.
 * - The fetch is an actor the app provides (GET /api/products/inventoriesDetail?filter[product_id]=…).
 */
import { assertEvent, assign, setup } from 'xstate';
import { toResourceError } from '../resource/resource.rules';
import { isPageInRange } from '../support/paging';
import { requiredActor } from '../support/required-actor';
import type {
  FetchMovementsInput,
  MovementPage,
  StockHistoryContext,
  StockHistoryEvent,
  StockHistoryInput,
} from './stock-history.types';

const MACHINE = 'stockHistory';

/** Movements a page shows when the panel asks for no other count. */
export const STOCK_HISTORY_PER_PAGE = 10;

const fetchMovements = {
  id: 'fetchMovements',
  src: 'fetchMovements',
  input: ({ context }: { context: StockHistoryContext }): FetchMovementsInput => ({
    productId: context.productId,
    page: context.page,
    perPage: context.perPage,
  }),
  onDone: [
    {
      guard: { type: 'isEmpty', params: ({ event }: { event: { output: MovementPage } }) => event.output },
      target: 'empty',
      actions: {
        type: 'assignPage',
        params: ({ event }: { event: { output: MovementPage } }) => event.output,
      },
    },
    {
      target: 'ready',
      actions: {
        type: 'assignPage',
        params: ({ event }: { event: { output: MovementPage } }) => event.output,
      },
    },
  ],
  onError: [
    {
      guard: {
        type: 'isOffline',
        params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
      },
      target: 'offline',
      actions: {
        type: 'assignFailure',
        params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
      },
    },
    {
      target: 'failed',
      actions: {
        type: 'assignFailure',
        params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
      },
    },
  ],
} as const;

export const stockHistoryMachine = setup({
  types: {
    context: {} as StockHistoryContext,
    events: {} as StockHistoryEvent,
    input: {} as StockHistoryInput,
  },
  actors: {
    fetchMovements: requiredActor<MovementPage, FetchMovementsInput>(MACHINE, 'fetchMovements'),
  },
  actions: {
    assignPage: assign((_, page: MovementPage) => ({
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
  },
  guards: {
    isEmpty: (_, page: MovementPage) => page.total === 0,
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
    productId: input.productId,
    page: 1,
    perPage: input.perPage ?? STOCK_HISTORY_PER_PAGE,
    items: [],
    total: 0,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: { tags: ['busy'], invoke: fetchMovements },
    paging: { tags: ['busy'], invoke: fetchMovements },
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
