import type { SnapshotFrom } from 'xstate';
import type { LiveChange, TvBoard } from '../../src/contracts/live';
import type { LiveChannelMachine } from './live-channel.machine';
import { retryDelayMs } from './live-channel.rules';

type Snapshot = SnapshotFrom<LiveChannelMachine>;

export type LiveChannelStatus = 'connecting' | 'live' | 'catchingUp' | 'reconnecting';

export const selectLiveStatus = (s: Snapshot): LiveChannelStatus => {
  if (s.matches('reconnecting')) return 'reconnecting';
  if (s.matches({ connected: 'live' })) return 'live';
  if (s.matches({ connected: 'catchingUp' })) return 'catchingUp';
  return 'connecting';
};

/** What the screen shows may be behind the store (reconnecting or catching up). */
export const selectIsStale = (s: Snapshot): boolean => s.hasTag('stale');
export const selectBoard = (s: Snapshot): TvBoard | null => s.context.board;
export const selectLastChange = (s: Snapshot): LiveChange | null => s.context.lastChange;
export const selectSeq = (s: Snapshot): number | null => s.context.seq;
/** Seconds until the next attempt while reconnecting (the screen says "reconnecting in 4 s"). */
export const selectRetryInSeconds = (s: Snapshot): number | null =>
  s.matches('reconnecting') ? Math.round(retryDelayMs(s.context.attempts) / 1000) : null;
