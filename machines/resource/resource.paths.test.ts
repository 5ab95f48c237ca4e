import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import type { AnyMachineSnapshot } from 'xstate';
import {
  doneEvent,
  errorEvent,
  exploreMachine,
  mergeCoverage,
  printCoverage,
  replayPath,
} from '../../tests/support/machine-coverage';
import type { MachinePath } from '../../tests/support/machine-coverage';
import { resourceMachine } from './resource.machine';
import {
  aPage,
  aRow,
  bulkPartly,
  commitRefused,
  committed,
  dryRunClean,
  duplicate,
  inUse,
  invalidName,
  offline,
  parsedBroken,
  parsedClean,
  serverDown,
} from './resource.fixtures';
import type { ResourceEvent, ResourceInput } from './resource.types';

const input: ResourceInput = { resource: 'units' };
const file = { name: 'units.csv', size: 120 };

// Every event the chart takes, with the payloads its guards read. The regions are independent, so the graph is
// explored four times, each time keyed by one group of regions' facts only (the key decides which snapshots are
// the same node): the product of every region's states is a graph too big to walk in a test run, and adds no
// transition. `minimal` then keeps only the paths that add a state or a transition.
const events = [
  doneEvent('fetchPage', aPage([1, 2], 40)),
  doneEvent('fetchPage', aPage([])),
  // Page 3 of what is now 20 rows: empty, so the chart goes back to page 2.
  doneEvent('fetchPage', { items: [], total: 20, page: 3, per_page: 15 }),
  errorEvent('fetchPage', offline),
  errorEvent('fetchPage', serverDown),
  { type: 'page.go', page: 3 },
  { type: 'perPage.set', perPage: 100 },
  { type: 'sort.set', sort: '-name' },
  { type: 'filter.set', field: 'active', value: '1' },
  { type: 'list.refresh' },
  { type: 'list.retry' },
  { type: 'connection.online' },
  { type: 'search.type', text: 'bo' },
  { type: 'search.apply' },
  { type: 'xstate.after.searchDebounce.resource.search.debouncing' },
  { type: 'row.toggle', id: 2 },
  { type: 'rows.toggleAll' },
  { type: 'selection.clear' },
  { type: 'bulk.start', action: 'delete', idempotencyKey: 'bulk-1' },
  { type: 'bulk.confirm' },
  { type: 'bulk.cancel' },
  { type: 'bulk.dismiss' },
  doneEvent('bulk', bulkPartly),
  errorEvent('bulk', serverDown),
  { type: 'row.remove', id: 1, idempotencyKey: 'remove-1' },
  { type: 'remove.confirm' },
  { type: 'remove.cancel' },
  { type: 'remove.dismiss' },
  doneEvent('remove', { id: 1 }),
  errorEvent('remove', inUse),
  { type: 'rowAction.open', action: 'change-password', id: 2 },
  { type: 'rowAction.changed' },
  { type: 'rowAction.close' },
  { type: 'row.move', id: 2, direction: 'up', idempotencyKey: 'move-1' },
  { type: 'move.dismiss' },
  doneEvent('move'),
  errorEvent('move', serverDown),
  { type: 'editor.create', values: { name: '' } },
  { type: 'editor.edit', id: 2 },
  { type: 'editor.retry' },
  { type: 'editor.close' },
  { type: 'field.change', name: 'name', value: 'Box' },
  { type: 'editor.submit', idempotencyKey: 'save-1' },
  doneEvent('fetchOne', aRow(2)),
  errorEvent('fetchOne', serverDown),
  doneEvent('validate', { name: 'Box' }),
  errorEvent('validate', invalidName),
  doneEvent('save', { queued: false, row: aRow(3) }),
  doneEvent('save', { queued: true }),
  errorEvent('save', duplicate),
  { type: 'import.open' },
  { type: 'import.choose', file, idempotencyKey: 'import-1' },
  { type: 'import.progress', loaded: 60, total: 120 },
  { type: 'import.commit' },
  { type: 'import.close' },
  doneEvent('parseFile', parsedClean),
  doneEvent('parseFile', parsedBroken),
  errorEvent('parseFile', new Error('Unreadable file')),
  doneEvent('dryRun', dryRunClean),
  errorEvent('dryRun', offline),
  doneEvent('commit', committed),
  doneEvent('commit', commitRefused),
  errorEvent('commit', serverDown),
  { type: 'export.start' },
  { type: 'export.progress', loaded: 2048, total: null },
  { type: 'export.dismiss' },
  doneEvent('exportFile'),
  errorEvent('exportFile', serverDown),
] satisfies Array<ResourceEvent | ReturnType<typeof doneEvent>>;

type Snapshot = Parameters<NonNullable<Parameters<typeof exploreMachine>[1]['serializeState']>>[0];
const regions = (snapshot: Snapshot, ...names: string[]) =>
  names.map((name) => (snapshot.value as Record<string, unknown>)[name]);

const explore = (serializeState: (snapshot: Snapshot) => string) =>
  exploreMachine(resourceMachine, { input, events, serializeState, minimal: true });

const listCoverage = explore((s) =>
  JSON.stringify({
    regions: regions(s, 'list', 'search'),
    page: s.context.list.page,
    total: s.context.total,
    selected: s.context.selected,
  }),
);
const writeCoverage = explore((s) =>
  JSON.stringify({
    regions: regions(s, 'list', 'bulk', 'removal', 'rowAction', 'ordering'),
    selected: s.context.selected,
    items: s.context.items.length,
  }),
);
const editorCoverage = explore((s) =>
  JSON.stringify({
    regions: regions(s, 'editor'),
    id: s.context.editor.id,
    key: s.context.editor.idempotencyKey,
  }),
);
const importCoverage = explore((s) =>
  JSON.stringify({
    regions: regions(s, 'import', 'export'),
    parsed: s.context.import.parsed?.errors.length,
    result: s.context.import.result?.mode,
    refused: s.context.import.result?.error_rows,
  }),
);

/**
 * A path of a keyed exploration is the shortest way to a node plus one edge, but the edge was computed from the
 * node's first snapshot, whose other regions may differ from where the shortest way ends. The regions do not
 * read each other's states, so the same events take the same transitions in the focused regions: the path's
 * snapshots are computed again along its events, and the replay checks those. (Coverage is measured by walking
 * the events, so it does not depend on the stored snapshots.)
 */
function recomputed(path: MachinePath): MachinePath {
  let snapshot = initialTransition(resourceMachine, input)[0] as AnyMachineSnapshot;
  const steps = path.steps.map((step) => {
    snapshot = transition(resourceMachine, snapshot as never, step.event as never)[0] as AnyMachineSnapshot;
    return { event: step.event, state: snapshot };
  });
  const events = path.description.split(' ⇒ ')[0];
  return { description: `${events} ⇒ ${JSON.stringify(snapshot.value)}`, steps, state: snapshot };
}

const runs = [listCoverage, writeCoverage, editorCoverage, importCoverage];
const allPaths = [
  ...new Map(runs.flatMap((run) => run.paths.map(recomputed)).map((p) => [p.description, p])).values(),
];
const coverage = mergeCoverage(...runs.map((run) => run.coverage));

describe('resource paths', () => {
  it('reach every state and take every transition', () => {
    printCoverage(resourceMachine, coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it.each(allPaths.map((path) => [path.description, path] as const))('replays %s', async (_, path) => {
    await replayPath(resourceMachine, path, { input, compareContext: false });
  });
});
