/**
 * Replays a generated path (tests/support/machine-coverage.ts) on a real actor, delivering each delayed event
 * by SENDING it rather than by advancing a clock: machine-coverage's replayPath with `timers: 'send'`.
 *
 * Why: charts with timers running side by side (the sync scheduler's three scheduled syncs and its health
 * check; the update banner's dismissal beside the stale-flag sweep; the install banner beside auto-show) would
 * diverge under the default replay, which advances a SimulatedClock by the fired timer's delay: every shorter
 * timer then fires first, while the generated path says only that one fired. The actor's clock never moves, so
 * its own timers never fire behind the path's back.
 *
 * Test support only (imported by *.paths.test.ts as describeMachinePaths' `replay`).
 */
import type { AnyStateMachine, InputFrom } from 'xstate';
import { replayPath } from '../machine-coverage';
import type { MachinePath } from '../machine-coverage';

export interface TimedReplayOptions<TMachine extends AnyStateMachine> {
  input?: InputFrom<TMachine>;
  /** Compare context too (default false: contexts holding times or functions differ harmlessly). */
  compareContext?: boolean;
}

/** Every actor of the machine becomes a promise the path settles; actions must already be provided. */
export function replayTimedPath<TMachine extends AnyStateMachine>(
  machine: TMachine,
  path: Pick<MachinePath, 'description' | 'steps'>,
  options: TimedReplayOptions<TMachine> = {},
): Promise<void> {
  return replayPath(machine, path, {
    input: options.input,
    compareContext: options.compareContext ?? false,
    timers: 'send',
  });
}
