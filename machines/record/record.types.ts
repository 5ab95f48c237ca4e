import type { ResourceError } from '../resource/resource.types';

/** The record the chart shows: which one (its id). */
export interface RecordInput {
  id: number;
}

/** What the app's load actor is given. */
export type LoadRecordInput = RecordInput;

export interface RecordContext<TRecord> {
  id: number;
  /** The last record loaded; kept while a reload runs, so the page does not blank. */
  record: TRecord | null;
  failure: ResourceError | null;
}

export type RecordEvent = { type: 'retry' } | { type: 'reload' } | { type: 'connection.online' };
