/**
 * The real API as a demo account sees it (README "Demo logins"), for what a test reads from the server to
 * compare with the screen: a sale as stored (GET /api/pos/sales/:id), a gift card's balance. Reads only; the
 * page objects' SalesApi (tests/e2e/support/pages/sale-management-page.ts) rings up sales.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import type { SaleDetail } from '../../../src/contracts/sales';

/** README "Demo logins": every account's password. */
const DEMO_PASSWORD = 'demo1234';

interface Envelope<T> {
  success: boolean;
  data: T;
  message: string;
}

export class DemoApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async as(request: APIRequestContext, username: string): Promise<DemoApi> {
    const response = await request.post('/api/login', {
      data: { username, password: DEMO_PASSWORD },
      headers: { 'idempotency-key': randomUUID() },
    });
    const body = (await response.json()) as Envelope<{ token: string }>;
    if (!response.ok() || !body.success) throw new Error(`login as ${username}: ${body.message}`);
    return new DemoApi(request, body.data.token);
  }

  async get<T>(path: string): Promise<T> {
    const response = await this.request.get(path, { headers: { authorization: `Bearer ${this.token}` } });
    const body = (await response.json()) as Envelope<T>;
    if (!response.ok() || !body.success) {
      throw new Error(`GET ${path} answered ${response.status()}: ${body.message}`);
    }
    return body.data;
  }

  sale(id: number): Promise<SaleDetail> {
    return this.get<SaleDetail>(`/api/pos/sales/${id}`);
  }

  /** A gift card's balance in minor units (GET /api/pos/giftcards/:number). */
  async giftCardBalance(number: string): Promise<number> {
    return (await this.get<{ balance: number }>(`/api/pos/giftcards/${encodeURIComponent(number)}`)).balance;
  }
}
