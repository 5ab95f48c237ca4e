/**
 * The offline indicator and the offline and app settings dialog (docs/platform.md#the-settings-dialog
 * "Settings dialog (size xl, five tabs)", docs/platform.md validation ranges, docs/platform.md messages): the
 * indicator counts what waits in the offline queue and the count drains once the till is back online; every
 * tab of the dialog, with its validation errors; Save keeps the sync configuration across a reload, Cancel
 * drops the edits. axe finds no serious or critical violation on the dialog.
 *
 * Works with or without a service worker in the build: nothing here needs one to answer, and where one would
 * change the outcome (the status panel's buttons, subscribing) the test accepts either documented answer.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoBlockingViolations } from './support/axe';
import type { Page } from '@playwright/test';
import { PRIORITY_RANK } from '../../src/client/lib/offline-queue/queue-db';
import type { QueueTag } from '../../src/domain/constants';
import { putInQueue } from './support/offline-queue-store';
import { LoginPage } from './support/pages/login-page';
import { PwaSettingsPage } from './support/pages/pwa-settings-page';
import { SalePage } from './support/pages/sale-page';

async function cashierAtTheTill(page: Page): Promise<PwaSettingsPage> {
  await new LoginPage(page).logInAsDemo('cashier');
  await new SalePage(page).openSale();
  const pwa = new PwaSettingsPage(page);
  await pwa.seeIndicator('Online', 0);
  return pwa;
}

/** A request that used up its retries, as the offline queue keeps it (lib/offline-queue/queue-db.ts). */
interface FailedWrite {
  url: string;
  tags: QueueTag[];
  ageMs: number;
}

/**
 * Requests that failed for good, written to the offline queue's IndexedDB as the queue stores them (once the app
 * has opened the database), and announced on the queue's BroadcastChannel as another tab would.
 */
async function queueFailed(page: Page, writes: FailedWrite[]): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(async () => (await indexedDB.databases()).some((d) => d.name === 'offline-queue')),
    )
    .toBe(true);
  const now = Date.now();
  await putInQueue(
    page,
    writes.map((write, i) => ({
      url: write.url,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: 'Bearer e2e-token',
        'idempotency-key': `e2e-failed-${now}-${i}`,
      },
      body: '{}',
      timestamp: now - write.ageMs,
      retryCount: 3,
      maxRetries: 3,
      priority: 'high',
      priorityRank: PRIORITY_RANK.high,
      tags: [...write.tags, 'failed'],
      status: 'failed',
      nextAttemptAt: now - write.ageMs,
      lastAttemptAt: now - 60_000,
      lastError: 'HTTP 500: Internal Server Error',
    })),
  );
}

const HOUR = 3_600_000;

test.describe('the offline indicator', () => {
  test('counts the writes waiting in the offline queue and drains to zero back online', async ({
    page,
    context,
  }) => {
    const pwa = await cashierAtTheTill(page);
    // The dialog's code loads on first open; this till opened it once while online.
    await pwa.openFromIndicator();
    await pwa.cancel();

    await context.setOffline(true);
    await pwa.seeIndicator('Offline', 0);
    await pwa.queueFromAnotherTab([
      { url: '/api/push/unsubscribe', method: 'POST', body: '{}' },
      { url: '/api/push/unsubscribe', method: 'POST', body: '{}' },
    ]);
    await pwa.seeIndicator('Offline', 2);

    // The sync tab shows the same queue; forcing a sync waits for the connection.
    await pwa.openFromIndicator();
    await pwa.seeFact('queue-total', '2');
    await pwa.seeFact('queue-pending', '2');
    await pwa.seeFact('queue-failed', '0');
    await pwa.seeFact('sync-connection', 'Offline');
    await expect(pwa.button('Force sync now')).toBeDisabled();
    await pwa.cancel();

    // Back online, this tab (the leader) replays both with their Idempotency-Keys; the server answers OK.
    await context.setOffline(false);
    await pwa.seeIndicator('Online', 0);
  });
});

test.describe('failed requests', () => {
  test('are listed with their details, exported, retried, and removed after a confirmation', async ({
    page,
    context,
  }) => {
    const pwa = await cashierAtTheTill(page);
    // The dialog's code loads on first open; this till opened it once while online.
    await pwa.openFromIndicator();
    await pwa.cancel();
    // Offline: nothing sends the retried requests behind the test's back.
    await context.setOffline(true);
    await queueFailed(page, [
      { url: '/api/pos/sales', tags: ['order'], ageMs: 3 * HOUR },
      { url: '/api/payments/sale', tags: ['payment'], ageMs: 2 * HOUR },
    ]);
    // The indicator counts the unsynced writes, and shows the failed ones apart.
    await pwa.seeIndicator('Offline', 2);
    await expect(pwa.indicator).toHaveAttribute('data-failed', '2');
    await expect(pwa.indicator.getByTestId('offline-indicator-failed')).toHaveText('!2');

    await pwa.openFromIndicator();
    await pwa.seeFact('queue-failed', '2');
    await pwa.seeFact('sync-health', 'Degraded: some requests failed');
    const rows = pwa.panel.getByTestId('failed-row');
    await expect(rows).toHaveText([
      /^POST\/api\/pos\/salesorder4HTTP 500: Internal Server Error3 hours ago$/,
      /^POST\/api\/payments\/salepayment4HTTP 500: Internal Server Error2 hours ago$/,
    ]);
    await expectNoBlockingViolations(page, '[data-testid="pwa-settings-dialog"]');

    // Export failed: a JSON download, the session's token left out.
    const download = page.waitForEvent('download');
    await pwa.press('Export failed');
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^offline-queue-failed-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile(await file.path(), 'utf8')) as {
      requests: { url: string; headers: Record<string, string>; lastError: string }[];
    };
    expect(exported.requests.map((r) => [r.url, r.headers.authorization, r.lastError])).toEqual([
      ['/api/pos/sales', '[redacted]', 'HTTP 500: Internal Server Error'],
      ['/api/payments/sale', '[redacted]', 'HTTP 500: Internal Server Error'],
    ]);
    await expect(pwa.panel.getByTestId('queue-result')).toHaveText('2 failed requests exported.');

    // Retry failed: back to pending (they go once the till is online).
    await pwa.press('Retry failed');
    await expect(pwa.panel.getByTestId('queue-result')).toHaveText('2 requests will be sent again.');
    await pwa.seeFact('queue-failed', '0');
    await pwa.seeFact('queue-pending', '2');
    await expect(rows).toHaveCount(0);
    await expect(pwa.button('Remove failed')).toBeDisabled();
    await expect(pwa.indicator).toHaveAttribute('data-failed', '0');
    await expect(pwa.indicator.getByTestId('offline-indicator-failed')).toHaveCount(0);

    // Another one fails; Remove failed asks first, and Cancel keeps it.
    await queueFailed(page, [{ url: '/api/pos/sales', tags: ['order'], ageMs: 5 * 60_000 }]);
    await pwa.seeFact('queue-failed', '1');
    await expect(rows).toHaveText([/^POST\/api\/pos\/salesorder4.*5 minutes ago$/]);
    await pwa.press('Remove failed');
    const confirm = pwa.panel.getByTestId('remove-failed-confirm');
    await expect(confirm).toContainText(
      'Remove 1 failed request? A sale or payment among them is deleted for good: export it first.',
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await pwa.seeFact('queue-failed', '1');
    await pwa.press('Remove failed');
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(pwa.panel.getByTestId('queue-result')).toHaveText('1 failed request removed.');
    await pwa.seeFact('queue-failed', '0');
    await pwa.seeFact('queue-pending', '2');
    await expect(rows).toHaveCount(0);

    // Force Reload SW would unregister the worker and empty the caches with no network to reload from.
    await pwa.openTab('caching');
    const panel = pwa.panel.getByTestId('sw-status-panel');
    await expect(panel.getByRole('button', { name: 'Force Reload SW', exact: true })).toBeDisabled();
    await expect(panel.getByTestId('sw-force-reload-offline')).toBeVisible();
  });
});

test.describe('the debug badge', () => {
  test('shows with ?debug=true and never takes a tap', async ({ page }) => {
    await cashierAtTheTill(page);
    await expect(page.getByTestId('debug-badge')).toHaveCount(0);
    await new SalePage(page).openSale('/pos/sales?debug=true');
    const badge = page.getByTestId('debug-badge');
    await expect(badge).toContainText('DEBUG');
    await expect(badge).toContainText('Online');
    await expect(badge).toHaveCSS('pointer-events', 'none');
  });
});

test.describe('the offline and app settings dialog', () => {
  test('sync timing: the status card, out-of-range values refused with their ranges, a valid save kept', async ({
    page,
  }) => {
    const pwa = await cashierAtTheTill(page);
    await pwa.openFromIndicator();
    await pwa.seeTabs();
    await pwa.seeFact('sync-connection', 'Online');
    await pwa.seeFact('queue-total', '0');
    await expect(pwa.button('Force sync now')).toBeEnabled();

    // The spec's defaults (docs/platform.md): 10 per batch, 1 hour, 30 s / 2 min / 5 min, retries 5 s / 30 s
    // / 2 min.
    await pwa.seeValue('Batch size', '10');
    await pwa.seeValue('Max age (hours)', '1');
    await pwa.seeValue('Sync interval 1 (seconds)', '30');
    await pwa.seeValue('Sync interval 3 (seconds)', '300');
    await pwa.seeValue('Retry interval 3 (seconds)', '120');
    await expect(pwa.panel.getByRole('checkbox', { name: /Sync immediately/ })).toBeChecked();

    // docs/offline.md#sync-settings: batch 1-50, max age 1-24 h, sync interval 5-3600 s, retry interval 1-300 s.
    await pwa.fill('Batch size', '0');
    await pwa.fill('Max age (hours)', '25');
    await pwa.fill('Sync interval 2 (seconds)', '4');
    await pwa.fill('Retry interval 1 (seconds)', '301');
    await pwa.fill('Retry interval 3 (seconds)', '');
    await pwa.saveChanges();
    await pwa.seeError('Batch size must be a whole number between 1 and 50');
    await pwa.seeError('Max age must be between 1 and 24 hours');
    await pwa.seeError('Sync interval must be between 5 and 3600 seconds');
    await pwa.seeError('Retry interval must be between 1 and 300 seconds', 2);
    await expect(pwa.dialog).toBeVisible();
    await expectNoBlockingViolations(page, '[data-testid="pwa-settings-dialog"]');

    // A refused save from another tab brings the errors back to this one.
    await pwa.openTab('widgets');
    await pwa.saveChanges();
    await expect(pwa.dialog).toHaveAttribute('data-tab', 'sync');

    await pwa.fill('Batch size', '20');
    await pwa.fill('Max age (hours)', '2');
    await pwa.fill('Sync interval 2 (seconds)', '90');
    await pwa.fill('Retry interval 1 (seconds)', '10');
    await pwa.fill('Retry interval 3 (seconds)', '240');
    await pwa.panel.getByText('Sync immediately after each change (when online)').click();
    await pwa.saveChanges();
    await pwa.seeClosed();
    await expect(page.getByText('Sync settings saved')).toBeVisible();

    // Kept on this device: after a reload the dialog shows the saved configuration.
    await page.reload();
    await pwa.seeIndicator('Online', 0);
    await pwa.openFromIndicator();
    await pwa.seeValue('Batch size', '20');
    await pwa.seeValue('Max age (hours)', '2');
    await pwa.seeValue('Sync interval 2 (seconds)', '90');
    await pwa.seeValue('Retry interval 1 (seconds)', '10');
    await pwa.seeValue('Retry interval 3 (seconds)', '240');
    await expect(pwa.panel.getByRole('checkbox', { name: /Sync immediately/ })).not.toBeChecked();

    // Cancel drops what was typed.
    await pwa.fill('Batch size', '30');
    await pwa.cancel();
    await pwa.openFromUserMenu();
    await pwa.seeValue('Batch size', '20');
  });

  test('push notifications: support and permission badges, the test dialog, and the errors', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['notifications']);
    const pwa = await cashierAtTheTill(page);
    await pwa.openFromIndicator();
    await pwa.openTab('push');
    await pwa.seeBadge('push-supported', 'Supported');
    await pwa.seeBadge('push-permission', 'Permission granted');
    await pwa.seeBadge('push-subscription', 'Not subscribed');
    await expect(pwa.button('Request permission')).toBeDisabled();
    await expect(pwa.button('Unsubscribe')).toBeDisabled();
    await expect(pwa.panel.getByText('This device is not subscribed.')).toBeVisible();

    // The test notification asks for a title and a body; the server has no device of this cashier yet.
    await pwa.press('Test notification');
    const test = page.getByTestId('push-test-dialog');
    await expect(test.getByLabel('Title')).toHaveValue('Test notification');
    await test.getByLabel('Title').fill('');
    await expect(test.getByText('This field is required.')).toBeVisible();
    await expect(test.getByRole('button', { name: 'Send' })).toBeDisabled();
    await test.getByLabel('Title').fill('Walk-in waiting');
    await test.getByLabel('Message').fill('Anna has a customer at the desk.');
    await test.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('push-error')).toContainText(
      'This account has no push subscription. Subscribe first.',
    );

    // Subscribing needs the service worker and the browser's push service: without them it says why.
    await pwa.press('Subscribe');
    await expect(page.getByTestId('push-error')).toBeVisible();
    await expect(page.getByTestId('push-error')).not.toContainText('no push subscription');
    await pwa.seeBadge('push-subscription', 'Not subscribed');
    await expectNoBlockingViolations(page, '[data-testid="pwa-settings-dialog"]');
  });

  test('install prompts: badges, the custom banner, auto-show, and the browser prompt when one is offered', async ({
    page,
  }) => {
    const pwa = await cashierAtTheTill(page);
    await pwa.openFromIndicator();
    await pwa.openTab('install');
    await pwa.seeBadge('install-supported', 'Installable');
    await pwa.seeBadge('install-can', 'No install prompt yet');
    await pwa.seeBadge('install-installed', 'Not installed');
    await pwa.seeBadge('install-display', 'In the browser');
    await pwa.seeFact('install-device', 'Computer');
    await pwa.seeFact('install-os', 'Other');
    await pwa.seeFact('install-auto-show', 'On');
    await pwa.seeFact('install-delay', '3 sec');
    await pwa.seeFact('install-held', 'None');
    await expect(pwa.button('Show install prompt')).toBeDisabled();

    await pwa.press('Disable auto-show');
    await pwa.seeFact('install-auto-show', 'Off');
    await pwa.press('Enable auto-show after 5 sec');
    await pwa.seeFact('install-auto-show', 'On');
    await pwa.seeFact('install-delay', '5 sec');

    await pwa.press('Show custom banner');
    await expect(page.getByTestId('install-banner')).toContainText('Install Salon POS');

    // Chromium offers its prompt: the tab can show it, and a dismissal clears it (docs/platform.md).
    await pwa.offerInstallPrompt('dismissed');
    await pwa.seeBadge('install-can', 'Ready to install');
    await pwa.seeFact('install-held', 'A prompt is waiting');
    await pwa.press('Show install prompt');
    await pwa.seeBadge('install-can', 'No install prompt yet');
    await pwa.seeFact('install-held', 'None');
  });

  test('advanced caching: counts, a cache cleared, a configuration added with its required fields, the worker panel', async ({
    page,
  }) => {
    const pwa = await cashierAtTheTill(page);
    await pwa.putInCache('e2e-cache', '/e2e/hello.txt', 'hello');
    await pwa.openFromIndicator();
    await pwa.openTab('caching');
    // The worker may be filling its own caches meanwhile: the counts are read, not predicted.
    await expect(pwa.panel.getByTestId('cache-list')).toContainText('e2e-cache');
    await expect(pwa.panel.getByTestId('cache-count')).toHaveText(/^[1-9]\d*$/);
    await expect(pwa.panel.getByTestId('cache-entries')).toHaveText(/^[1-9]\d*$/);
    await expect(pwa.panel.getByTestId('cache-size')).toHaveText(/\d/);

    await pwa.press('Clear e2e-cache');
    await expect(pwa.panel.getByText('e2e-cache', { exact: true })).toHaveCount(0);
    // The app shell's precache and the worker's sw-meta are never cleared here: the app must open offline.
    await pwa.putInCache('sw-meta', '/e2e/meta.txt', 'meta');
    await pwa.press('Refresh stats');
    const meta = pwa.panel.getByTestId('cache-list').getByRole('row').filter({ hasText: 'sw-meta' });
    await expect(meta.getByTestId('cache-protected')).toBeVisible();
    await expect(pwa.panel.getByRole('button', { name: 'Clear sw-meta' })).toHaveCount(0);
    await pwa.press('Clear all caches');
    await expect(pwa.panel.getByTestId('cache-list')).toContainText('sw-meta');
    await pwa.putInCache('e2e-cache', '/e2e/again.txt', 'again');
    await pwa.press('Refresh stats');
    await expect(pwa.panel.getByTestId('cache-list')).toContainText('e2e-cache');

    // The built-in configurations of docs/platform.md, then one added: name and strategy are required
    // (docs/platform.md#caches).
    await expect(pwa.panel.getByTestId('cache-config-row')).toHaveCount(3);
    await pwa.press('Add cache configuration');
    const add = page.getByTestId('cache-config-dialog');
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(add.getByText('This field is required.')).toHaveCount(2);
    await add.getByLabel('Name').fill('reports');
    await add.getByLabel('Strategy').selectOption('StaleWhileRevalidate');
    await add.getByLabel('URL patterns').fill('/api/report/*\n/api/reports/*');
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(add).toBeHidden();
    await expect(pwa.panel.getByTestId('cache-config-row')).toHaveCount(4);
    await expect(pwa.panel.getByTestId('cache-config-row').last()).toContainText(
      'reportsStaleWhileRevalidate/api/report/*, /api/reports/*',
    );
    await pwa.press('Remove reports');
    await expect(pwa.panel.getByTestId('cache-config-row')).toHaveCount(3);

    // The status panel: every button of docs/platform.md#worker-tools; Force Reload SW asks first
    // (docs/platform.md).
    const panel = pwa.panel.getByTestId('sw-status-panel');
    for (const name of [
      'Check for Updates',
      'Apply Update',
      'Clear Cache',
      'Cache Info',
      'Force Update',
      'Clear Update State',
      'Test SW Response',
      'Force Reload SW',
    ]) {
      await expect(panel.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await expect(panel.getByTestId('sw-update-available')).toHaveText('None');
    await panel.getByRole('button', { name: 'Force Reload SW' }).click();
    await expect(panel.getByTestId('sw-force-reload-confirm')).toContainText(
      'This will force reload the service worker and clear all caches. Continue?',
    );
    await panel.getByTestId('sw-force-reload-confirm').getByRole('button', { name: 'Cancel' }).click();
    await expect(panel.getByTestId('sw-force-reload-confirm')).toBeHidden();
    await panel.getByRole('button', { name: 'Test SW Response' }).click();
    await expect(panel.getByTestId('sw-tools-result').or(panel.getByTestId('sw-tools-error'))).toBeVisible();
  });

  test('mobile widgets: the default widgets and shortcuts, required fields and the interval range', async ({
    page,
  }) => {
    const pwa = await cashierAtTheTill(page);
    await pwa.openFromIndicator();
    await pwa.openTab('widgets');
    await pwa.seeFact('widget-count', '4');
    await pwa.seeFact('shortcut-count', '4');
    await expect(pwa.panel.getByTestId('widget-row')).toHaveText([
      /^Dashboard.*Medium.*\/dashboard.*15/,
      /^Sales.*Small.*\/sales.*5/,
      /^Appointments.*Medium.*\/appointments.*10/,
      /^Notifications.*Small.*\/notifications.*1/,
    ]);
    await expect(pwa.panel.getByTestId('shortcut-row')).toHaveText([
      /^New Sale\/pos\/new-sale/,
      /^New Appointment\/appointments\/new/,
      /^Quick Reports\/reports/,
      /^Customer Search\/customers\/search/,
    ]);

    // docs/offline.md#sync-settings: id, name and url required; the update interval 5 to 3600 seconds.
    const widgetForm = pwa.panel.getByTestId('widget-form');
    await widgetForm.getByLabel('Update interval (seconds)').fill('4');
    await widgetForm.getByRole('button', { name: 'Add widget' }).click();
    await expect(widgetForm.getByText('This field is required.')).toHaveCount(3);
    await expect(widgetForm.getByText('Enter a number from 5 to 3600.')).toBeVisible();
    await widgetForm.getByLabel('Widget ID').fill('walk-ins');
    await widgetForm.getByLabel('Widget name').fill('Walk-ins');
    await widgetForm.getByLabel('Widget address (URL)').fill('/pos/walk-in');
    await widgetForm.getByLabel('Size').selectOption('large');
    await widgetForm.getByLabel('Update interval (seconds)').fill('30');
    await widgetForm.getByRole('button', { name: 'Add widget' }).click();
    await pwa.seeFact('widget-count', '5');
    await expect(pwa.panel.getByTestId('widget-row').last()).toHaveText(
      /^Walk-ins.*Large.*\/pos\/walk-in.*30/,
    );
    await pwa.press('Remove widget Walk-ins');
    await pwa.seeFact('widget-count', '4');

    // docs/platform.md#the-installable-app: name and url required for a shortcut.
    const shortcutForm = pwa.panel.getByTestId('shortcut-form');
    await shortcutForm.getByLabel('Shortcut name').fill('Turns');
    await shortcutForm.getByRole('button', { name: 'Add shortcut' }).click();
    await expect(shortcutForm.getByText('This field is required.')).toHaveCount(1);
    await shortcutForm.getByLabel('Shortcut address (URL)').fill('/pos/turns');
    await shortcutForm.getByRole('button', { name: 'Add shortcut' }).click();
    await pwa.seeFact('shortcut-count', '5');
    await pwa.press('Remove shortcut Turns');
    await pwa.seeFact('shortcut-count', '4');
    await expectNoBlockingViolations(page, '[data-testid="pwa-settings-dialog"]');
  });

  test('speaks the chosen language', async ({ page }) => {
    const pwa = await cashierAtTheTill(page);
    await pwa.chooseLanguage('es');
    await pwa.indicator.click();
    await expect(
      pwa.dialog.getByRole('heading', { name: 'Ajustes sin conexión y de la aplicación' }),
    ).toBeVisible();
    await expect(pwa.dialog.getByRole('tab', { name: 'Sincronización' })).toBeVisible();
    await expect(pwa.dialog.getByRole('button', { name: 'Guardar cambios' })).toBeVisible();
  });
});
