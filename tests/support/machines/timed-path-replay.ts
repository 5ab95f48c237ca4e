/**
 * Replays a generated path (tests/support/machine-coverage.ts) on a real actor, delivering each delayed event
 * by SENDING it rather than by advancing a clock.
 *
 * Why: charts with timers running side by side (the sync scheduler's three scheduled syncs and its health
 * check; the update banner's dismissal beside the stale-flag sweep; the install banner beside auto-show) would
 * diverge under machine-coverage's replayPath, which advances a SimulatedClock by the fired timer's delay:
 * every shorter timer then fires first, while the generated path says only that one fired. xstate/graph treats
 * each `xstate.after.*` as an event that may come next, so the faithful replay sends it. The actor runs on a
 * SimulatedClock that never moves, so its own timers never fire behind the path's back.
 *
 * Test support only (imported by *.paths.test.ts); candidates to fold into replayPath as an option.
 */
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type {
  AnyActorLogic,
  AnyActorRef,
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  InputFrom,
} from 'xstate';

/** What this replay needs of machine-coverage's MachinePath (a shape, so either path type fits). */
export interface TimedPath {
  description: string;
  steps: ReadonlyArray<{ event: AnyEventObject; state: AnyMachineSnapshot }>;
}

interface Deferred {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface TimedReplayOptions<TMachine extends AnyStateMachine> {
  input?: InputFrom<TMachine>;
  /** Compare context too (default false: contexts holding times or functions differ harmlessly). */
  compareContext?: boolean;
}

/** Every actor of the machine becomes a promise the path settles; actions must already be provided. */
export async function replayTimedPath<TMachine extends AnyStateMachine>(
  machine: TMachine,
  path: TimedPath,
  options: TimedReplayOptions<TMachine> = {},
): Promise<void> {
  const pending = new Map<AnyActorRef, Deferred>();
  const fakes: Record<string, AnyActorLogic> = {};
  for (const name of Object.keys(machine.implementations.actors)) {
    fakes[name] = fromPromise<unknown, unknown>(
      ({ self }) => new Promise((resolve, reject) => pending.set(self, { resolve, reject })),
    );
  }
  const provided = machine.provide({ actors: fakes } as never) as AnyStateMachine;
  const actor = createActor(provided, { input: options.input, clock: new SimulatedClock() });
  const failures: unknown[] = [];
  actor.subscribe({ error: (error) => failures.push(error) });
  actor.start();
  try {
    for (const [index, step] of path.steps.entries()) {
      deliver(actor, pending, step.event);
      await settle();
      if (failures.length) throw failures[0];
      const actual = actor.getSnapshot() as AnyMachineSnapshot;
      const problem = differs(actual, step.state, options.compareContext ?? false);
      if (problem)
        throw new Error(`${path.description}\n  after step ${index + 1} (${step.event.type}): ${problem}`);
    }
  } finally {
    actor.stop();
  }
}

function deliver(actor: AnyActorRef, pending: Map<AnyActorRef, Deferred>, event: AnyEventObject): void {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  const invokeId = done?.[1] ?? failed?.[1];
  if (invokeId !== undefined) {
    const child = (actor.getSnapshot() as AnyMachineSnapshot).children[invokeId] as AnyActorRef | undefined;
    const deferred = child ? pending.get(child) : undefined;
    if (deferred && child) {
      pending.delete(child);
      if (done) deferred.resolve((event as { output?: unknown }).output);
      else deferred.reject((event as { error?: unknown }).error);
      return;
    }
  }
  actor.send(event);
}

/** Lets the fake promises' callbacks run before the snapshot is read. */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function differs(
  actual: AnyMachineSnapshot,
  expected: AnyMachineSnapshot,
  withContext: boolean,
): string | null {
  if (JSON.stringify(actual.value) !== JSON.stringify(expected.value) || actual.status !== expected.status) {
    return `expected ${JSON.stringify(expected.value)} (${expected.status}) but the actor is in ${JSON.stringify(actual.value)} (${actual.status})`;
  }
  if (withContext && JSON.stringify(actual.context) !== JSON.stringify(expected.context)) {
    return `context differs:\n    expected ${JSON.stringify(expected.context)}\n    actual   ${JSON.stringify(actual.context)}`;
  }
  return null;
}
