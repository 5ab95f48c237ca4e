import { fromCallback } from 'xstate';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { board, change, STORE_ID } from './live-channel.fixtures';
import { liveChannelMachine } from './live-channel.machine';
import type { LiveChannelEvent } from './live-channel.types';

const events = [
  { type: 'stream.snapshot', snapshot: { seq: 5, store_id: STORE_ID, board: board(5) } },
  { type: 'stream.resumed', resumed: { seq: 5, store_id: STORE_ID } },
  // After the snapshot (5): the next change, one already held, and one past a gap.
  { type: 'stream.change', change: change(6) },
  { type: 'stream.change', change: change(5) },
  { type: 'stream.change', change: change(9) },
  { type: 'stream.lost' },
  { type: 'connection.online' },
  { type: 'retry' },
  { type: 'xstate.after.retryDelay.liveChannel.reconnecting' },
] satisfies (LiveChannelEvent | { type: string })[];

describeMachinePaths(liveChannelMachine, {
  input: { storeId: STORE_ID, view: 'tv' },
  events,
  // The stream is a watcher; its events are sent to the chart as the path says.
  actors: { stream: fromCallback(() => () => undefined) },
  // What the chart decides on: whether it holds a sequence number, and which (the attempts only set the wait).
  facts: (s) => s.context.seq,
  compareContext: false,
  minimal: true,
});
