import { describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_BADGE, NOTIFICATION_ICON } from '../contracts/push';
import { WORKER_MESSAGE } from '../domain/constants';
import { APP_NAME, clickTarget, focusOrOpen, notificationFromPush } from './notifications';
import type { WorkerBroadcast } from './messages';
import type { ClientsLike, WindowClientLike } from './notifications';

const ORIGIN = 'https://till.example';

describe('notificationFromPush', () => {
  it('shows the payload of the spec with its defaults for icon and badge', () => {
    const spec = notificationFromPush(
      JSON.stringify({
        title: 'Walk-in',
        body: 'Ann checked in',
        tag: 'walk-in',
        data: { url: '/pos/walk-in', type: 'walk-in', storeId: 1 },
        requireInteraction: true,
        silent: false,
        actions: [{ action: 'open', title: 'Open' }],
        timestamp: 1_700_000_000_000,
      }),
    );
    expect(spec).toEqual({
      title: 'Walk-in',
      options: {
        body: 'Ann checked in',
        icon: NOTIFICATION_ICON,
        badge: NOTIFICATION_BADGE,
        tag: 'walk-in',
        data: { url: '/pos/walk-in', type: 'walk-in', storeId: 1 },
        requireInteraction: true,
        silent: false,
        actions: [{ action: 'open', title: 'Open' }],
        timestamp: 1_700_000_000_000,
      },
    });
  });

  it('shows text that is not JSON under the app name, and something for an empty push', () => {
    expect(notificationFromPush('Hello')).toMatchObject({ title: APP_NAME, options: { body: 'Hello' } });
    expect(notificationFromPush(null)).toMatchObject({
      title: APP_NAME,
      options: { icon: NOTIFICATION_ICON },
    });
    expect(notificationFromPush('[1,2]').title).toBe(APP_NAME);
  });

  it('drops malformed fields instead of failing', () => {
    const spec = notificationFromPush(
      JSON.stringify({
        title: 42,
        body: ['x'],
        data: 'nope',
        actions: [{ title: 'no action' }],
        silent: 'yes',
      }),
    );
    expect(spec).toEqual({
      title: APP_NAME,
      options: { icon: NOTIFICATION_ICON, badge: NOTIFICATION_BADGE, data: {} },
    });
  });
});

describe('clickTarget', () => {
  it('opens data.url, else data.route, else the start page', () => {
    expect(clickTarget({ url: '/pos/walk-in', route: '/x' }, ORIGIN)).toBe(`${ORIGIN}/pos/walk-in`);
    expect(clickTarget({ route: '/pos/sales' }, ORIGIN)).toBe(`${ORIGIN}/pos/sales`);
    expect(clickTarget(undefined, ORIGIN)).toBe(`${ORIGIN}/`);
  });

  it('never leaves the app for another origin', () => {
    expect(clickTarget({ url: 'https://evil.example/phish' }, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(clickTarget({ url: 'https://evil.example/x', route: '/dashboard' }, ORIGIN)).toBe(
      `${ORIGIN}/dashboard`,
    );
  });

  it("follows an action's own url when the payload gives one", () => {
    expect(clickTarget({ url: '/', actions: { receipt: '/pos/receipts/9' } }, ORIGIN, 'receipt')).toBe(
      `${ORIGIN}/pos/receipts/9`,
    );
  });
});

describe('focusOrOpen', () => {
  function client(url: string, focused = false) {
    return {
      url,
      focused,
      focus: vi.fn(async () => undefined),
      postMessage: vi.fn((_message: WorkerBroadcast) => undefined),
    } satisfies WindowClientLike;
  }
  function clients(windows: WindowClientLike[]): ClientsLike & { openWindow: ReturnType<typeof vi.fn> } {
    return { matchAll: async () => windows, openWindow: vi.fn(async () => null) };
  }

  it('opens a window at the url when no tab of the app is open', async () => {
    const all = clients([]);
    expect(await focusOrOpen(all, `${ORIGIN}/pos/walk-in`)).toBe('opened');
    expect(all.openWindow).toHaveBeenCalledWith(`${ORIGIN}/pos/walk-in`);
  });

  it('focuses the tab already at the url, else the focused one, and tells it where to go', async () => {
    const atUrl = client(`${ORIGIN}/pos/walk-in`);
    const focused = client(`${ORIGIN}/pos/sales`, true);
    expect(await focusOrOpen(clients([focused, atUrl]), `${ORIGIN}/pos/walk-in`)).toBe('focused');
    expect(atUrl.focus).toHaveBeenCalled();
    expect(atUrl.postMessage).toHaveBeenCalledWith({
      type: WORKER_MESSAGE.FOCUS_CLIENT,
      url: `${ORIGIN}/pos/walk-in`,
    });

    const other = client(`${ORIGIN}/login`);
    await focusOrOpen(clients([other, focused]), `${ORIGIN}/dashboard`);
    expect(focused.postMessage).toHaveBeenCalledWith({
      type: WORKER_MESSAGE.FOCUS_CLIENT,
      url: `${ORIGIN}/dashboard`,
    });
    expect(other.postMessage).not.toHaveBeenCalled();
  });
});
