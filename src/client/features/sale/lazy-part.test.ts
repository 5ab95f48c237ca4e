import { createElement, Suspense } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPart, preloadWhenIdle } from './lazy-part';

const Dialog = () => 'the dialog';
const inSuspense = (part: ReturnType<typeof lazyPart>) =>
  renderToStaticMarkup(createElement(Suspense, { fallback: 'loading' }, createElement(part.Component)));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('lazyPart', () => {
  it('fetches its chunk once however often it is preloaded', async () => {
    const load = vi.fn(() => Promise.resolve(Dialog));
    const part = lazyPart(load);
    await Promise.all([part.preload(), part.preload()]);
    await part.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders in the same pass once warmed, and shows the fallback before', async () => {
    const cold = lazyPart(() => Promise.resolve(Dialog));
    expect(inSuspense(cold)).toContain('loading');
    const warmed = lazyPart(() => Promise.resolve(Dialog));
    await warmed.preload();
    expect(inSuspense(warmed)).toBe('the dialog');
  });

  it('fetches again after a failed fetch (offline before the warm-up, online at the tap)', async () => {
    const load = vi
      .fn<() => Promise<typeof Dialog>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(Dialog);
    const part = lazyPart(load);
    await expect(part.preload()).rejects.toThrow('offline');
    await expect(part.preload()).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('preloadWhenIdle', () => {
  it('runs one preload per idle period, in order, and goes on after a failure', async () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const ran: string[] = [];
    const preload =
      (name: string, fails = false) =>
      () => {
        ran.push(name);
        return fails ? Promise.reject(new Error(name)) : Promise.resolve();
      };
    preloadWhenIdle([preload('pay'), preload('receipt', true), preload('tips')]);
    expect(ran).toEqual([]);

    for (const expected of [['pay'], ['pay', 'receipt'], ['pay', 'receipt', 'tips']]) {
      await vi.waitFor(() => expect(idle.length).toBeGreaterThan(0));
      idle.shift()?.();
      expect(ran).toEqual(expected);
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(idle).toEqual([]);
  });

  it('stops when cancelled (the screen went away)', () => {
    const cancelIdle = vi.fn();
    vi.stubGlobal('requestIdleCallback', () => 7);
    vi.stubGlobal('cancelIdleCallback', cancelIdle);
    const preload = vi.fn(() => Promise.resolve());
    const cancel = preloadWhenIdle([preload]);
    cancel();
    expect(cancelIdle).toHaveBeenCalledWith(7);
    expect(preload).not.toHaveBeenCalled();
  });

  it('waits a moment instead where the browser has no requestIdleCallback (Safari)', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const preload = vi.fn(() => Promise.resolve());
    preloadWhenIdle([preload]);
    expect(preload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300);
    expect(preload).toHaveBeenCalledTimes(1);
  });
});
