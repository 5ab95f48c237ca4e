/**
 * Push notifications end to end (and its Tests line "Subscribe to push and receive the test
 * notification in the service worker"; docs/platform.md#push push tab, docs/platform.md#push notification
 * payload, docs/platform.md#push permission and subscription, docs/platform.md#push push errors,
 * docs/platform.md#push /api/push/*; ADR 009).
 *
 * As real as this machine allows: the person subscribes from the push tab; the page's subscription is the one
 * Chromium would get from its push service, but at the run's local push service (support/push-service.ts,
 * support/push-browser.ts: FCM is out of reach here); the REAL server sends a real Web Push there (VAPID-signed
 * with the tenant's key, aes128gcm-encrypted to the subscription's keys); the spec checks the signature,
 * decrypts the message with the subscription's private key and hands it to the service worker as the browser
 * would; the worker shows the notification (registration.getNotifications()) and its click routes the open tab to
 * the notification's url. Permission is Chromium's own (Browser.setPermission plays the person's answer).
 *
 * The manager's devices only: the cashier's push state belongs to pwa-settings.spec.ts.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { decryptAes128gcm, newBrowser, verifyVapid } from '../support/server/fake-push-service';
import type { FakePushService } from '../support/server/fake-push-service';
import { LoginPage } from './support/pages/login-page';
import { PwaSettingsPage } from './support/pages/pwa-settings-page';
import { SalePage } from './support/pages/sale-page';
import { ServiceWorkerPage } from './support/pages/sw-page';
import { PushBrowser } from './support/push-browser';
import { pushServiceConfigured, startE2ePushService } from './support/push-service';

const USER = 'manager';

test.describe('push notifications', () => {
  test.skip(
    !pushServiceConfigured(),
    'the server was not started with the run’s push service (global setup)',
  );

  let service: FakePushService;
  test.beforeAll(async () => {
    service = await startE2ePushService();
  });
  test.afterAll(async () => {
    await service?.close();
  });

  /**
   * Signed in at the till with the worker in control, the settings dialog open on the push tab. `home`: where
   * signing in (and '/') leads this person.
   */
  async function atThePushTab(
    page: Page,
  ): Promise<{ pwa: PwaSettingsPage; worker: ServiceWorkerPage; home: string }> {
    await new LoginPage(page).logInAsDemo(USER);
    const home = new URL(page.url()).pathname;
    await new SalePage(page).openSale();
    const worker = new ServiceWorkerPage(page);
    await worker.waitForControl();
    const pwa = new PwaSettingsPage(page);
    await pwa.openFromIndicator();
    await pwa.openTab('push');
    return { pwa, worker, home };
  }

  // Each test starts without a device of this person on the server (no body: every device of the caller).
  test.afterEach(async ({ page }) => {
    const token = await new ServiceWorkerPage(page).token().catch(() => null);
    if (token) {
      await page.request.post('/api/push/unsubscribe', { headers: { authorization: `Bearer ${token}` } });
    }
  });

  test('subscribe from the push tab, the server’s test notification shows from the worker, its click opens its url', async ({
    page,
  }) => {
    const device = newBrowser(service);
    const push = await PushBrowser.install(page, device.subscription);
    await page.context().grantPermissions(['notifications']);
    const { pwa, worker, home } = await atThePushTab(page);
    await pwa.seeBadge('push-permission', 'Permission granted');
    await pwa.seeBadge('push-subscription', 'Not subscribed');

    await pwa.press('Subscribe');
    await pwa.seeBadge('push-subscription', 'Subscribed');
    await pwa.seeFact('push-endpoint', device.endpoint);
    await pwa.seeFact('push-p256dh', device.subscription.keys.p256dh.slice(0, 20));
    await pwa.seeFact('push-auth', device.subscription.keys.auth.slice(0, 20));
    // The browser subscription is bound to the tenant's VAPID key: the one the server signs with.
    const token = await worker.token();
    const keyResponse = await page.request.get('/api/push/vapid-public-key', {
      headers: { authorization: `Bearer ${token}` },
    });
    const serverKey = ((await keyResponse.json()) as { data: { publicKey: string } }).data.publicKey;
    expect(await push.subscribeKeys()).toEqual([serverKey]);

    // docs/platform.md#push: the test notification asks for a title and a body.
    await pwa.press('Test notification');
    const dialog = page.getByTestId('push-test-dialog');
    await dialog.getByLabel('Title').fill('Walk-in waiting');
    await dialog.getByLabel('Message').fill('Anna has a customer at the desk.');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog).toBeHidden();

    // The server's delivery at the push service: signed with that key, encrypted to this device's keys.
    await expect.poll(() => service.receivedBy(device.endpoint).length).toBe(1);
    await expect(page.getByTestId('push-error')).toHaveCount(0);
    const [message] = service.receivedBy(device.endpoint);
    expect(verifyVapid(message!.headers.authorization, serverKey)).toMatchObject({ aud: service.origin });
    expect(message!.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '300', urgency: 'high' });
    const plaintext = decryptAes128gcm(message!.body, device);
    // docs/platform.md#push: title, body, icon, badge, tag, data (url or route).
    expect(JSON.parse(plaintext)).toMatchObject({
      title: 'Walk-in waiting',
      body: 'Anna has a customer at the desk.',
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-72.png',
      tag: 'push-test',
      data: { url: '/', type: 'test' },
    });

    // The browser's part: the decrypted message is a push event in the worker, which shows it.
    await push.deliver(plaintext);
    await expect
      .poll(() => push.notifications())
      .toEqual([
        {
          title: 'Walk-in waiting',
          body: 'Anna has a customer at the desk.',
          tag: 'push-test',
          icon: expect.stringMatching(/\/icons\/icon-192\.png$/),
          badge: expect.stringMatching(/\/icons\/badge-72\.png$/),
          requireInteraction: false,
          data: expect.objectContaining({ url: '/', type: 'test' }),
        },
      ]);

    // A click closes it and routes the open tab (at the till) to its url in place, without a reload or a new
    // window: '/', which leads this person home.
    await pwa.cancel();
    expect(new URL(page.url()).pathname).not.toBe(home);
    await worker.listen();
    const pages = page.context().pages().length;
    await push.click('push-test');
    await expect
      .poll(() => worker.broadcasts())
      .toContainEqual({ type: 'FOCUS_CLIENT', url: `${new URL(page.url()).origin}/` });
    await expect(page).toHaveURL((url) => url.pathname === home);
    await expect.poll(() => push.notifications()).toEqual([]);
    expect(page.context().pages()).toHaveLength(pages);
  });

  test('subscribe asks permission first; blocked, it is never asked again, even after a reload', async ({
    page,
  }) => {
    const push = await PushBrowser.install(page, newBrowser(service).subscription);
    const { pwa } = await atThePushTab(page);
    await pwa.seeBadge('push-permission', 'Permission not asked');
    await expect(pwa.button('Request permission')).toBeEnabled();
    // docs/platform.md#push: the test notification is disabled unless permission is granted.
    await expect(pwa.button('Test notification')).toBeDisabled();

    await push.setPermission('denied'); // the person will answer Block
    await pwa.press('Subscribe');
    await pwa.seeBadge('push-permission', 'Permission denied');
    await expect(page.getByTestId('push-error')).toContainText('Notification permission not granted');
    await pwa.seeBadge('push-subscription', 'Not subscribed');
    expect(await push.permissionRequests()).toBe(1);
    expect(await push.subscribeKeys()).toEqual([]);
    for (const name of ['Request permission', 'Subscribe', 'Test notification']) {
      await expect(pwa.button(name)).toBeDisabled();
    }

    await page.reload();
    await pwa.openFromIndicator();
    await pwa.openTab('push');
    await pwa.seeBadge('push-permission', 'Permission denied');
    for (const name of ['Request permission', 'Subscribe', 'Test notification']) {
      await expect(pwa.button(name)).toBeDisabled();
    }
    expect(await push.permissionRequests()).toBe(1);
  });

  test('request permission, allowed; subscribe then asks no more; unsubscribe leaves the server without the device', async ({
    page,
  }) => {
    const device = newBrowser(service);
    const push = await PushBrowser.install(page, device.subscription);
    const { pwa } = await atThePushTab(page);
    await pwa.seeBadge('push-permission', 'Permission not asked');

    await push.setPermission('granted'); // the person will answer Allow
    await pwa.press('Request permission');
    await pwa.seeBadge('push-permission', 'Permission granted');
    await expect(pwa.button('Request permission')).toBeDisabled();
    await expect(pwa.button('Test notification')).toBeEnabled();
    expect(await push.permissionRequests()).toBe(1);

    await pwa.press('Subscribe');
    await pwa.seeBadge('push-subscription', 'Subscribed');
    expect(await push.permissionRequests()).toBe(1);

    await pwa.press('Unsubscribe');
    await pwa.seeBadge('push-subscription', 'Not subscribed');
    await expect(pwa.panel.getByText('This device is not subscribed.')).toBeVisible();
    // The server forgot the device: a test notification has nowhere to go.
    await pwa.press('Test notification');
    await page.getByTestId('push-test-dialog').getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('push-error')).toContainText(
      'This account has no push subscription. Subscribe first.',
    );
    expect(service.receivedBy(device.endpoint)).toEqual([]);
  });
});
