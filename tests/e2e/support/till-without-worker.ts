/**
 * `test` for the browser specs the service worker takes no part in (docs/testing.md "The service worker only
 * where it takes part"): Playwright's own, whose page comes from a browser without service workers, as a till
 * served over plain http on the LAN is. The app then skips the worker at start, as it does there, without a
 * banner. (Playwright's `serviceWorkers: 'block'` is another thing: registration answers nothing, which the app
 * rightly reports as a failed start after its retries.)
 *
 * Why at all: every test is a first visit, and a first visit installs the worker, whose precache (about 250
 * files) goes through the same six connections as the page's own lazy chunks.
 */
import { test as base } from '@playwright/test';

export const test = base.extend({
  context: async ({ context }, use) => {
    await context.addInitScript(() => {
      // The accessor lives on the prototype; without it `'serviceWorker' in navigator` is false, as on plain http.
      Reflect.deleteProperty(Navigator.prototype, 'serviceWorker');
    });
    await use(context);
  },
});
