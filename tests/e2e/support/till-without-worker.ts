/**
 * `test` for the browser specs the service worker takes no part in (docs/testing.md "The service worker only
 * where it takes part"): Playwright's own, whose page comes from a browser without service workers, as a till
 * served over plain http on the LAN is. The app then skips the worker at start, as it does there, without a
 * banner. (Playwright's `serviceWorkers: 'block'` is another thing: registration answers nothing, which the app
 * rightly reports as a failed start after its retries.)
 *
 * Why at all: every test is a first visit, and a first visit installs the worker, whose precache (about 160
 * files) goes through the same six connections as the page's own lazy chunks.
 *
 * The tests of a worker process share one browser context and its tab (`reuseContext`, docs/testing.md "One
 * warm tab a worker"): between two tests Playwright closes the other pages, takes the tab to about:blank and
 * clears the cookies, cache, local and session storage and IndexedDB of the origins it visited, so each test
 * still starts signed out on an empty device. What it does not reset (permissions, geolocation, offline mode,
 * extra headers) these specs never change; the specs that go offline or ask permissions import Playwright's
 * `test` and get a fresh context each.
 */
import { test as base } from '@playwright/test';

export const test = base.extend({
  reuseContext: [true, { scope: 'worker' }],
  context: async ({ context }, use) => {
    await context.addInitScript(() => {
      // The accessor lives on the prototype; without it `'serviceWorker' in navigator` is false, as on plain http.
      Reflect.deleteProperty(Navigator.prototype, 'serviceWorker');
    });
    await use(context);
  },
});
