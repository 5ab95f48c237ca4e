/**
 * The login session in browser storage (docs/security.md#sessions: "Login session (kept in browser storage as
 * an auth record): token; user; permissions; store_id; workstation_id; initial_settings … Initial settings
 * are also stored separately"; docs/security.md#sessions "After login the session and initial settings are
 * saved locally"; "A profile update merges the returned data into the stored user"; "Updating initial
 * settings replaces initial_settings in the stored login response"), and what logout keeps
 * (docs/security.md#sessions: "logout clears local storage except the spec's kept list").
 *
 * Kept on logout, by key (names ours; the spec names the things, not the keys): printer settings, app version,
 * remembered username, log level, the translation cache, the device's uuid, the device listing, and every
 * waiting ticket (waitingTicketsKey in src/domain/constants.ts; a parked ticket belongs to the till, not to the
 * person who logged out, and must never be lost); and, beyond the spec's list (ADR 010), the device's PWA
 * settings (sync timing, install prompt, cache configurations, widgets, shortcuts). The offline request queue lives in IndexedDB, which a
 * localStorage clear never touches (docs/offline.md: logout never deletes the queue).
 *
 * Every function takes the Storage to use (tests pass an in-memory one); the default is window.localStorage,
 * or an in-memory stand-in where it is missing or refused (Safari private mode throws on setItem).
 */
import type { AuthUser, InitialSettings, LoginResponse } from '../../contracts/auth';
import { waitingTicketsKey } from '../../domain/constants';
import type { Order, WaitingTicket } from '../../domain/order.types';
import { isWrite } from './offline-queue/classify';
import { loadDefaultQueue } from './offline-queue/offline-fetch';
import type { RequestQueue } from './offline-queue/request-queue';

export const STORAGE_KEYS = {
  /** The auth record: the login response as the server sent it. */
  AUTH: 'auth',
  INITIAL_SETTINGS: 'initial_settings',
  PRINTER_SETTINGS: 'printer_settings',
  APP_VERSION: 'app_version',
  /** The username of "Remember me" on the login screen. */
  REMEMBER_USER: 'remember_user',
  LOG_LEVEL: 'log_level',
  USER_UUID: 'user_uuid',
  DEVICE_LIST: 'device_list',
  /** i18next-localstorage-backend's default prefix; one key per language and namespace. */
  LANGUAGE_CACHE_PREFIX: 'i18next_res_',
  /** The language i18next chose last (its conventional key). */
  LANGUAGE: 'i18nextLng',
  /** This device's offline sync timing (settings dialog tab 1; app/pwa-platform.ts SYNC_CONFIG_KEY). */
  SYNC_CONFIG: 'sync_config',
  /** Whether the install banner shows by itself on this device (tab 3; pwa-platform.ts INSTALL_AUTO_SHOW_KEY). */
  INSTALL_AUTO_SHOW: 'install_auto_show',
  /** This device's cache configurations, widgets and shortcuts (tabs 4 and 5; features/pwa/local-settings.ts). */
  PWA_SETTINGS_PREFIX: 'pwa_',
  /**
   * Ours: the new sale being rung up at this till, saved on every change until it is completed or parked, so a
   * reload (an update's Update Now, a crash, a closed tab, a logout) never loses it; it comes back as a waiting
   * ticket. Suffix: the waiting tickets' `{store_id}__{workstation_id}`.
   */
  OPEN_TICKET_PREFIX: 'open_sale_ticket__',
  /**
   * Ours: the kiosk token this tablet was paired with (src/contracts/kiosk.ts, sent as X-Kiosk-Token), so the
   * public kiosk and review pages work with nobody logged in (docs/walk-in-screens.md#the-customer-kiosk).
   */
  KIOSK_TOKEN: 'kiosk_token',
} as const;

/** "waiting_sale_tickets__" — derived from the domain's key so the two never drift apart. */
export const WAITING_TICKETS_PREFIX = waitingTicketsKey('\u0000', '\u0000').split('\u0000')[0] as string;

export const KEPT_ON_LOGOUT_KEYS: readonly string[] = [
  STORAGE_KEYS.PRINTER_SETTINGS,
  STORAGE_KEYS.APP_VERSION,
  STORAGE_KEYS.REMEMBER_USER,
  STORAGE_KEYS.LOG_LEVEL,
  STORAGE_KEYS.USER_UUID,
  STORAGE_KEYS.DEVICE_LIST,
  STORAGE_KEYS.LANGUAGE,
  // Ours, beyond the spec's list (ADR 010): the device's offline and app settings belong to the till, like its
  // printer settings; clearing them at every logout also dropped the worker's saved cache configurations.
  STORAGE_KEYS.SYNC_CONFIG,
  STORAGE_KEYS.INSTALL_AUTO_SHOW,
  // A kiosk's pairing belongs to the tablet: a staff member signing out on it must not unpair it.
  STORAGE_KEYS.KIOSK_TOKEN,
];
export const KEPT_ON_LOGOUT_PREFIXES: readonly string[] = [
  STORAGE_KEYS.LANGUAGE_CACHE_PREFIX,
  WAITING_TICKETS_PREFIX,
  STORAGE_KEYS.PWA_SETTINGS_PREFIX,
  STORAGE_KEYS.OPEN_TICKET_PREFIX,
];

export function isKeptOnLogout(key: string): boolean {
  return (
    KEPT_ON_LOGOUT_KEYS.includes(key) || KEPT_ON_LOGOUT_PREFIXES.some((prefix) => key.startsWith(prefix))
  );
}

/** The auth record (docs/security.md#sessions): token, user, permissions, store_id, workstation_id, initial_settings, expires_at. */
export type AuthRecord = LoginResponse;

/** A Storage kept in memory: for tests, and where localStorage is missing or refused. */
export function createMemoryStorage(initial: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(initial));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => {
      map.delete(key);
    },
    setItem: (key, value) => {
      map.set(key, String(value));
    },
  };
}

let fallback: Storage | null = null;

export function defaultStorage(): Storage {
  try {
    const store = globalThis.localStorage;
    if (store) {
      const probe = '__storage_probe__';
      store.setItem(probe, probe);
      store.removeItem(probe);
      return store;
    }
  } catch {
    // Refused (private mode, disabled storage): fall through to memory.
  }
  fallback ??= createMemoryStorage();
  return fallback;
}

function readJson(store: Storage, key: string): unknown {
  const text = store.getItem(key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A stored record is trusted only if it has the shape the app reads: an old or hand-edited copy would otherwise
 * crash the shell before the login screen can even show. (Not a zod parse: zod stays out of the shell's chunk.)
 */
function isAuthRecord(value: unknown): value is AuthRecord {
  if (!isObject(value)) return false;
  const { token, user, permissions, store_id, initial_settings } = value;
  return (
    typeof token === 'string' &&
    token.length > 0 &&
    isObject(user) &&
    typeof user.id === 'number' &&
    typeof user.role === 'string' &&
    isObject(permissions) &&
    Array.isArray(permissions.modules) &&
    typeof store_id === 'number' &&
    isObject(initial_settings) &&
    isObject(initial_settings.storeSettings) &&
    isObject(initial_settings.generalSettings)
  );
}

export function readAuthRecord(store: Storage = defaultStorage()): AuthRecord | null {
  const value = readJson(store, STORAGE_KEYS.AUTH);
  return isAuthRecord(value) ? value : null;
}

export function readToken(store: Storage = defaultStorage()): string | null {
  return readAuthRecord(store)?.token ?? null;
}

export function readInitialSettings(store: Storage = defaultStorage()): InitialSettings | null {
  const value = readJson(store, STORAGE_KEYS.INITIAL_SETTINGS);
  return isObject(value) && isObject(value.storeSettings) && isObject(value.generalSettings)
    ? (value as unknown as InitialSettings)
    : null;
}

/** After login (docs/security.md#sessions): the auth record and, separately, its initial settings. */
export function saveSession(record: AuthRecord, store: Storage = defaultStorage()): void {
  store.setItem(STORAGE_KEYS.AUTH, JSON.stringify(record));
  store.setItem(STORAGE_KEYS.INITIAL_SETTINGS, JSON.stringify(record.initial_settings));
}

/** A profile update merges the returned user into the stored one (docs/security.md#sessions). Returns the new record. */
export function saveUser(user: Partial<AuthUser>, store: Storage = defaultStorage()): AuthRecord | null {
  const record = readAuthRecord(store);
  if (!record) return null;
  const next: AuthRecord = { ...record, user: { ...record.user, ...user } };
  store.setItem(STORAGE_KEYS.AUTH, JSON.stringify(next));
  return next;
}

/** Replaces initial_settings in the stored login response, and the separate copy (docs/security.md#sessions). */
export function saveInitialSettings(
  settings: InitialSettings,
  store: Storage = defaultStorage(),
): AuthRecord | null {
  store.setItem(STORAGE_KEYS.INITIAL_SETTINGS, JSON.stringify(settings));
  const record = readAuthRecord(store);
  if (!record) return null;
  const next: AuthRecord = { ...record, initial_settings: settings };
  store.setItem(STORAGE_KEYS.AUTH, JSON.stringify(next));
  return next;
}

/** Logout and 401 (docs/security.md#sessions, docs/api.md#the-client): everything but the kept list goes. */
export function clearSession(store: Storage = defaultStorage()): void {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key !== null) keys.push(key);
  }
  for (const key of keys) if (!isKeptOnLogout(key)) store.removeItem(key);
}

/**
 * What logout would leave behind unsent (docs/offline.md; the auth chart's countUnsyncedWrites): the writes
 * of the offline queue (IndexedDB `offline-queue`) that have not reached the server, waiting or failed.
 * Queued reads do not count: nothing is lost with them. Logout never clears the queue; clearSession above
 * only touches browser storage. The queue module loads here on first use (it is not in the shell's chunk).
 */
export async function countUnsyncedWrites(
  loadQueue: () => Promise<Pick<RequestQueue, 'list'>> = loadDefaultQueue,
): Promise<number> {
  const requests = await (await loadQueue()).list();
  return requests.filter((request) => isWrite(request.method)).length;
}

export function readRememberedUsername(store: Storage = defaultStorage()): string | null {
  const value = store.getItem(STORAGE_KEYS.REMEMBER_USER);
  return value ? value : null;
}

/** "Remember me": a username to prefill, or null to forget it. Never the password. */
export function rememberUsername(username: string | null, store: Storage = defaultStorage()): void {
  if (username) store.setItem(STORAGE_KEYS.REMEMBER_USER, username);
  else store.removeItem(STORAGE_KEYS.REMEMBER_USER);
}

/** The kiosk token this tablet was paired with; null when it was never paired. */
export function readKioskToken(store: Storage = defaultStorage()): string | null {
  const value = store.getItem(STORAGE_KEYS.KIOSK_TOKEN);
  return value ? value : null;
}

/** Pairs the tablet (a token) or unpairs it (null). */
export function saveKioskToken(token: string | null, store: Storage = defaultStorage()): void {
  if (token) store.setItem(STORAGE_KEYS.KIOSK_TOKEN, token.trim());
  else store.removeItem(STORAGE_KEYS.KIOSK_TOKEN);
}

// ---- waiting tickets (docs/sales.md#the-sale-screen: "stored only locally under
// waiting_sale_tickets__{store_id}__{workstation_id}
// (store and workstation fall back to 'none')") ------------------------------------------------------------

/** This till's key: the stored session's store and workstation, each 'none' when unknown. */
export function currentWaitingTicketsKey(store: Storage = defaultStorage()): string {
  const record = readAuthRecord(store);
  return waitingTicketsKey(record?.store_id ?? null, record?.workstation_id ?? null);
}

function isWaitingTicket(value: unknown): value is WaitingTicket {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.saved_at === 'string' &&
    isObject(value.order) &&
    Array.isArray(value.order.orderEmployees)
  );
}

/**
 * The parked tickets of this till. Entries that cannot be read (an old or hand-edited copy) are skipped
 * rather than crashing the sale screen; the key is only ever rewritten by saveWaitingTickets.
 */
export function readWaitingTickets(store: Storage = defaultStorage()): WaitingTicket[] {
  const value = readJson(store, currentWaitingTicketsKey(store));
  return Array.isArray(value) ? value.filter(isWaitingTicket) : [];
}

/** Saves the whole list (the sale machine hands over the new list after every change); empty removes the key. */
export function saveWaitingTickets(
  tickets: readonly WaitingTicket[],
  store: Storage = defaultStorage(),
): void {
  const key = currentWaitingTicketsKey(store);
  if (tickets.length === 0) store.removeItem(key);
  else store.setItem(key, JSON.stringify(tickets));
}

// ---- the open ticket (ours: nothing rung up is lost to a reload) ----------------------------------------------

function currentOpenTicketKey(store: Storage): string {
  return (
    STORAGE_KEYS.OPEN_TICKET_PREFIX + currentWaitingTicketsKey(store).slice(WAITING_TICKETS_PREFIX.length)
  );
}

/** The new sale being rung up, or null once it is completed, parked or emptied (removes the copy). */
export function saveOpenTicket(order: Order | null, store: Storage = defaultStorage()): void {
  const key = currentOpenTicketKey(store);
  if (order === null) store.removeItem(key);
  else store.setItem(key, JSON.stringify(order));
}

/**
 * A ticket left open by a reload, crash, update or logout becomes a parked ticket of this till (the newest
 * copy replaces a parked ticket with the same uuid: it was resumed and then changed). Returns the parked
 * tickets after the move; the open copy is removed only once the list holds it.
 */
export function recoverOpenTicket(
  now: Date,
  newId: () => string,
  store: Storage = defaultStorage(),
): WaitingTicket[] {
  const tickets = readWaitingTickets(store);
  const key = currentOpenTicketKey(store);
  const order = readJson(store, key);
  if (!isObject(order) || !Array.isArray(order.orderEmployees) || typeof order.uuid !== 'string') {
    store.removeItem(key);
    return tickets;
  }
  const recovered = order as unknown as Order;
  const index = tickets.findIndex((ticket) => ticket.order.uuid === recovered.uuid);
  const entry: WaitingTicket = {
    id: index >= 0 ? tickets[index]!.id : newId(),
    order: recovered,
    saved_at: now.toISOString(),
  };
  const next = index >= 0 ? tickets.map((ticket, i) => (i === index ? entry : ticket)) : [...tickets, entry];
  saveWaitingTickets(next, store);
  store.removeItem(key);
  return next;
}
