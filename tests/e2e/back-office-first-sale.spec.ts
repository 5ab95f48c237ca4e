/**
 * A new salon's first sale, all in the browser (docs/back-office.md, docs/back-office-catalog.md): the owner
 * creates a service category and a product category, a service with a 5 % tax, a technician with a PIN and a
 * 40 % commission, a product with stock, and at once sells the service (by the new technician) and the
 * product on /pos/sales, with the totals and the tax of the new prices. Then /admin/services in Spanish: its
 * heading, columns and a field's error in Spanish. And the row actions of products and kits: a stock change
 * seen in the product's stock history, a kit's items saved and seen again when reopened. Names carry this
 * run's mark, so runs never meet.
 */
import { expect } from '@playwright/test';
import { test } from './support/till-without-worker';
import type { Locator } from '@playwright/test';
import { localeText } from '../model-based/support/locale-text';
import { LoginPage } from './support/pages/login-page';
import { ResourceFormPage } from './support/pages/resource-form-page';
import { SalePage } from './support/pages/sale-page';

const RUN = Date.now().toString(36);
/** A 6-digit PIN of this run (the demo's PINs have 4 digits). */
const PIN = String(100000 + (Date.now() % 900000));

test.describe('back office to the first sale', () => {
  // Five screens, each loading its chunk on first use, then the sale screen, on a busy machine.
  test.describe.configure({ timeout: 360_000 });

  test('a category, a taxed service, a technician and a product with stock are sold at once', async ({
    page,
  }) => {
    await new LoginPage(page).signIn('owner');
    const office = new ResourceFormPage(page);
    const serviceCategory = `Brows ${RUN}`;
    const productCategory = `Retail ${RUN}`;
    const service = `Brow Shape ${RUN}`;
    const product = `Brow Gel ${RUN}`;
    const technician = `Tina ${RUN}`;

    await test.step('categories', async () => {
      await office.openResource('/admin/categories');
      await office.create({ type: 'service', name: serviceCategory });
      await office.create({ type: 'product', name: productCategory });
    });

    await test.step('a service at 40.00 with a 5 % tax', async () => {
      await office.openResource('/admin/services');
      await office.create({
        category_id: serviceCategory,
        name: service,
        price: '40.00',
        duration_minutes: '25',
        taxes: '5',
      });
      const row = await office.search(RUN);
      await expect(row).toContainText(service);
      await expect(row).toContainText('$40.00');
    });

    await test.step('a technician with a PIN and 40 % commission', async () => {
      await office.openResource('/admin/members');
      await office.create({
        name: technician,
        username: `tina${RUN}`,
        role: 'staff',
        pin: PIN,
        commission_rate: '40',
      });
      await expect(await office.search(RUN)).toContainText('40 %');
    });

    await test.step('a product at 12.00 with 7 in stock, its stock then counted again', async () => {
      await office.openResource('/admin/product');
      await office.create({
        category_id: productCategory,
        name: product,
        sku: `BG-${RUN}`,
        price: '12.00',
        stock_quantity: '7',
      });
      const row = await office.search(RUN);
      await expect(row).toContainText('$12.00');
      await expect(row).toContainText('7');
      // A stock change with its reason (kept as a movement by the server).
      await row
        .getByRole('button', { name: new RegExp(product) })
        .first()
        .click();
      await expect(office.editor.getByTestId('field-price')).toHaveValue('12.00');
      await office.fill({ stock_quantity: '9', stock_reason: 'received' });
      await office.save();
      await expect(office.editor).toBeHidden({ timeout: 20_000 });
      await expect(page.getByTestId('resource-row')).toContainText('9');
    });

    await test.step('sold on /pos/sales at once', async () => {
      const sale = new SalePage(page);
      await sale.openSale();
      await sale.pickEmployee(technician);
      await sale.addItem(service);
      await sale.addItem(product);
      await sale.seeLines(technician, [service, product]);
      await sale.seeTotals({ subtotal: '$52.00', taxes: '$2.00', total: '$54.00' });
      await sale.payCashAndSeeReceipt('$54.00');
    });
  });

  test("a product's stock change in its stock history; a kit's items saved and seen again", async ({
    page,
  }) => {
    await new LoginPage(page).signIn('owner');
    const office = new ResourceFormPage(page);
    const product = `Cuticle Oil ${RUN}`;
    const kit = `Cuticle Kit ${RUN}`;
    const dialog = page.getByTestId('row-action-dialog');
    /** A row's action: a button beside Edit, or an item of its "More" menu when the row has many. */
    const rowAction = async (row: Locator, id: string) => {
      const more = row.getByTestId('row-more');
      if (await more.isVisible()) await more.click();
      await page.getByTestId(`row-action-${id}`).first().click();
      await expect(dialog).toBeVisible();
    };

    await test.step('a stock change is the newest line of the stock history', async () => {
      await office.openResource('/admin/product');
      await office.create({ category_id: 'Nail Care', name: product, price: '6.00', stock_quantity: '4' });
      const row = await office.search(product);
      await row
        .getByRole('button', { name: new RegExp(product) })
        .first()
        .click();
      await office.fill({ stock_quantity: '6', stock_reason: 'received', stock_note: `Box ${RUN}` });
      await office.save();
      await expect(office.editor).toBeHidden({ timeout: 20_000 });
      await rowAction(row, 'stock-history');
      const newest = dialog.getByTestId('stock-history-row').first();
      await expect(newest).toContainText('+2');
      await expect(newest).toContainText('Received');
      await expect(newest).toContainText(`Box ${RUN}`);
      await dialog.getByTestId('stock-history-close').click();
      await expect(dialog).toBeHidden();
    });

    await test.step("a kit's items: added, a quantity changed, saved, and the same when opened again", async () => {
      await office.openResource('/admin/item_kits');
      await office.create({ name: kit, price: '15.00' });
      const row = await office.search(kit);
      await rowAction(row, 'items');
      await expect(dialog.getByTestId('kit-items-empty')).toBeVisible();
      const add = dialog.getByTestId('kit-item-add');
      await expect(add.getByRole('option', { name: product })).toHaveCount(1);
      await add.selectOption({ label: product });
      // The second through the find box: the server's matches for a SKU, whatever the list's length.
      await dialog.getByTestId('kit-item-find').fill('pol-006');
      await expect(add.getByRole('option')).toHaveText(['Add a product…', 'Gel Top Coat (POL-006)']);
      await add.selectOption({ label: 'Gel Top Coat (POL-006)' });
      await dialog.getByTestId('kit-item-find').fill('no such product');
      await expect(dialog.getByTestId('kit-item-find-status')).toHaveText(
        'No active product matches “no such product”.',
      );
      const oil = dialog.getByTestId('kit-item').filter({ hasText: product });
      await oil.getByTestId('kit-item-quantity').fill('2');
      // 2 × 6.00 + 18.00 beside the kit's 15.00.
      await expect(dialog.getByTestId('kit-items-total')).toHaveText('$30.00');
      await expect(dialog.getByTestId('kit-price')).toHaveText('$15.00');
      await dialog.getByTestId('kit-items-save').click();
      await expect(dialog.getByTestId('kit-items-saved')).toBeVisible({ timeout: 20_000 });
      await dialog.getByTestId('kit-items-close').click();
      await expect(dialog).toBeHidden();

      await rowAction(row, 'items');
      await expect(dialog.getByTestId('kit-item')).toHaveCount(2);
      await expect(oil.getByTestId('kit-item-quantity')).toHaveValue('2');
      await expect(dialog.getByTestId('kit-items-total')).toHaveText('$30.00');
    });
  });

  test('/admin/services in Spanish: heading, columns and a field error in Spanish', async ({ page }) => {
    const es = localeText('es', 'admin-services');
    const esAdmin = localeText('es', 'admin');
    const login = new LoginPage(page);
    await login.logInAsDemoIn('es', 'owner');

    const office = new ResourceFormPage(page);
    await office.openResource('/admin/services');
    await expect(page.getByRole('heading', { name: es('title') }).first()).toBeVisible();
    const headings = page.getByTestId('resource-screen').getByRole('columnheader');
    await expect(headings.filter({ hasText: es('fields.price') })).toHaveCount(1);
    await expect(headings.filter({ hasText: es('fields.duration_minutes') })).toHaveCount(1);

    await page.getByTestId('resource-new').click();
    await expect(office.editor).toContainText(es('fields.turn_value'));
    // The price left empty: its error in Spanish, and what was typed stays.
    await office.fill({ name: `Corte ${RUN}`, taxes: '5' });
    await office.save();
    await expect(office.fieldError('price')).toHaveText(esAdmin('validation.required'));
    await expect(office.editor.getByTestId('field-name')).toHaveValue(`Corte ${RUN}`);
    await expect(office.editor.getByTestId('field-taxes')).toHaveValue('5');
  });
});
