/**
 * A screen's live channel to its store (docs/live.md; ADR 017): the walk-in TV, and any screen that follows the
 * floor. The stream itself (fetch, parsing, the silence watchdog) is the app's `stream` actor; the chart decides
 * what the screen shows and when to connect again.
 *
 *   connected ┬ connecting ──snapshot──▶ live ◀──resumed | snapshot── catchingUp ┐
 *             │                           │ change: next → apply; old → ignore    │
 *             │                           └ change: gap ──(reopen with last id)──▶┘
 *             └ stream.lost ──▶ reconnecting ──after 1 s, 2 s, 4 s … 30 s | online | retry──▶ connected
 *
 * - connected opens the stream (its invoke) and starts in connecting when the screen holds nothing, or in
 *   catchingUp when it holds a sequence number: the server then answers `resumed` (nothing missed) or a fresh
 *   snapshot.
 * - A change that skips a number means one was missed: the stream is reopened with the last number held, which
 *   brings a snapshot. Nothing is patched over a hole.
 * - The back-off grows with each failed attempt (live-channel.rules.ts retryDelayMs) and starts again once
 *   live; coming back online, or a tap on retry, connects at once.
 * - What the screen holds (board, seq) is kept while reconnecting: a TV keeps showing the last board, marked as
 *   reconnecting, rather than going blank.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { EventObject } from 'xstate';
import { requiredCallback } from '../support/required-actor';
import { changeFit, retryDelayMs } from './live-channel.rules';
import type {
  LiveChannelContext,
  LiveChannelEvent,
  LiveChannelInput,
  LiveStreamInput,
} from './live-channel.types';

const MACHINE = 'liveChannel';

export const liveChannelMachine = setup({
  types: {
    context: {} as LiveChannelContext,
    events: {} as LiveChannelEvent,
    input: {} as LiveChannelInput,
    tags: {} as 'busy' | 'stale',
  },
  actors: {
    stream: requiredCallback<EventObject, LiveStreamInput>(MACHINE, 'stream'),
  },
  actions: {
    storeSnapshot: assign(({ event }) => {
      assertEvent(event, 'stream.snapshot');
      return { seq: event.snapshot.seq, board: event.snapshot.board ?? null };
    }),
    storeResumed: assign(({ event }) => {
      assertEvent(event, 'stream.resumed');
      return { seq: event.resumed.seq };
    }),
    storeChange: assign(({ context, event }) => {
      assertEvent(event, 'stream.change');
      return {
        seq: event.change.seq,
        board: event.change.board ?? context.board,
        lastChange: event.change,
      };
    }),
    countAttempt: assign(({ context }) => ({ attempts: context.attempts + 1 })),
    resetAttempts: assign({ attempts: 0 }),
  },
  guards: {
    holdsSeq: ({ context }) => context.seq !== null,
    isNextChange: ({ context, event }) =>
      event.type === 'stream.change' && changeFit(context.seq, event.change.seq) === 'next',
    isOldChange: ({ context, event }) =>
      event.type === 'stream.change' && changeFit(context.seq, event.change.seq) === 'old',
  },
  delays: {
    retryDelay: ({ context }) => retryDelayMs(context.attempts),
  },
}).createMachine({
  id: MACHINE,
  context: ({ input }) => ({
    storeId: input.storeId,
    view: input.view ?? null,
    seq: null,
    board: null,
    lastChange: null,
    attempts: 0,
  }),
  initial: 'connected',
  states: {
    connected: {
      invoke: {
        id: 'stream',
        src: 'stream',
        input: ({ context }) => ({ storeId: context.storeId, view: context.view, lastEventId: context.seq }),
      },
      initial: 'opening',
      on: {
        'stream.lost': { target: 'reconnecting', actions: 'countAttempt' },
      },
      states: {
        opening: {
          always: [{ guard: 'holdsSeq', target: 'catchingUp' }, { target: 'connecting' }],
        },
        connecting: {
          tags: ['busy'],
          on: { 'stream.snapshot': { target: 'live', actions: 'storeSnapshot' } },
        },
        catchingUp: {
          tags: ['stale'],
          on: {
            'stream.snapshot': { target: 'live', actions: 'storeSnapshot' },
            'stream.resumed': { target: 'live', actions: 'storeResumed' },
          },
        },
        live: {
          entry: 'resetAttempts',
          on: {
            'stream.snapshot': { actions: 'storeSnapshot' },
            'stream.change': [
              { guard: 'isNextChange', actions: 'storeChange' },
              { guard: 'isOldChange' },
              // A gap: reopen the stream with the last number held; the server answers with a snapshot.
              { target: '#liveChannel.connected', reenter: true },
            ],
          },
        },
      },
    },
    reconnecting: {
      tags: ['stale'],
      after: { retryDelay: 'connected' },
      on: {
        'connection.online': 'connected',
        retry: 'connected',
      },
    },
  },
});

export type LiveChannelMachine = typeof liveChannelMachine;
