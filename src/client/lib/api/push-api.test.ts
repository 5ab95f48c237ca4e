import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { createLoadingStore } from './loading';
import { createNoticeChannel } from './notices';
import type { ApiNotice } from './notices';
import { clientPath, getVapidPublicKey, sendTestPush, subscribePush, unsubscribePush } from './push-api';
import { createFakeFetch, envelope, failure } from '../../../../tests/support/client/fake-fetch';
import type { FakeHandler } from '../../../../tests/support/client/fake-fetch';

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc123';
const P256DH = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const AUTH = 'tBHItJI5svbpez7KI4CCXg';

const SERVER_SUBSCRIPTION = {
  id: 7,
  endpoint: ENDPOINT,
  userAgent: 'Chrome',
  platform: 'Linux',
  storeId: 1,
  createdAt: '2026-11-22T10:00:00.000Z',
  lastSuccessAt: null,
};

function fake(handler: FakeHandler) {
  const f = createFakeFetch(handler);
  const notices = createNoticeChannel();
  const seen: ApiNotice[] = [];
  notices.subscribe((n) => seen.push(n));
  const client = createApiClient({
    fetch: f.fetch,
    getToken: () => 'tok-cashier',
    loading: createLoadingStore(),
    notices,
  });
  return { client, requests: f.requests, seen: () => (notices.flush(), seen) };
}

const body = () => ({
  subscription: { endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } },
  userAgent: 'Chrome',
  platform: 'Linux',
});

afterEach(() => vi.restoreAllMocks());

describe('push api', () => {
  it("turns the contract's /api paths into the client's base-relative ones", () => {
    expect(clientPath('/api/push/subscribe')).toBe('/push/subscribe');
    expect(clientPath('/push/test')).toBe('/push/test');
  });

  it("reads the tenant's VAPID public key with the session token", async () => {
    const { client, requests } = fake(() => envelope({ publicKey: 'BPublicKey' }));
    await expect(getVapidPublicKey({ client })).resolves.toBe('BPublicKey');
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.url).toBe('/api/push/vapid-public-key');
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer tok-cashier');
  });

  it('posts the subscription with userAgent and platform and answers the stored device', async () => {
    const { client, requests } = fake(() => envelope(SERVER_SUBSCRIPTION, 201));
    await expect(subscribePush(body(), { client })).resolves.toEqual(SERVER_SUBSCRIPTION);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url).toBe('/api/push/subscribe');
    expect(JSON.parse(String(requests[0]?.body))).toEqual(body());
  });

  it("raises 'Server error: {status}' for a refused subscription, without a toast", async () => {
    const { client, seen } = fake(() => failure(422, 'The endpoint is not a known push service.'));
    await expect(subscribePush(body(), { client })).rejects.toThrow('Server error: 422');
    const five = fake(() => failure(500, 'Internal error'));
    await expect(subscribePush(body(), { client: five.client })).rejects.toThrow('Server error: 500');
    expect(seen()).toEqual([]);
    expect(five.seen()).toEqual([]);
  });

  it('keeps the connection text when the server was never reached (no status to name)', async () => {
    const { client } = fake(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(subscribePush(body(), { client })).rejects.toThrow(/Unable to connect to server/);
  });

  it("unsubscribes this device's endpoint only, so the person's other devices keep their notices", async () => {
    const { client, requests } = fake(() => envelope({ removed: 1 }));
    await expect(unsubscribePush(ENDPOINT, { client })).resolves.toBe(true);
    expect(requests[0]?.url).toBe('/api/push/unsubscribe');
    expect(JSON.parse(String(requests[0]?.body))).toEqual({ endpoint: ENDPOINT });
  });

  it('sends no payload when the endpoint is unknown, as the spec does', async () => {
    const { client, requests } = fake(() => envelope({ removed: 2 }));
    await unsubscribePush(null, { client });
    expect(requests[0]?.body).toBeUndefined();
  });

  it('only logs a failed unsubscribe and never throws', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client, seen } = fake(() => failure(500, 'Internal error'));
    await expect(unsubscribePush(ENDPOINT, { client })).resolves.toBe(false);
    expect(warn).toHaveBeenCalledOnce();
    expect(seen()).toEqual([]);
  });

  it('sends the test notification with the typed title and body, leaving blanks to the server', async () => {
    const { client, requests } = fake(() => envelope({ sent: 1, failed: 0, removed: 0 }));
    await expect(sendTestPush({ title: ' Hello ', body: '' }, { client })).resolves.toEqual({
      sent: 1,
      failed: 0,
      removed: 0,
    });
    expect(requests[0]?.url).toBe('/api/push/test');
    expect(JSON.parse(String(requests[0]?.body))).toEqual({ title: 'Hello' });
  });

  it('passes the 404 of a person without a device to the caller', async () => {
    const { client } = fake(() => failure(404, 'This account has no push subscription. Subscribe first.'));
    await expect(sendTestPush({ title: 'T', body: 'B' }, { client })).rejects.toMatchObject({
      status: 404,
      message: 'This account has no push subscription. Subscribe first.',
    });
  });
});
