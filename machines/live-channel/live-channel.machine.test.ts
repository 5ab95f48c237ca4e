import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock } from 'xstate';
import type { EventObject } from 'xstate';
import { board, change, STORE_ID } from './live-channel.fixtures';
import { liveChannelMachine } from './live-channel.machine';
import { changeFit, MAX_RETRY_MS, retryDelayMs } from './live-channel.rules';
import { selectBoard, selectIsStale, selectLiveStatus, selectRetryInSeconds } from './live-channel.selectors';
import type { LiveStreamInput } from './live-channel.types';

/** The chart with a fake stream: each opening is recorded (its input), and events are sent as the stream would. */
function start() {
  const opened: LiveStreamInput[] = [];
  let closed = 0;
  const clock = new SimulatedClock();
  const machine = liveChannelMachine.provide({
    actors: {
      stream: fromCallback<EventObject, LiveStreamInput>(({ input }) => {
        opened.push(input);
        return () => {
          closed += 1;
        };
      }),
    },
  });
  const actor = createActor(machine, { input: { storeId: STORE_ID, view: 'tv' }, clock }).start();
  return { actor, opened, clock, closed: () => closed };
}

describe('liveChannel', () => {
  it('opens the stream without a last id, and is live with the first snapshot', () => {
    const { actor, opened } = start();
    expect(selectLiveStatus(actor.getSnapshot())).toBe('connecting');
    expect(opened).toEqual([{ storeId: STORE_ID, view: 'tv', lastEventId: null }]);
    actor.send({
      type: 'stream.snapshot',
      snapshot: { seq: 4, store_id: STORE_ID, board: board(4, ['Ann L.']) },
    });
    expect(selectLiveStatus(actor.getSnapshot())).toBe('live');
    expect(selectBoard(actor.getSnapshot())?.waiting.map((w) => w.name)).toEqual(['Ann L.']);
  });

  it('applies the next change, ignores one it already holds, and reopens with its last id after a gap', () => {
    const { actor, opened, closed } = start();
    actor.send({ type: 'stream.snapshot', snapshot: { seq: 4, store_id: STORE_ID, board: board(4) } });
    actor.send({ type: 'stream.change', change: change(5, ['Bo']) });
    expect(actor.getSnapshot().context.seq).toBe(5);
    expect(selectBoard(actor.getSnapshot())?.waiting.map((w) => w.name)).toEqual(['Bo']);
    actor.send({ type: 'stream.change', change: change(5, ['Old']) });
    expect(selectBoard(actor.getSnapshot())?.waiting.map((w) => w.name)).toEqual(['Bo']);

    actor.send({ type: 'stream.change', change: change(8, ['Later']) });
    expect(selectLiveStatus(actor.getSnapshot())).toBe('catchingUp');
    expect(closed()).toBe(1);
    expect(opened.at(-1)).toEqual({ storeId: STORE_ID, view: 'tv', lastEventId: 5 });
    // The board is not patched over the hole: it stays until the snapshot.
    expect(selectBoard(actor.getSnapshot())?.waiting.map((w) => w.name)).toEqual(['Bo']);
    actor.send({
      type: 'stream.snapshot',
      snapshot: { seq: 8, store_id: STORE_ID, board: board(8, ['Later']) },
    });
    expect(selectLiveStatus(actor.getSnapshot())).toBe('live');
  });

  it('reconnects after a loss with a growing wait, keeping the board, and resumes when nothing was missed', () => {
    const { actor, opened, clock } = start();
    actor.send({
      type: 'stream.snapshot',
      snapshot: { seq: 4, store_id: STORE_ID, board: board(4, ['Ann L.']) },
    });
    actor.send({ type: 'stream.lost' });
    expect(selectLiveStatus(actor.getSnapshot())).toBe('reconnecting');
    expect(selectIsStale(actor.getSnapshot())).toBe(true);
    expect(selectRetryInSeconds(actor.getSnapshot())).toBe(1);
    expect(selectBoard(actor.getSnapshot())?.waiting).toHaveLength(1);
    clock.increment(999);
    expect(opened).toHaveLength(1);
    clock.increment(1);
    expect(selectLiveStatus(actor.getSnapshot())).toBe('catchingUp');
    expect(opened.at(-1)?.lastEventId).toBe(4);

    actor.send({ type: 'stream.lost' });
    expect(selectRetryInSeconds(actor.getSnapshot())).toBe(2);
    clock.increment(2000);
    actor.send({ type: 'stream.resumed', resumed: { seq: 4, store_id: STORE_ID } });
    expect(selectLiveStatus(actor.getSnapshot())).toBe('live');
    expect(actor.getSnapshot().context.attempts).toBe(0);
  });

  it('connects at once when the browser comes back online or the person asks', () => {
    const { actor, opened } = start();
    actor.send({ type: 'stream.lost' });
    actor.send({ type: 'connection.online' });
    expect(selectLiveStatus(actor.getSnapshot())).toBe('connecting');
    actor.send({ type: 'stream.lost' });
    actor.send({ type: 'retry' });
    expect(opened).toHaveLength(3);
  });
});

describe('live channel rules', () => {
  it('waits 1 s, 2 s, 4 s … up to 30 s between attempts', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(retryDelayMs(1000)).toBe(MAX_RETRY_MS);
  });

  it('tells the next change from an old one and from a gap', () => {
    expect(changeFit(4, 5)).toBe('next');
    expect(changeFit(4, 4)).toBe('old');
    expect(changeFit(4, 3)).toBe('old');
    expect(changeFit(4, 6)).toBe('gap');
    expect(changeFit(null, 1)).toBe('gap');
  });
});
