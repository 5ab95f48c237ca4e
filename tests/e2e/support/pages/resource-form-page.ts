/**
 * A back-office resource screen (src/client/features/back-office/resource-screen.tsx) as an owner fills it:
 * open it, add a row through its editor (a select is chosen by its visible text, a switch left as it is), find
 * a row by searching, delete one.
 */
import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { AppPage } from './app-page';

export class ResourceFormPage extends AppPage {
  async openResource(path: string): Promise<void> {
    await this.open(path);
    // The back office's chunks and translations load on first use; a busy machine takes a while.
    await expect(this.page.getByTestId('resource-screen')).toBeVisible({ timeout: 30_000 });
  }

  get editor(): Locator {
    return this.page.getByTestId('resource-editor');
  }

  /** Types each value into its field; a select takes the option of that text (or value). */
  async fill(values: Record<string, string>): Promise<void> {
    for (const [field, value] of Object.entries(values)) {
      const input = this.editor.getByTestId(`field-${field}`);
      if ((await input.evaluate((el) => el.tagName)) === 'SELECT') {
        // Options fed by another resource arrive after the editor opens: wait for the one asked for.
        const byValue = input.locator(`option[value="${value}"]`);
        const byLabel = input.getByRole('option', { name: value, exact: true });
        await expect(byValue.or(byLabel)).not.toHaveCount(0);
        await input.selectOption((await byValue.count()) > 0 ? value : { label: value });
      } else {
        await input.fill(value);
      }
    }
  }

  /** Ticks these options of a multiselect field (a coupon's services), by their visible text. */
  async chooseOptions(field: string, labels: readonly string[]): Promise<void> {
    const group = this.editor.getByTestId(`field-${field}`);
    for (const label of labels) {
      // Options fed by another resource arrive after the editor opens.
      const option = group.getByTestId(`field-${field}-option`).filter({ hasText: label }).first();
      await option.click();
      await expect(option.getByRole('checkbox')).toBeChecked();
    }
  }

  /** New row, its values, Save; resolves once the editor has closed on the server's answer. */
  async create(values: Record<string, string>): Promise<void> {
    await this.page.getByTestId('resource-new').click();
    await expect(this.editor).toBeVisible();
    await this.fill(values);
    await this.save();
    await expect(this.editor).toBeHidden({ timeout: 20_000 });
  }

  async save(): Promise<void> {
    await this.editor.getByTestId('editor-save').click();
  }

  /**
   * The one row a search finds (the list reloads as the text is typed). Waiting for one row is not enough: the
   * list shows the previous search's rows until the new answer arrives (the search is debounced), and that may
   * be one row too, so the row must also hold the text.
   */
  async search(text: string): Promise<Locator> {
    await this.page.getByTestId('resource-search').fill(text);
    const rows = this.page.getByTestId('resource-row');
    await expect(rows).toHaveCount(1, { timeout: 20_000 });
    await expect(rows).toContainText(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'));
    return rows;
  }

  /** Delete on the row, then Delete in the confirmation; the dialog stays open if the server refuses. */
  async deleteRow(row: Locator): Promise<void> {
    await row.getByTestId('row-delete').click();
    await this.page.getByTestId('remove-confirm').click();
  }

  /** The row action's dialog (resource-row-actions.tsx). */
  get rowActionDialog(): Locator {
    return this.page.getByTestId('row-action-dialog');
  }

  /** A row's action: a button beside Edit, or an item of its "More" menu when the row has many. */
  async rowAction(row: Locator, id: string): Promise<Locator> {
    const more = row.getByTestId('row-more');
    if (await more.isVisible()) await more.click();
    await this.page.getByTestId(`row-action-${id}`).first().click();
    await expect(this.rowActionDialog).toBeVisible();
    return this.rowActionDialog;
  }

  get removeDialog(): Locator {
    return this.page.getByTestId('remove-dialog');
  }

  fieldError(field: string): Locator {
    return this.editor.getByTestId(`field-error-${field}`);
  }
}
