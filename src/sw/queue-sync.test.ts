import { describe, expect, it, vi } from 'vitest';
import { WORKER_MESSAGE } from '../domain/constants';
import { SYNC_TAG } from './messages';
import { createQueueSync, SYNC_ONLINE_GRACE_MS, SyncIncompleteError } from './queue-sync';
import type { DrainResult, QueueSyncDeps } from './queue-sync';

const drained = (result: Partial<DrainResult> = {}): DrainResult => ({
  sent: 0,
  failed: 0,
  held: 0,
  remaining: 0,
  reachable: true,
  ...result,
});

function deps(overrides: Partial<QueueSyncDeps> = {}): QueueSyncDeps {
  return {
    drain: vi.fn(async () => drained()),
    isOnline: () => true,
    registerSync: vi.fn(async () => undefined),
    broadcast: vi.fn(async () => undefined),
    delay: async () => undefined,
    ...overrides,
  };
}

describe('createQueueSync', () => {
  it('registers the sync tag for a queued request where the browser has Background Sync', async () => {
    const d = deps();
    const sync = createQueueSync(d);
    expect(sync.backgroundSync).toBe(true);
    await sync.requestSync();
    expect(d.registerSync).toHaveBeenCalledWith(SYNC_TAG);
    expect(d.drain).not.toHaveBeenCalled();
  });

  it('replays at once when online where there is no Background Sync, and not at all offline', async () => {
    const online = deps({ registerSync: null });
    await createQueueSync(online).requestSync();
    expect(online.drain).toHaveBeenCalledOnce();

    const offline = deps({ registerSync: null, isOnline: () => false });
    await createQueueSync(offline).requestSync();
    expect(offline.drain).not.toHaveBeenCalled();
  });

  it('replays when the browser refuses the registration', async () => {
    const d = deps({ registerSync: async () => Promise.reject(new Error('denied')) });
    await createQueueSync(d).requestSync();
    expect(d.drain).toHaveBeenCalledOnce();
  });

  it('drains on its sync tag, tells the pages what it sent, and ignores other tags', async () => {
    const d = deps({ drain: vi.fn(async () => drained({ sent: 3 })) });
    const sync = createQueueSync(d);
    await sync.onSync('some-other-tag', false);
    expect(d.drain).not.toHaveBeenCalled();
    await sync.onSync(SYNC_TAG, false);
    expect(d.broadcast).toHaveBeenCalledWith({
      type: WORKER_MESSAGE.BACKGROUND_SYNC,
      sent: 3,
      failed: 0,
      held: 0,
      remaining: 0,
      reason: 'sync',
    });
  });

  it('a session expired overnight (401): the drain holds the sales, says so, and the sync event ends', async () => {
    // The worker has no other token: trying again later would only be refused again. The page sends them once
    // someone signs in (lib/offline-queue/flush.ts wakeHeld), so the browser is not asked to retry.
    const d = deps({ drain: vi.fn(async () => drained({ held: 12 })) });
    const sync = createQueueSync(d);
    await expect(sync.onSync(SYNC_TAG, false)).resolves.toBeUndefined();
    expect(d.broadcast).toHaveBeenCalledWith({
      type: WORKER_MESSAGE.BACKGROUND_SYNC,
      sent: 0,
      failed: 0,
      held: 12,
      remaining: 0,
      reason: 'sync',
    });
  });

  it('fails the sync event while requests wait, so the browser tries again, except on its last chance', async () => {
    const unreachable = createQueueSync(
      deps({ drain: async () => drained({ failed: 1, reachable: false }) }),
    );
    await expect(unreachable.onSync(SYNC_TAG, false)).rejects.toBeInstanceOf(SyncIncompleteError);
    await expect(unreachable.onSync(SYNC_TAG, true)).resolves.toBeUndefined();

    const dueLater = createQueueSync(deps({ drain: async () => drained({ failed: 1, remaining: 1 }) }));
    await expect(dueLater.onSync(SYNC_TAG, false)).rejects.toBeInstanceOf(SyncIncompleteError);

    const offline = createQueueSync(deps({ isOnline: () => false }));
    await expect(offline.onSync(SYNC_TAG, false)).rejects.toBeInstanceOf(SyncIncompleteError);
  });

  it('gives the worker a moment to see the network the browser fired `sync` for, instead of failing the event', async () => {
    let checks = 0;
    const waits: number[] = [];
    const d = deps({
      // The worker's navigator.onLine learns of the network three checks after the browser did.
      isOnline: () => (checks += 1) > 3,
      drain: vi.fn(async () => drained({ sent: 1 })),
      delay: async (ms) => void waits.push(ms),
    });
    await createQueueSync(d).onSync(SYNC_TAG, false);
    expect(d.drain).toHaveBeenCalledOnce();
    expect(waits.length).toBeGreaterThan(0);

    // Still offline after the grace: the event fails, and the browser tries again later.
    const waited: number[] = [];
    const offline = deps({ isOnline: () => false, delay: async (ms) => void waited.push(ms) });
    await expect(createQueueSync(offline).onSync(SYNC_TAG, false)).rejects.toBeInstanceOf(
      SyncIncompleteError,
    );
    expect(waited.reduce((a, b) => a + b, 0)).toBe(SYNC_ONLINE_GRACE_MS);
    expect(offline.drain).not.toHaveBeenCalled();
  });

  it('runs one drain at a time: a second trigger joins the first', async () => {
    let finish: (result: DrainResult) => void = () => undefined;
    const drain = vi.fn(() => new Promise<DrainResult>((resolve) => (finish = resolve)));
    const sync = createQueueSync(deps({ drain }));
    const first = sync.replay('start');
    const second = sync.replay('online');
    finish(drained({ sent: 1 }));
    expect(await first).toEqual(await second);
    expect(drain).toHaveBeenCalledOnce();
    const third = sync.replay('online');
    finish(drained());
    await third;
    expect(drain).toHaveBeenCalledTimes(2);
  });

  it('survives a drain that throws (offline after all): nothing is broadcast', async () => {
    const d = deps({ drain: async () => Promise.reject(new Error('Cannot sync while offline')) });
    expect(await createQueueSync(d).replay('start')).toBeNull();
    expect(d.broadcast).not.toHaveBeenCalled();
  });
});
