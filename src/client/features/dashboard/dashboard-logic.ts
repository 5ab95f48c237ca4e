/** The dashboard chart (machines/dashboard) with its one side effect: the load through lib/api/dashboard-api.ts. */
import { fromPromise } from 'xstate';
import { dashboardMachine } from '../../../../machines/dashboard/dashboard.machine';
import type { DashboardData, DashboardQueryInput } from '../../../../machines/dashboard/dashboard.types';
import { fetchDashboard } from '../../lib/api/dashboard-api';
import type { ApiClient } from '../../lib/api/client';

export interface DashboardLogicDeps {
  client?: Pick<ApiClient, 'get'>;
}

export function dashboardLogic(deps: DashboardLogicDeps = {}) {
  return dashboardMachine.provide({
    actors: {
      fetchDashboard: fromPromise<DashboardData, DashboardQueryInput>(({ input, signal }) =>
        fetchDashboard(input, { signal, ...(deps.client ? { client: deps.client } : {}) }),
      ),
    },
  });
}
