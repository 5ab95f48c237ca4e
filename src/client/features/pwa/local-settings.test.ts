import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../lib/storage';
import {
  addCacheConfig,
  addShortcut,
  addWidget,
  createLocalSetting,
  DEFAULT_CACHE_CONFIGS,
  DEFAULT_SHORTCUTS,
  DEFAULT_WIDGETS,
  readCacheConfigs,
  readShortcuts,
  readWidgets,
  removeCacheConfig,
  removeShortcut,
  removeWidget,
  storedCacheConfigs,
} from './local-settings';

const widgetDraft = {
  id: 'walk-ins',
  name: 'Walk-ins',
  description: '',
  size: 'large',
  url: '/pos/walk-in',
  updateInterval: '30',
};

describe('cache configurations', () => {
  it('has the three defaults of the spec: static cache-first 7 days 100, API network-first 5 min 50 3 s, user data SWR 10 min 20', () => {
    expect(DEFAULT_CACHE_CONFIGS.map((c) => [c.name, c.strategy.name, c.strategy.options])).toEqual([
      ['static-assets', 'CacheFirst', { cacheName: 'static-assets', maxAge: 604_800_000, maxEntries: 100 }],
      [
        'api-responses',
        'NetworkFirst',
        { cacheName: 'api-responses', maxAge: 300_000, maxEntries: 50, networkTimeout: 3_000 },
      ],
      ['user-data', 'StaleWhileRevalidate', { cacheName: 'user-data', maxAge: 600_000, maxEntries: 20 }],
    ]);
  });

  it('requires a name and a strategy and checks nothing else', () => {
    expect(addCacheConfig([], { name: ' ', strategy: '', patterns: '' })).toEqual({
      ok: false,
      errors: [
        { field: 'name', code: 'pwa.validation.required' },
        { field: 'strategy', code: 'pwa.validation.required' },
      ],
    });
    expect(addCacheConfig([], { name: 'x', strategy: 'Magic', patterns: '' })).toMatchObject({
      ok: false,
      errors: [{ field: 'strategy', code: 'pwa.validation.choice' }],
    });
    const added = addCacheConfig([], {
      name: ' reports ',
      strategy: 'NetworkOnly',
      patterns: '/a\n\n /b \r\n',
    });
    expect(added).toEqual({
      ok: true,
      list: [
        {
          name: 'reports',
          strategy: { name: 'NetworkOnly', options: { cacheName: 'reports' } },
          patterns: ['/a', '/b'],
        },
      ],
    });
  });

  it('replaces a configuration of the same name and never removes a built-in one', () => {
    const first = addCacheConfig(readCacheConfigs(null), { name: 'r', strategy: 'CacheOnly', patterns: '' });
    if (!first.ok) throw new Error('refused');
    const second = addCacheConfig(first.list, { name: 'r', strategy: 'CacheFirst', patterns: '/x' });
    if (!second.ok) throw new Error('refused');
    expect(second.list.filter((c) => c.name === 'r')).toHaveLength(1);
    expect(removeCacheConfig(second.list, 'static-assets')).toHaveLength(4);
    expect(removeCacheConfig(second.list, 'r')).toHaveLength(3);
  });

  it('stores only what was added and reads the defaults back first, dropping broken entries', () => {
    const list = readCacheConfigs([
      { name: 'r', strategy: { name: 'CacheFirst', options: { cacheName: 'r' } }, patterns: ['/r'] },
      { name: 'broken', strategy: { name: 'Nope' }, patterns: [] },
      { name: 'static-assets', strategy: { name: 'CacheOnly', options: {} }, patterns: [] },
    ]);
    expect(list.map((c) => c.name)).toEqual(['static-assets', 'api-responses', 'user-data', 'r']);
    expect(storedCacheConfigs(list)).toEqual([
      { name: 'r', strategy: { name: 'CacheFirst', options: { cacheName: 'r' } }, patterns: ['/r'] },
    ]);
  });
});

describe('widgets and shortcuts', () => {
  it('has the four default widgets with their sizes and update intervals', () => {
    expect(DEFAULT_WIDGETS.map((w) => [w.id, w.size, w.updateInterval, w.url])).toEqual([
      ['dashboard', 'medium', 15, '/dashboard'],
      ['sales', 'small', 5, '/sales'],
      ['appointments', 'medium', 10, '/appointments'],
      ['notifications', 'small', 1, '/notifications'],
    ]);
    expect(DEFAULT_SHORTCUTS.map((s) => [s.name, s.url, s.color])).toEqual([
      ['New Sale', '/pos/new-sale', '#667eea'],
      ['New Appointment', '/appointments/new', '#667eea'],
      ['Quick Reports', '/reports', '#667eea'],
      ['Customer Search', '/customers/search', '#667eea'],
    ]);
  });

  it('requires id, name and url for a widget and an update interval from 5 to 3600 seconds', () => {
    const empty = addWidget([], { ...widgetDraft, id: '', name: '', url: '', updateInterval: '4' });
    expect(empty.ok ? [] : empty.errors.map((e) => e.field)).toEqual(['id', 'name', 'url', 'updateInterval']);
    expect(addWidget([], { ...widgetDraft, updateInterval: '3601' }).ok).toBe(false);
    expect(addWidget([], { ...widgetDraft, updateInterval: '5' }).ok).toBe(true);
    expect(addWidget([], { ...widgetDraft, updateInterval: '3600' }).ok).toBe(true);
    const blank = addWidget([], { ...widgetDraft, updateInterval: '' });
    expect(blank.ok && blank.list[0]?.updateInterval).toBe(5);
  });

  it('adds a widget once per id and says which one is missing on removal', () => {
    const once = addWidget([...DEFAULT_WIDGETS], widgetDraft);
    if (!once.ok) throw new Error('refused');
    const twice = addWidget(once.list, { ...widgetDraft, name: 'Walk-in queue' });
    if (!twice.ok) throw new Error('refused');
    expect(twice.list).toHaveLength(5);
    expect(twice.list.at(-1)).toMatchObject({
      id: 'walk-ins',
      name: 'Walk-in queue',
      size: 'large',
      updateInterval: 30,
    });
    expect(removeWidget(twice.list, 'walk-ins')).toEqual({ ok: true, list: [...DEFAULT_WIDGETS] });
    expect(removeWidget(twice.list, 'nope')).toEqual({ ok: false, message: 'Widget not found: nope' });
  });

  it('requires a name and a url for a shortcut and gives it the brand colour', () => {
    const missing = addShortcut([], { name: 'Turns', shortName: '', description: '', url: ' ', color: '' });
    expect(missing).toEqual({ ok: false, errors: [{ field: 'url', code: 'pwa.validation.required' }] });
    const added = addShortcut([], {
      name: 'Turns',
      shortName: '',
      description: '',
      url: '/pos/turns',
      color: '',
    });
    expect(added.ok && added.list[0]).toMatchObject({ name: 'Turns', shortName: 'Turns', color: '#667eea' });
    expect(removeShortcut([...DEFAULT_SHORTCUTS], 0).map((s) => s.name)).toEqual([
      'New Appointment',
      'Quick Reports',
      'Customer Search',
    ]);
  });

  it('reads the defaults when nothing is stored and drops entries of the wrong shape', () => {
    expect(readWidgets(null)).toEqual([...DEFAULT_WIDGETS]);
    expect(readWidgets([{ id: 'x' }, DEFAULT_WIDGETS[0]])).toEqual([DEFAULT_WIDGETS[0]]);
    expect(readShortcuts('nonsense')).toEqual([...DEFAULT_SHORTCUTS]);
    expect(readShortcuts([])).toEqual([]);
  });
});

describe('a local setting', () => {
  it('reads once, writes JSON and tells its subscribers', () => {
    const storage = createMemoryStorage({ k: JSON.stringify([1, 2]) });
    const setting = createLocalSetting(
      'k',
      (v) => (Array.isArray(v) ? (v as number[]) : []),
      undefined,
      () => storage,
    );
    const seen: number[][] = [];
    setting.subscribe(() => seen.push(setting.get()));
    expect(setting.get()).toEqual([1, 2]);
    expect(setting.get()).toBe(setting.get());
    setting.set([3]);
    expect(storage.getItem('k')).toBe('[3]');
    expect(seen).toEqual([[3]]);
  });

  it('falls back to the default for unreadable JSON', () => {
    const storage = createMemoryStorage({ k: '{oops' });
    const setting = createLocalSetting(
      'k',
      (v) => (v === null ? 'default' : 'stored'),
      undefined,
      () => storage,
    );
    expect(setting.get()).toBe('default');
  });
});
