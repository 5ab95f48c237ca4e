import { describe, expect, it } from 'vitest';
import { CACHE_NAMES } from './cache-config';
import { DEFAULT_WIDGETS, widgetDataPath } from './web-manifest';
import {
  cacheWidgetStore,
  MAX_RECENT_NOTIFICATIONS,
  readRecentNotifications,
  refreshWidgets,
  widgetData,
  withNotification,
} from './widgets';
import type { WidgetCacheLike, WidgetSnapshot } from './widgets';

const NOW = Date.parse('2025-03-01T12:00:00Z');
const widget = (id: string) => DEFAULT_WIDGETS.find((w) => w.id === id)!;

const snapshot = (overrides: Partial<WidgetSnapshot> = {}): WidgetSnapshot => ({
  version: '0.1.0+abcd1234',
  now: NOW,
  online: true,
  queue: { totalRequests: 0, pendingRequests: 0, failedRequests: 0 },
  pendingSales: 0,
  notifications: [],
  ...overrides,
});

function memoryCaches() {
  const caches = new Map<string, Map<string, string>>();
  const open = async (name: string): Promise<WidgetCacheLike> => {
    const cache = caches.get(name) ?? new Map<string, string>();
    caches.set(name, cache);
    return {
      match: async (url) => (cache.has(url) ? new Response(cache.get(url)) : undefined),
      put: async (url, response) => void cache.set(url, await response.text()),
    };
  };
  return { caches, open };
}

describe('widgetData', () => {
  it('carries the widget definition of the spec: size, url and update interval', () => {
    const data = widgetData(widget('sales'), snapshot());
    expect(data).toMatchObject({ id: 'sales', size: 'small', url: '/sales', updateInterval: 5 });
    expect(data.updatedAt).toBe('2025-03-01T12:00:00.000Z');
  });

  it('says how many sales and requests wait to sync, and what failed', () => {
    const busy = snapshot({
      online: false,
      queue: { totalRequests: 4, pendingRequests: 3, failedRequests: 1 },
      pendingSales: 2,
    });
    expect(widgetData(widget('sales'), busy)).toMatchObject({
      summary: '2 sales waiting to sync',
      detail: 'Offline',
    });
    expect(widgetData(widget('dashboard'), busy)).toMatchObject({
      summary: '3 requests waiting, 1 failed',
      detail: 'Offline · version 0.1.0+abcd1234',
    });
    expect(widgetData(widget('sales'), snapshot({ pendingSales: 1 })).summary).toBe('1 sale waiting to sync');
    expect(widgetData(widget('dashboard'), snapshot()).summary).toBe('Everything is synced');
    expect(widgetData(widget('dashboard'), snapshot({ queue: null })).summary).toBe('Sync status unknown');
  });

  it('lists the latest notifications, newest first', () => {
    const first = { title: 'Walk-in', body: 'Ann', url: '/pos/walk-in', at: 1 };
    const second = { title: 'Test notification', url: '/', at: 2 };
    const data = widgetData(
      widget('notifications'),
      snapshot({ notifications: withNotification([first], second) }),
    );
    expect(data).toMatchObject({
      summary: 'Test notification',
      items: [{ title: 'Test notification' }, { title: 'Walk-in' }],
    });
  });
});

describe('withNotification', () => {
  it(`keeps at most ${MAX_RECENT_NOTIFICATIONS}`, () => {
    let list = withNotification([], { title: '0', url: '/', at: 0 });
    for (let i = 1; i < 9; i += 1) list = withNotification(list, { title: String(i), url: '/', at: i });
    expect(list.map((n) => n.title)).toEqual(['8', '7', '6', '5', '4']);
  });
});

describe('refreshWidgets', () => {
  it('writes each widget as JSON to widget-data-v1 at its data path, where the notifications are read back', async () => {
    const { caches, open } = memoryCaches();
    const store = cacheWidgetStore(open);
    const recent = [{ title: 'Walk-in', url: '/pos/walk-in', at: 1 }];
    const written = await refreshWidgets(store, snapshot({ notifications: recent }));
    expect(written.map((w) => w.id)).toEqual(['dashboard', 'sales', 'appointments', 'notifications']);
    expect([...(caches.get(CACHE_NAMES.widgets)?.keys() ?? [])]).toEqual(
      DEFAULT_WIDGETS.map((w) => widgetDataPath(w.id)),
    );
    expect(await readRecentNotifications(store)).toEqual(recent);
  });

  it('refreshes only the widgets asked for', async () => {
    const { caches, open } = memoryCaches();
    await refreshWidgets(cacheWidgetStore(open), snapshot(), ['sales']);
    expect([...(caches.get(CACHE_NAMES.widgets)?.keys() ?? [])]).toEqual([widgetDataPath('sales')]);
  });
});
