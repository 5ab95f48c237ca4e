/**
 * The live channel on the app instance (docs/live.md): `liveHub(app)` is the process's one LISTEN connection
 * (created at the first screen, from the app pool's connection options), `openStoreStream` one screen's SSE
 * stream. At close, every open stream is ended (an SSE response never ends by itself, and the server's close
 * waits for open responses) and the listening connection is closed.
 */
import { PassThrough } from 'node:stream';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { LIVE_EVENT, LIVE_HEARTBEAT_MS } from '../../contracts/live';
import type { LiveChange, LiveResumed, LiveSnapshot, LiveView, TvBoard } from '../../contracts/live';
import '../app-db';
import { tvBoard } from '../services/tv-board';
import { LiveHub } from './hub';
import type { LivePayload } from './publish';
import { currentStoreSeq } from './publish';

interface LiveState {
  hub: LiveHub | null;
  streams: Set<PassThrough>;
  /** One board read per store and sequence number, shared by every TV of the store on this process. */
  boards: Map<string, Promise<TvBoard>>;
}

const LIVE = Symbol('live');
type WithLive = FastifyInstance & { [LIVE]?: LiveState };

/** How long a board read stays shared: long enough for every screen of the store to take it. */
const BOARD_SHARE_MS = 2_000;

export function registerLive(app: FastifyInstance): void {
  const state: LiveState = { hub: null, streams: new Set(), boards: new Map() };
  (app as WithLive)[LIVE] = state;
  app.addHook('preClose', async () => {
    for (const stream of state.streams) stream.end();
    state.streams.clear();
  });
  app.addHook('onClose', async () => {
    await state.hub?.close();
  });
}

function liveState(app: FastifyInstance): LiveState {
  const state = (app as WithLive)[LIVE];
  if (!state) throw new Error('registerLive was not called on this app');
  return state;
}

/** This process's listening connection (opened lazily, with the app pool's connection options). */
export function liveHub(app: FastifyInstance): LiveHub {
  const state = liveState(app);
  if (!state.hub) {
    const pool = (app.db as unknown as { $client: pg.Pool }).$client;
    state.hub = new LiveHub({
      connection: { ...(pool.options as pg.ClientConfig) },
      log: { warn: (message) => app.log.warn(message) },
    });
  }
  return state.hub;
}

function sharedBoard(app: FastifyInstance, tenantId: number, storeId: number, seq: number): Promise<TvBoard> {
  const { boards } = liveState(app);
  const key = `${tenantId}:${storeId}:${seq}`;
  let board = boards.get(key);
  if (!board) {
    board = tvBoard(app.db, tenantId, storeId);
    boards.set(key, board);
    setTimeout(() => boards.delete(key), BOARD_SHARE_MS).unref();
    board.catch(() => boards.delete(key));
  }
  return board;
}

export interface StoreStreamOptions {
  tenantId: number;
  storeId: number;
  view?: LiveView;
  /** The last event id the screen saw (Last-Event-ID), if it is reconnecting. */
  lastEventId?: number;
}

function frame(event: string, id: number, data: unknown): string {
  return `event: ${event}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The SSE event id a reconnecting client sent: the Last-Event-ID header, else the query's last_event_id. */
export function lastEventIdOf(request: FastifyRequest, fromQuery: number | undefined): number | undefined {
  const header = request.headers['last-event-id'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value !== undefined && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return fromQuery;
}

/**
 * One screen's stream. First a `retry` hint, then a snapshot, or `resumed` when the screen is reconnecting and
 * nothing happened since its last id; then one `change` per committed change of the store, in sequence; a change
 * that skips a number (one was missed) and a reconnect of the listening connection both send a fresh
 * snapshot instead. Writes go out one after another (a board read may take a moment), never interleaved.
 */
export async function openStoreStream(
  app: FastifyInstance,
  request: FastifyRequest,
  options: StoreStreamOptions,
): Promise<Readable> {
  const { tenantId, storeId, view } = options;
  const state = liveState(app);
  const stream = new PassThrough();
  let lastSent = -1;
  let chain: Promise<void> = Promise.resolve();
  let open = true;
  const enqueue = (work: () => Promise<void>) => {
    chain = chain.then(work).catch((error: unknown) => {
      app.log.warn(`live stream of store ${storeId}: ${(error as Error).message}`);
      // A screen that cannot be brought up to date is better reconnected than left wrong.
      stream.end();
    });
  };
  const write = (text: string) => {
    if (open) stream.write(text);
  };
  const snapshot = async () => {
    const board = view === 'tv' ? await tvBoard(app.db, tenantId, storeId) : undefined;
    const seq = board?.seq ?? (await currentStoreSeq(app.db, tenantId, storeId));
    lastSent = seq;
    const data: LiveSnapshot = { seq, store_id: storeId, ...(board ? { board } : {}) };
    write(frame(LIVE_EVENT.SNAPSHOT, seq, data));
  };
  const change = async (payload: LivePayload) => {
    if (payload.seq <= lastSent) return; // the snapshot already holds it
    if (payload.seq > lastSent + 1) return snapshot(); // one was missed: start again from now
    const board = view === 'tv' ? await sharedBoard(app, tenantId, storeId, payload.seq) : undefined;
    lastSent = Math.max(payload.seq, board?.seq ?? payload.seq);
    const data: LiveChange = {
      seq: payload.seq,
      store_id: storeId,
      topic: payload.topic,
      ids: payload.ids,
      version: payload.version,
      truncated: payload.truncated,
      ...(board ? { board } : {}),
    };
    write(frame(LIVE_EVENT.CHANGE, payload.seq, data));
  };

  // Listen first, then read where the store is: nothing committed in between can fall through. The first
  // message is queued before the subscription, so it goes out before any change.
  const hub = liveHub(app);
  await hub.ready();
  enqueue(async () => {
    const current = await currentStoreSeq(app.db, tenantId, storeId);
    if (options.lastEventId !== undefined && options.lastEventId === current) {
      lastSent = current;
      const resumed: LiveResumed = { seq: current, store_id: storeId };
      write(frame(LIVE_EVENT.RESUMED, current, resumed));
    } else await snapshot();
  });
  const unsubscribe = hub.subscribe({
    tenantId,
    storeId,
    onChange: (payload) => enqueue(() => change(payload)),
    onGap: () =>
      enqueue(async () => {
        if ((await currentStoreSeq(app.db, tenantId, storeId)) !== lastSent) await snapshot();
      }),
  });
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), LIVE_HEARTBEAT_MS);
  heartbeat.unref();
  const close = () => {
    if (!open) return;
    open = false;
    clearInterval(heartbeat);
    unsubscribe();
    state.streams.delete(stream);
    stream.end();
  };
  request.raw.on('close', close);
  stream.on('close', close);
  state.streams.add(stream);

  // Tells EventSource-style clients how soon to come back, and proxies that the stream has started.
  write('retry: 2000\n: connected\n\n');
  return stream;
}

/** Headers of an SSE answer: never cached or buffered on the way. */
export const SSE_HEADERS: Record<string, string> = {
  'cache-control': 'no-store',
  'x-accel-buffering': 'no',
};
