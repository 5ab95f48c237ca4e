/**
 * The receipt page as a customer uses it (src/client/features/receipt/receipt-screen.tsx, /pos/receipts/:id,
 * public): open the link, read the store, the numbers, the lines, the totals and the payments, press Print.
 * Rows are read as a person reads a receipt line: its label and its amount.
 */
import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { AppPage } from './app-page';

/** 1 mm in CSS pixels (96 px per inch, 25.4 mm per inch). */
export const CSS_PX_PER_MM = 96 / 25.4;

export class ReceiptPage extends AppPage {
  get receipt(): Locator {
    return this.page.getByTestId('receipt');
  }

  get printButton(): Locator {
    return this.page.getByRole('button', { name: 'Print receipt' });
  }

  async openReceipt(uuid: string): Promise<void> {
    await this.open(`/pos/receipts/${uuid}`);
  }

  async seeReceipt(): Promise<void> {
    await expect(this.receipt).toBeVisible();
  }

  async seeStoreHeader(header: { name: string; address: string; phone: string }): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText(header.name);
    await expect(this.receipt.getByTestId('receipt-store-address')).toHaveText(header.address);
    await expect(this.receipt.getByTestId('receipt-store-phone')).toHaveText(header.phone);
  }

  /** A labelled row of the receipt (ticket, invoice, subtotal, total, change...) shows this value. */
  async seeRow(testId: string, label: string | RegExp, value: string | RegExp): Promise<void> {
    const row = this.receipt.getByTestId(testId);
    await expect(row).toContainText(label);
    await expect(row).toContainText(value);
  }

  /** The rows with this test id read exactly these texts, in order (taxes, payments). */
  async seeRows(testId: string, texts: (string | RegExp)[]): Promise<void> {
    await expect(this.receipt.getByTestId(testId)).toHaveText(texts);
  }

  async seeEmployees(names: string[]): Promise<void> {
    const sections = this.receipt.getByTestId('receipt-employee');
    await expect(sections).toHaveCount(names.length);
    for (const [i, name] of names.entries()) await expect(sections.nth(i)).toContainText(name);
  }

  async seeLine(employee: string, text: string | RegExp): Promise<void> {
    await expect(
      this.receipt.getByTestId('receipt-employee').filter({ hasText: employee }).getByTestId('receipt-line'),
    ).toContainText([text]);
  }

  async seeNotFound(): Promise<void> {
    await expect(this.page.getByRole('alert')).toContainText('Receipt not found');
    await expect(this.page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expect(this.receipt).toHaveCount(0);
  }

  /** Presses Print with the browser's dialog replaced by a recorder, and sees that the page asked to print. */
  async printAndSeeDialogAsked(): Promise<void> {
    await this.page.evaluate(() => {
      const w = window as Window & { printCalls?: number };
      w.printCalls = 0;
      w.print = () => {
        w.printCalls = (w.printCalls ?? 0) + 1;
      };
    });
    await this.printButton.click();
    expect(await this.page.evaluate(() => (window as Window & { printCalls?: number }).printCalls)).toBe(1);
  }

  /**
   * The pages the browser would print, as a PDF with the page's own @page size: each page's width and height
   * in mm (a PDF point is 1/72 inch).
   */
  async printedPages(): Promise<{ widthMm: number; heightMm: number }[]> {
    const pdf = (await this.page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
    return [...pdf.matchAll(/\/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => ({
      widthMm: (Number(m[1]) * 25.4) / 72,
      heightMm: (Number(m[2]) * 25.4) / 72,
    }));
  }

  /** What the printer gets: the receipt's box and text style under print media. */
  async printLayout(): Promise<{
    width: number;
    x: number;
    y: number;
    fontFamily: string;
    color: string;
    background: string;
  }> {
    await this.page.emulateMedia({ media: 'print' });
    const box = await this.receipt.boundingBox();
    const style = await this.receipt.evaluate((el) => {
      const s = getComputedStyle(el);
      return { fontFamily: s.fontFamily, color: s.color, background: s.backgroundColor };
    });
    if (!box) throw new Error('the receipt is not laid out in print');
    return { width: box.width, x: box.x, y: box.y, ...style };
  }
}
