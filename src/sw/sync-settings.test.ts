import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SYNC_CONFIG } from '../domain/sync-config';
import { createSyncSettings, drainOptions } from './sync-settings';
import type { SettingStore } from './settings-db';

function memoryStore(initial?: unknown): SettingStore & { value: unknown } {
  const store = {
    value: initial,
    read: vi.fn(async () => store.value),
    write: vi.fn(async (value: unknown) => {
      store.value = value;
    }),
  };
  return store;
}

describe("the worker's copy of the sync configuration", () => {
  it('drains with the defaults until the page hands its configuration over', async () => {
    const settings = createSyncSettings(memoryStore());
    expect(await settings.current()).toEqual(DEFAULT_SYNC_CONFIG);
    expect(drainOptions(await settings.current())).toEqual({
      batchSize: 10,
      retryIntervals: [5_000, 30_000, 120_000],
    });
  });

  it('keeps what the page saved, across a restart of the worker (IndexedDB), and drains with it', async () => {
    const store = memoryStore();
    await createSyncSettings(store).remember({
      ...DEFAULT_SYNC_CONFIG,
      batchSize: 25,
      retryIntervals: [1_000, 10_000, 60_000],
    });
    const restarted = createSyncSettings(store);
    expect(drainOptions(await restarted.current())).toEqual({
      batchSize: 25,
      retryIntervals: [1_000, 10_000, 60_000],
    });
  });

  it('a field out of its range falls back to its default (001 §5), the others are kept', async () => {
    const settings = createSyncSettings(memoryStore());
    await settings.remember({ batchSize: 500, retryIntervals: [2_000, 4_000, 8_000] });
    expect(drainOptions(await settings.current())).toEqual({
      batchSize: 10,
      retryIntervals: [2_000, 4_000, 8_000],
    });
  });

  it('reads the store once, then answers from memory; a store that fails gives the defaults', async () => {
    const store = memoryStore({ ...DEFAULT_SYNC_CONFIG, batchSize: 30 });
    const settings = createSyncSettings(store);
    await settings.current();
    await settings.current();
    expect(store.read).toHaveBeenCalledOnce();
    const broken = createSyncSettings({
      read: async () => Promise.reject(new Error('blocked')),
      write: async () => undefined,
    });
    expect(await broken.current()).toEqual(DEFAULT_SYNC_CONFIG);
  });
});
