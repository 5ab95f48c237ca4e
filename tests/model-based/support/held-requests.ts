/**
 * Requests held at the network until a path says how they end, so the momentary states of a chart (a PIN being
 * checked, a sale being saved or loaded) stay on screen long enough to be checked, and an actor's failure can
 * be the path's choice: `pass` lets the request go to the real server, `refuse` answers it with an error in
 * the API's envelope (src/contracts/envelope.ts) as the server would.
 */
import type { Page, Route } from '@playwright/test';

export class HeldRequests {
  private held: Route[] = [];
  private waiters: Array<() => void> = [];

  /** Holds every request to `url` (with this method, when given); others go through. */
  static async on(page: Page, url: RegExp, method?: string): Promise<HeldRequests> {
    const requests = new HeldRequests();
    await page.route(url, (route) =>
      method === undefined || route.request().method() === method ? requests.hold(route) : route.continue(),
    );
    return requests;
  }

  hold(route: Route): void {
    this.held.push(route);
    this.waiters.splice(0).forEach((wake) => wake());
  }

  private async next(): Promise<Route> {
    while (this.held.length === 0) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.held.shift() as Route;
  }

  async pass(): Promise<void> {
    await (await this.next()).continue();
  }

  async refuse(status: number, message: string): Promise<void> {
    await (
      await this.next()
    ).fulfill({
      status,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ success: false, data: null, message }),
    });
  }
}
