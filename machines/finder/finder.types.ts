import type { ResourceError } from '../resource/resource.types';

/** What the app's find actor is given: the query as typed, trimmed. */
export interface FindInput {
  query: string;
}

export interface FinderContext<TItem> {
  /** The query as typed (untrimmed, so the box shows what the person typed). */
  query: string;
  /** The answer to the last query sent; empty before any. */
  results: readonly TItem[];
  /** The query `results` answer (trimmed): the screen says "no match for …" with it. */
  answered: string | null;
  failure: ResourceError | null;
}

export type FinderEvent =
  { type: 'query.change'; query: string } | { type: 'retry' } | { type: 'connection.online' };
