/**
 * The two transitions almost every invoke in the charts ends with: on done, hand the actor's output to an action
 * and move on; on error, keep the error (an action taking `{ error }`) and move to a failed or offline state.
 * Written once so that a chart's invoke reads as where it goes and what it keeps. The action names stay literal,
 * so the chart's setup still checks that each action exists and takes what it is given.
 */

/** Params of an action that keeps an invoke's error: every chart's failure actions take `{ error }`. */
export const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/** Params of an action that takes an invoke's output as it is. */
export const outputParams = <TOutput>({ event }: { event: { output: TOutput } }) => event.output;

/** onDone: `action` gets the output, then the chart moves to `target`. */
export function doneTo<TAction extends string>(target: string, action: TAction) {
  return { target, actions: { type: action, params: outputParams } };
}

/** onError (or one guarded branch of it): `action` keeps the error, then the chart moves to `target`. */
export function failTo<TAction extends string>(target: string, action: TAction) {
  return { target, actions: { type: action, params: errorParams } };
}
