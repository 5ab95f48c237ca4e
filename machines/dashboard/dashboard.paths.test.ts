/**
 * Path tests of the dashboard chart (docs/architecture.md#statecharts, ADR 003): every state reached and every
 * transition taken, the refresh timer included, each path replayed on a real actor.
 */
import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { offline, serverDown } from '../../tests/support/machines/api-failures';
import { aDashboard } from './dashboard.fixtures';
import { dashboardMachine } from './dashboard.machine';
import type { DashboardEvent } from './dashboard.types';

const events = [
  { type: 'period.set', period: 'this_week' },
  { type: 'refresh' },
  { type: 'retry' },
  { type: 'connection.online' },
] satisfies DashboardEvent[];

const actorEvents = [
  doneEvent('fetchDashboard', aDashboard(3)),
  doneEvent('fetchDashboard', aDashboard(0)),
  errorEvent('fetchDashboard', offline),
  errorEvent('fetchDashboard', serverDown),
];

describeMachinePaths(dashboardMachine, {
  input: {},
  events: [...events, ...actorEvents],
  minimal: true,
  compareContext: false,
  facts: (snapshot) => ({
    period: snapshot.context.period,
    shown: snapshot.context.data?.summary.current.sales_count ?? null,
  }),
});
