import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage, STORAGE_KEYS } from '../lib/storage';
import { clearVersionedLocalData, createVersionCheck } from './pwa-platform';

const A = '0.1.0+aaaaaaaa';
const B = '0.1.1+bbbbbbbb';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function setup(options: { stored?: string; version?: string; ready?: Promise<void> } = {}) {
  const storage = createMemoryStorage({
    ...(options.stored ? { [STORAGE_KEYS.APP_VERSION]: options.stored } : {}),
    'app-screen': 'sale',
    'pos-note': 'float',
    'user-theme': 'dark',
    'appointments-view': 'week',
    waiting_sale_tickets__1__1: '[]',
  });
  const onLateVersion = vi.fn();
  const check = createVersionCheck({
    storage,
    ready: () => options.ready ?? Promise.resolve(),
    askVersion: () => Promise.resolve(options.version ?? B),
    onLateVersion,
    activatedCheckMs: 3_000,
    log: () => {},
  });
  return { storage, check, onLateVersion };
}

function keys(storage: Storage): string[] {
  return Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? '').sort();
}

describe('the start-up version check', () => {
  it('reports a change from the version this browser ran last and remembers the new one', async () => {
    const { storage, check } = setup({ stored: A, version: B });
    await expect(check()).resolves.toEqual({ version: B, changed: true });
    expect(storage.getItem(STORAGE_KEYS.APP_VERSION)).toBe(B);
  });

  it('reports no change on a first run or the same version', async () => {
    const first = setup({ version: A });
    await expect(first.check()).resolves.toEqual({ version: A, changed: false });
    expect(first.storage.getItem(STORAGE_KEYS.APP_VERSION)).toBe(A);
    const same = setup({ stored: A, version: A });
    await expect(same.check()).resolves.toEqual({ version: A, changed: false });
  });

  it('gives up after the activated check, then remembers the version once a worker is active', async () => {
    vi.useFakeTimers();
    try {
      const ready = deferred();
      const { storage, check, onLateVersion } = setup({ version: A, ready: ready.promise });
      const result = check();
      await vi.advanceTimersByTimeAsync(3_000);
      await expect(result).resolves.toEqual({ version: null, changed: false });
      expect(storage.getItem(STORAGE_KEYS.APP_VERSION)).toBeNull();

      // The first install finished after the check (a page loaded while the worker still precached).
      ready.resolve();
      await vi.waitFor(() => expect(storage.getItem(STORAGE_KEYS.APP_VERSION)).toBe(A));
      expect(onLateVersion).toHaveBeenCalledWith(A);
      expect(storage.getItem('app-screen')).toBe('sale');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a version learnt late that differs clears the versioned local data too', async () => {
    vi.useFakeTimers();
    try {
      const ready = deferred();
      const { storage, check, onLateVersion } = setup({ stored: A, version: B, ready: ready.promise });
      const result = check();
      await vi.advanceTimersByTimeAsync(3_000);
      await result;
      ready.resolve();
      await vi.waitFor(() => expect(onLateVersion).toHaveBeenCalledWith(B));
      expect(keys(storage)).toEqual([
        STORAGE_KEYS.APP_VERSION,
        'appointments-view',
        'waiting_sale_tickets__1__1',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('clearVersionedLocalData', () => {
  it('removes the keys starting with app-, pos- or user- and nothing else', () => {
    const storage = createMemoryStorage({
      'app-a': '1',
      'app-b': '2',
      'pos-c': '3',
      'user-d': '4',
      application: 'kept',
      'appointments-view': 'kept',
      users_seen: 'kept',
      auth: 'kept',
      sync_config: 'kept',
    });
    clearVersionedLocalData(storage, ['app-', 'pos-', 'user-']);
    expect(keys(storage)).toEqual(['application', 'appointments-view', 'auth', 'sync_config', 'users_seen']);
  });
});
