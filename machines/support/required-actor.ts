/**
 * Placeholders for the side effects a machine declares but does not own. A machine names its actors and effectful
 * actions in `setup()` with their types, and the app gives the real ones with `.provide()` (docs/architecture.md:
 * machines never touch fetch, storage or the DOM). Each placeholder fails loudly, naming the machine, the missing
 * piece and how to provide it, so a forgotten `.provide()` is an error the chart handles (onError) or a test sees,
 * never a silent no-op.
 */
import { fromCallback, fromPromise } from 'xstate';
import type { CallbackActorLogic, EventObject, NonReducibleUnknown, PromiseActorLogic } from 'xstate';

type Kind = 'actor' | 'action';

/** The message every placeholder throws: `<machine>: the '<name>' <kind> must be provided with .provide({ <kind>s })`. */
export function notProvidedMessage(machine: string, kind: Kind, name: string): string {
  return `${machine}: the '${name}' ${kind} must be provided with .provide({ ${kind}s })`;
}

/** A promise actor the app must provide; invoking the placeholder rejects, so the invoke's onError runs. */
export function requiredActor<TOutput, TInput = NonReducibleUnknown>(
  machine: string,
  name: string,
): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(() =>
    Promise.reject(new Error(notProvidedMessage(machine, 'actor', name))),
  );
}

/** A callback actor (a watcher) the app must provide; starting the placeholder throws, which stops it with an error. */
export function requiredCallback<TEvent extends EventObject, TInput = NonReducibleUnknown>(
  machine: string,
  name: string,
): CallbackActorLogic<TEvent, TInput> {
  return fromCallback<TEvent, TInput>(() => {
    throw new Error(notProvidedMessage(machine, 'actor', name));
  });
}

/**
 * An action the app must provide (it reloads the page, writes storage, posts to the worker...). The placeholder
 * throws when the action runs. `TParams` types the params the chart passes, so the provided action is checked.
 */
export function requiredAction<TParams = undefined>(
  machine: string,
  name: string,
): (args: unknown, params: TParams) => never {
  return () => {
    throw new Error(notProvidedMessage(machine, 'action', name));
  };
}
