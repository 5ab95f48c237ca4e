import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { serverDown } from '../../tests/support/machines/api-failures';
import { aReportPage } from './report.fixtures';
import { reportMachine } from './report.machine';
import { isValidRange, nextSort } from './report.rules';
import { selectDataStatus, selectExportStatus } from './report.selectors';
import type { ReportPage, ReportPerson, ReportQueryInput } from './report.types';

function start(answer: (query: ReportQueryInput) => ReportPage = (q) => aReportPage(q.page, 5)) {
  const queries: ReportQueryInput[] = [];
  const exports: ReportQueryInput[] = [];
  let printed = 0;
  let exportFails = true;
  const actor = createActor(
    reportMachine.provide({
      actors: {
        fetchReport: fromPromise(async ({ input }: { input: ReportQueryInput }) => {
          queries.push(input);
          return answer(input);
        }),
        exportReport: fromPromise(async ({ input }: { input: ReportQueryInput }) => {
          exports.push(input);
          if (exportFails) {
            exportFails = false;
            throw serverDown;
          }
        }),
      },
      actions: { printReport: () => void printed++ },
    }),
    { input: { perPage: 2 } },
  ).start();
  const settled = () => waitFor(actor, (s) => !s.hasTag('busy'));
  return { actor, queries, exports, settled, printed: () => printed };
}

describe('report chart', () => {
  it('loads today first, then each period, custom range, sort and page it is asked for', async () => {
    const { actor, queries, settled } = start();
    await settled();
    expect(queries[0]).toEqual({
      period: 'today',
      custom: null,
      sort: null,
      page: 1,
      perPage: 2,
      filters: {},
    });
    actor.send({ type: 'page.go', page: 3 });
    await settled();
    actor.send({ type: 'sort.toggle', field: 'net' });
    await settled();
    actor.send({ type: 'sort.toggle', field: 'net' });
    await settled();
    actor.send({ type: 'period.custom', start: '2026-01-01', end: '2026-01-07' });
    await settled();
    expect(queries.slice(1)).toEqual([
      { period: 'today', custom: null, sort: null, page: 3, perPage: 2, filters: {} },
      { period: 'today', custom: null, sort: 'net', page: 1, perPage: 2, filters: {} },
      { period: 'today', custom: null, sort: '-net', page: 1, perPage: 2, filters: {} },
      {
        period: 'other',
        custom: { start: '2026-01-01', end: '2026-01-07' },
        sort: '-net',
        page: 1,
        perPage: 2,
        filters: {},
      },
    ]);
    actor.send({ type: 'period.set', period: 'last_week' });
    await settled();
    expect(actor.getSnapshot().context).toMatchObject({ period: 'last_week', custom: null, total: 5 });
  });

  it('exports the query shown, keeps a failed export until retried, and prints', async () => {
    const { actor, exports, settled, printed } = start();
    await settled();
    actor.send({ type: 'sort.toggle', field: 'date' });
    await settled();
    actor.send({ type: 'export' });
    await settled();
    expect(selectExportStatus(actor.getSnapshot())).toBe('failed');
    expect(actor.getSnapshot().context.exportFailure?.kind).toBe('server');
    actor.send({ type: 'export' });
    await settled();
    expect(selectExportStatus(actor.getSnapshot())).toBe('idle');
    expect(exports.map((q) => q.sort)).toEqual(['date', 'date']);
    actor.send({ type: 'print' });
    expect(printed()).toBe(1);
  });

  it('has nothing to export when the period has no rows', async () => {
    const { actor, exports, settled } = start((q) => aReportPage(q.page, 0));
    await settled();
    expect(selectDataStatus(actor.getSnapshot())).toBe('empty');
    actor.send({ type: 'export' });
    expect(selectExportStatus(actor.getSnapshot())).toBe('idle');
    expect(exports).toEqual([]);
  });
});

describe('report chart: details and people', () => {
  it('starts a details screen on its row and period, and reloads page 1 when a person is chosen or cleared', async () => {
    const queries: ReportQueryInput[] = [];
    const actor = createActor(
      reportMachine.provide({
        actors: {
          fetchReport: fromPromise(async ({ input }: { input: ReportQueryInput }) => {
            queries.push(input);
            return aReportPage(input.page, 5);
          }),
          loadPeople: fromPromise<readonly ReportPerson[], void>(async () => [{ id: 7, name: 'Anna' }]),
        },
      }),
      {
        input: {
          custom: { start: '2026-01-01', end: '2026-01-31' },
          filters: { customer_id: '12' },
          people: true,
        },
      },
    ).start();
    await waitFor(actor, (s) => !s.hasTag('busy') && s.matches({ people: 'ready' }));
    expect(queries[0]).toMatchObject({
      period: 'other',
      custom: { start: '2026-01-01', end: '2026-01-31' },
      filters: { customer_id: '12' },
    });
    expect(actor.getSnapshot().context.people).toEqual([{ id: 7, name: 'Anna' }]);
    actor.send({ type: 'page.go', page: 2 });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    actor.send({ type: 'filter.set', name: 'user_id', value: '7' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(queries.at(-1)).toMatchObject({ page: 1, filters: { customer_id: '12', user_id: '7' } });
    actor.send({ type: 'filter.set', name: 'user_id', value: null });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(queries.at(-1)?.filters).toEqual({ customer_id: '12' });
  });

  it('keeps its people and a running export through a new period (only the data region reloads)', async () => {
    let loads = 0;
    let finishExport: () => void = () => {};
    const actor = createActor(
      reportMachine.provide({
        actors: {
          fetchReport: fromPromise(async ({ input }: { input: ReportQueryInput }) =>
            aReportPage(input.page, 5),
          ),
          loadPeople: fromPromise<readonly ReportPerson[], void>(async () => {
            loads += 1;
            return [{ id: 7, name: 'Anna' }];
          }),
          exportReport: fromPromise<void, ReportQueryInput>(
            () => new Promise<void>((resolve) => (finishExport = resolve)),
          ),
        },
      }),
      { input: { people: true } },
    ).start();
    await waitFor(actor, (s) => s.matches({ data: 'ready', people: 'ready' }));
    actor.send({ type: 'export' });
    actor.send({ type: 'period.set', period: 'this_month' });
    actor.send({ type: 'filter.set', name: 'user_id', value: '7' });
    await waitFor(actor, (s) => s.matches({ data: 'ready' }));
    expect(loads).toBe(1);
    expect(actor.getSnapshot().matches({ export: 'exporting', people: 'ready' })).toBe(true);
    finishExport();
    await waitFor(actor, (s) => s.matches({ export: 'idle' }));
  });

  it('offers no people unless asked, and a report still loads when they cannot be loaded', async () => {
    const actor = createActor(
      reportMachine.provide({
        actors: {
          fetchReport: fromPromise(async ({ input }: { input: ReportQueryInput }) =>
            aReportPage(input.page, 1),
          ),
          loadPeople: fromPromise<readonly ReportPerson[], void>(async () => {
            throw serverDown;
          }),
        },
      }),
      { input: { people: true } },
    ).start();
    await waitFor(actor, (s) => s.matches({ data: 'ready', people: 'unavailable' }));
    const plain = createActor(reportMachine, { input: {} });
    expect(plain.getSnapshot().matches({ people: 'idle' })).toBe(true);
  });
});

describe('report rules', () => {
  it('cycles a column ascending, descending, default', () => {
    expect(nextSort(null, 'net')).toBe('net');
    expect(nextSort('net', 'net')).toBe('-net');
    expect(nextSort('-net', 'net')).toBeNull();
    expect(nextSort('-date', 'net')).toBe('net');
  });

  it('takes a custom range of two real days in order', () => {
    expect(isValidRange('2026-01-01', '2026-01-01')).toBe(true);
    expect(isValidRange('2026-01-02', '2026-01-01')).toBe(false);
    expect(isValidRange('2026-02-30', '2026-03-01')).toBe(false);
    expect(isValidRange('', '2026-03-01')).toBe(false);
  });
});
