/**
 * The desk's walk-in queue (/pos/walk-in; docs/walk-in-screens.md#the-walk-in-queue): today's walk-ins grouped by
 * the technician asked for, with the technicians the assign dialog offers, kept current.
 *
 *   loading ──done──▶ shown ──live.changed | reload | after(reloadDelay)──▶ reloading ──done──▶ shown
 *     │ offline ─▶ offline ◀── offline ─────────────────────────────────────┘ │ other ─▶ shown (stale, said)
 *     └ other ──▶ failed (retry ─▶ loading)     offline (retry | connection.online) ─▶ reloading, or loading
 *
 * - A live event (the store's channel says a walk-in changed; docs/front-desk.md) reloads at once; the timer is
 *   the fallback for a channel that dropped silently, so the queue is never older than reloadDelay.
 * - A failed reload keeps the queue shown, with the failure said, rather than blanking the desk's screen.
 * - The live channel is an actor the app provides (`watchLive`), started with the chart and sending
 *   live.changed; the chart never opens a connection itself.
 */
import { assign, setup } from 'xstate';
import { toResourceError } from '../resource/resource.rules';
import { requiredActor, requiredCallback } from '../support/required-actor';
import { doneTo, errorParams, failTo } from '../support/transitions';
import type { QueueView, WalkInQueueContext, WalkInQueueEvent } from './walk-in-queue.types';

const MACHINE = 'walkInQueue';

/** How old the queue may get when no live event comes. */
export const QUEUE_RELOAD_DELAY = 30_000;

export const walkInQueueMachine = setup({
  types: {
    context: {} as WalkInQueueContext,
    events: {} as WalkInQueueEvent,
    tags: {} as 'busy',
  },
  actors: {
    loadQueue: requiredActor<QueueView>(MACHINE, 'loadQueue'),
    watchLive: requiredCallback<WalkInQueueEvent>(MACHINE, 'watchLive'),
  },
  delays: { reloadDelay: QUEUE_RELOAD_DELAY },
  actions: {
    storeView: assign((_, view: QueueView) => ({ view, failure: null })),
    storeFailure: assign((_, { error }: { error: unknown }) => ({ failure: toResourceError(error) })),
  },
  guards: {
    isOffline: (_, { error }: { error: unknown }) => toResourceError(error).kind === 'offline',
    hasQueue: ({ context }) => context.view !== null,
  },
}).createMachine({
  id: MACHINE,
  context: { view: null, failure: null },
  invoke: { id: 'watchLive', src: 'watchLive' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadQueue',
        src: 'loadQueue',
        onDone: doneTo('shown', 'storeView'),
        onError: [
          { guard: { type: 'isOffline', params: errorParams }, ...failTo('offline', 'storeFailure') },
          failTo('failed', 'storeFailure'),
        ],
      },
    },
    shown: {
      after: { reloadDelay: 'reloading' },
      on: { 'live.changed': 'reloading', reload: 'reloading' },
    },
    reloading: {
      tags: ['busy'],
      invoke: {
        id: 'reloadQueue',
        src: 'loadQueue',
        onDone: doneTo('shown', 'storeView'),
        onError: [
          { guard: { type: 'isOffline', params: errorParams }, ...failTo('offline', 'storeFailure') },
          failTo('shown', 'storeFailure'),
        ],
      },
    },
    failed: {
      on: { retry: 'loading' },
    },
    offline: {
      on: {
        retry: [{ guard: 'hasQueue', target: 'reloading' }, { target: 'loading' }],
        'connection.online': [{ guard: 'hasQueue', target: 'reloading' }, { target: 'loading' }],
      },
    },
  },
});

export type WalkInQueueMachine = typeof walkInQueueMachine;
