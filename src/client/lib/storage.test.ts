import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../contracts/auth';
import { MANAGER_SESSION } from '../../../tests/support/machines/auth-session';
import { waitingTicketsKey } from '../../domain/constants';
import { createRequestQueue } from './offline-queue/request-queue';
import {
  clearSession,
  countUnsyncedWrites,
  createMemoryStorage,
  isKeptOnLogout,
  KEPT_ON_LOGOUT_KEYS,
  readAuthRecord,
  readInitialSettings,
  readRememberedUsername,
  readToken,
  rememberUsername,
  saveInitialSettings,
  saveSession,
  saveUser,
  STORAGE_KEYS,
  WAITING_TICKETS_PREFIX,
} from './storage';

/** The demo manager's login, in English: a test below switches the language to Vietnamese. */
const LOGIN: LoginResponse = {
  ...MANAGER_SESSION,
  token: 'tok-1',
  initial_settings: {
    ...MANAGER_SESSION.initial_settings,
    storeSettings: { ...MANAGER_SESSION.initial_settings.storeSettings, language: 'en' },
  },
};

describe('the auth record', () => {
  it('login saves the auth record and, separately, the initial settings', () => {
    const store = createMemoryStorage();
    saveSession(LOGIN, store);
    expect(readAuthRecord(store)).toEqual(LOGIN);
    expect(readToken(store)).toBe('tok-1');
    expect(JSON.parse(store.getItem(STORAGE_KEYS.INITIAL_SETTINGS) ?? '')).toEqual(LOGIN.initial_settings);
    expect(readInitialSettings(store)).toEqual(LOGIN.initial_settings);
  });

  it('the record holds what the spec names: token, user, permissions, store_id, workstation_id, initial_settings', () => {
    const store = createMemoryStorage();
    saveSession(LOGIN, store);
    const stored = JSON.parse(store.getItem(STORAGE_KEYS.AUTH) ?? '{}') as Record<string, unknown>;
    for (const key of ['token', 'user', 'permissions', 'store_id', 'workstation_id', 'initial_settings']) {
      expect(stored).toHaveProperty(key);
    }
  });

  it('a missing, broken or foreign record reads as no session', () => {
    expect(readAuthRecord(createMemoryStorage())).toBeNull();
    expect(readAuthRecord(createMemoryStorage({ auth: '{not json' }))).toBeNull();
    expect(readAuthRecord(createMemoryStorage({ auth: JSON.stringify({ token: 'x' }) }))).toBeNull();
    expect(readToken(createMemoryStorage({ auth: JSON.stringify({ ...LOGIN, token: '' }) }))).toBeNull();
  });

  it('a profile update merges the returned user into the stored one', () => {
    const store = createMemoryStorage();
    saveSession(LOGIN, store);
    const next = saveUser({ first_name: 'Mary', email: 'mary@example.com' }, store);
    expect(next?.user).toEqual({ ...LOGIN.user, first_name: 'Mary', email: 'mary@example.com' });
    expect(readAuthRecord(store)?.user.first_name).toBe('Mary');
    expect(readAuthRecord(store)?.token).toBe('tok-1');
  });

  it('with no session a profile update stores nothing', () => {
    const store = createMemoryStorage();
    expect(saveUser({ first_name: 'Mary' }, store)).toBeNull();
    expect(store.length).toBe(0);
  });

  it('new initial settings replace those in the stored login response and the separate copy', () => {
    const store = createMemoryStorage();
    saveSession(LOGIN, store);
    const settings = {
      ...LOGIN.initial_settings,
      storeSettings: { ...LOGIN.initial_settings.storeSettings, language: 'vi' as const },
    };
    saveInitialSettings(settings, store);
    expect(readAuthRecord(store)?.initial_settings.storeSettings.language).toBe('vi');
    expect(readInitialSettings(store)?.storeSettings.language).toBe('vi');
  });
});

describe('logout', () => {
  it('clears local storage except the kept list', () => {
    const ticketKey = waitingTicketsKey(1, 2);
    const store = createMemoryStorage({
      printer_settings: '{"width":80}',
      app_version: '1.2.0',
      remember_user: 'manager',
      log_level: 'warn',
      user_uuid: 'u-1',
      device_list: '[]',
      i18nextLng: 'vi',
      'i18next_res_vi-common': '{}',
      [ticketKey]: '[{"id":"t1"}]',
      [waitingTicketsKey(null, null)]: '[]',
      api_cache__checked_in__1__1__15__: '{}',
      something_else: 'x',
    });
    saveSession(LOGIN, store);
    clearSession(store);
    const left = Array.from({ length: store.length }, (_, i) => store.key(i)).sort();
    expect(left).toEqual(
      [
        'app_version',
        'device_list',
        'i18nextLng',
        'i18next_res_vi-common',
        'log_level',
        'printer_settings',
        'remember_user',
        'user_uuid',
        ticketKey,
        'waiting_sale_tickets__none__none',
      ].sort(),
    );
    expect(readAuthRecord(store)).toBeNull();
    expect(store.getItem(ticketKey)).toBe('[{"id":"t1"}]');
  });

  it('the waiting tickets prefix follows the domain key', () => {
    expect(WAITING_TICKETS_PREFIX).toBe('waiting_sale_tickets__');
    expect(waitingTicketsKey(7, 3).startsWith(WAITING_TICKETS_PREFIX)).toBe(true);
  });

  it('the session keys are not on the kept list', () => {
    expect(isKeptOnLogout(STORAGE_KEYS.AUTH)).toBe(false);
    expect(isKeptOnLogout(STORAGE_KEYS.INITIAL_SETTINGS)).toBe(false);
    expect(KEPT_ON_LOGOUT_KEYS).toContain(STORAGE_KEYS.REMEMBER_USER);
  });

  it("keeps the device's PWA settings (ADR 010): sync timing, install prompt, caches, widgets, shortcuts", () => {
    for (const key of [
      'sync_config',
      'install_auto_show',
      'pwa_cache_configs',
      'pwa_widgets',
      'pwa_shortcuts',
    ]) {
      expect(isKeptOnLogout(key), key).toBe(true);
    }
    expect(isKeptOnLogout('pos-open-ticket')).toBe(false);
  });
});

describe('logout and the offline queue (design.md §6)', () => {
  async function queueWithWork() {
    globalThis.indexedDB = new IDBFactory();
    const queue = createRequestQueue({ locks: null });
    await queue.enqueue({ url: '/api/pos/sales', method: 'POST', body: '{"uuid":"a"}' });
    await queue.enqueue({ url: '/api/pos/customers', method: 'POST', body: '{}' });
    const failed = await queue.enqueue({ url: '/api/payments/refund', method: 'POST', body: '{}' });
    await queue.markFailed(failed.id, 'HTTP 500: Internal Server Error');
    await queue.enqueue({ url: '/api/report/daily', method: 'GET' });
    return queue;
  }

  it('counts the writes not yet on the server, failed ones included, queued reads not', async () => {
    const queue = await queueWithWork();
    expect(await countUnsyncedWrites(() => Promise.resolve(queue))).toBe(3);
    await queue.close();
  });

  it('clearing the session leaves the queue (IndexedDB offline-queue) as it was', async () => {
    const queue = await queueWithWork();
    const before = await queue.list();
    const store = createMemoryStorage();
    saveSession(LOGIN, store);
    clearSession(store);
    expect(readAuthRecord(store)).toBeNull();
    expect(await queue.list()).toEqual(before);
    await queue.close();
  });
});

describe('remember user', () => {
  it('stores the username under the kept key, and forgets it on null', () => {
    const store = createMemoryStorage();
    rememberUsername('cashier', store);
    expect(store.getItem(STORAGE_KEYS.REMEMBER_USER)).toBe('cashier');
    expect(readRememberedUsername(store)).toBe('cashier');
    clearSession(store);
    expect(readRememberedUsername(store)).toBe('cashier');
    rememberUsername(null, store);
    expect(readRememberedUsername(store)).toBeNull();
  });
});
