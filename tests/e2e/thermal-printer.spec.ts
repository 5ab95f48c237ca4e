/**
 * Thermal printing on a real till's hardware path (docs/printing.md, ADR 018), with Chromium's WebUSB replaced by
 * a fake receipt printer: an init script puts a `navigator.usb` whose one device records every transferOut. The
 * printer settings (USB, ESC/POS, 42 columns, drawer on cash) are the device's kept `printer_settings`.
 *
 * 1. Printing a cash sale's receipt sends the printer exactly the bytes lib/printing/receipt-commands.ts makes
 *    for the server's receipt (computed here from GET /api/pos/receipts/:uuid and the English words).
 * 2. "No sale" asks for a manager's PIN, the server records the open (its answer names the approver and the
 *    reason, read back from the audit row), and only then does the drawer pulse reach the printer.
 *
 * Playwright's own `test` (a fresh context each), not the shared warm tab: a faked navigator.usb must not leak
 * into the next spec. The service worker is removed as till-without-worker does; it takes no part here.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import i18next from 'i18next';
import type { ReceiptData } from '../../src/contracts/receipts';
import { drawerKickCommands, receiptCommands } from '../../src/client/lib/printing/receipt-commands';
import type { PrinterSettings } from '../../src/client/lib/printing/printer-settings';
import { DEMO_PASSWORD, LoginPage } from './support/pages/login-page';
import { PinPadPage } from './support/pages/pin-pad-page';
import { PwaSettingsPage } from './support/pages/pwa-settings-page';
import { SalePage } from './support/pages/sale-page';
import { MANAGER_PIN } from './support/pages/sale-management-page';

const SETTINGS: PrinterSettings = {
  transport: 'usb',
  language: 'esc-pos',
  columns: 42,
  codepage: 'auto',
  kickDrawerOnCash: true,
  bridgeUrl: '',
  baudRate: 9600,
};

/** The fake printer: an Epson-like device with one printer-class interface and a bulk OUT endpoint. */
function installFakeUsbPrinter(settings: string): void {
  Reflect.deleteProperty(Navigator.prototype, 'serviceWorker');
  const sent: number[][] = [];
  (window as unknown as { __usbSent: number[][] }).__usbSent = sent;
  const device = {
    vendorId: 0x04b8,
    productId: 0x0202,
    productName: 'Fake TM-T20',
    opened: false,
    configuration: null as unknown,
    async open() {
      device.opened = true;
    },
    async close() {
      device.opened = false;
    },
    async selectConfiguration(value: number) {
      device.configuration = {
        configurationValue: value,
        interfaces: [
          {
            interfaceNumber: 0,
            alternate: {
              interfaceClass: 7,
              endpoints: [{ endpointNumber: 1, direction: 'out', type: 'bulk' }],
            },
          },
        ],
      };
    },
    async claimInterface() {},
    async releaseInterface() {},
    async transferOut(_endpoint: number, data: Uint8Array) {
      sent.push([...data]);
      return { status: 'ok', bytesWritten: data.byteLength };
    },
  };
  const usb = {
    getDevices: async () => [device],
    requestDevice: async () => device,
    addEventListener() {},
    removeEventListener() {},
  };
  Object.defineProperty(Navigator.prototype, 'usb', { configurable: true, get: () => usb });
  try {
    localStorage.setItem('printer_settings', settings);
  } catch {
    // about:blank has no storage; the app's pages do.
  }
}

const sentToPrinter = (page: Page) =>
  page.evaluate(() => (window as unknown as { __usbSent: number[][] }).__usbSent);

test.beforeEach(async ({ page }) => {
  await page.addInitScript(installFakeUsbPrinter, JSON.stringify(SETTINGS));
});

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} → ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** A cash sale of one Gel Manicure by Anna, paid $100.00 cash (POST /api/pos/sales as the sale screen makes it). */
async function createCashSale(request: APIRequestContext): Promise<string> {
  const login = await data<{ token: string }>(
    await request.post('/api/login', { data: { username: 'cashier', password: DEMO_PASSWORD } }),
  );
  const headers = { authorization: `Bearer ${login.token}` };
  const catalog = await data<{
    categories: { type: string; services?: { item_id: number; name: string }[] }[];
  }>(await request.get('/api/pos/sales/service-product-setting', { headers }));
  const manicure = catalog.categories
    .flatMap((c) => c.services ?? [])
    .find((s) => s.name === 'Gel Manicure')!;
  const employees = await data<{ items: { id: number; first_name: string; name: string }[] }>(
    await request.get('/api/pos/employees?per_page=50', { headers }),
  );
  const anna = employees.items.find((e) => e.first_name === 'Anna')!;
  const uuid = randomUUID();
  await data(
    await request.post('/api/pos/sales', {
      headers: { ...headers, 'idempotency-key': randomUUID() },
      data: {
        uuid,
        status: 1,
        employee: { id: anna.id },
        orderEmployees: [
          {
            employee: { id: anna.id, name: anna.name },
            orderItems: [
              { item_id: manicure.item_id, item_type: 1, quantity: 1, price: null, discounts: [] },
            ],
          },
        ],
        payments: [{ payment_type: 1, payment_amount: 10_000 }],
      },
    }),
  );
  return uuid;
}

/** The bytes the app must send for this receipt: the same encoder, the same English words. */
async function expectedBytes(receipt: ReceiptData, justSold: boolean): Promise<number[]> {
  const words = JSON.parse(readFileSync(new URL('../../locales/en/common.json', import.meta.url), 'utf8'));
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en', resources: { en: { common: words } }, ns: ['common'], defaultNS: 'common' });
  return [
    ...receiptCommands({
      receipt,
      t: (key, options) => i18n.t(key, options),
      uiLanguage: 'en',
      language: SETTINGS.language,
      columns: SETTINGS.columns,
      codepage: SETTINGS.codepage,
      kickDrawer: justSold,
    }),
  ];
}

test('printing a receipt sends the printer the encoder’s bytes over WebUSB', async ({ page, request }) => {
  const uuid = await createCashSale(request);
  const receipt = await data<ReceiptData>(await request.get(`/api/pos/receipts/${uuid}`));
  await page.goto(`/pos/receipts/${uuid}`);
  await expect(page.getByTestId('receipt')).toBeVisible();
  await page.getByTestId('receipt-print').click();
  await expect(page.getByTestId('receipt-printed')).toHaveText('Printed.');
  // A reprint from the receipt link: the receipt alone, never the drawer pulse.
  expect(await sentToPrinter(page)).toEqual([await expectedBytes(receipt, false)]);
});

test('“No sale” asks for a manager’s PIN, is recorded by the server, then opens the drawer', async ({
  page,
}) => {
  await new LoginPage(page).logInAsDemo('cashier');
  await new SalePage(page).openSale();
  const pwa = new PwaSettingsPage(page);
  await pwa.openFromUserMenu();
  await pwa.openTab('printer');
  await expect(pwa.dialog.getByLabel('USB printer (WebUSB)')).toBeChecked();
  await pwa.dialog.getByRole('button', { name: 'No sale: open the drawer' }).click();
  await pwa.dialog.getByLabel('Reason').fill('Change for a customer');
  expect(await sentToPrinter(page)).toEqual([]);

  const recorded = page.waitForResponse((r) => r.url().endsWith('/api/pos/drawer/no-sale'));
  await new PinPadPage(page).typePin(MANAGER_PIN);
  const answer = await recorded;
  expect(answer.status()).toBe(201);
  expect(answer.request().headers()['x-pin-approval']).toBeTruthy();
  const body = (await answer.json()) as { data: { reason: string; approved_by: number; user_id: number } };
  expect(body.data.reason).toBe('Change for a customer');
  expect(body.data.approved_by).not.toBe(body.data.user_id);

  await expect(pwa.dialog.getByText('The drawer is open. The opening was recorded.')).toBeVisible();
  expect(await sentToPrinter(page)).toEqual([[...drawerKickCommands({ language: 'esc-pos' })]]);
});
