/**
 * The process's end of the live channel (docs/live.md; ADR 017): ONE dedicated PostgreSQL connection per
 * server process LISTENs on LIVE_CHANNEL and hands each notification to the screens of its store connected
 * to this process. Every process does the same, so a change committed through any process reaches every
 * screen, whichever process it is connected to.
 *
 * - The connection is opened at the first subscriber and kept until the app closes (a process without live
 *   screens holds none).
 * - It is a pg.Client of its own, not a pool connection: a LISTEN belongs to a session, and a pooled session
 *   would go back to the pool (and to other queries) with it.
 * - On error or end it reconnects with a growing delay (0.5 s doubling to 10 s). Notifications sent while it
 *   was down are lost to this process, so after a reconnect every subscriber is told to resync (onGap): it
 *   compares the store's sequence with what it last sent and sends a fresh snapshot if they differ.
 * - A subscriber that throws does not stop the others.
 */
import pg from 'pg';
import type { LivePayload } from './publish';
import { LIVE_CHANNEL, parseLivePayload } from './publish';

export interface LiveSubscriber {
  tenantId: number;
  storeId: number;
  onChange(payload: LivePayload): void;
  /** Notifications may have been missed (the listening connection dropped and came back). */
  onGap(): void;
}

export interface LiveHubOptions {
  /** What the listening connection is opened with (the app pool's options). */
  connection: pg.ClientConfig;
  log?: { warn(message: string): void };
  /** First reconnect delay; doubles up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
}

type Listener = (payload: LivePayload) => void;

export class LiveHub {
  private readonly subscribers = new Map<string, Set<LiveSubscriber>>();
  private readonly listeners = new Set<Listener>();
  private client: pg.Client | null = null;
  private listening: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryMs: number;
  private closed = false;
  /** Times the connection was (re)opened: 1 after the first LISTEN. */
  connects = 0;

  constructor(private readonly options: LiveHubOptions) {
    this.retryMs = options.retryMs ?? 500;
  }

  /** Resolves once this process is LISTENing (subscribers read their snapshot after it). */
  ready(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('live hub closed'));
    // A first connection that fails is tried again by the next subscriber, not remembered as failed.
    this.listening ??= this.connect().catch((error: unknown) => {
      this.listening = null;
      throw error;
    });
    return this.listening;
  }

  /**
   * Adds a screen; the returned function removes it. Call after ready(): only then is a change committed
   * from now on sure to reach it.
   */
  subscribe(subscriber: LiveSubscriber): () => void {
    const key = storeKey(subscriber.tenantId, subscriber.storeId);
    let set = this.subscribers.get(key);
    if (!set) this.subscribers.set(key, (set = new Set()));
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.subscribers.get(key) === set) this.subscribers.delete(key);
    };
  }

  /** Every payload this process hears (the bench measures with it). */
  onPayload(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  subscriberCount(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.subscribers.clear();
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ ...this.options.connection, application_name: 'salon-pos-live' });
    client.on('notification', (message) => {
      if (message.channel !== LIVE_CHANNEL) return;
      const payload = parseLivePayload(message.payload);
      if (payload) this.dispatch(payload);
    });
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      if (error) this.options.log?.warn(`live hub: listening connection lost: ${error.message}`);
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    await client.query(`LISTEN ${LIVE_CHANNEL}`);
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.connects += 1;
    this.retryMs = this.options.retryMs ?? 500;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, this.options.maxRetryMs ?? 10_000);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().then(
        () => this.everyone((s) => s.onGap()),
        (error: unknown) => {
          this.options.log?.warn(`live hub: reconnect failed: ${(error as Error).message}`);
          this.scheduleReconnect();
        },
      );
    }, delay);
    this.retryTimer.unref();
  }

  /** For tests and operations: drop the listening connection as a network fault would. */
  async dropConnection(): Promise<void> {
    const client = this.client;
    if (!client) return;
    await client.query('select pg_terminate_backend(pg_backend_pid())').catch(() => undefined);
  }

  private dispatch(payload: LivePayload): void {
    for (const listener of this.listeners) safely(() => listener(payload), this.options.log);
    const set = this.subscribers.get(storeKey(payload.tenant, payload.store));
    if (!set) return;
    for (const subscriber of [...set]) safely(() => subscriber.onChange(payload), this.options.log);
  }

  private everyone(fn: (s: LiveSubscriber) => void): void {
    for (const set of this.subscribers.values()) {
      for (const subscriber of [...set]) safely(() => fn(subscriber), this.options.log);
    }
  }
}

function storeKey(tenantId: number, storeId: number): string {
  return `${tenantId}:${storeId}`;
}

function safely(fn: () => void, log: LiveHubOptions['log']): void {
  try {
    fn();
  } catch (error) {
    log?.warn(`live hub: a subscriber failed: ${(error as Error).message}`);
  }
}
