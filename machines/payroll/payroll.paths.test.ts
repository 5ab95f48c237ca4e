/**
 * Path tests of the payroll chart (docs/architecture.md#statecharts, ADR 003): every state reached and every
 * transition taken, each path replayed on a real actor.
 */
import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { offline, serverDown } from '../../tests/support/machines/api-failures';
import { aPayablePreview, aPreview, aRun, aRunList, aRunReport } from './payroll.fixtures';
import { payrollMachine } from './payroll.machine';
import type { PayrollEvent } from './payroll.types';

const machine = payrollMachine.provide({ actions: { printStatement: () => {} } });

const previewEvents = [
  { type: 'period.set', period: { start: '2026-01-05', end: '2026-01-11' } },
  { type: 'retry' },
  { type: 'connection.online' },
  { type: 'calculate' },
  { type: 'calculate.confirm' },
  { type: 'calculate.cancel' },
  { type: 'calculate.dismiss' },
  doneEvent('fetchPreview', aPayablePreview()),
  // Refused by canCalculate: locked, and a technician without a statement.
  doneEvent('fetchPreview', aPreview({ locked: true })),
  doneEvent('fetchPreview', aPreview({ issues: true })),
  errorEvent('fetchPreview', offline),
  errorEvent('fetchPreview', serverDown),
  doneEvent('calculatePayroll', aRun()),
  errorEvent('calculatePayroll', serverDown),
];

const runEvents = [
  { type: 'retry' },
  { type: 'connection.online' },
  { type: 'runs.reload' },
  { type: 'run.open', id: 1 },
  { type: 'run.close' },
  { type: 'statement.print', userId: 7 },
  doneEvent('fetchRuns', aRunList()),
  errorEvent('fetchRuns', offline),
  errorEvent('fetchRuns', serverDown),
  doneEvent('fetchRun', aRunReport()),
  errorEvent('fetchRun', serverDown),
] satisfies (PayrollEvent | ReturnType<typeof doneEvent>)[];

describeMachinePaths(machine, {
  events: [...previewEvents, ...runEvents],
  minimal: true,
  compareContext: false,
  facts: (snapshot) => ({
    period: snapshot.context.period?.start ?? null,
    locked: snapshot.context.preview?.locked_by?.payroll_id ?? null,
    payable:
      snapshot.context.preview?.items.every((i: { statement: unknown }) => i.statement !== null) ?? null,
  }),
});
