/**
 * What every page of the app offers a person, whatever the screen: going to an address, reading the heading,
 * picking a language, following the menu. Specs use page objects so they read as a person acts
 * (tests/e2e, conventions.md "Tests").
 */
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/** The language switch shows each language in its own script (src/client/lib/i18n.ts LANGUAGE_NAMES). */
export const LANGUAGE_NAMES = {
  en: 'English',
  es: 'Español',
  kr: '한국어',
  thai: 'ไทย',
  vi: 'Tiếng Việt',
} as const;
export type LanguageCode = keyof typeof LANGUAGE_NAMES;

export class AppPage {
  constructor(readonly page: Page) {}

  async open(path: string): Promise<void> {
    await this.page.goto(path);
  }

  /**
   * Goes to `path` inside the loaded app, as its own links do (a history entry and the router's popstate), with
   * no page load: the screen mounts afresh and the app's code, session and caches stay warm.
   */
  async openInApp(path: string): Promise<void> {
    await this.page.evaluate((to) => {
      const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, path);
    await this.seeAddress(path);
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  async seeHeading(text: string | RegExp): Promise<void> {
    await expect(this.heading).toHaveText(text);
  }

  async seeText(text: string | RegExp): Promise<void> {
    await expect(this.page.getByText(text).first()).toBeVisible();
  }

  async seeAddress(path: string | RegExp): Promise<void> {
    await expect(this.page).toHaveURL(typeof path === 'string' ? new RegExp(`${escape(path)}$`) : path);
  }

  async chooseLanguage(language: LanguageCode): Promise<void> {
    await this.page.getByTestId('language-switch').selectOption({ label: LANGUAGE_NAMES[language] });
  }

  /** The page is marked up in the language's BCP-47 tag (ko, th for the spec's kr, thai). */
  async seePageLanguage(tag: string): Promise<void> {
    await expect(this.page.locator('html')).toHaveAttribute('lang', tag);
  }

  async openMenuItem(name: string | RegExp): Promise<void> {
    await this.page.getByRole('navigation').getByRole('link', { name }).click();
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
