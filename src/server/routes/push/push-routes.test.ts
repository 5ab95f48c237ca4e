import { ECDH } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { apiClient, apiHarness } from '../../../../tests/support/server/api-harness';
import type { Headers } from '../../../../tests/support/server/api-harness';
import {
  MAX_PUSH_PAYLOAD_BYTES,
  notificationPayloadSchema,
  TEST_NOTIFICATION_DEFAULTS,
} from '../../../contracts/push';
import type { Role } from '../../../domain/constants';
import { createSession } from '../../auth/sessions';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import { pushSubscriptions, pushVapidKeys } from '../../db/schema/push';
import { users } from '../../db/schema/users';
import {
  encodePayload,
  endpointAllowed,
  ENDPOINT_NOT_ALLOWED_MESSAGE,
  INVALID_P256DH_MESSAGE,
  MAX_CONSECUTIVE_FAILURES,
  MAX_SUBSCRIPTIONS_PER_USER,
  notifyWalkInCheckIn,
  resolvePushSettings,
  testPushServiceFromEnv,
  WALK_IN_TTL_SECONDS,
  WALK_IN_URL,
} from '../../services/push';
import {
  decryptAes128gcm,
  newBrowser,
  selfSignedCertificate,
  startFakePushService,
  verifyVapid,
} from '../../../../tests/support/server/fake-push-service';
import type { FakeBrowser, FakePushService } from '../../../../tests/support/server/fake-push-service';
import { NO_SUBSCRIPTION_MESSAGE, PUSH_TEST_RATE_LIMIT } from './push-routes';

const SUBJECT = 'mailto:push-test@example.com';

const service = await startFakePushService();
afterAll(() => service.close());
const api = await apiHarness({
  config: { push: { subject: SUBJECT, endpointHosts: ['127.0.0.1'], agent: service.agent } },
});
const [a, b] = await Promise.all([api.tenant(), api.tenant()]);

async function publicKeyOf(headers: Headers, on: FastifyInstance = api.app): Promise<string> {
  const res = await apiClient(on, headers).get('/api/push/vapid-public-key');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.publicKey;
}

async function subscribeBrowser(headers: Headers, browser: FakeBrowser = newBrowser(service)) {
  const res = await api.as(headers).post('/api/push/subscribe', {
    subscription: browser.subscription,
    userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/130',
    platform: 'Android',
  });
  expect(res.statusCode, res.body).toBe(201);
  return browser;
}

async function rowsOf(tenantId: number, endpoint: string) {
  return api.db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.tenantId, tenantId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** What a browser received and could read: verified VAPID claims and the decrypted JSON. */
function openMessages(browser: FakeBrowser, publicKey: string) {
  return service.receivedBy(browser.endpoint).map((message) => ({
    headers: message.headers,
    claims: verifyVapid(message.headers.authorization as string | undefined, publicKey),
    payload: JSON.parse(decryptAes128gcm(message.body, browser)) as unknown,
  }));
}

describe('GET /api/push/vapid-public-key', () => {
  it('needs a session', async () => {
    const res = await api.get('/api/push/vapid-public-key');
    expect(res.statusCode).toBe(401);
  });

  it("gives the tenant's P-256 public key, made once: the same on every call, another for another tenant", async () => {
    const [first, second, fromB] = [
      await publicKeyOf(a.headers('staff')),
      await publicKeyOf(a.headers('owner')),
      await publicKeyOf(b.headers('staff')),
    ];
    expect(first).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(() => ECDH.convertKey(Buffer.from(first, 'base64url'), 'prime256v1')).not.toThrow();
    expect(second).toBe(first);
    expect(fromB).not.toBe(first);
    const rows = await api.db.select().from(pushVapidKeys).where(eq(pushVapidKeys.tenantId, a.tenantId));
    expect(rows).toHaveLength(1);
  });

  it('keeps the keys across an app restart (they live in the database, never regenerated)', async () => {
    const before = await publicKeyOf(a.headers('staff'));
    const restarted = await api.buildApp();
    expect(await publicKeyOf(a.headers('staff'), restarted)).toBe(before);
  });

  it('makes one key pair when the first requests of a tenant arrive together', async () => {
    const c = await api.tenant();
    const keys = await Promise.all(Array.from({ length: 8 }, () => publicKeyOf(c.headers('staff'))));
    expect(new Set(keys).size).toBe(1);
  });
});

describe('POST /api/push/subscribe', () => {
  it("stores the device for the caller and the session's store; the same endpoint again updates it", async () => {
    const browser = newBrowser(service);
    const first = await api.as(a, 'staff').post('/api/push/subscribe', {
      subscription: browser.subscription,
      userAgent: 'UA one',
      platform: 'Android',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({
      endpoint: browser.endpoint,
      userAgent: 'UA one',
      platform: 'Android',
      storeId: a.store.id,
      lastSuccessAt: null,
    });

    const again = await api.as(a, 'manager').post('/api/push/subscribe', {
      subscription: browser.subscription,
      userAgent: 'UA two',
      platform: 'iOS',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    const rows = await rowsOf(a.tenantId, browser.endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: a.users.manager.id,
      userAgent: 'UA two',
      platform: 'iOS',
      p256dh: browser.subscription.keys.p256dh,
      auth: browser.subscription.keys.auth,
    });
  });

  it('accepts padded standard base64 keys and stores them unpadded url-safe; cuts an overlong user agent', async () => {
    const browser = newBrowser(service);
    const res = await api.as(a, 'staff').post('/api/push/subscribe', {
      subscription: {
        ...browser.subscription,
        keys: { p256dh: browser.publicKey.toString('base64'), auth: browser.authSecret.toString('base64') },
      },
      userAgent: 'x'.repeat(2000),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await rowsOf(a.tenantId, browser.endpoint);
    expect(row).toMatchObject({
      p256dh: browser.subscription.keys.p256dh,
      auth: browser.subscription.keys.auth,
      platform: '',
    });
    expect(row!.userAgent).toHaveLength(512);
  });

  it('refuses what is not a subscription to a known push service with 422', async () => {
    const browser = newBrowser(service);
    const body = (subscription: unknown) => ({ subscription, userAgent: 'UA', platform: 'web' });
    const cases: [unknown, string][] = [
      [
        { ...browser.subscription, endpoint: browser.endpoint.replace('https:', 'http:') },
        'subscription.endpoint',
      ],
      [{ ...browser.subscription, endpoint: 'https://10.0.0.5/internal' }, 'subscription.endpoint'],
      [
        { ...browser.subscription, keys: { ...browser.subscription.keys, auth: 'short' } },
        'subscription.keys.auth',
      ],
      // 65 bytes, but not a point of the curve.
      [
        {
          ...browser.subscription,
          keys: { ...browser.subscription.keys, p256dh: Buffer.alloc(65, 4).toString('base64url') },
        },
        'subscription.keys.p256dh',
      ],
      [{ endpoint: browser.endpoint }, 'subscription.keys'],
    ];
    for (const [subscription, field] of cases) {
      const res = await api.as(a, 'staff').post('/api/push/subscribe', body(subscription));
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors), res.body).toContain(field);
    }
    const offList = await api
      .as(a, 'staff')
      .post('/api/push/subscribe', body({ ...browser.subscription, endpoint: 'https://10.0.0.5/x' }));
    expect(offList.json()).toMatchObject({
      code: ERROR_CODE.PUSH_ENDPOINT_NOT_ALLOWED,
      message: ENDPOINT_NOT_ALLOWED_MESSAGE,
    });
    const notPoint = await api.as(a, 'staff').post(
      '/api/push/subscribe',
      body({
        ...browser.subscription,
        keys: { ...browser.subscription.keys, p256dh: Buffer.alloc(65, 4).toString('base64url') },
      }),
    );
    expect(notPoint.json().message).toBe(INVALID_P256DH_MESSAGE);
    expect(await rowsOf(a.tenantId, browser.endpoint)).toEqual([]);
    expect((await api.as({}).post('/api/push/subscribe', body(browser.subscription))).statusCode).toBe(401);
  });

  it(`keeps at most ${MAX_SUBSCRIPTIONS_PER_USER} devices per user, dropping the least recently registered`, async () => {
    const c = await api.tenant();
    const browsers: FakeBrowser[] = [];
    for (let i = 0; i <= MAX_SUBSCRIPTIONS_PER_USER; i += 1)
      browsers.push(await subscribeBrowser(c.headers('staff')));
    const rows = await api.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.tenantId, c.tenantId));
    expect(rows).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER);
    expect(rows.map((r) => r.endpoint)).not.toContain(browsers[0]!.endpoint);
  });
});

describe('POST /api/push/test: a real Web Push delivery', () => {
  it('reaches the browser encrypted (RFC 8291), signed with the tenant VAPID key (RFC 8292), payload intact', async () => {
    const c = await api.tenant();
    const publicKey = await publicKeyOf(c.headers('staff'));
    const browser = await subscribeBrowser(c.headers('staff'));
    const res = await api.as(c, 'staff').post('/api/push/test', {
      title: 'Hello from the till',
      body: 'Ça marche ✓ 💅',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: { sent: 1, failed: 0, removed: 0 },
      message: 'Test notification sent.',
    });

    const messages = openMessages(browser, publicKey);
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message!.claims.aud).toBe(service.origin);
    expect(message!.claims.sub).toBe(SUBJECT);
    const nowSeconds = Date.now() / 1000;
    expect(message!.claims.exp).toBeGreaterThan(nowSeconds);
    expect(message!.claims.exp).toBeLessThanOrEqual(nowSeconds + 24 * 60 * 60);
    expect(message!.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      ttl: '300',
      urgency: 'high',
      topic: 'push-test',
    });
    const payload = notificationPayloadSchema.parse(message!.payload);
    expect(payload).toMatchObject({
      title: 'Hello from the till',
      body: 'Ça marche ✓ 💅',
      tag: 'push-test',
      data: { url: '/', type: 'test' },
    });
    expect(payload.icon).toBeTruthy();
    expect(payload.badge).toBeTruthy();
    const [row] = await rowsOf(c.tenantId, browser.endpoint);
    expect(row!.lastSuccessAt).toBeInstanceOf(Date);
    expect(row!.failureCount).toBe(0);
  });

  it('goes to every device of the caller and to nobody else, with default title and body', async () => {
    const mine = [await subscribeBrowser(a.headers('admin')), await subscribeBrowser(a.headers('admin'))];
    const colleague = await subscribeBrowser(a.headers('owner'));
    const res = await api.as(a, 'admin').post('/api/push/test');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ sent: 2, failed: 0, removed: 0 });
    const publicKey = await publicKeyOf(a.headers('admin'));
    for (const browser of mine) {
      expect(openMessages(browser, publicKey).map((m) => m.payload)).toEqual([
        expect.objectContaining({
          title: TEST_NOTIFICATION_DEFAULTS.title,
          body: TEST_NOTIFICATION_DEFAULTS.body,
        }),
      ]);
    }
    expect(service.receivedBy(colleague.endpoint)).toEqual([]);
  });

  it('answers 404 to a caller without a subscription', async () => {
    const c = await api.tenant();
    const res = await api.as(c, 'staff').post('/api/push/test');
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({
      code: ERROR_CODE.PUSH_NOT_SUBSCRIBED,
      message: NO_SUBSCRIPTION_MESSAGE,
    });
  });

  it('removes a subscription the push service answers 410 Gone (and 404), keeping the others', async () => {
    const c = await api.tenant();
    const gone = await subscribeBrowser(c.headers('staff'));
    const missing = await subscribeBrowser(c.headers('staff'));
    const alive = await subscribeBrowser(c.headers('staff'));
    service.answer(gone.path, 410);
    service.answer(missing.path, 404);
    const res = await api.as(c, 'staff').post('/api/push/test');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ sent: 1, failed: 0, removed: 2 });
    expect(await rowsOf(c.tenantId, gone.endpoint)).toEqual([]);
    expect(await rowsOf(c.tenantId, missing.endpoint)).toEqual([]);
    expect(await rowsOf(c.tenantId, alive.endpoint)).toHaveLength(1);
  });

  it('counts other failures on the row, resets them on success, and drops a row that keeps failing', async () => {
    const c = await api.tenant();
    const browser = await subscribeBrowser(c.headers('staff'));
    service.answer(browser.path, 500);
    const failed = await api.as(c, 'staff').post('/api/push/test');
    expect(failed.json()).toMatchObject({ data: { sent: 0, failed: 1, removed: 0 } });
    expect((await rowsOf(c.tenantId, browser.endpoint))[0]).toMatchObject({
      failureCount: 1,
      lastError: 'HTTP 500',
    });

    service.answer(browser.path, 201);
    await api.as(c, 'staff').post('/api/push/test');
    const [recovered] = await rowsOf(c.tenantId, browser.endpoint);
    expect(recovered).toMatchObject({ failureCount: 0, lastError: null });
    expect(recovered!.lastFailureAt).toBeInstanceOf(Date);

    service.answer(browser.path, 503);
    await api.db
      .update(pushSubscriptions)
      .set({ failureCount: MAX_CONSECUTIVE_FAILURES - 1 })
      .where(eq(pushSubscriptions.endpoint, browser.endpoint));
    const last = await api.as(c, 'staff').post('/api/push/test');
    expect(last.json().data).toEqual({ sent: 0, failed: 0, removed: 1 });
    expect(await rowsOf(c.tenantId, browser.endpoint)).toEqual([]);
  });

  it(`is rate-limited per user: the ${PUSH_TEST_RATE_LIMIT.max + 1}th test in a minute is 429`, async () => {
    const c = await api.tenant();
    await subscribeBrowser(c.headers('staff'));
    for (let i = 0; i < PUSH_TEST_RATE_LIMIT.max; i += 1) {
      expect((await api.as(c, 'staff').post('/api/push/test')).statusCode).toBe(200);
    }
    expect((await api.as(c, 'staff').post('/api/push/test')).statusCode).toBe(429);
    // Another user of the same tenant (same client address) is not held back.
    await subscribeBrowser(c.headers('manager'));
    expect((await api.as(c, 'manager').post('/api/push/test')).statusCode).toBe(200);
  });
});

describe('POST /api/push/unsubscribe', () => {
  it('removes the device named by its endpoint, or every device of the caller when there is no body', async () => {
    const c = await api.tenant();
    const [one, two, three] = [
      await subscribeBrowser(c.headers('staff')),
      await subscribeBrowser(c.headers('staff')),
      await subscribeBrowser(c.headers('staff')),
    ];
    const other = await subscribeBrowser(c.headers('manager'));
    const named = await api.as(c, 'staff').post('/api/push/unsubscribe', { endpoint: one.endpoint });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().data).toEqual({ removed: 1 });
    expect(await rowsOf(c.tenantId, one.endpoint)).toEqual([]);

    const all = await api.as(c, 'staff').post('/api/push/unsubscribe');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toEqual({ removed: 2 });
    expect(await rowsOf(c.tenantId, two.endpoint)).toEqual([]);
    expect(await rowsOf(c.tenantId, three.endpoint)).toEqual([]);
    expect(await rowsOf(c.tenantId, other.endpoint)).toHaveLength(1);
  });
});

describe('tenant isolation', () => {
  it("never delivers one tenant's notifications to another's devices, nor lets it touch them", async () => {
    const keyA = await publicKeyOf(a.headers('staff'));
    const keyB = await publicKeyOf(b.headers('staff'));
    const browserA = await subscribeBrowser(a.headers('staff'));
    const browserB = await subscribeBrowser(b.headers('staff'));

    // B registers A's endpoint (learnt somehow): a row of B's own, A's row and owner untouched.
    const stolen = await api.as(b, 'manager').post('/api/push/subscribe', {
      subscription: { ...browserA.subscription, keys: browserB.subscription.keys },
    });
    expect(stolen.statusCode, stolen.body).toBe(201);
    expect(await rowsOf(a.tenantId, browserA.endpoint)).toMatchObject([
      { userId: a.users.staff.id, p256dh: browserA.subscription.keys.p256dh },
    ]);
    // B unsubscribing A's endpoint removes only B's own row.
    const unsub = await api.as(b, 'manager').post('/api/push/unsubscribe', { endpoint: browserA.endpoint });
    expect(unsub.json().data).toEqual({ removed: 1 });
    expect(await rowsOf(a.tenantId, browserA.endpoint)).toHaveLength(1);

    // A walk-in in A's store reaches A's device only; B's test reaches B's device only, signed with B's key.
    const before = service.received.length;
    const walkIn = await notifyWalkInCheckIn(api.app, a.tenantId, a.store.id, 'Anna');
    expect(walkIn.sent).toBeGreaterThanOrEqual(1);
    expect(service.receivedBy(browserB.endpoint)).toEqual([]);
    await api.as(b, 'staff').post('/api/push/test');
    const toB = openMessages(browserB, keyB);
    expect(toB).toHaveLength(1);
    expect(() => verifyVapid(toB[0]!.headers.authorization as string, keyA)).toThrow();
    const fresh = service.received.slice(before);
    expect(fresh.filter((m) => `${service.origin}${m.path}` === browserA.endpoint)).toHaveLength(1);
  });
});

describe('notifyWalkInCheckIn', () => {
  async function deviceIn(f: TenantFixture, role: Role, storeId: number): Promise<FakeBrowser> {
    const session = await createSession(api.db, {
      tenantId: f.tenantId,
      userId: f.users[role].id,
      storeId,
      workstationId: null,
    });
    return subscribeBrowser({ authorization: `Bearer ${session.token}` });
  }

  it("tells the store's devices who checked in, with the walk-in screen to open; not other stores' or inactive users'", async () => {
    const c = await api.tenant();
    const publicKey = await publicKeyOf(c.headers('staff'));
    const desk = await deviceIn(c, 'staff', c.store.id);
    const manager = await deviceIn(c, 'manager', c.store.id);
    const elsewhere = await deviceIn(c, 'admin', c.otherStore.id);
    const inactive = await deviceIn(c, 'owner', c.store.id);
    await api.db
      .update(users)
      .set({ isActive: false })
      .where(and(eq(users.tenantId, c.tenantId), eq(users.id, c.users.owner.id)));

    const summary = await notifyWalkInCheckIn(api.app, c.tenantId, c.store.id, '  Mai   Nguyen ');
    expect(summary).toEqual({ sent: 2, failed: 0, removed: 0 });
    for (const browser of [desk, manager]) {
      const [message] = openMessages(browser, publicKey);
      expect(message!.headers).toMatchObject({ ttl: String(WALK_IN_TTL_SECONDS), urgency: 'high' });
      expect(message!.payload).toMatchObject({
        title: 'Walk-in check-in',
        body: 'Mai Nguyen just checked in.',
        data: { url: WALK_IN_URL, type: 'walk-in', storeId: c.store.id },
      });
    }
    expect(service.receivedBy(elsewhere.endpoint)).toEqual([]);
    expect(service.receivedBy(inactive.endpoint)).toEqual([]);
  });

  it('never rejects: a failure is logged and reported as nothing sent', async () => {
    const warnings: unknown[] = [];
    const broken = {
      db: {} as never,
      pushSettings: resolvePushSettings({ subject: SUBJECT }),
      log: { warn: (object: object) => warnings.push(object) },
    };
    await expect(notifyWalkInCheckIn(broken, a.tenantId, a.store.id, 'Anna')).resolves.toEqual({
      sent: 0,
      failed: 0,
      removed: 0,
    });
    expect(warnings).toHaveLength(1);
  });
});

describe('push settings and payloads', () => {
  it('refuses a VAPID subject that is not a mailto: or https: URL at start', () => {
    expect(() => resolvePushSettings({}, { VAPID_SUBJECT: 'admin@example.com' })).toThrow(/VAPID_SUBJECT/);
    expect(resolvePushSettings({}, { VAPID_SUBJECT: 'https://salon.example/contact' }).subject).toBe(
      'https://salon.example/contact',
    );
    expect(resolvePushSettings({}, { PUSH_ENDPOINT_HOSTS: 'push.example.net' }).endpointHosts).toContain(
      'push.example.net',
    );
  });

  it('refuses a payload larger than one push message carries', () => {
    expect(() =>
      encodePayload({
        title: 'x',
        body: 'y'.repeat(1000),
        data: { blob: 'z'.repeat(MAX_PUSH_PAYLOAD_BYTES) },
      }),
    ).toThrow(/bytes/);
  });
});

describe('the test-only push service (PUSH_TEST_SERVICE_ORIGIN + PUSH_TEST_SERVICE_CA, for the e2e run)', () => {
  let dir: string;
  let caFile: string;
  let local: FakePushService;
  let other: FakePushService;
  let testApp: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'push-test-service-'));
    const identity = selfSignedCertificate();
    caFile = path.join(dir, 'ca.pem');
    await writeFile(caFile, identity.cert);
    local = await startFakePushService({ identity });
    // Same host, same certificate, another port: not the configured origin.
    other = await startFakePushService({ identity });
    const env = { PUSH_TEST_SERVICE_ORIGIN: local.origin, PUSH_TEST_SERVICE_CA: caFile };
    // The default list of known push services: only the test setting lets a loopback endpoint in.
    const push = resolvePushSettings({ subject: SUBJECT }, env);
    testApp = await api.buildApp({ push });
  });

  afterAll(async () => {
    await local?.close();
    await other?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('is off unless both variables are set, and refuses anything but an https loopback origin', () => {
    expect(testPushServiceFromEnv({})).toBeUndefined();
    expect(resolvePushSettings({}, {}).testService).toBeUndefined();
    expect(() => testPushServiceFromEnv({ PUSH_TEST_SERVICE_ORIGIN: local.origin })).toThrow(/go together/);
    expect(() => testPushServiceFromEnv({ PUSH_TEST_SERVICE_CA: caFile })).toThrow(/go together/);
    for (const origin of [
      local.origin.replace('https:', 'http:'),
      'https://push.example.net',
      'https://10.0.0.5:8443',
      `${local.origin}/path`,
    ]) {
      expect(() =>
        testPushServiceFromEnv({ PUSH_TEST_SERVICE_ORIGIN: origin, PUSH_TEST_SERVICE_CA: caFile }),
      ).toThrow(/loopback/);
    }
    expect(() =>
      testPushServiceFromEnv({
        PUSH_TEST_SERVICE_ORIGIN: local.origin,
        PUSH_TEST_SERVICE_CA: path.join(dir, 'missing.pem'),
      }),
    ).toThrow();
  });

  it('admits exactly its origin: not another port of the same host, and the known services still', () => {
    const settings = resolvePushSettings(
      {},
      { PUSH_TEST_SERVICE_ORIGIN: local.origin, PUSH_TEST_SERVICE_CA: caFile },
    );
    expect(endpointAllowed(`${local.origin}/push/abc`, settings)).toBe(true);
    expect(endpointAllowed(`${other.origin}/push/abc`, settings)).toBe(false);
    expect(endpointAllowed('https://fcm.googleapis.com/fcm/send/abc', settings)).toBe(true);
    expect(endpointAllowed(`${local.origin}/push/abc`, resolvePushSettings({}, {}))).toBe(false);
  });

  it('delivers a real encrypted push to it through an agent that trusts only its certificate', async () => {
    const c = await api.tenant();
    const headers = c.headers('staff');
    const publicKey = await publicKeyOf(headers, testApp);
    const browser = newBrowser(local);
    const refused = await apiClient(testApp, headers).post('/api/push/subscribe', {
      subscription: newBrowser(other).subscription,
      userAgent: 'UA',
      platform: 'web',
    });
    expect(refused.statusCode, refused.body).toBe(422);
    const subscribed = await apiClient(testApp, headers).post('/api/push/subscribe', {
      subscription: browser.subscription,
      userAgent: 'UA',
      platform: 'web',
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);

    const res = await apiClient(testApp, headers).post('/api/push/test', { title: 'From the e2e service' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ sent: 1, failed: 0, removed: 0 });
    const [message] = local.receivedBy(browser.endpoint);
    expect(verifyVapid(message!.headers.authorization as string, publicKey).aud).toBe(local.origin);
    expect(JSON.parse(decryptAes128gcm(message!.body, browser))).toMatchObject({
      title: 'From the e2e service',
      data: { url: '/', type: 'test' },
    });
  });
});
