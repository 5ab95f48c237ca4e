/**
 * The whole flow in Vietnamese ("the whole flow in Vietnamese"; item 7: the language switch,
 * every visible string through i18next, money formatted for the language and the store currency): the cashier
 * picks Tiếng Việt on the login page, logs in, opens the POS from the menu, rings up a sale, pays in cash with
 * change and reads the receipt. Every expected word comes from locales/vi/*.json (the file the app itself
 * loads), never typed in English; amounts are USD (the demo store's currency) as vi-VN writes them, "48,80 US$",
 * formatted here by Intl apart from the app's own formatter.
 */
import { expect } from '@playwright/test';
import { test } from './support/till-without-worker';
import type { Page } from '@playwright/test';
import { localeText } from '../model-based/support/locale-text';
import { moneyText } from '../model-based/support/money-text';
import { DEMO_PASSWORD } from './support/pages/login-page';
import { SalePage } from './support/pages/sale-page';

const vi = localeText('vi');
const viNav = localeText('vi', 'navigation');
const money = (minor: number) => moneyText(minor, 'vi-VN', 'USD');

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Taps an amount on the cash form's keypad, key by key, as a finger would (Clear first). */
async function tapCash(page: Page, amount: string): Promise<void> {
  const pad = page.getByTestId('tender-form').getByTestId(/-amount-pad$/);
  await pad.getByRole('button', { name: vi('tendering.amountPad.clear'), exact: true }).click();
  for (const digit of amount) await pad.getByRole('button', { name: digit, exact: true }).click();
}

test('a cashier works in Vietnamese: login, a sale, cash with change, the receipt', async ({ page }) => {
  const till = new SalePage(page);

  // The login page, switched to Vietnamese before anyone has logged in.
  await till.open('/login');
  await till.chooseLanguage('vi');
  await till.seePageLanguage('vi-VN');
  await expect(page.getByRole('heading', { name: vi('auth.login.title') })).toBeVisible();
  await page.getByLabel(vi('auth.login.username'), { exact: true }).fill('cashier');
  await page.getByLabel(vi('auth.login.password'), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: vi('auth.login.submit') }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();

  // The menu in Vietnamese leads to the sale screen.
  await page
    .getByRole('navigation')
    .getByRole('link', { name: viNav('menu.pos'), exact: true })
    .click();
  await till.seeAddress('/pos/sales');
  await expect(page.getByRole('heading', { level: 1, name: vi('sale.title') })).toBeAttached();
  await expect(page.getByTestId('ticket-empty')).toHaveText(vi('sale.ticket.empty'));
  await expect(page.getByTestId('catalog-search')).toHaveAttribute(
    'placeholder',
    vi('sale.catalog.searchPlaceholder'),
  );

  // Anna: a Gel Manicure ($35.00) and a Cuticle Oil ($12.00 + 5 % and 9.5 % compounding: $0.60 + $1.20).
  await till.pickEmployee('Anna Nguyen');
  await till.addItem('Gel Manicure');
  await till.addItem('Cuticle Oil 15 ml');
  const totals = page.getByTestId('totals-panel');
  await expect(totals).toHaveAccessibleName(vi('sale.totals.title'));
  await expect(page.getByTestId('total-subtotal')).toHaveText(`${vi('sale.totals.subtotal')}${money(4700)}`);
  await expect(page.getByTestId('total-taxes')).toHaveText(`${vi('sale.totals.taxesTotal')}${money(180)}`);
  await expect(page.getByTestId('total-total')).toHaveText(`${vi('sale.totals.total')}${money(4880)}`);
  await expect(page.getByTestId('line-qty')).toHaveText(['1', '1']);

  // Paying: the panel, the balance, cash with the change previewed.
  await page.getByRole('button', { name: vi('sale.actions.pay', { amount: money(4880) }) }).click();
  const panel = page.getByTestId('tendering-panel');
  await expect(panel.getByRole('heading', { name: vi('tendering.title'), exact: true })).toBeVisible();
  await expect(panel.getByText(vi('tendering.balanceDue'), { exact: true })).toBeVisible();
  await expect(panel.getByTestId('balance-due')).toHaveText(money(4880));
  await panel.getByRole('button', { name: vi('tendering.types.cash'), exact: true }).click();
  await tapCash(page, '50');
  await expect(panel.getByTestId('change-preview')).toHaveText(
    vi('tendering.cash.changePreview', { amount: money(120) }),
  );
  await panel.getByRole('button', { name: vi('tendering.cash.add') }).click();
  await expect(panel.getByText(vi('tendering.paidInFull'), { exact: true })).toBeVisible();
  await expect(panel.getByTestId('change-due')).toHaveText(vi('tendering.changeDue', { amount: money(120) }));
  await panel.getByRole('button', { name: vi('tendering.complete') }).click();

  // Done: the change to hand back, the numbers, the receipt in Vietnamese.
  await expect(page.getByRole('heading', { level: 1, name: vi('sale.done.title') })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('sale-done-change')).toHaveText(
    vi('sale.done.change', { amount: money(120) }),
  );
  const numbers = escapeRegExp(vi('sale.done.numbers', { ticket: 'TICKET', invoice: 'INVOICE' }))
    .replace('TICKET', '\\d+')
    .replace('INVOICE', '\\S+');
  await expect(page.getByTestId('sale-done-numbers')).toHaveText(new RegExp(`^${numbers}$`));
  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByTestId('receipt-subtotal')).toHaveText(`${vi('receipt.subtotal')}${money(4700)}`);
  await expect(receipt.getByTestId('receipt-total')).toHaveText(`${vi('receipt.total')}${money(4880)}`);
  await expect(receipt.getByTestId('receipt-payment')).toHaveText([
    `${vi('receipt.paymentTypes.1')}${money(5000)}`,
  ]);
  await expect(receipt.getByTestId('receipt-change')).toHaveText(`${vi('receipt.change')}${money(120)}`);
  await expect(receipt).toContainText(vi('receipt.thanks'));
  await expect(page.getByRole('button', { name: vi('receipt.actions.print') })).toBeVisible();

  // A new sale starts from an empty ticket, still in Vietnamese.
  await page.getByRole('button', { name: vi('receipt.actions.newSale') }).click();
  await expect(page.getByTestId('ticket-empty')).toHaveText(vi('sale.ticket.empty'));
  await till.seePageLanguage('vi-VN');
});
