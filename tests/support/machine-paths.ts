/**
 * A machine's path tests in one call: a `*.paths.test.ts` gives its machine, its events and how it starts, and
 * this writes the tests every such file needs (docs/decisions/003-xstate-graph-path-tests.md):
 *
 *   describeMachinePaths(saleStatusMachine, { input, events, serializeState });
 *
 * - one test that every state is reached and every transition taken, over all the starts together (what one
 *   start leaves missing another may take), printing the coverage line;
 * - one replay per generated path on a real actor, grouped by start when there are several.
 *
 * A chart that starts several ways (inputs, or a region explored with its own events) lists `starts`; each start
 * may override the shared options. Exploration runs when the file is collected, like the tests it replaces.
 * Vitest only: machine-coverage.ts, which this builds on, is shared with the Playwright model-based tests.
 */
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, InputFrom } from 'xstate';
import { exploreMachine, formatCoverage, mergeCoverage, printCoverage, replayPath } from './machine-coverage';
import type { ExploreOptions, MachineCoverage, MachinePath, ReplayOptions } from './machine-coverage';

/** How a path is replayed on a real actor: machine-coverage's clocked replayPath unless given. */
export type PathReplay<TMachine extends AnyStateMachine> = (
  machine: TMachine,
  path: MachinePath,
  options: { input?: InputFrom<TMachine>; compareContext?: boolean },
) => Promise<void>;

interface SharedOptions<TMachine extends AnyStateMachine> extends Partial<ExploreOptions<TMachine>> {
  /** Compare the context after each replayed step (the replay's own default when omitted). */
  compareContext?: boolean;
  /** Actor implementations for the default replay, replacing its fakes. */
  actors?: ReplayOptions<TMachine>['actors'];
  /**
   * What the chart decides on besides its state value (a few context fields): the graph's nodes are the
   * value and these facts, so the exploration stays small. The short form of `serializeState`.
   */
  facts?: (snapshot: AnyMachineSnapshot) => unknown;
}

export interface PathStart<TMachine extends AnyStateMachine> extends SharedOptions<TMachine> {
  /** The describe block of this start's replays. */
  name: string;
}

export interface MachinePathsOptions<TMachine extends AnyStateMachine> extends SharedOptions<TMachine> {
  /** Several ways the chart starts; each is explored and replayed on its own. Default: one start. */
  starts?: ReadonlyArray<PathStart<TMachine>>;
  /** Replaces the clocked replay (e.g. one that sends delayed events when timers run side by side). */
  replay?: PathReplay<TMachine>;
}

export interface ExploredStart {
  name: string | null;
  paths: MachinePath[];
  coverage: MachineCoverage;
}

/** Explores every start, then declares the coverage test and the replays. Returns what it explored. */
export function describeMachinePaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: MachinePathsOptions<TMachine>,
): { starts: ExploredStart[]; coverage: MachineCoverage } {
  const { starts, replay, ...shared } = options;
  const list: Array<SharedOptions<TMachine> & { name: string | null }> = starts
    ? starts.map((start) => ({ ...shared, ...start }))
    : [{ ...shared, name: null }];
  const explored = list.map(({ name, compareContext, actors, events, facts, ...explore }) => {
    if (!events) throw new Error(`${machine.id} paths: no events for ${name ?? 'its start'}`);
    const byFacts = facts && {
      serializeState: (snapshot: AnyMachineSnapshot) => JSON.stringify([snapshot.value, facts(snapshot)]),
    };
    const result = exploreMachine(machine, { ...explore, ...byFacts, events });
    return { name, ...result, replayOptions: { input: explore.input, compareContext, actors } };
  });
  const coverage = mergeCoverage(...explored.map((start) => start.coverage));

  describe(`${machine.id} paths`, () => {
    it('reach every state and take every transition', () => {
      printCoverage(machine, coverage);
      expect(formatCoverage(machine.id, coverage)).toMatch(
        /states (\d+)\/\1 \(100%\), transitions (\d+)\/\2 \(100%\)/,
      );
      expect(coverage.states.missing).toEqual([]);
      expect(coverage.transitions.missing).toEqual([]);
    });

    for (const start of explored) {
      const replays = (): void => {
        it.each(start.paths.map((path) => [path.description, path] as const))(
          'replays %s',
          async (_, path) => {
            const { input, compareContext, actors } = start.replayOptions;
            if (replay) await replay(machine, path, withoutUndefined({ input, compareContext }));
            else await replayPath(machine, path, withoutUndefined({ input, compareContext, actors }));
          },
        );
      };
      if (start.name === null) replays();
      else describe(start.name, replays);
    }
  });

  return {
    starts: explored.map(({ name, paths, coverage: startCoverage }) => ({
      name,
      paths,
      coverage: startCoverage,
    })),
    coverage,
  };
}

/** Leaves an option out rather than passing `undefined`, so each replay keeps its own defaults. */
function withoutUndefined<T extends object>(options: T): T {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as T;
}
