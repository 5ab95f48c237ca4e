/**
 * The browser's side of Web Push in the end-to-end run, where Chromium cannot reach its push service (FCM):
 *
 * - install(): before the app loads, PushManager's subscribe/getSubscription answer with a subscription whose
 *   endpoint is the run's local push service (push-service.ts) and whose keys the spec holds (newBrowser() of
 *   fake-push-service.ts), as Chromium's would after FCM registered it. Everything else is the browser's own:
 *   the service worker, Notification permission, showNotification, getNotifications. The stub records the
 *   applicationServerKey the app subscribed with, and counts Notification.requestPermission calls (across
 *   reloads: sessionStorage).
 * - deliver(): what Chromium does with a decrypted push message: a `push` event in the registration's worker
 *   (CDP ServiceWorker.deliverPushMessage).
 * - click(): the worker's `notificationclick` listener runs for one of its notifications (a NotificationEvent
 *   dispatched in the worker; no protocol clicks a system notification). A synthetic event cannot extend its
 *   lifetime (waitUntil throws) but the listener's work is already under way by then.
 * - setPermission(): the answer the person will give to the permission prompt (CDP Browser.setPermission on this
 *   context; requestPermission then resolves with it at once, as after a click on Allow or Block).
 */
import { expect } from '@playwright/test';
import type { BrowserContext, CDPSession, Page, Worker } from '@playwright/test';

export interface SubscriptionJson {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** A notification as registration.getNotifications() lists it. */
export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  icon: string;
  badge: string;
  requireInteraction: boolean;
  data: unknown;
}

export class PushBrowser {
  private session: CDPSession | null = null;

  private constructor(
    readonly page: Page,
    readonly context: BrowserContext,
  ) {}

  /** Call before the first navigation of `page` (init scripts run on every load of the context's pages). */
  static async install(page: Page, subscription: SubscriptionJson): Promise<PushBrowser> {
    await page.context().addInitScript((json: SubscriptionJson) => {
      const toBytes = (text: string): Uint8Array => {
        const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
        const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
        return Uint8Array.from(binary, (c) => c.charCodeAt(0));
      };
      const toText = (bytes: Uint8Array): string =>
        btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      const KEY = '__e2ePushKey';
      const REQUESTS = '__e2ePermissionRequests';
      const KEYS = '__e2eSubscribeKeys';
      const make = (key: Uint8Array) => ({
        endpoint: json.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: key.slice().buffer },
        getKey: (name: 'p256dh' | 'auth') => toBytes(json.keys[name]).slice().buffer,
        toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: { ...json.keys } }),
        unsubscribe: async () => {
          sessionStorage.removeItem(KEY);
          return true;
        },
      });
      // The browser keeps a subscription across reloads; so does the stub, for this tab.
      const current = (): ReturnType<typeof make> | null => {
        const key = sessionStorage.getItem(KEY);
        return key ? make(toBytes(key)) : null;
      };
      PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
        const given = options?.applicationServerKey;
        const key =
          typeof given === 'string'
            ? toBytes(given)
            : given instanceof ArrayBuffer
              ? new Uint8Array(given)
              : new Uint8Array(given!.buffer as ArrayBuffer, given!.byteOffset, given!.byteLength);
        const keys = JSON.parse(sessionStorage.getItem(KEYS) ?? '[]') as string[];
        sessionStorage.setItem(KEYS, JSON.stringify([...keys, toText(key)]));
        sessionStorage.setItem(KEY, toText(key));
        return current() as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function getSubscription() {
        return current() as unknown as PushSubscription | null;
      };
      const request = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
        sessionStorage.setItem(REQUESTS, String(Number(sessionStorage.getItem(REQUESTS) ?? '0') + 1));
        return request(...args);
      };
    }, subscription);
    return new PushBrowser(page, page.context());
  }

  /** The applicationServerKey of every pushManager.subscribe the app made (base64url). */
  async subscribeKeys(): Promise<string[]> {
    return this.page.evaluate(
      () => JSON.parse(sessionStorage.getItem('__e2eSubscribeKeys') ?? '[]') as string[],
    );
  }

  async permissionRequests(): Promise<number> {
    return this.page.evaluate(() => Number(sessionStorage.getItem('__e2ePermissionRequests') ?? '0'));
  }

  private async cdp(): Promise<CDPSession> {
    this.session ??= await this.context.newCDPSession(this.page);
    return this.session;
  }

  async setPermission(setting: 'granted' | 'denied' | 'prompt'): Promise<void> {
    const cdp = await this.cdp();
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    await cdp.send('Browser.setPermission', {
      permission: { name: 'notifications' },
      setting,
      origin: new URL(this.page.url()).origin,
      ...(targetInfo.browserContextId ? { browserContextId: targetInfo.browserContextId } : {}),
    });
  }

  /** Delivers `data` (the decrypted message) as a push event to this origin's registration. */
  async deliver(data: string): Promise<void> {
    const cdp = await this.cdp();
    const origin = new URL(this.page.url()).origin;
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    let registrationId = '';
    await expect
      .poll(() => {
        registrationId =
          registrations.find((r) => !r.isDeleted && r.scopeURL === `${origin}/`)?.registrationId ?? '';
        return registrationId;
      })
      .not.toBe('');
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data });
  }

  async notifications(): Promise<ShownNotification[]> {
    return this.page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        icon: n.icon,
        badge: n.badge,
        requireInteraction: n.requireInteraction,
        data: n.data as unknown,
      }));
    });
  }

  private async worker(): Promise<Worker> {
    const origin = new URL(this.page.url()).origin;
    const running = this.context.serviceWorkers().find((w) => w.url().startsWith(origin));
    return running ?? this.context.waitForEvent('serviceworker');
  }

  /** Runs the worker's notificationclick listener for the notification with `tag`. */
  async click(tag: string, action = ''): Promise<void> {
    const worker = await this.worker();
    await worker.evaluate(
      async ([wanted, chosen]) => {
        const scope = globalThis as unknown as {
          registration: ServiceWorkerRegistration;
          NotificationEvent: new (
            type: string,
            init: { notification: Notification; action: string },
          ) => Event;
          dispatchEvent(event: Event): boolean;
        };
        const [notification] = await scope.registration.getNotifications({ tag: wanted });
        if (!notification) throw new Error(`no notification tagged ${wanted}`);
        scope.dispatchEvent(
          new scope.NotificationEvent('notificationclick', { notification, action: chosen }),
        );
      },
      [tag, action] as const,
    );
  }
}
