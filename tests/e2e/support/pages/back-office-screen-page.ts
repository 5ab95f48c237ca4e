/**
 * A back-office screen as a person sees it in their language: the back office's home and its links, a
 * resource screen (src/client/features/back-office/resource-screen.tsx: heading, table, empty state, editor)
 * and the settings screen. The words a test expects come from locales/<lang>/*.json through LocaleFile, the
 * files the app itself loads, so a screen that shows a raw key or English where its language has a text fails.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { localeText } from '../../../model-based/support/locale-text';
import { AppPage } from './app-page';
import type { LanguageCode } from './app-page';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

type Tree = { [key: string]: string | Tree };

/** One namespace of one language, as a lookup of dotted keys and as the set of all its texts. */
export class LocaleFile {
  readonly text: (key: string, values?: Record<string, string | number>) => string;
  readonly texts: ReadonlySet<string>;

  constructor(
    readonly language: LanguageCode,
    readonly namespace: string,
  ) {
    this.text = localeText(language, namespace);
    const tree = JSON.parse(
      readFileSync(path.join(ROOT, 'locales', language, `${namespace}.json`), 'utf8'),
    ) as Tree;
    const leaves = (node: Tree): string[] =>
      Object.values(node).flatMap((v) => (typeof v === 'string' ? [v] : leaves(v)));
    this.texts = new Set(leaves(tree));
  }
}

/**
 * Each resource's i18n namespace, read from its config (src/client/features/back-office/resources/*.tsx:
 * `name: '<api resource>', namespace: '<namespace>'`), keyed by the resource name the screen carries in
 * data-resource. Read from the source so a resource added later is known without touching this file.
 */
export function resourceNamespaces(): ReadonlyMap<string, string> {
  const dir = path.join(ROOT, 'src/client/features/back-office/resources');
  const out = new Map<string, string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.tsx'))) {
    const source = readFileSync(path.join(dir, file), 'utf8');
    for (const m of source.matchAll(/name:\s*'([\w-]+)',\s*namespace:\s*'([\w-]+)'/g)) out.set(m[1]!, m[2]!);
  }
  return out;
}

/** What an i18n key looks like when it leaks onto the screen (`admin:states.empty`, `fields.name`). */
export const RAW_KEY =
  /\b(admin[\w-]*:[\w.]+|(fields|hints|states|toolbar|editor|validation|actions|groups|options|pager|table|bulk|import|errors|notices|screens|menu)\.[A-Za-z_]\w*)/;

export interface HomeLink {
  id: string;
  path: string;
  /** The home marks it as leading to the coming-soon page. */
  comingSoon: boolean;
}

export type ScreenKind = 'resource' | 'settings' | 'comingSoon' | 'other';

export class BackOfficeScreenPage extends AppPage {
  /** The links of the back office's home (/admin): every screen the signed-in person may open. */
  async homeLinks(admin: LocaleFile): Promise<HomeLink[]> {
    await this.open('/admin');
    await expect(this.page.getByTestId('back-office-home')).toBeVisible({ timeout: 30_000 });
    await this.seeHeading(admin.text('home.title'));
    const links = this.page.locator('[data-home-link]');
    await expect(links.first()).toBeVisible();
    return links.evaluateAll((els) =>
      els.map((el) => ({
        id: el.getAttribute('data-home-link') ?? '',
        path: el.getAttribute('href') ?? '',
        comingSoon: el.hasAttribute('data-coming-soon'),
      })),
    );
  }

  /**
   * Opens a screen from the back office's home as a person does, by its link (the app stays loaded: no page
   * load per screen), and says which kind it is once it has rendered (chunks load on first use). The next
   * call goes back to the home first, with the browser's Back.
   */
  async openScreen(link: HomeLink): Promise<ScreenKind> {
    const home = this.page.getByTestId('back-office-home');
    if (!(await home.isVisible())) {
      await this.page.goBack();
      await this.seeAddress('/admin');
      await expect(home).toBeVisible({ timeout: 30_000 });
    }
    await this.page.locator(`[data-home-link="${link.id}"]`).click();
    await this.seeAddress(link.path);
    // The home stays drawn until the screen's chunk has loaded: only its leaving says the screen is there.
    await expect(home).toBeHidden({ timeout: 30_000 });
    const kinds = {
      resource: this.page.getByTestId('resource-screen'),
      settings: this.page.getByTestId('settings-screen'),
      comingSoon: this.page.getByTestId('coming-soon'),
    };
    await expect(this.heading).toBeVisible({ timeout: 30_000 });
    for (const [kind, locator] of Object.entries(kinds)) {
      if (await locator.isVisible()) return kind as ScreenKind;
    }
    // A resource screen draws its heading together with its body; any other screen is "other".
    return 'other';
  }

  get screen(): Locator {
    return this.page.getByTestId('resource-screen');
  }

  get editor(): Locator {
    return this.page.getByTestId('resource-editor');
  }

  async resourceName(): Promise<string> {
    // openScreen has seen the screen: a bounded wait, so a screen that fell to the error page fails at once.
    return (await this.screen.getAttribute('data-resource', { timeout: 10_000 })) ?? '';
  }

  /** No text on the page looks like an i18n key. */
  async seeNoRawKeys(): Promise<void> {
    const text = await this.page.locator('body').innerText();
    expect(text.match(RAW_KEY)?.[0] ?? null, `raw i18n key on ${this.page.url()}`).toBeNull();
  }

  /** The table's column headings (the selection column has none), once the list has loaded. */
  async columnHeadings(): Promise<string[]> {
    const headers = this.screen.getByRole('columnheader');
    await expect(headers.first()).toBeVisible();
    const texts = await headers.evaluateAll((els) =>
      els.map((el) => (el as HTMLElement).innerText.replace(/[▲▼↕]/g, '').trim()),
    );
    return texts.filter((text) => text !== '');
  }

  /** Waits for the list to settle: rows of the demo data, or the empty state. */
  async listState(): Promise<'ready' | 'empty'> {
    await expect(this.screen).toHaveAttribute('data-list', /^(ready|empty)$/, { timeout: 20_000 });
    return (await this.screen.getAttribute('data-list')) as 'ready' | 'empty';
  }

  /** The editor's field labels, without the required mark. */
  /** The fields' own labels; a multiselect's options are data (a coupon's services), not words of the screen. */
  async editorLabels(): Promise<string[]> {
    const labels = this.editor.locator('label:not([data-testid$="-option"], [data-testid$="-option"] label)');
    await expect(labels.first()).toBeVisible();
    const texts = await labels.evaluateAll((els) =>
      els.map((el) => (el as HTMLElement).innerText.replace(/\*/g, '').trim()),
    );
    return texts.filter((text) => text !== '');
  }

  /** The errors the editor shows under its fields. */
  async fieldErrors(): Promise<string[]> {
    const errors = this.editor.locator('[data-testid^="field-error-"]');
    await expect(errors.first()).toBeVisible();
    return errors.allInnerTexts();
  }
}
