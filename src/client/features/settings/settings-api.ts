/**
 * The settings screen's calls (docs/settings.md): the store's settings document, a save of one group by
 * store and code, and the code lists (cached under the route and its query, as every cached read is).
 */
import type {
  Codes,
  CodesQuery,
  SettingsDocument,
  SettingsGroup,
  SettingsSaved,
} from '../../../contracts/settings';
import { api } from '../../lib/api/api';
import type { ApiClient } from '../../lib/api/client';
import { cachedGet, routeCacheKey } from '../../lib/api/cache';
import { dropCachedPaths, SETTINGS_DOCUMENT_PATH } from './settings-caches';

export const CODES_URL = '/codes';

/** The store's settings document, from the server: the worker's copy is dropped first (settings-caches.ts). */
export async function loadSettings(signal?: AbortSignal, client: ApiClient = api): Promise<SettingsDocument> {
  await dropCachedPaths([SETTINGS_DOCUMENT_PATH]).catch(() => []);
  return client.get<SettingsDocument>('/settings', { signal, skipNotice: true });
}

export interface SaveGroupCall {
  storeId: number;
  group: SettingsGroup;
  body: Record<string, unknown>;
  saveKey: string;
}

/** A write the offline queue kept answers `{ offline: true }`: not saved yet, so the editor says so. */
function isQueued(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { offline?: unknown }).offline === true;
}

export async function saveGroup(
  call: SaveGroupCall,
  signal?: AbortSignal,
  client: ApiClient = api,
): Promise<SettingsSaved> {
  const answer = await client.post<SettingsSaved>(
    `/store-settings/${call.storeId}/${call.group}`,
    call.body,
    {
      idempotencyKey: call.saveKey,
      signal,
      skipNotice: true,
    },
  );
  if (isQueued(answer)) throw Object.assign(new Error('queued offline'), { offline: true, status: 0 });
  return answer;
}

/** GET /codes through the cache: the last good answer when the network fails, null when there is none. */
export function getCodes(
  query: CodesQuery,
  { client = api, storage }: { client?: ApiClient; storage?: Storage } = {},
): Promise<Codes | null> {
  const params = {
    codeName: query.codeName,
    ...(query.keyCodeName ? { keyCodeName: query.keyCodeName } : {}),
  };
  return cachedGet<Codes>(client, CODES_URL, {
    query: params,
    key: routeCacheKey(CODES_URL, params),
    skipNotice: true,
    ...(storage ? { storage } : {}),
  });
}
