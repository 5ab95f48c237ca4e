/**
 * Requests held at the network until a path says how they end, so the momentary states of a chart (a PIN being
 * checked, a sale being saved or loaded) stay on screen long enough to be checked, and an actor's outcome can be
 * the path's choice: `pass` lets the request go to the real server, `refuse` answers it with an error in the
 * API's envelope (src/contracts/envelope.ts) as the server would, `drop` loses it on the way as a dropped
 * connection does, so the app's offline queue takes it (docs/offline.md).
 *
 * A dropped write stays dropped for the rest of the path: the queue sends it again with its Idempotency-Key (the
 * page's sync scheduler 100 ms later, the worker's Background Sync at once since the browser is online), and the
 * path says the till is offline for it. The page's sends of that key are cut here; the worker's are not seen by
 * page.route at all, so `cutWorkerWrites` cuts them at the browser context.
 */
import type { BrowserContext, Page, Route } from '@playwright/test';

const IDEMPOTENCY_KEY = 'idempotency-key';

export class HeldRequests {
  private held: Route[] = [];
  private waiters: Array<() => void> = [];
  private readonly droppedKeys = new Set<string>();
  private off: () => Promise<void> = async () => undefined;

  /** Holds every request to `url` (with this method, when given); others go through. */
  static async on(page: Page, url: RegExp, method?: string): Promise<HeldRequests> {
    const requests = new HeldRequests();
    const handler = (route: Route) =>
      method === undefined || route.request().method() === method ? requests.hold(route) : route.continue();
    await page.route(url, handler);
    requests.off = () => page.unroute(url, handler);
    return requests;
  }

  /** No longer held: what is held now goes on to the server (see reset), and later requests are not seen. */
  async stop(): Promise<void> {
    this.reset();
    await this.off();
  }

  hold(route: Route): void {
    const key = route.request().headers()[IDEMPOTENCY_KEY];
    if (key !== undefined && this.droppedKeys.has(key)) {
      void route.abort('internetdisconnected').catch(() => undefined);
      return;
    }
    this.held.push(route);
    this.waiters.splice(0).forEach((wake) => wake());
  }

  private async next(): Promise<Route> {
    while (this.held.length === 0) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.held.shift() as Route;
  }

  async pass(): Promise<void> {
    await (await this.next()).continue();
  }

  async refuse(status: number, message: string): Promise<void> {
    await (
      await this.next()
    ).fulfill({
      status,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ success: false, data: null, message }),
    });
  }

  /**
   * A new path on the same page, its screen gone: what the last path left held goes on to the server (a failed
   * send would put a write in the offline queue for the next path to replay), and what it dropped stays dropped
   * (a replay of it from the page's queue must never reach the server).
   */
  reset(): void {
    for (const route of this.held.splice(0)) void route.continue().catch(() => undefined);
    this.waiters = [];
  }

  /** The connection drops on the way: the request never reaches the server, nor do its replays in this path. */
  async drop(): Promise<void> {
    const route = await this.next();
    const key = route.request().headers()[IDEMPOTENCY_KEY];
    if (key !== undefined) this.droppedKeys.add(key);
    await route.abort('internetdisconnected');
  }
}

/**
 * The service worker's writes to `url` (its Background Sync replays of the offline queue) are lost on the way:
 * paths replay the queue's sends only through the page, where HeldRequests decides them.
 */
export async function cutWorkerWrites(context: BrowserContext, url: RegExp): Promise<void> {
  await context.route(url, (route) =>
    route.request().method() !== 'GET' && route.request().serviceWorker()
      ? route.abort('internetdisconnected')
      : route.fallback(),
  );
}
