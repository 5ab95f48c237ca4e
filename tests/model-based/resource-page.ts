/**
 * The back-office resource screen (src/client/features/back-office/resource-screen.tsx) as a person uses it:
 * New, type in a field, Save, Cancel, Edit or Delete a row, tick rows, a bulk action and its confirmation,
 * search. And what the screen shows of each region of the resource machine: the list's state, the editor's,
 * the delete's and the bulk action's (each part carries its state as `data-status`/`data-list`).
 */
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

export class ResourcePage {
  constructor(readonly page: Page) {}

  get screen(): Locator {
    return this.page.getByTestId('resource-screen');
  }

  /** The row whose cell reads exactly this name ('Bottle' is not 'Water bottle'). */
  row(name: string): Locator {
    return (
      this.page
        .getByTestId('resource-row')
        // By text, not by role: an open dialog hides the table from the accessibility tree, not from the eye.
        .filter({ has: this.page.getByText(name, { exact: true }) })
    );
  }

  get editor(): Locator {
    return this.page.getByTestId('resource-editor');
  }

  async openFromHome(linkName: string): Promise<void> {
    await this.page.goto('/admin');
    // The back office's chunks and translations load on first use; a busy machine takes a while.
    await expect(this.page.getByTestId('back-office-home')).toBeVisible({ timeout: 30_000 });
    await this.page.getByRole('link', { name: linkName, exact: true }).click();
    await expect(this.screen).toBeVisible({ timeout: 30_000 });
  }

  async newRow(): Promise<void> {
    await this.page.getByTestId('resource-new').click();
  }

  async typeField(name: string, value: string): Promise<void> {
    await this.editor.getByTestId(`field-${name}`).fill(value);
  }

  async save(): Promise<void> {
    await this.page.getByTestId('editor-save').click();
  }

  async cancelEditor(): Promise<void> {
    await this.page.getByTestId('editor-cancel').click();
  }

  async edit(name: string): Promise<void> {
    await this.row(name).getByTestId('row-edit').click();
  }

  async delete(name: string): Promise<void> {
    await this.row(name).getByTestId('row-delete').click();
  }

  async confirmDelete(): Promise<void> {
    await this.page.getByTestId('remove-confirm').click();
  }

  async cancelDelete(): Promise<void> {
    await this.page.getByTestId('remove-dialog').getByRole('button', { name: 'Cancel' }).click();
  }

  async tick(name: string): Promise<void> {
    await this.row(name).getByTestId('select-row').click();
  }

  async bulk(action: 'delete' | 'enable' | 'disable'): Promise<void> {
    await this.page.getByTestId(`bulk-${action}`).click();
  }

  async confirmBulk(): Promise<void> {
    await this.page.getByTestId('bulk-confirm').click();
  }

  async cancelBulk(): Promise<void> {
    await this.page.getByTestId('bulk-dialog').getByRole('button', { name: 'Cancel' }).click();
  }

  async dismissBulk(): Promise<void> {
    await this.page.getByTestId('bulk-dismiss').click();
  }

  async search(text: string): Promise<void> {
    await this.page.getByTestId('resource-search').fill(text);
  }

  // ---- what the screen shows ------------------------------------------------------------------------

  async seeList(state: string): Promise<void> {
    await expect(this.screen).toHaveAttribute('data-list', state);
  }

  async seeRows(names: readonly string[]): Promise<void> {
    await expect(this.page.getByTestId('resource-row')).toHaveCount(names.length);
    for (const name of names) await expect(this.row(name)).toBeVisible();
  }

  async seeEditor(state: string | null): Promise<void> {
    if (state === null) await expect(this.editor).toBeHidden();
    else await expect(this.editor).toHaveAttribute('data-status', state);
  }

  async seeFieldValue(name: string, value: string): Promise<void> {
    await expect(this.editor.getByTestId(`field-${name}`)).toHaveValue(value);
  }

  async seeFieldError(name: string, text: string | RegExp): Promise<void> {
    await expect(this.editor.getByTestId(`field-error-${name}`)).toHaveText(text);
  }

  async seeSaved(): Promise<void> {
    await expect(this.page.getByTestId('saved-notice')).toBeVisible();
  }

  async seeRemoval(state: string | null, text?: string | RegExp): Promise<void> {
    await this.seeDialog('remove-dialog', state, text);
  }

  async seeBulk(state: string | null, text?: string | RegExp): Promise<void> {
    await this.seeDialog('bulk-dialog', state, text);
  }

  /** A confirm dialog in the chart's state (its `data-status`), or closed when `state` is null. */
  private async seeDialog(testId: string, state: string | null, text?: string | RegExp): Promise<void> {
    const dialog = this.page.getByTestId(testId);
    if (state === null) {
      await expect(dialog).toBeHidden();
      return;
    }
    await expect(dialog).toHaveAttribute('data-status', state);
    if (text) await expect(dialog).toContainText(text);
  }

  async seeSelected(count: number): Promise<void> {
    const bar = this.page.getByTestId('bulk-bar');
    if (count === 0) await expect(bar).toBeHidden();
    else await expect(bar).toContainText(`${count} selected`);
  }
}
