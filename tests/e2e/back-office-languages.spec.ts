/**
 * Every back-office screen in each of the five languages (docs/back-office*.md: every screen string in en, es,
 * kr, thai, vi). The owner picks the language on the login page and signs in once per language; the screens
 * are the links of the back office's home, so a screen added later is covered without touching this file.
 * English opens every link; the other four languages share the built screens between them (toVisit below).
 * On each resource screen:
 * the heading, the column headings and the editor's labels are the texts of that language's namespace file
 * (locales/<lang>/admin-<name>.json), no raw key shows, the list has rows or the empty state, the editor saved
 * empty shows the required field's error in the language. Axe judges structure, roles and names, which a
 * language changes little while costing seconds a page, so it runs in English only: on the settings, the first
 * list (every list is the one resource table) and every editor (their fields differ), within the suite's time
 * budget (docs/testing.md). The settings screen: its heading and tabs. The customer search finds a demo client
 * and opens her page, whose sections are titled in the language. Every expected word is read from the
 * locale files.
 */
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { test } from './support/till-without-worker';
import { localeText } from '../model-based/support/locale-text';
import { expectNoBlockingViolations } from './support/axe';
import type { LanguageCode } from './support/pages/app-page';
import type { HomeLink } from './support/pages/back-office-screen-page';
import {
  BackOfficeScreenPage,
  LocaleFile,
  RAW_KEY,
  resourceNamespaces,
} from './support/pages/back-office-screen-page';
import { CustomerPagesPage } from './support/pages/customer-pages-page';
import { DEMO_PASSWORD } from './support/pages/login-page';

const LANGUAGES: readonly LanguageCode[] = ['en', 'es', 'kr', 'thai', 'vi'];
const NAMESPACES = resourceNamespaces();
const DIAGRAMS = '/admin/diagrams';
/** Opened in every language: the settings (tabs of every group) and the customer search and page. */
const EVERY_LANGUAGE: ReadonlySet<string> = new Set(['/admin/settings', '/customers/search']);

// Each language in its own test (its own browser context); two workers run two languages at once.
test.describe.configure({ mode: 'parallel' });

for (const language of LANGUAGES) {
  test(`every back-office screen in ${language}`, async ({ page }) => {
    // About a dozen screens, each loading its chunk and namespace on first use (judged by axe in English): about
    // a minute on a quiet machine, several on one as loaded as the shared runner can be.
    test.setTimeout(600_000);
    // What the page logged as an error: a screen that throws while drawing shows the 500 page, or only logs it
    // (a formatter given "thai" where Intl wants "th-TH" did). Requests the browser could not load are not ours.
    const logged: string[] = [];
    page.on('pageerror', (error) => logged.push(error.stack ?? error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        logged.push(message.text());
      }
    });
    await everyScreen(page, language, logged);
    expect(logged, `errors the page logged in ${language}`).toEqual([]);
  });
}

/**
 * The links a language's run opens. English: every one. The other four share the built screens between them
 * (the n-th built screen in the run of language n mod 4), and each of them opens the settings and the customer
 * search and page too. A screen's wiring to its namespace does not depend on the language, and the unit test of
 * the locale files (tests/unit/locales.test.ts) finds a key missing or left in English in any language, so one
 * other language per screen proves the screen, and four screens or more per language prove that language's
 * files load and format; opening every screen in every language cost a minute of a worker per language.
 * Left to English: coming-soon links (one translated page) and the statechart diagrams (generated charts, slow
 * to draw: 18 s of each language's minute, the next click waiting for them).
 */
function toVisit(links: readonly HomeLink[], language: LanguageCode): HomeLink[] {
  if (language === 'en') return [...links];
  const share = LANGUAGES.indexOf(language) - 1;
  const built = links.filter((link) => !link.comingSoon && link.path !== DIAGRAMS);
  return built.filter(
    (link, index) => EVERY_LANGUAGE.has(link.path) || index % (LANGUAGES.length - 1) === share,
  );
}

async function everyScreen(page: Page, language: LanguageCode, logged: readonly string[]): Promise<void> {
  const office = new BackOfficeScreenPage(page);
  const common = localeText(language);
  const admin = new LocaleFile(language, 'admin');

  await office.open('/login');
  await office.chooseLanguage(language);
  await page.getByLabel(common('auth.login.username'), { exact: true }).fill('owner');
  await page.getByLabel(common('auth.login.password'), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: common('auth.login.submit') }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 20_000 });

  const links = await office.homeLinks(admin);
  await office.seeNoRawKeys();
  const checked: string[] = [];
  // Axe in English only: on the settings, the first resource list and every editor.
  const axe = language === 'en';
  let listJudged = false;
  for (const link of toVisit(links, language)) {
    const kind = await test.step(`${link.path}: open`, () => office.openScreen(link));
    // The home's mark and the page agree: a built screen is never marked, a planned one always is (a screen
    // behind a PIN gate shows the gate first, so it says nothing either way).
    if (kind !== 'other') {
      expect(link.comingSoon, `${link.path} marked coming soon on the home`).toBe(kind === 'comingSoon');
    }
    if (kind === 'comingSoon') continue;
    checked.push(link.path);
    // A screen that throws while drawing fails here, named, rather than as a later wait that times out.
    expect(logged, `errors the page logged on ${link.path} in ${language}`).toEqual([]);
    if (kind === 'other') {
      // A screen outside the resource base (the diagrams, whose body quotes file names such as
      // settings-editor.machine.ts): its heading is a text, not a key.
      await expect(office.heading).not.toHaveText(RAW_KEY);
      if (link.path === '/customers/search') await customerPages(page, language);
      continue;
    }
    await office.seeNoRawKeys();

    if (kind === 'settings') {
      await test.step(`${link.path}: settings in ${language}`, async () => {
        const settings = new LocaleFile(language, 'admin-settings');
        await office.seeHeading(settings.text('title'));
        const tabs = page.locator('[data-testid^="settings-tab-"]');
        await expect(tabs.first()).toBeVisible();
        for (const tab of await tabs.all()) {
          const group = ((await tab.getAttribute('data-testid')) ?? '').replace('settings-tab-', '');
          await expect(tab).toHaveText(settings.text(`groups.${group}`));
        }
        if (axe) await expectNoBlockingViolations(page);
      });
      continue;
    }

    await test.step(`${link.path}: list in ${language}`, async () => {
      const resource = await office.resourceName();
      const namespace = NAMESPACES.get(resource);
      expect(namespace, `namespace of the ${resource} resource`).toBeDefined();
      const own = new LocaleFile(language, namespace ?? '');
      await office.seeHeading(own.text('title'));

      if ((await office.listState()) === 'ready') {
        await expect(page.getByTestId('resource-row').first()).toBeVisible();
        for (const heading of await office.columnHeadings())
          expect(own.texts, `column "${heading}" of ${link.path} in ${language}`).toContain(heading);
      } else {
        await expect(page.getByTestId('list-empty')).toContainText(
          admin.text('states.empty', { what: own.text('title') }),
        );
      }
      await office.seeNoRawKeys();
      // The screen's own region: the app bar around it is the shell's, checked by axe.spec.ts.
      if (axe && !listJudged) {
        await expectNoBlockingViolations(page, '[data-testid="resource-screen"]');
        listJudged = true;
      }

      await page.getByTestId('resource-new').click();
      await expect(office.editor.getByRole('heading')).toHaveText(
        admin.text('editor.newTitle', { what: own.text('one') }),
      );
      for (const label of await office.editorLabels())
        expect(own.texts, `field "${label}" of ${link.path} in ${language}`).toContain(label);
      await page.getByTestId('editor-save').click();
      // Saved empty: a required field says so in the language, with the admin namespace's words.
      const errors = await office.fieldErrors();
      expect(errors, `field errors of ${link.path} in ${language}`).toContain(
        admin.text('validation.required'),
      );
      for (const error of errors) expect(error).not.toMatch(RAW_KEY);
      if (axe) await expectNoBlockingViolations(page, '[data-testid="resource-editor"]');
      await page.getByTestId('editor-cancel').click();
      await expect(office.editor).toBeHidden();
    });
  }
  // The home always offers the resource screens built so far; an empty loop would prove nothing.
  expect(checked.length, `screens checked in ${language}: ${checked.join(', ')}`).toBeGreaterThan(0);
  expect(checked, `the customer search and page were checked in ${language}`).toContain('/customers/search');
}

/** The customer search answers in the language and opens a demo client's page, its sections titled in it. */
async function customerPages(page: Page, language: LanguageCode): Promise<void> {
  await test.step(`/customers/search and a customer's page in ${language}`, async () => {
    const own = new LocaleFile(language, 'customers');
    const customers = new CustomerPagesPage(page);
    await customers.seeHeading(own.text('search.title'));
    await customers.search('Sarah');
    await customers.openResult('Sarah Johnson');
    for (const section of ['lastServices', 'technicians', 'pointsHistory', 'reviews'])
      await expect(page.getByRole('heading', { level: 2, name: own.text(`page.${section}`) })).toBeVisible();
    await expect(customers.stat('visit-count')).toContainText(own.text('page.visits'));
    await customers
      .history('points')
      .and(page.locator('[data-status="ready"], [data-status="empty"]'))
      .waitFor();
    await new BackOfficeScreenPage(page).seeNoRawKeys();
    if (language === 'en') await expectNoBlockingViolations(page, '[data-testid="customer-page"]');
    await page.goBack();
    await page.goBack();
  });
}
