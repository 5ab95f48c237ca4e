import { describe, expect, it, vi } from 'vitest';
import { PUSH_RENEWAL } from '../../../domain/constants';
import { readPendingRenewal } from '../../lib/push-renewal-note';
import type { PendingRenewal } from '../../lib/push-renewal-note';
import { forwardPushRenewal } from './push-renewal';

/** Cache Storage as the worker leaves it: one cache, Responses by path. */
function fakeCaches(initial?: PendingRenewal) {
  const entries = new Map<string, string>();
  if (initial) entries.set(PUSH_RENEWAL.PATH, JSON.stringify(initial));
  const cache = {
    match: (path: string) => {
      const text = entries.get(path);
      return Promise.resolve(text === undefined ? undefined : new Response(text));
    },
    put: (path: string, response: Response) => response.text().then((text) => void entries.set(path, text)),
    delete: (path: string) => Promise.resolve(entries.delete(path)),
  };
  const open = vi.fn((name: string) => {
    expect(name).toBe(PUSH_RENEWAL.CACHE);
    return Promise.resolve(cache as unknown as Cache);
  });
  return { caches: { open }, entries, cache };
}

const renewed = {
  endpoint: 'https://push.example/new',
  expirationTime: null,
  keys: { p256dh: 'p', auth: 'a' },
};

describe('forwardPushRenewal', () => {
  it('registers the new subscription, drops the old endpoint and removes the note', async () => {
    const { caches, entries } = fakeCaches({
      subscription: renewed,
      oldEndpoint: 'https://push.example/old',
      at: 1,
    });
    const subscribe = vi.fn(() => Promise.resolve());
    const unsubscribe = vi.fn(() => Promise.resolve());
    await expect(forwardPushRenewal({ caches, subscribe, unsubscribe })).resolves.toBe(true);
    expect(subscribe).toHaveBeenCalledWith(renewed);
    expect(unsubscribe).toHaveBeenCalledWith('https://push.example/old');
    expect(entries.has(PUSH_RENEWAL.PATH)).toBe(false);
  });

  it('without a new subscription (the worker could not resubscribe) only drops the old endpoint', async () => {
    const { caches } = fakeCaches({ subscription: null, oldEndpoint: 'https://push.example/old', at: 1 });
    const subscribe = vi.fn(() => Promise.resolve());
    const unsubscribe = vi.fn(() => Promise.resolve());
    await forwardPushRenewal({ caches, subscribe, unsubscribe });
    expect(subscribe).not.toHaveBeenCalled();
    expect(unsubscribe).toHaveBeenCalledWith('https://push.example/old');
  });

  it('keeps the note when the server refuses, for the next start', async () => {
    const { caches, entries } = fakeCaches({ subscription: renewed, oldEndpoint: null, at: 1 });
    const subscribe = vi.fn(() => Promise.reject(new Error('offline')));
    await expect(forwardPushRenewal({ caches, subscribe, unsubscribe: vi.fn() })).rejects.toThrow('offline');
    expect(entries.has(PUSH_RENEWAL.PATH)).toBe(true);
  });

  it('leaves a newer note the worker wrote meanwhile', async () => {
    const { caches, entries } = fakeCaches({ subscription: renewed, oldEndpoint: null, at: 1 });
    const subscribe = vi.fn(() => {
      entries.set(PUSH_RENEWAL.PATH, JSON.stringify({ subscription: renewed, oldEndpoint: null, at: 2 }));
      return Promise.resolve();
    });
    await forwardPushRenewal({ caches, subscribe, unsubscribe: vi.fn() });
    await expect(readPendingRenewal(caches)).resolves.toMatchObject({ at: 2 });
  });

  it('does nothing without a note, and ignores a damaged one', async () => {
    const subscribe = vi.fn();
    await expect(
      forwardPushRenewal({ caches: fakeCaches().caches, subscribe, unsubscribe: vi.fn() }),
    ).resolves.toBe(false);
    const { caches, entries } = fakeCaches();
    entries.set(PUSH_RENEWAL.PATH, '{not json');
    await expect(forwardPushRenewal({ caches, subscribe, unsubscribe: vi.fn() })).resolves.toBe(false);
    expect(subscribe).not.toHaveBeenCalled();
  });
});
