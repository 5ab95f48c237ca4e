/**
 * The dashboard (docs/dashboard.md): the period's figures against the same days a week earlier, by hour, by
 * technician, by tender, top services, walk-ins waiting and appointments left today, read as one load of the
 * two dashboard endpoints.
 *
 *   loading ──done──▶ ready | empty (no sale in the period)
 *      └─error─▶ failed ──retry──▶ loading
 *      └─no connection─▶ offline ──retry | connection.online──▶ loading
 *   ready, empty ──refresh | after(DASHBOARD_REFRESH_MS)──▶ loading
 *   period.set (any state): that period, loading again.
 *
 * The figures shown stay in the context while the next load runs (a refresh does not blank the screen); a
 * new period while one loads restarts the load, its request aborted, so an answer for the old period never
 * replaces the new one. The fetch is provided by the app (src/client/features/dashboard/dashboard-logic.ts).
 */
import { assertEvent, assign, setup } from 'xstate';
import { toResourceError } from '../resource/resource.rules';
import { requiredActor } from '../support/required-actor';
import { errorParams, outputParams } from '../support/transitions';
import { DASHBOARD_REFRESH_MS } from './dashboard.constants';
import type {
  DashboardContext,
  DashboardData,
  DashboardEvent,
  DashboardInput,
  DashboardQueryInput,
} from './dashboard.types';

const MACHINE = 'dashboard';

export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    input: {} as DashboardInput,
    tags: {} as 'busy',
  },
  actors: {
    fetchDashboard: requiredActor<DashboardData, DashboardQueryInput>(MACHINE, 'fetchDashboard'),
  },
  delays: { DASHBOARD_REFRESH_MS },
  actions: {
    assignData: assign((_, data: DashboardData) => ({ data, failure: null })),
    assignFailure: assign((_, { error }: { error: unknown }) => ({ failure: toResourceError(error) })),
    setPeriod: assign(({ event }) => {
      assertEvent(event, 'period.set');
      return { period: event.period };
    }),
  },
  guards: {
    isEmpty: (_, data: DashboardData) => data.summary.current.sales_count === 0,
    isOffline: (_, { error }: { error: unknown }) => toResourceError(error).kind === 'offline',
  },
}).createMachine({
  id: MACHINE,
  context: ({ input }) => ({ period: input.period ?? 'today', data: null, failure: null }),
  initial: 'loading',
  on: {
    'period.set': { target: '.loading', reenter: true, actions: 'setPeriod' },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchDashboard',
        src: 'fetchDashboard',
        input: ({ context }) => ({ period: context.period }),
        onDone: [
          {
            guard: { type: 'isEmpty', params: outputParams },
            target: 'empty',
            actions: { type: 'assignData', params: outputParams },
          },
          { target: 'ready', actions: { type: 'assignData', params: outputParams } },
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
      on: { refresh: 'loading' },
      after: { DASHBOARD_REFRESH_MS: 'loading' },
    },
    empty: {
      on: { refresh: 'loading' },
      after: { DASHBOARD_REFRESH_MS: 'loading' },
    },
    failed: {
      on: { retry: 'loading' },
    },
    offline: {
      on: { retry: 'loading', 'connection.online': 'loading' },
    },
  },
});
