/**
 * Push messages and notification clicks ("the service worker shows notifications and opens their
 * url on click"; docs/platform.md#push "Notification payload: title, body, icon, badge, tag, data (url or
 * route), requireInteraction, silent, actions"; the payload's schema is src/contracts/push.ts).
 *
 * - The payload is read tolerantly and without zod (a push must always show something: a browser revokes
 *   push permission from workers that receive pushes without showing a notification). Text that is not JSON
 *   becomes the body under the app's name.
 * - A click opens `data.url`, else `data.route`, else the app's start; only a path of this origin is opened
 *   (the payload is the server's, but a link out of the app from a till is never what a click means).
 * - A tab of the app that is already open is focused and told the url (FOCUS_CLIENT); the page routes to it
 *   itself, because navigating the tab would reload it and lose a sale in progress. With no tab open, a new
 *   window opens at the url.
 * - The default icon and badge are the contract's (src/contracts/push.ts NOTIFICATION_ICON/BADGE, the same paths
 *   as web-manifest.ts; a test holds them equal), not imported: contracts/push.ts would bring zod into sw.js.
 */
import type { NotificationPayload } from '../contracts/push';
import { WORKER_MESSAGE } from '../domain/constants';
import type { WorkerBroadcast } from './messages';
import { NOTIFICATION_BADGE, NOTIFICATION_ICON } from './web-manifest';

export const APP_NAME = 'Salon POS';

/** NotificationOptions as the worker passes them (actions and timestamp are not in every lib's type). */
export interface NotificationSpec {
  title: string;
  options: {
    body?: string;
    icon: string;
    badge: string;
    tag?: string;
    data: Record<string, unknown>;
    requireInteraction?: boolean;
    silent?: boolean;
    actions?: { action: string; title: string; icon?: string }[];
    timestamp?: number;
  };
}

const str = (value: unknown, max: number): string | undefined =>
  typeof value === 'string' && value.trim() ? value.slice(0, max) : undefined;
const bool = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The notification to show for a push message's text (PushMessageData.text()). */
export function notificationFromPush(text: string | null | undefined): NotificationSpec {
  const raw = text ? parse(text) : null;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return {
      title: APP_NAME,
      options: {
        body: str(text, 1000),
        icon: NOTIFICATION_ICON,
        badge: NOTIFICATION_BADGE,
        data: { url: '/' },
      },
    };
  }
  const payload = raw as Partial<Record<keyof NotificationPayload, unknown>>;
  const data =
    typeof payload.data === 'object' && payload.data !== null && !Array.isArray(payload.data)
      ? { ...(payload.data as Record<string, unknown>) }
      : {};
  const actions = Array.isArray(payload.actions)
    ? payload.actions
        .filter(
          (a): a is { action: string; title: string; icon?: unknown } =>
            typeof a === 'object' &&
            a !== null &&
            typeof (a as { action?: unknown }).action === 'string' &&
            typeof (a as { title?: unknown }).title === 'string',
        )
        .slice(0, 2)
        .map((a) => ({
          action: a.action,
          title: a.title,
          ...(str(a.icon, 512) ? { icon: str(a.icon, 512) } : {}),
        }))
    : undefined;
  const options: NotificationSpec['options'] = {
    icon: str(payload.icon, 512) ?? NOTIFICATION_ICON,
    badge: str(payload.badge, 512) ?? NOTIFICATION_BADGE,
    data,
  };
  const body = str(payload.body, 1000);
  const tag = str(payload.tag, 128);
  const requireInteraction = bool(payload.requireInteraction);
  const silent = bool(payload.silent);
  if (body !== undefined) options.body = body;
  if (tag !== undefined) options.tag = tag;
  if (requireInteraction !== undefined) options.requireInteraction = requireInteraction;
  if (silent !== undefined) options.silent = silent;
  if (actions && actions.length > 0) options.actions = actions;
  if (typeof payload.timestamp === 'number' && Number.isFinite(payload.timestamp)) {
    options.timestamp = payload.timestamp;
  }
  return { title: str(payload.title, 120) ?? APP_NAME, options };
}

/**
 * Where a click leads, as an absolute URL of this origin: data.url, else data.route, else '/'. An action
 * button may carry its own `data.actions[action]` url (the spec shows actions without saying what they open).
 */
export function clickTarget(data: unknown, origin: string, action = ''): string {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const perAction =
    action && typeof record.actions === 'object' && record.actions !== null
      ? (record.actions as Record<string, unknown>)[action]
      : undefined;
  const candidates = [perAction, record.url, record.route];
  for (const candidate of candidates) {
    if (typeof candidate !== 'string' || !candidate.trim()) continue;
    try {
      const url = new URL(candidate, origin);
      if (url.origin === origin) return url.href;
    } catch {
      // Not a URL: the next candidate.
    }
  }
  return new URL('/', origin).href;
}

export interface WindowClientLike {
  url: string;
  focused?: boolean;
  focus(): Promise<unknown>;
  postMessage(message: WorkerBroadcast): void;
}

export interface ClientsLike {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
  openWindow(url: string): Promise<unknown>;
}

/**
 * Focuses the best open tab of the app and tells it where to go, else opens one. Best: one already at the url,
 * then the focused one, then the first.
 */
export async function focusOrOpen(clients: ClientsLike, url: string): Promise<'focused' | 'opened'> {
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const chosen =
    windows.find((client) => client.url === url) ?? windows.find((client) => client.focused) ?? windows[0];
  if (!chosen) {
    await clients.openWindow(url);
    return 'opened';
  }
  chosen.postMessage({ type: WORKER_MESSAGE.FOCUS_CLIENT, url });
  await chosen.focus();
  return 'focused';
}
