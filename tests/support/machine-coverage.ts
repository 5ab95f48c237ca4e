/**
 * Model-based path coverage for REAL machines (docs/architecture.md#statecharts: "every state is reachable
 * and every transition is taken"). No second, abstract test machine: paths are generated from the machine
 * itself with xstate/graph, and replayed on a real actor of that machine.
 *
 * Usage (a `*.paths.test.ts`):
 *
 *   const { paths, coverage } = exploreMachine(myMachine, {
 *     input: { ... },
 *     // Every event the traversal may send. For each event type the current state accepts, the traversal sends
 *     // every variant listed here, or a bare `{ type }` when none is listed (so list payloads your guards read).
 *     events: [
 *       { type: 'form.submit', amount: 100 },
 *       doneEvent('checkManagerPin', { role: 'manager', name: 'Ann' }),   // invoke id, not src name
 *       errorEvent('checkManagerPin', new Error('Wrong PIN')),
 *     ],
 *   });
 *   it('takes every state and transition', () => {
 *     printCoverage(myMachine, coverage);            // "myMachine: states 6/6 (100%), transitions 9/9 (100%)"
 *     expect(coverage.states.missing).toEqual([]);
 *     expect(coverage.transitions.missing).toEqual([]);
 *   });
 *   it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => replayPath(myMachine, path, { input }));
 *
 * How each kind of transition is reached:
 * - Invoked actors: list `doneEvent(invokeId, output)` / `errorEvent(invokeId, error)`. The traversal feeds them as
 *   events; `replayPath` provides every actor of the machine as a fake promise that it resolves with `output` or
 *   rejects with `error` when the path says so (pass `actors` to replace a fake with your own logic; if no fake is
 *   pending for that invoke, the event is sent to the actor as is).
 * - Delayed (`after`) transitions: the traversal feeds `xstate.after.<delay>.<stateId>` (xstate/graph does it on its
 *   own: they are the state's own events); `replayPath` runs the actor on a SimulatedClock and advances it by the
 *   scheduled delay, so the real timer fires.
 * - Eventless (`always`) transitions: taken inside the macrostep of the event before them; coverage records them by
 *   inspecting every microstep, so they count like any other transition.
 * - History states count as reached when a taken transition targets them (a snapshot never holds them).
 *
 * A transition is counted by its definition: source state id + event type + [guard] + targets, so every guarded
 * branch of one event is its own transition. Paths: by default one per edge of the reachable state graph (the
 * shortest path to the edge's source plus the edge), with paths that are prefixes of others dropped; `strategy:
 * 'simple'` takes xstate's simple paths instead (can explode on big charts); `minimal: true` then keeps only paths
 * that add coverage. The state graph's nodes are snapshots (value + context): keep contexts finite (no counters that
 * grow on a cycle) or pass `serializeState`.
 */
import { isDeepStrictEqual } from 'node:util';
import { createActor, createEmptyActor, fromPromise, SimulatedClock } from 'xstate';
import type {
  AnyActorLogic,
  AnyActorRef,
  AnyActorScope,
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  AnyTransitionDefinition,
  InputFrom,
  InspectionEvent,
} from 'xstate';
import type { AdjacencyMap } from 'xstate/graph';
import { getAdjacencyMap, getSimplePaths, getStateNodes, serializeSnapshot } from 'xstate/graph';

export interface MachinePathStep {
  event: AnyEventObject;
  /** The snapshot after the event (and after any eventless transitions it triggered). */
  state: AnyMachineSnapshot;
}

export interface MachinePath {
  description: string;
  /** Events from the initial snapshot on (the init event is not a step). */
  steps: MachinePathStep[];
  /** The snapshot the path ends in (the initial snapshot when there are no steps). */
  state: AnyMachineSnapshot;
}

export interface CoverageCount {
  covered: number;
  total: number;
  /** Ids of states, or transition keys (`source: event [guard] → targets`), never reached; sorted. */
  missing: string[];
}

export interface MachineCoverage {
  states: CoverageCount;
  transitions: CoverageCount;
}

export type TraversalEvents<TMachine extends AnyStateMachine> =
  readonly AnyEventObject[] | ((snapshot: ReturnType<TMachine['transition']>) => readonly AnyEventObject[]);

export interface ExploreOptions<TMachine extends AnyStateMachine> {
  events: TraversalEvents<TMachine>;
  input?: InputFrom<TMachine>;
  /** 'transitions' (default): one path per edge of the state graph. 'simple': xstate's simple paths. */
  strategy?: 'transitions' | 'simple';
  /** Key of a graph node; defaults to xstate/graph's (state value + context). */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /** Maximum traversal iterations (a guard against an unbounded context). */
  limit?: number;
  /** Keep only paths that add coverage (see minimisePaths). Default false: every edge is replayed. */
  minimal?: boolean;
}

export interface ReplayOptions<TMachine extends AnyStateMachine> {
  input?: InputFrom<TMachine>;
  /** Actor implementations replacing the default fakes (by the name given in setup({ actors })). */
  actors?: Record<string, AnyActorLogic>;
  /** Compare the context after each step as well as value and status (default true). */
  compareContext?: boolean;
  /**
   * How a path's `xstate.after.*` step is delivered. 'clock' (default): the SimulatedClock advances by that
   * timer's delay. 'send': the event is sent and the clock never moves, for charts whose timers run side by
   * side, where advancing the clock would fire every shorter timer first while the path says only that one
   * fired (xstate/graph treats each `xstate.after.*` as an event that may come next).
   */
  timers?: 'clock' | 'send';
}

/** The event an invoked actor with this invoke `id` sends when it finishes with `output`. */
export function doneEvent(invokeId: string, output?: unknown): AnyEventObject {
  return { type: `xstate.done.actor.${invokeId}`, output };
}

/** The event an invoked actor with this invoke `id` sends when it fails with `error`. */
export function errorEvent(invokeId: string, error: unknown): AnyEventObject {
  return { type: `xstate.error.actor.${invokeId}`, error };
}

/** Paths and coverage in one call. */
export function exploreMachine<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: ExploreOptions<TMachine>,
): { paths: MachinePath[]; coverage: MachineCoverage } {
  const all = getMachinePaths(machine, options);
  const paths = options.minimal ? minimisePaths(machine, all, options.input) : all;
  return { paths, coverage: measureCoverage(machine, paths, options.input) };
}

export function getMachinePaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: ExploreOptions<TMachine>,
): MachinePath[] {
  const serialize = options.serializeState ?? ((s: AnyMachineSnapshot) => serializeSnapshot(s) as string);
  // xstate/graph's traversal options are typed by the machine's own events; ours add done/error/after events.
  const traversal = {
    events: eventsFor(options.events),
    input: options.input,
    ...(options.limit === undefined ? {} : { limit: options.limit }),
    ...(options.serializeState ? { serializeState: options.serializeState } : {}),
  } as never;

  if (options.strategy === 'simple') {
    return finish(getSimplePaths(machine, traversal).map((p) => toSteps(p.steps, p.state)));
  }

  // One traversal of the graph: getShortestPaths would build the same adjacency map again inside.
  const adjacency = getAdjacencyMap(machine, traversal) as AdjacencyMap<AnyMachineSnapshot, AnyEventObject>;
  const headByState = new Map<string, MachinePathStep[]>();
  const candidates: Array<{ steps: MachinePathStep[]; state: AnyMachineSnapshot }> = [];
  for (const [key, path] of shortestPaths(adjacency, serialize)) {
    headByState.set(key, path.steps);
    candidates.push(path);
  }
  for (const [key, node] of Object.entries(adjacency)) {
    const head = headByState.get(key);
    if (!head) continue; // unreachable from the initial snapshot: cannot happen for a traversal from it
    // Keys are branded strings, which Object.values cannot see through.
    const edges = Object.values(node.transitions) as Array<{
      event: AnyEventObject;
      state: AnyMachineSnapshot;
    }>;
    for (const edge of edges) {
      const next = edge.state;
      candidates.push({ steps: [...head, { event: edge.event, state: next }], state: next });
    }
  }
  return finish(candidates);
}

/**
 * xstate/graph's getShortestPaths, the same loop over an adjacency map built once (it builds its own, a second
 * walk of a graph that has 134,000 edges for the sale list), so the same paths in the same order: each node's
 * path, keyed by the node, with the steps as `{ event, state after it }` and each node's snapshot the last one
 * seen for its key, as there.
 */
function shortestPaths(
  adjacency: AdjacencyMap<AnyMachineSnapshot, AnyEventObject>,
  serialize: (snapshot: AnyMachineSnapshot) => string,
): Map<string, { steps: MachinePathStep[]; state: AnyMachineSnapshot }> {
  const nodes = adjacency as unknown as Record<
    string,
    {
      state: AnyMachineSnapshot;
      transitions: Record<string, { event: AnyEventObject; state: AnyMachineSnapshot }>;
    }
  >;
  const [fromKey] = Object.keys(nodes);
  const paths = new Map<string, { steps: MachinePathStep[]; state: AnyMachineSnapshot }>();
  if (fromKey === undefined) return paths;
  const weights = new Map<
    string,
    { weight: number; from: string | undefined; event: AnyEventObject | undefined }
  >();
  const states = new Map<string, AnyMachineSnapshot>();
  states.set(fromKey, (nodes[fromKey] as { state: AnyMachineSnapshot }).state);
  weights.set(fromKey, { weight: 0, from: undefined, event: undefined });
  const unvisited = new Set<string>([fromKey]);
  const visited = new Set<string>();
  for (const key of unvisited) {
    const { weight } = weights.get(key) as { weight: number };
    for (const { state: next, event } of Object.values(
      (nodes[key] as { transitions: object }).transitions,
    ) as Array<{
      event: AnyEventObject;
      state: AnyMachineSnapshot;
    }>) {
      const nextKey = serialize(next);
      states.set(nextKey, next);
      const known = weights.get(nextKey);
      if (!known || known.weight > weight + 1) weights.set(nextKey, { weight: weight + 1, from: key, event });
      if (!visited.has(nextKey)) unvisited.add(nextKey);
    }
    visited.add(key);
    unvisited.delete(key);
  }
  for (const [key, { from, event }] of weights) {
    const state = states.get(key) as AnyMachineSnapshot;
    const head = from === undefined ? undefined : paths.get(from);
    paths.set(key, {
      steps: head && event ? [...head.steps, { event, state }] : [],
      state,
    });
  }
  return paths;
}

/**
 * For each event type the snapshot's nodes handle: the listed variants of that type, else a bare `{ type }`.
 * (xstate/graph does this itself only when no `events` option is given; a given list replaces it.)
 */
function eventsFor<TMachine extends AnyStateMachine>(
  events: TraversalEvents<TMachine>,
): (snapshot: AnyMachineSnapshot) => AnyEventObject[] {
  return (snapshot) => {
    const listed =
      typeof events === 'function' ? events(snapshot as ReturnType<TMachine['transition']>) : events;
    const types = [...new Set(snapshot._nodes.flatMap((node) => node.ownEvents as string[]))].sort();
    return types.flatMap((type) => {
      const variants = listed.filter((e) => e.type === type);
      return variants.length ? variants : [{ type }];
    });
  };
}

/** xstate/graph paths start with a synthetic `xstate.init` step; ours start at the first real event. */
function toSteps(
  steps: ReadonlyArray<{ event: AnyEventObject; state: unknown }>,
  state: unknown,
): { steps: MachinePathStep[]; state: AnyMachineSnapshot } {
  return {
    steps: steps
      .filter((s) => s.event.type !== 'xstate.init')
      .map((s) => ({ event: s.event, state: s.state as AnyMachineSnapshot })),
    state: state as AnyMachineSnapshot,
  };
}

/** Drops paths whose events are a prefix of another path's, names the rest and sorts them (stable test names). */
function finish(candidates: Array<{ steps: MachinePathStep[]; state: AnyMachineSnapshot }>): MachinePath[] {
  const keyed = candidates.map((c) => ({ ...c, keys: c.steps.map((s) => JSON.stringify(s.event)) }));
  keyed.sort((a, b) => b.keys.length - a.keys.length);
  // Every prefix of a kept path, so a candidate is checked in one lookup (graphs can have thousands of edges).
  const prefixes = new Set<string>();
  const kept: typeof keyed = [];
  for (const c of keyed) {
    if (prefixes.has(c.keys.join('\n'))) continue;
    kept.push(c);
    for (let i = 0; i <= c.keys.length; i += 1) prefixes.add(c.keys.slice(0, i).join('\n'));
  }
  const named = kept.map((c) => ({
    description: describePath(c.steps, c.state),
    steps: c.steps,
    state: c.state,
  }));
  const unique = new Map(named.map((p) => [p.description, p]));
  return [...unique.values()].sort((a, b) =>
    a.description < b.description ? -1 : a.description > b.description ? 1 : 0,
  );
}

function describePath(steps: MachinePathStep[], state: AnyMachineSnapshot): string {
  const events = steps.map((s) => formatEvent(s.event)).join(' → ');
  return `${events || '(start)'} ⇒ ${JSON.stringify(state.value)}`;
}

function formatEvent(event: AnyEventObject): string {
  const { type, ...rest } = event;
  const payload = Object.entries(rest)
    .map(([k, v]) => `${k}: ${v instanceof Error ? `Error(${v.message})` : JSON.stringify(v)}`)
    .join(', ');
  return payload ? `${type}(${payload})` : type;
}

/** States reached and transitions taken when the paths run through the machine's pure transition function. */
export function measureCoverage<TMachine extends AnyStateMachine>(
  machine: TMachine,
  paths: ReadonlyArray<Pick<MachinePath, 'steps'>>,
  input?: InputFrom<TMachine>,
): MachineCoverage {
  const allStates = getStateNodes(machine.root).map((n) => n.id);
  const definitions = listTransitions(machine);
  const reachedStates = new Set<string>();
  const takenTransitions = new Set<string>();
  // The initial snapshot counts even with no paths; each path starts from it again.
  const walker = new PrefixWalker(machine, input, definitions);
  for (const path of [{ steps: [] }, ...paths]) {
    for (const key of walker.keysOf(path)) {
      if (key.startsWith(STATE_KEY)) reachedStates.add(key.slice(STATE_KEY.length));
      else takenTransitions.add(key.slice(EDGE_KEY.length));
    }
  }
  return {
    states: count(allStates, reachedStates),
    transitions: count([...new Set(definitions.values())], takenTransitions),
  };
}

/**
 * Coverage of several explorations of one machine (e.g. started with different inputs): a state or transition
 * is missing only when every exploration misses it.
 */
export function mergeCoverage(...coverages: readonly MachineCoverage[]): MachineCoverage {
  const merge = (pick: (c: MachineCoverage) => CoverageCount): CoverageCount => {
    const [first, ...rest] = coverages.map(pick);
    if (!first) return { covered: 0, total: 0, missing: [] };
    const missing = first.missing.filter((key) => rest.every((c) => c.missing.includes(key)));
    return { covered: first.total - missing.length, total: first.total, missing };
  };
  return { states: merge((c) => c.states), transitions: merge((c) => c.transitions) };
}

/**
 * Keeps, shortest first, only the paths that reach a state or take a transition no kept path did: the same
 * coverage with fewer replays, for charts whose context multiplies the graph's edges.
 */
export function minimisePaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  paths: readonly MachinePath[],
  input?: InputFrom<TMachine>,
): MachinePath[] {
  const walker = new PrefixWalker(machine, input, listTransitions(machine));
  const seen = new Set<string>();
  const kept = new Set<MachinePath>();
  const byLength = [...paths].sort((a, b) => a.steps.length - b.steps.length);
  for (const path of byLength) {
    const keys = walker.keysOf(path);
    if (keys.some((k) => !seen.has(k))) {
      keys.forEach((k) => seen.add(k));
      kept.add(path);
    }
  }
  return paths.filter((p) => kept.has(p));
}

/** What a walk reports: `state <id>` for a state entered, `edge <key>` for a transition taken. */
const STATE_KEY = 'state ';
const EDGE_KEY = 'edge ';

/** One step of a walk: the snapshot after it, what the step itself reached and took, and the step before. */
interface WalkedStep {
  snapshot: AnyMachineSnapshot;
  keys: readonly string[];
  before: WalkedStep | null;
}

/**
 * Walks paths from the initial snapshot and reports the states each enters and the transitions it takes
 * (eventless steps included). Paths share their beginnings (each generated path is a shortest path plus one
 * edge, so thousands share each head): every prefix is walked once and remembered, and a path costs one
 * transition past the longest prefix already walked. Minimising 57,000 candidate paths of the resource chart took 36 s walked
 * one by one, each from the initial snapshot.
 */
class PrefixWalker {
  private readonly walked = new Map<string, WalkedStep>();
  private collecting: string[] = [];
  private readonly probe: AnyActorScope;
  private readonly start: WalkedStep;

  constructor(
    private readonly machine: AnyStateMachine,
    input: unknown,
    private readonly definitions: ReadonlyMap<AnyTransitionDefinition, string>,
  ) {
    this.probe = createProbe((event) => {
      if (event.type !== '@xstate.microstep') return;
      this.noteSnapshot(event.snapshot as AnyMachineSnapshot);
      for (const t of event._transitions) {
        // A transient state (only eventless ways out) never shows in a snapshot: the macrostep leaves it at
        // once. A transition taken from it proves it was entered.
        this.collecting.push(
          `${EDGE_KEY}${definitions.get(t) ?? transitionKey(t)}`,
          `${STATE_KEY}${t.source.id}`,
        );
        for (const target of t.target ?? [])
          if (target.type === 'history') this.collecting.push(`${STATE_KEY}${target.id}`);
      }
    });
    this.collecting = [];
    const snapshot = machine.getInitialSnapshot(this.probe, input) as AnyMachineSnapshot;
    this.noteSnapshot(snapshot);
    this.start = { snapshot, keys: this.collecting, before: null };
  }

  /** The states (`state <id>`) and transitions (`edge <key>`) the path goes through. */
  keysOf(path: Pick<MachinePath, 'steps'>): string[] {
    let step = this.start;
    let prefix = '';
    for (const { event } of path.steps) {
      prefix += `${JSON.stringify(event)}\n`;
      let next = this.walked.get(prefix);
      if (!next) {
        this.collecting = [];
        const snapshot = this.machine.transition(step.snapshot, event, this.probe) as AnyMachineSnapshot;
        this.noteSnapshot(snapshot);
        next = { snapshot, keys: this.collecting, before: step };
        this.walked.set(prefix, next);
      }
      step = next;
    }
    const keys: string[] = [];
    for (let at: WalkedStep | null = step; at; at = at.before) keys.push(...at.keys);
    return keys;
  }

  private noteSnapshot(snapshot: AnyMachineSnapshot): void {
    for (const node of snapshot._nodes) this.collecting.push(`${STATE_KEY}${node.id}`);
  }
}

function count(all: readonly string[], seen: ReadonlySet<string>): CoverageCount {
  const missing = all.filter((id) => !seen.has(id)).sort();
  return { covered: all.length - missing.length, total: all.length, missing };
}

/**
 * An actor scope like xstate/graph's mock one (actions and invocations are not executed), whose system reports
 * every microstep with the transitions it took: the only public place eventless transitions show up.
 */
function createProbe(onInspect: (event: InspectionEvent) => void): AnyActorScope {
  const empty = createEmptyActor();
  empty.system.inspect(onInspect);
  return {
    self: empty,
    logger: () => {},
    id: '',
    sessionId: 'machine-coverage',
    defer: () => {},
    system: empty.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as unknown as AnyActorScope;
}

/** Every transition definition of the machine with its key; guarded branches of one event are separate. */
export function listTransitions(machine: AnyStateMachine): Map<AnyTransitionDefinition, string> {
  const keys = new Map<AnyTransitionDefinition, string>();
  const used = new Map<string, number>();
  const nodes: AnyStateNode[] = [machine.root, ...getStateNodes(machine.root)];
  for (const node of nodes) {
    const defs = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const t of defs) {
      const base = transitionKey(t);
      const seen = used.get(base) ?? 0;
      used.set(base, seen + 1);
      keys.set(t, seen === 0 ? base : `${base} #${seen + 1}`);
    }
  }
  return keys;
}

function transitionKey(t: AnyTransitionDefinition): string {
  const event = t.eventType === '' ? 'always' : t.eventType;
  const guard = t.guard === undefined ? '' : ` [${guardLabel(t.guard)}]`;
  const targets = t.target?.length ? t.target.map((n) => n.id).join(', ') : '(stay)';
  return `${t.source.id}: ${event}${guard} → ${targets}`;
}

/** A readable guard name: 'isX', 'isX(params)', 'not(isX)', 'and(isX, isY)', 'stateIn(...)'. */
export function guardLabel(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const g = guard as { name: string; guards?: unknown[]; stateValue?: unknown };
    if (g.guards) return `${g.name}(${g.guards.map(guardLabel).join(', ')})`;
    if (g.stateValue !== undefined) return `${g.name}(${JSON.stringify(g.stateValue)})`;
    return g.name || 'inline';
  }
  if (guard && typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'inline';
}

/** The one-line summary, e.g. `saleStatus: states 6/6 (100%), transitions 9/9 (100%)`. */
export function formatCoverage(machineId: string, coverage: MachineCoverage): string {
  const part = (name: string, c: CoverageCount): string =>
    `${name} ${c.covered}/${c.total} (${c.total === 0 ? 100 : Math.floor((c.covered / c.total) * 100)}%)`;
  return `${machineId}: ${part('states', coverage.states)}, ${part('transitions', coverage.transitions)}`;
}

/** Prints the summary line (and what is missing, if anything) and returns the line. */
export function printCoverage(machine: AnyStateMachine, coverage: MachineCoverage): string {
  const line = formatCoverage(machine.id, coverage);
  const missing = [...coverage.states.missing, ...coverage.transitions.missing];
  console.log(missing.length ? `${line}\n  missing:\n    ${missing.join('\n    ')}` : line);
  return line;
}

interface Deferred {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Runs the path on a real actor of the machine and throws when, after any step, the actor is not in the snapshot
 * the path says (value, status and, unless disabled, context).
 */
export async function replayPath<TMachine extends AnyStateMachine>(
  machine: TMachine,
  path: Pick<MachinePath, 'description' | 'steps'>,
  options: ReplayOptions<TMachine> = {},
): Promise<void> {
  const pending = new Map<AnyActorRef, Deferred>();
  const fakes: Record<string, AnyActorLogic> = {};
  for (const name of Object.keys(machine.implementations.actors)) {
    fakes[name] = fromPromise<unknown, unknown>(
      ({ self }) => new Promise((resolve, reject) => pending.set(self, { resolve, reject })),
    );
  }
  const clock = new SimulatedClock();
  const provided = machine.provide({ actors: { ...fakes, ...options.actors } } as never) as AnyStateMachine;
  const actor = createActor(provided, { input: options.input, clock });
  const failures: unknown[] = [];
  actor.subscribe({ error: (err) => failures.push(err) });
  actor.start();
  try {
    for (const [index, step] of path.steps.entries()) {
      deliver(actor, clock, pending, step.event, options.timers ?? 'clock');
      await settle();
      if (failures.length) throw failures[0];
      const problem = compare(
        actor.getSnapshot() as AnyMachineSnapshot,
        step.state,
        options.compareContext ?? true,
      );
      if (problem) {
        throw new Error(
          `${path.description}\n  after step ${index + 1} (${formatEvent(step.event)}): ${problem}`,
        );
      }
    }
  } finally {
    actor.stop();
  }
}

function deliver(
  actor: ReturnType<typeof createActor<AnyStateMachine>>,
  clock: SimulatedClock,
  pending: Map<AnyActorRef, Deferred>,
  event: AnyEventObject,
  timers: 'clock' | 'send',
): void {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  const invokeId = done?.[1] ?? failed?.[1];
  if (invokeId !== undefined) {
    const child = (actor.getSnapshot() as AnyMachineSnapshot).children[invokeId] as AnyActorRef | undefined;
    const deferred = child ? pending.get(child) : undefined;
    if (deferred) {
      pending.delete(child as AnyActorRef);
      if (done) deferred.resolve((event as { output?: unknown }).output);
      else deferred.reject((event as { error?: unknown }).error);
      return;
    }
  }
  if (timers === 'clock' && event.type.startsWith('xstate.after.')) {
    const timer = Object.values(actor.system.getSnapshot()._scheduledEvents).find(
      (scheduled) => scheduled.event.type === event.type,
    );
    if (!timer) throw new Error(`No timer is pending for ${event.type}`);
    clock.increment(timer.delay);
    return;
  }
  actor.send(event);
}

/** Lets promise callbacks (fake actors settling) run before the snapshot is read; setImmediate runs after them. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function compare(
  actual: AnyMachineSnapshot,
  expected: AnyMachineSnapshot,
  withContext: boolean,
): string | null {
  if (!isDeepStrictEqual(actual.value, expected.value) || actual.status !== expected.status) {
    return `expected ${JSON.stringify(expected.value)} (${expected.status}) but the actor is in ${JSON.stringify(actual.value)} (${actual.status})`;
  }
  if (withContext && JSON.stringify(actual.context) !== JSON.stringify(expected.context)) {
    return `context differs:\n    expected ${JSON.stringify(expected.context)}\n    actual   ${JSON.stringify(actual.context)}`;
  }
  return null;
}
