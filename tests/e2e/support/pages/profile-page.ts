/**
 * The profile and change-password screens (src/client/features/auth) as a person uses them: change a field,
 * pick a photo, save; type the current password and the new one twice.
 */
import { expect } from '@playwright/test';
import { AppPage } from './app-page';

/** A 1×1 transparent PNG: the smallest picture the server accepts as an image. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

export class ProfilePage extends AppPage {
  override async open(): Promise<void> {
    await super.open('/profile');
    await this.seeHeading('My profile');
  }

  async fill(label: string, value: string): Promise<void> {
    await this.page.getByLabel(label, { exact: true }).fill(value);
  }

  async pickPhoto(): Promise<void> {
    await this.page
      .getByLabel('Photo', { exact: true })
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save profile' }).click();
  }

  async seeSaved(): Promise<void> {
    await expect(this.page.getByTestId('profile-saved')).toBeVisible();
  }

  async seeFieldError(text: string): Promise<void> {
    await expect(this.page.getByText(text, { exact: true })).toBeVisible();
  }

  async seeValue(label: string, value: string): Promise<void> {
    await expect(this.page.getByLabel(label, { exact: true })).toHaveValue(value);
  }
}

export class ChangePasswordPage extends AppPage {
  override async open(): Promise<void> {
    await super.open('/change-pass');
    await this.seeHeading('Change password');
  }

  async change(current: string, next: string, again: string = next): Promise<void> {
    await this.page.getByLabel('Current password', { exact: true }).fill(current);
    await this.page.getByLabel('New password', { exact: true }).fill(next);
    await this.page.getByLabel('New password again', { exact: true }).fill(again);
    await this.page.getByRole('button', { name: 'Change password' }).click();
  }

  async seeChanged(): Promise<void> {
    await expect(this.page.getByTestId('password-changed')).toBeVisible();
  }

  async seeFieldError(text: string): Promise<void> {
    await expect(this.page.getByText(text, { exact: true })).toBeVisible();
  }
}
