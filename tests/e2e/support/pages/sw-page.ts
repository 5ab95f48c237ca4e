/**
 * The service worker as the page sees it (src/sw): whether it controls the page, its answers to the page's
 * messages (src/sw/messages.ts), its caches, the web app manifest, and the offline queue's IndexedDB that its
 * background sync drains. Network on and off with the browser context (context.setOffline).
 */
import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { putInQueue } from '../offline-queue-store';
import type { QueueRecord } from '../offline-queue-store';

export interface WorkerReply {
  type: string;
  [field: string]: unknown;
}

export class ServiceWorkerPage {
  constructor(readonly page: Page) {}

  /** Waits until the worker is active and controls this page (it claims the page on its first install). */
  async waitForControl(): Promise<void> {
    await this.page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, {
      timeout: 20_000,
    });
  }

  /** One request, one reply on a MessageChannel, as the app asks (src/client/app/pwa-platform.ts). */
  async ask(type: string): Promise<WorkerReply> {
    return this.page.evaluate(
      (messageType) =>
        new Promise<WorkerReply>((resolve, reject) => {
          const controller = navigator.serviceWorker.controller;
          if (!controller) return reject(new Error('No controlling service worker'));
          const channel = new MessageChannel();
          const timer = setTimeout(() => reject(new Error(`No reply to ${messageType}`)), 10_000);
          channel.port1.onmessage = (event: MessageEvent<WorkerReply>) => {
            clearTimeout(timer);
            resolve(event.data);
          };
          controller.postMessage({ type: messageType }, [channel.port2]);
        }),
      type,
    );
  }

  /** Posts a message without waiting for a reply. */
  async post(type: string): Promise<void> {
    await this.page.evaluate(
      (messageType) => navigator.serviceWorker.controller?.postMessage({ type: messageType }),
      type,
    );
  }

  /** Starts collecting the worker's broadcasts to this page (read them with broadcasts()). */
  async listen(): Promise<void> {
    await this.page.evaluate(() => {
      const store = window as unknown as { __swMessages?: unknown[] };
      store.__swMessages = [];
      navigator.serviceWorker.addEventListener('message', (event) => store.__swMessages?.push(event.data));
      navigator.serviceWorker.startMessages();
    });
  }

  async broadcasts(): Promise<WorkerReply[]> {
    return this.page.evaluate(
      () => ((window as unknown as { __swMessages?: WorkerReply[] }).__swMessages ?? []) as WorkerReply[],
    );
  }

  async cacheNames(): Promise<string[]> {
    return this.page.evaluate(() => caches.keys());
  }

  async cachedUrls(cacheName: string): Promise<string[]> {
    return this.page.evaluate(async (name) => {
      if (!(await caches.has(name))) return [];
      return (await (await caches.open(name)).keys()).map((request) => request.url);
    }, cacheName);
  }

  /** Waits until the cache holds an entry whose path starts with `pathPrefix`, and answers its URL. */
  async waitForCached(cacheName: string, pathPrefix: string): Promise<string> {
    let found = '';
    await expect
      .poll(
        async () => {
          found =
            (await this.cachedUrls(cacheName)).find((url) => new URL(url).pathname.startsWith(pathPrefix)) ??
            '';
          return found;
        },
        { timeout: 15_000 },
      )
      .not.toBe('');
    return found;
  }

  async setOffline(offline: boolean): Promise<void> {
    await this.page.context().setOffline(offline);
  }

  /** The signed-in session's bearer token (src/client/lib/storage.ts, key 'auth'). */
  async token(): Promise<string> {
    const token = await this.page.evaluate(() => {
      const record = JSON.parse(localStorage.getItem('auth') ?? 'null') as { token?: string } | null;
      return record?.token ?? null;
    });
    if (!token) throw new Error('Not signed in');
    return token;
  }

  /** A GET from the page (through the worker), with the session's token when one is given. */
  async apiGet(
    url: string,
    token: string,
  ): Promise<{ status: number; body: unknown; offlineAnswer: boolean }> {
    return this.page.evaluate(
      async ([target, bearer]) => {
        const response = await fetch(target, {
          headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
        });
        return {
          status: response.status,
          body: (await response.json()) as unknown,
          offlineAnswer: response.headers.get('x-sw-offline') === '1',
        };
      },
      [url, token] as const,
    );
  }

  /** The manifest the page links to. */
  async manifest(request: APIRequestContext): Promise<{ href: string; json: Record<string, unknown> }> {
    const href = await this.page.locator('link[rel="manifest"]').getAttribute('href');
    if (!href) throw new Error('No manifest link');
    const response = await request.get(href);
    expect(response.ok()).toBe(true);
    return { href, json: (await response.json()) as Record<string, unknown> };
  }

  /**
   * Puts a request in the offline queue's store (IndexedDB offline-queue/requests), as the page queues one, without
   * telling any tab: only the worker's own triggers (start, online, Background Sync) find it.
   */
  async queue(record: QueueRecord): Promise<number> {
    const [id] = await putInQueue(this.page, [record], { announce: false });
    return id as number;
  }

  async queuedCount(): Promise<number> {
    return this.page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('offline-queue');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const count = db.transaction('requests').objectStore('requests').count();
            count.onsuccess = () => {
              db.close();
              resolve(count.result);
            };
          };
        }),
    );
  }
}
