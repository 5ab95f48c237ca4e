/**
 * The server's side of the story: what sales exist, read as a manager reads the order report (GET
 * /api/pos/sales with a manager's token; src/contracts/sales.ts saleListQuerySchema). The offline specs count a
 * technician's sales before and after a sync, so "exactly three new sales" is a fact of the server, not of
 * the page. The technician is one no other spec sells for (README "Demo logins": Emma Hoang), so parallel
 * specs do not move the count. The demo seed's week of past sales has some of hers too: they are in the
 * "before" count, which is why the specs compare counts rather than expect zero.
 */
import { expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './login-page';

export interface ServerSale {
  id: number;
  uuid: string;
  order_at: string;
  created_at: string;
  totals: { total_price: number; paid_customer_total: number };
}

interface Envelope<T> {
  success: boolean;
  data: T;
  message: string;
}

export class SalesLedger {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async asManager(request: APIRequestContext): Promise<SalesLedger> {
    const response = await request.post('/api/login', {
      data: { username: 'manager', password: DEMO_PASSWORD },
    });
    expect(response.ok()).toBe(true);
    const body = (await response.json()) as Envelope<{ token: string }>;
    return new SalesLedger(request, body.data.token);
  }

  private async get<T>(path: string): Promise<T> {
    const response = await this.request.get(path, { headers: { authorization: `Bearer ${this.token}` } });
    expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
    return ((await response.json()) as Envelope<T>).data;
  }

  async employeeId(name: string): Promise<number> {
    const page = await this.get<{ items: Array<{ id: number; name: string }> }>(
      '/api/pos/employees?per_page=200',
    );
    const employee = page.items.find((item) => item.name === name);
    if (!employee) throw new Error(`No employee named ${name}`);
    return employee.id;
  }

  /** Every sale the employee is on (the list's filter[employee_id]), newest first. */
  async salesOf(employeeId: number): Promise<{ total: number; items: ServerSale[] }> {
    return this.get<{ total: number; items: ServerSale[] }>(
      `/api/pos/sales?filter[employee_id]=${employeeId}&per_page=100&sort=-created_at`,
    );
  }
}
