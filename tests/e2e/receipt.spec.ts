/**
 * The public receipt ("the receipt shows the server's totals"; ADR 007): a sale is made through
 * the API as the demo cashier (two technicians, line and ticket discounts, taxes, tips, a card and cash with
 * change), then its receipt link is opened by someone who is not logged in. The page must show the store
 * header, the ticket and invoice numbers, each technician's lines, every total exactly as the server stored
 * it, the payments and the change; print as an 80 mm roll with nothing else on the page; and pass axe.
 */
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { test } from './support/till-without-worker';
import { expectNoBlockingViolations } from './support/axe';
import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './support/pages/login-page';
import { CSS_PX_PER_MM, ReceiptPage } from './support/pages/receipt-page';

/** README "Demo logins" and the demo store's receipt header (src/server/seed/demo-data.ts). */
const DEMO_HEADER = {
  name: 'Demo Nail Spa',
  address: '123 Main Street, New York, NY 10001',
  phone: '(212) 555-0100',
};

interface Envelope<T> {
  success: boolean;
  data: T;
  message: string;
}

interface CreatedSale {
  uuid: string;
  ticket_no: number;
  daily_ticket_no: number;
  invoice_no: string;
  discount_amounts: { discount_ticket: number; discount_membership: number };
  totals: {
    sub_total: number;
    taxes: number;
    tip_amount: number;
    total_price: number;
    paid_customer_total: number;
    paid_customer_change_amount_total: number;
  };
  orderEmployees: { orderItems: { tax_amounts: number[] }[] }[];
}

/** Minor units of USD as en-US prints them ("$1,234.50"), without a float. */
function usd(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const dollars = Math.trunc(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} → ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as Envelope<T>).data;
}

/**
 * A completed sale made the way the sale screen makes it (POST /api/pos/sales, status 1, an Idempotency-Key;
 * src/contracts/sales.ts): Anna does a Gel Manicure with 10 % off and sells a taxed product, Bella a Classic
 * Pedicure; a $2.00 ticket discount; tips $5.00 and $3.00; $20.00 by VISA •••• 4242 and $200.00 cash.
 */
async function createDemoSale(request: APIRequestContext): Promise<CreatedSale> {
  const login = await data<{ token: string }>(
    await request.post('/api/login', { data: { username: 'cashier', password: DEMO_PASSWORD } }),
  );
  const headers = { authorization: `Bearer ${login.token}` };
  const catalog = await data<{
    categories: (
      | { type: 'service'; services: { item_id: number; name: string }[] }
      | { type: 'product'; products: { item_id: number; name: string; taxes: string }[] }
    )[];
  }>(await request.get('/api/pos/sales/service-product-setting', { headers }));
  const services = catalog.categories.flatMap((c) => (c.type === 'service' ? c.services : []));
  const products = catalog.categories.flatMap((c) => (c.type === 'product' ? c.products : []));
  const service = (name: string) => services.find((s) => s.name === name)!;
  const product = products.find((p) => p.taxes.includes('9.5'))!;
  const employees = await data<{ items: { id: number; first_name: string; name: string }[] }>(
    await request.get('/api/pos/employees?per_page=50', { headers }),
  );
  const person = (first: string) => employees.items.find((e) => e.first_name === first)!;
  const customers = await data<{ items: { id: number }[] }>(
    await request.get('/api/pos/customers?per_page=1', { headers }),
  );
  const [anna, bella] = [person('Anna'), person('Bella')];
  const line = (id: number, type: number, discounts: unknown[] = []) => ({
    item_id: id,
    item_type: type,
    quantity: 1,
    price: null,
    discounts,
  });
  const body = {
    uuid: randomUUID(),
    status: 1,
    customer: { id: customers.items[0]!.id },
    employee: { id: anna.id },
    orderEmployees: [
      {
        employee: { id: anna.id, name: anna.name },
        orderItems: [
          line(service('Gel Manicure').item_id, 1, [{ type: 0, discount: { type: 0, value: 10 } }]),
          line(product.item_id, 2),
        ],
        tips: { user_id: anna.id, tip_amount: 500 },
      },
      {
        employee: { id: bella.id, name: bella.name },
        orderItems: [line(service('Classic Pedicure').item_id, 1)],
        tips: { user_id: bella.id, tip_amount: 300 },
      },
    ],
    discount: { ticket: { type: 1, value: 200 } },
    payments: [
      { payment_type: 2, payment_amount: 2000, payment_info: { card_brand: 'VISA', last4: '4242' } },
      { payment_type: 1, payment_amount: 20_000 },
    ],
  };
  return data<CreatedSale>(
    await request.post('/api/pos/sales', {
      headers: { ...headers, 'idempotency-key': randomUUID() },
      data: body,
    }),
  );
}

test.describe('receipt', () => {
  let sale: CreatedSale;

  test.beforeAll(async ({ request }) => {
    sale = await createDemoSale(request);
  });

  test('a logged-out visitor of the link sees the store, the numbers, the lines and the server’s totals', async ({
    page,
  }) => {
    const receipt = new ReceiptPage(page);
    await receipt.openReceipt(sale.uuid);
    await receipt.seeReceipt();
    await expect(page).toHaveTitle('Receipt · Salon POS');
    await receipt.seeStoreHeader(DEMO_HEADER);
    await receipt.seeRow('receipt-ticket', 'Ticket no.', `#${sale.daily_ticket_no}`);
    await receipt.seeRow('receipt-invoice', 'Invoice no.', sale.invoice_no);
    await receipt.seeRow('receipt-date', 'Date', /\d{4}/);
    await receipt.seeEmployees(['Anna Nguyen', 'Bella Pham']);
    await receipt.seeLine('Anna Nguyen', 'Gel Manicure');
    await receipt.seeLine('Anna Nguyen', 'Item discount');
    await receipt.seeLine('Bella Pham', 'Classic Pedicure');

    const { totals } = sale;
    await receipt.seeRow('receipt-subtotal', 'Subtotal', usd(totals.sub_total));
    await receipt.seeRow(
      'receipt-discount-ticket',
      'Ticket discount',
      `−${usd(sale.discount_amounts.discount_ticket)}`,
    );
    const taxes = new Map<string, number>();
    for (const group of sale.orderEmployees) {
      for (const item of group.orderItems) {
        // Every taxed demo line is "5,9.5" (README): the first amount is 5 %, the second 9.5 %.
        item.tax_amounts.forEach((amount, i) => {
          const rate = i === 0 ? '5%' : '9.5%';
          taxes.set(rate, (taxes.get(rate) ?? 0) + amount);
        });
      }
    }
    await receipt.seeRows(
      'receipt-tax',
      [...taxes].map(([rate, amount]) => new RegExp(`Tax ${rate.replace('.', '\\.')}\\s*\\${usd(amount)}`)),
    );
    expect([...taxes.values()].reduce((a, b) => a + b, 0)).toBe(totals.taxes);
    await receipt.seeRow('receipt-tips', 'Tips', usd(totals.tip_amount));
    await receipt.seeRow('receipt-total', 'Total', usd(totals.total_price));
    await receipt.seeRows('receipt-payment', [
      `Credit card VISA •••• 4242${usd(2000)}`,
      `Cash${usd(20_000)}`,
    ]);
    await receipt.seeRow('receipt-change', 'Change', usd(totals.paid_customer_change_amount_total));
    expect(totals.paid_customer_change_amount_total).toBe(totals.paid_customer_total - totals.total_price);
    await expect(receipt.receipt.getByTestId('receipt-customer')).toContainText('Customer');
    await expect(receipt.receipt.getByTestId('receipt-status')).toHaveCount(0);
  });

  test('Print opens the print dialog, and the printout is the 80 mm receipt alone, black on white', async ({
    page,
  }) => {
    const receipt = new ReceiptPage(page);
    await receipt.openReceipt(sale.uuid);
    await receipt.seeReceipt();
    await receipt.printAndSeeDialogAsked();
    // One page, 80 mm wide and as long as the receipt (not a Letter sheet with a strip on it).
    const pages = await receipt.printedPages();
    expect(pages).toHaveLength(1);
    expect(Math.abs(pages[0]!.widthMm - 80)).toBeLessThan(0.5);
    expect(pages[0]!.heightMm).toBeGreaterThan(80);
    expect(pages[0]!.heightMm).toBeLessThan(250);

    const layout = await receipt.printLayout();
    expect(Math.abs(layout.width - 80 * CSS_PX_PER_MM)).toBeLessThan(1);
    expect(layout.x).toBe(0);
    expect(layout.fontFamily).toMatch(/mono/i);
    expect(layout.color).toBe('rgb(0, 0, 0)');
    expect(layout.background).toBe('rgb(255, 255, 255)');
    // No app chrome on paper: the language switch and the buttons are gone.
    await expect(page.getByTestId('language-switch')).toBeHidden();
    await expect(receipt.printButton).toBeHidden();
    await expect(receipt.receipt.getByTestId('receipt-total')).toBeVisible();
  });

  test('in Vietnamese the receipt reads in Vietnamese with the amounts formatted for it', async ({
    page,
  }) => {
    const receipt = new ReceiptPage(page);
    await receipt.openReceipt(sale.uuid);
    await receipt.seeReceipt();
    await receipt.chooseLanguage('vi');
    const total = new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'USD' }).format(
      `${Math.trunc(sale.totals.total_price / 100)}.${String(sale.totals.total_price % 100).padStart(2, '0')}` as `${number}`,
    );
    await receipt.seeRow('receipt-total', 'Tổng cộng', total);
    await expect(receipt.printButton).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'In hóa đơn' })).toBeVisible();
  });

  test('the receipt page has no serious or critical axe violation', async ({ page }) => {
    const receipt = new ReceiptPage(page);
    await receipt.openReceipt(sale.uuid);
    await receipt.seeReceipt();
    await expectNoBlockingViolations(page);
  });

  test('an unknown or malformed link says the receipt was not found, without a retry', async ({ page }) => {
    const receipt = new ReceiptPage(page);
    await receipt.openReceipt(randomUUID());
    await receipt.seeNotFound();
    await expectNoBlockingViolations(page);
    await receipt.openReceipt('not-a-receipt');
    await receipt.seeNotFound();
  });
});
