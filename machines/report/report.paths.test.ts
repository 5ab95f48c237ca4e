/**
 * Path tests of the report chart (docs/architecture.md#statecharts, ADR 003): every state reached and every
 * transition taken, each path replayed on a real actor.
 */
import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { offline, serverDown } from '../../tests/support/machines/api-failures';
import { aReportPage } from './report.fixtures';
import { reportMachine } from './report.machine';
import type { ReportEvent } from './report.types';

const machine = reportMachine.provide({ actions: { printReport: () => {} } });

const events = [
  { type: 'period.set', period: 'this_month' },
  { type: 'period.custom', start: '2026-01-01', end: '2026-01-07' },
  // Refused: the first day after the last.
  { type: 'period.custom', start: '2026-01-07', end: '2026-01-01' },
  { type: 'sort.toggle', field: 'net' },
  { type: 'filter.set', name: 'user_id', value: '7' },
  { type: 'filter.set', name: 'user_id', value: null },
  { type: 'page.go', page: 2 },
  { type: 'page.go', page: 9 },
  { type: 'retry' },
  { type: 'connection.online' },
  { type: 'export' },
  { type: 'export.dismiss' },
  { type: 'print' },
] satisfies ReportEvent[];

const actorEvents = [
  doneEvent('fetchReport', aReportPage(1, 3)),
  doneEvent('fetchReport', aReportPage(1, 0)),
  errorEvent('fetchReport', offline),
  errorEvent('fetchReport', serverDown),
  doneEvent('exportReport'),
  errorEvent('exportReport', serverDown),
  doneEvent('loadPeople', [{ id: 7, name: 'Anna' }]),
  errorEvent('loadPeople', serverDown),
];

describeMachinePaths(machine, {
  starts: [
    { name: 'a report without people filters', input: { perPage: 2 } },
    { name: 'a report with people filters', input: { perPage: 2, people: true } },
  ],
  events: [...events, ...actorEvents],
  minimal: true,
  compareContext: false,
  facts: (snapshot) => ({
    page: snapshot.context.page,
    total: snapshot.context.total,
    sort: snapshot.context.sort,
    period: snapshot.context.period,
    filters: snapshot.context.filters,
    people: snapshot.context.people.length,
  }),
});
