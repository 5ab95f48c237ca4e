import { describe, expect, it } from 'vitest';
import { createFakeFetch, envelope, failure } from '../../../../tests/support/client/fake-fetch';
import type { FakeHandler } from '../../../../tests/support/client/fake-fetch';
import { createApiClient } from '../../lib/api/client';
import { createNoticeChannel } from '../../lib/api/notices';
import { createMemoryStorage } from '../../lib/storage';
import { getCodes, saveGroup } from './settings-api';

function client(handler: FakeHandler) {
  const fake = createFakeFetch(handler);
  return {
    api: createApiClient({ fetch: fake.fetch, getToken: () => 't', notices: createNoticeChannel() }),
    requests: fake.requests,
  };
}

const LANGUAGES = { codeName: 'language', items: [{ key: 'vi', name: 'Tiếng Việt' }] };

describe('getCodes', () => {
  it('caches a good answer under the route and its query in a stable order, and answers from it offline', async () => {
    const storage = createMemoryStorage();
    const online = client(() => envelope(LANGUAGES));
    await getCodes({ codeName: 'language', keyCodeName: 'vi' }, { client: online.api, storage });
    expect(online.requests[0]?.url).toBe('/api/codes?codeName=language&keyCodeName=vi');
    expect(storage.getItem('api_cache__codes?codeName=language&keyCodeName=vi')).toContain('Tiếng Việt');

    const offline = client(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(
      await getCodes({ codeName: 'language', keyCodeName: 'vi' }, { client: offline.api, storage }),
    ).toEqual(LANGUAGES);
    expect(await getCodes({ codeName: 'language' }, { client: offline.api, storage })).toBeNull();
  });

  it('does not cache a failed read', async () => {
    const storage = createMemoryStorage();
    const refused = client(() => failure(422, 'Unknown code list.'));
    expect(await getCodes({ codeName: 'currency' }, { client: refused.api, storage })).toBeNull();
    expect(storage.length).toBe(0);
  });
});

describe('saveGroup', () => {
  it('posts the group by store and code with the save key', async () => {
    const { api, requests } = client(() => envelope({ settings: {}, initial: {} }));
    await saveGroup(
      { storeId: 7, group: 'print', body: { receipt_footer: 'Hi' }, saveKey: 'key-1' },
      undefined,
      api,
    );
    expect(requests[0]).toMatchObject({ url: '/api/store-settings/7/print', method: 'POST' });
    expect(requests[0]?.headers.get('idempotency-key')).toBe('key-1');
  });

  it('rejects as offline when the queue kept the write', async () => {
    const { api } = client(() =>
      envelope({ offline: true, message: 'Request saved offline.', requestId: '3' }, 202),
    );
    await expect(
      saveGroup({ storeId: 7, group: 'print', body: {}, saveKey: 'key-2' }, undefined, api),
    ).rejects.toMatchObject({ offline: true });
  });
});
