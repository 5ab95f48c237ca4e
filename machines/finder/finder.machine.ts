/**
 * Find as you type: a query box whose answers come from the server, for any picker that cannot hold the whole
 * list it picks from (a kit's products among a store's thousands). The chart is generic in what it finds; the
 * app provides `find` (a list endpoint's `search`, docs/api.md "Lists") and the screen renders `results`.
 *
 *   idle ──query.change (not blank)──▶ debouncing ──after findDelay──▶ searching ──done──▶ found
 *    ▲                                   ▲   │ query.change (restarts the wait)   │ error
 *    └──── query.change (blank), from every state          failed | offline ◀─────┘
 *                                        └──── query.change ◀── found | failed | offline
 *                                        retry (failed, offline), connection.online (offline) ──▶ searching
 *
 * - The debounce is a delayed transition: every keystroke re-enters `debouncing`, which restarts its timer;
 *   leaving `searching` for a newer query stops the request in flight (its signal aborts the fetch), so an old
 *   answer never replaces a newer one.
 * - A blank query clears the answers: the screen shows what it offers without a search.
 */
import { assertEvent, assign, setup } from 'xstate';
import { toResourceError } from '../resource/resource.rules';
import { requiredActor } from '../support/required-actor';
import { doneTo, errorParams, failTo } from '../support/transitions';
import type { FindInput, FinderContext, FinderEvent } from './finder.types';

const MACHINE = 'finder';

/** Quiet time after the last keystroke before the query is sent. */
export const FIND_DELAY_MS = 300;

/** The finder chart for items of type `TItem` (each picker makes its own, typed by what it finds). */
export function createFinderMachine<TItem>() {
  return setup({
    types: {
      context: {} as FinderContext<TItem>,
      events: {} as FinderEvent,
      tags: {} as 'busy',
    },
    actors: {
      find: requiredActor<readonly TItem[], FindInput>(MACHINE, 'find'),
    },
    delays: { findDelay: FIND_DELAY_MS },
    actions: {
      setQuery: assign(({ event }) => {
        assertEvent(event, 'query.change');
        return { query: event.query };
      }),
      clearResults: assign({ results: [], answered: null, failure: null }),
      storeResults: assign(({ context }, results: readonly TItem[]) => ({
        results,
        answered: context.query.trim(),
        failure: null,
      })),
      storeFailure: assign((_, { error }: { error: unknown }) => ({ failure: toResourceError(error) })),
    },
    guards: {
      isBlank: ({ event }) => {
        assertEvent(event, 'query.change');
        return event.query.trim() === '';
      },
      isOffline: (_, { error }: { error: unknown }) => toResourceError(error).kind === 'offline',
    },
  }).createMachine({
    id: MACHINE,
    context: { query: '', results: [], answered: null, failure: null },
    initial: 'idle',
    on: {
      'query.change': [
        { guard: 'isBlank', target: '.idle', actions: ['setQuery', 'clearResults'] },
        // A child target re-enters `debouncing` when it is the current state: the wait starts again.
        { target: '.debouncing', actions: 'setQuery' },
      ],
    },
    states: {
      idle: {},
      debouncing: {
        after: { findDelay: 'searching' },
      },
      searching: {
        tags: ['busy'],
        invoke: {
          id: 'find',
          src: 'find',
          input: ({ context }) => ({ query: context.query.trim() }),
          onDone: doneTo('found', 'storeResults'),
          onError: [
            { guard: { type: 'isOffline', params: errorParams }, ...failTo('offline', 'storeFailure') },
            failTo('failed', 'storeFailure'),
          ],
        },
      },
      found: {},
      failed: {
        on: { retry: 'searching' },
      },
      offline: {
        on: { retry: 'searching', 'connection.online': 'searching' },
      },
    },
  });
}

export type FinderMachine<TItem> = ReturnType<typeof createFinderMachine<TItem>>;

/** The chart itself, untyped in what it finds: for its diagram (docs/machines/finder.md) and its tests. */
export const finderMachine = createFinderMachine<unknown>();
