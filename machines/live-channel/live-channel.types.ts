import type { LiveChange, LiveResumed, LiveSnapshot, LiveView, TvBoard } from '../../src/contracts/live';

export interface LiveChannelInput {
  storeId: number;
  /** 'tv': snapshots and changes carry the TV board. */
  view?: LiveView;
}

export interface LiveChannelContext {
  storeId: number;
  view: LiveView | null;
  /** The last sequence number the screen holds (the event id it sends back when reconnecting). */
  seq: number | null;
  /** The TV board, with view 'tv'. */
  board: TvBoard | null;
  /** The last change heard (screens that reload on change read its topic and ids). */
  lastChange: LiveChange | null;
  /** Reconnects tried since the channel was last live (the back-off grows with it). */
  attempts: number;
}

/** What the stream actor is opened with. */
export interface LiveStreamInput {
  storeId: number;
  view: LiveView | null;
  /** Sent as Last-Event-ID: the server answers `resumed` or a fresh snapshot. */
  lastEventId: number | null;
}

/** What the stream actor (provided by the app) sends back. */
export type LiveStreamEvent =
  | { type: 'stream.snapshot'; snapshot: LiveSnapshot }
  | { type: 'stream.resumed'; resumed: LiveResumed }
  | { type: 'stream.change'; change: LiveChange }
  /** The stream ended, failed, or went silent past LIVE_SILENCE_MS. */
  | { type: 'stream.lost' };

export type LiveChannelEvent =
  | LiveStreamEvent
  /** The browser is back online: try now instead of waiting out the back-off. */
  | { type: 'connection.online' }
  /** The person asks to reconnect now. */
  | { type: 'retry' };
