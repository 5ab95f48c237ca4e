/**
 * One sales report on screen (docs/reports.md: the daily and summary reports, and every later one, are one
 * client base configured per report): its period, sort and page, the page of rows with the totals, the CSV
 * export and printing. Two parallel regions, because an export runs while the table stays usable:
 *
 *   data:   loading ──done──▶ ready | empty
 *             └─error─▶ failed ──retry──▶ loading
 *             └─no connection─▶ offline ──retry | connection.online──▶ loading
 *           period.set / period.custom / sort.toggle (any data state): page 1 again, loading;
 *           page.go (ready): that page, loading. The page shown stays in the context until the next arrives.
 *   export: idle ──export (rows to export)──▶ exporting ──done──▶ idle
 *                                               └─error─▶ failed ──export──▶ exporting, export.dismiss ──▶ idle
 *
 *   people: idle (no people filters) | loading ──done──▶ ready, ──error──▶ unavailable (the filters stay
 *           hidden; the report itself does not depend on them)
 *
 * `filter.set` (a person chosen or cleared) reloads page 1 like a new period. A details screen starts with its
 * row's fields in `filters` and its period from the report it was opened from (input).
 *
 * `print` (ready or empty) runs the app's print action (the browser's print of the screen). A new query
 * while a page loads restarts the load: the invoked fetch is stopped and its request aborted, so an answer for
 * the old period never replaces the new one. The fetch, the export and the print are provided by the app
 * (src/client/features/reports/report-logic.ts): the chart never touches fetch or the DOM.
 */
import { assertEvent, assign, setup } from 'xstate';
import { REPORT_DEFAULT_PER_PAGE } from './report.constants';
import { toResourceError } from '../resource/resource.rules';
import { isPageInRange } from '../support/paging';
import { requiredAction, requiredActor } from '../support/required-actor';
import { errorParams, outputParams } from '../support/transitions';
import { isValidRange, nextSort } from './report.rules';
import type {
  ReportContext,
  ReportEvent,
  ReportInput,
  ReportPage,
  ReportPerson,
  ReportQueryInput,
} from './report.types';

const MACHINE = 'report';

const queryOf = ({ context }: { context: ReportContext }): ReportQueryInput => ({
  period: context.period,
  custom: context.custom,
  sort: context.sort,
  page: context.page,
  perPage: context.perPage,
  filters: context.filters,
});

/**
 * A new period, range, sort or filter: page 1 of it, loading (again, when a load runs: its fetch is stopped).
 * On each state of the data region, not on the region: a re-entering transition declared on a region of a
 * parallel chart re-enters every region, which restarted the people load and dropped a running export.
 */
const NEW_QUERY = {
  'period.set': { target: 'loading', reenter: true, actions: 'setPeriod' },
  'period.custom': { guard: 'isValidRange', target: 'loading', reenter: true, actions: 'setCustom' },
  'sort.toggle': { target: 'loading', reenter: true, actions: 'toggleSort' },
  'filter.set': { target: 'loading', reenter: true, actions: 'setFilter' },
} as const;

export const reportMachine = setup({
  types: {
    context: {} as ReportContext,
    events: {} as ReportEvent,
    input: {} as ReportInput,
    tags: {} as 'busy',
  },
  actors: {
    fetchReport: requiredActor<ReportPage, ReportQueryInput>(MACHINE, 'fetchReport'),
    exportReport: requiredActor<void, ReportQueryInput>(MACHINE, 'exportReport'),
    loadPeople: requiredActor<readonly ReportPerson[], void>(MACHINE, 'loadPeople'),
  },
  actions: {
    printReport: requiredAction(MACHINE, 'printReport'),
    assignPage: assign((_, page: ReportPage) => ({
      items: page.items,
      total: page.total,
      page: page.page,
      totals: page.totals,
      range: page.range,
      failure: null,
    })),
    assignFailure: assign((_, { error }: { error: unknown }) => ({ failure: toResourceError(error) })),
    assignExportFailure: assign((_, { error }: { error: unknown }) => ({
      exportFailure: toResourceError(error),
    })),
    forgetExportFailure: assign({ exportFailure: null }),
    setPeriod: assign(({ event }) => {
      assertEvent(event, 'period.set');
      return { period: event.period, custom: null, page: 1 };
    }),
    setCustom: assign(({ event }) => {
      assertEvent(event, 'period.custom');
      return { period: 'other' as const, custom: { start: event.start, end: event.end }, page: 1 };
    }),
    toggleSort: assign(({ context, event }) => {
      assertEvent(event, 'sort.toggle');
      return { sort: nextSort(context.sort, event.field), page: 1 };
    }),
    setFilter: assign(({ context, event }) => {
      assertEvent(event, 'filter.set');
      const { [event.name]: _previous, ...rest } = context.filters;
      return { filters: event.value === null ? rest : { ...rest, [event.name]: event.value }, page: 1 };
    }),
    assignPeople: assign((_, people: readonly ReportPerson[]) => ({ people })),
    goToPage: assign(({ event }) => {
      assertEvent(event, 'page.go');
      return { page: event.page };
    }),
  },
  guards: {
    isEmpty: (_, page: ReportPage) => page.total === 0,
    isOffline: (_, { error }: { error: unknown }) => toResourceError(error).kind === 'offline',
    isValidRange: ({ event }) => {
      assertEvent(event, 'period.custom');
      return isValidRange(event.start, event.end);
    },
    isOtherPage: ({ context, event }) => {
      assertEvent(event, 'page.go');
      return isPageInRange(event.page, context.page, context.total, context.perPage);
    },
    hasRows: ({ context }) => context.total > 0,
    offersPeople: ({ context }) => context.offersPeople,
  },
}).createMachine({
  id: MACHINE,
  context: ({ input }) => ({
    period: input.custom ? ('other' as const) : (input.period ?? 'today'),
    custom: input.custom ?? null,
    filters: input.filters ?? {},
    offersPeople: input.people === true,
    people: [],
    sort: input.sort ?? null,
    page: 1,
    perPage: input.perPage ?? REPORT_DEFAULT_PER_PAGE,
    items: [],
    total: 0,
    totals: null,
    range: null,
    failure: null,
    exportFailure: null,
  }),
  type: 'parallel',
  states: {
    data: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          on: NEW_QUERY,
          invoke: {
            id: 'fetchReport',
            src: 'fetchReport',
            input: queryOf,
            onDone: [
              {
                guard: { type: 'isEmpty', params: outputParams },
                target: 'empty',
                actions: { type: 'assignPage', params: outputParams },
              },
              { target: 'ready', actions: { type: 'assignPage', params: outputParams } },
            ],
            onError: [
              {
                guard: { type: 'isOffline', params: errorParams },
                target: 'offline',
                actions: { type: 'assignFailure', params: errorParams },
              },
              { target: 'failed', actions: { type: 'assignFailure', params: errorParams } },
            ],
          },
        },
        ready: {
          on: {
            ...NEW_QUERY,
            'page.go': { guard: 'isOtherPage', target: 'loading', actions: 'goToPage' },
            print: { actions: 'printReport' },
          },
        },
        empty: {
          on: { ...NEW_QUERY, print: { actions: 'printReport' } },
        },
        failed: {
          on: { ...NEW_QUERY, retry: 'loading' },
        },
        offline: {
          on: { ...NEW_QUERY, retry: 'loading', 'connection.online': 'loading' },
        },
      },
    },
    people: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'offersPeople', target: 'loading' }, { target: 'idle' }],
        },
        idle: {},
        loading: {
          invoke: {
            id: 'loadPeople',
            src: 'loadPeople',
            onDone: { target: 'ready', actions: { type: 'assignPeople', params: outputParams } },
            onError: 'unavailable',
          },
        },
        ready: {},
        unavailable: {},
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: {
          on: { export: { guard: 'hasRows', target: 'exporting' } },
        },
        exporting: {
          tags: ['busy'],
          invoke: {
            id: 'exportReport',
            src: 'exportReport',
            input: queryOf,
            onDone: 'idle',
            onError: { target: 'failed', actions: { type: 'assignExportFailure', params: errorParams } },
          },
        },
        failed: {
          on: {
            export: { target: 'exporting', actions: 'forgetExportFailure' },
            'export.dismiss': { target: 'idle', actions: 'forgetExportFailure' },
          },
        },
      },
    },
  },
});
