/**
 * The home-screen widgets' data (docs/platform.md#the-installable-app widgets; docs/platform.md#caches
 * "Widgets cached under widget-data-v1").
 *
 * The worker has no session token (it lives in the page's localStorage), so a widget shows what the worker
 * itself knows, which is what a till wants at a glance when the app is closed: the offline queue (requests and
 * sales waiting to sync, failures), the latest notifications it showed, and its version. Each widget's JSON is
 * kept at web-manifest.ts widgetDataPath(id) in the widget-data-v1 cache; the widget host reads it there
 * (cache-only route, routes.ts) and the worker pushes it to hosts that take updates (sw.ts, Windows widgets).
 * Texts are English: the worker has no translations (the page's i18n is not loaded in a worker).
 */
import { CACHE_NAMES } from './cache-config';
import { DEFAULT_WIDGETS, widgetDataPath } from './web-manifest';
import type { WidgetDefinition, WidgetSize } from './web-manifest';

export const MAX_RECENT_NOTIFICATIONS = 5;

export interface RecentNotification {
  title: string;
  body?: string;
  url: string;
  /** When it was shown, ms since the epoch. */
  at: number;
}

export interface WidgetSnapshot {
  version: string;
  now: number;
  online: boolean;
  /** lib/offline-queue QueueStats; null when the queue could not be read. */
  queue: { totalRequests: number; pendingRequests: number; failedRequests: number } | null;
  /** Queued sale writes (tag 'order'), null when unknown. */
  pendingSales: number | null;
  notifications: readonly RecentNotification[];
}

export interface WidgetItem {
  title: string;
  detail: string;
}

/** What a widget template reads (public/widgets/<id>-template.json binds title, summary, detail, items). */
export interface WidgetData {
  id: string;
  name: string;
  size: WidgetSize;
  url: string;
  updateInterval: number;
  updatedAt: string;
  title: string;
  summary: string;
  detail: string;
  items: WidgetItem[];
  /** The notifications widget keeps its list here between pushes. */
  recent?: RecentNotification[];
}

const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;

function queueSummary(snapshot: WidgetSnapshot): string {
  const queue = snapshot.queue;
  if (!queue) return 'Sync status unknown';
  if (queue.pendingRequests === 0 && queue.failedRequests === 0) return 'Everything is synced';
  const parts = [];
  if (queue.pendingRequests > 0)
    parts.push(`${plural(queue.pendingRequests, 'request', 'requests')} waiting`);
  if (queue.failedRequests > 0) parts.push(`${queue.failedRequests} failed`);
  return parts.join(', ');
}

export function widgetData(widget: WidgetDefinition, snapshot: WidgetSnapshot): WidgetData {
  const base = {
    id: widget.id,
    name: widget.name,
    size: widget.size,
    url: widget.url,
    updateInterval: widget.updateInterval,
    updatedAt: new Date(snapshot.now).toISOString(),
    title: widget.name,
  };
  const connection = snapshot.online ? 'Online' : 'Offline';
  switch (widget.id) {
    case 'dashboard':
      return {
        ...base,
        summary: queueSummary(snapshot),
        detail: `${connection} · version ${snapshot.version}`,
        items: snapshot.queue
          ? [
              { title: 'Waiting to sync', detail: String(snapshot.queue.pendingRequests) },
              { title: 'Failed', detail: String(snapshot.queue.failedRequests) },
            ]
          : [],
      };
    case 'sales':
      return {
        ...base,
        summary:
          snapshot.pendingSales === null
            ? 'Sync status unknown'
            : snapshot.pendingSales === 0
              ? 'All sales are synced'
              : `${plural(snapshot.pendingSales, 'sale', 'sales')} waiting to sync`,
        detail: connection,
        items: [],
      };
    case 'notifications': {
      const recent = snapshot.notifications.slice(0, MAX_RECENT_NOTIFICATIONS);
      return {
        ...base,
        summary: recent[0]?.title ?? 'No notifications',
        detail: recent[0]?.body ?? '',
        items: recent.map((n) => ({ title: n.title, detail: n.body ?? '' })),
        recent: [...recent],
      };
    }
    default:
      return { ...base, summary: `Open ${widget.name}`, detail: connection, items: [] };
  }
}

/** The newest first, at most MAX_RECENT_NOTIFICATIONS. */
export function withNotification(
  recent: readonly RecentNotification[],
  added: RecentNotification,
): RecentNotification[] {
  return [added, ...recent].slice(0, MAX_RECENT_NOTIFICATIONS);
}

export interface WidgetCacheLike {
  match(request: string): Promise<Response | undefined>;
  put(request: string, response: Response): Promise<void>;
}

export interface WidgetStore {
  read(id: string): Promise<WidgetData | null>;
  write(data: WidgetData): Promise<void>;
}

export function cacheWidgetStore(open: (name: string) => Promise<WidgetCacheLike>): WidgetStore {
  const cache = () => open(CACHE_NAMES.widgets);
  return {
    async read(id) {
      const response = await (await cache()).match(widgetDataPath(id));
      if (!response) return null;
      try {
        return (await response.json()) as WidgetData;
      } catch {
        return null;
      }
    },
    async write(data) {
      await (
        await cache()
      ).put(
        widgetDataPath(data.id),
        new Response(JSON.stringify(data), {
          headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' },
        }),
      );
    },
  };
}

/** Rewrites the data of the given widgets (default: all) from the snapshot; answers what was written. */
export async function refreshWidgets(
  store: WidgetStore,
  snapshot: WidgetSnapshot,
  ids: readonly string[] = DEFAULT_WIDGETS.map((w) => w.id),
): Promise<WidgetData[]> {
  const written: WidgetData[] = [];
  for (const widget of DEFAULT_WIDGETS) {
    if (!ids.includes(widget.id)) continue;
    const data = widgetData(widget, snapshot);
    await store.write(data);
    written.push(data);
  }
  return written;
}

/** The notifications the notifications widget kept, for the next snapshot. */
export async function readRecentNotifications(store: WidgetStore): Promise<RecentNotification[]> {
  return (await store.read('notifications'))?.recent ?? [];
}
