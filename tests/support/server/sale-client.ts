/**
 * A POS over real HTTP against the demo tenant (README "Demo logins"), for the durability test and the
 * API benchmark: log in as the cashier, pick a checked-in technician and catalog items from the server's
 * own answers (no ids hard-coded), and send create-sale requests as the client would, one Idempotency-Key
 * and one uuid per intent.
 *
 * Not production code: nothing in the server imports this file.
 */
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../../../src/contracts/envelope';
import { ITEM_TYPE, PAYMENT_TYPE } from '../../../src/domain/constants';
import { saleBody } from './sale-test-data';
import { DEMO_PASSWORD } from '../../../src/server/seed/demo-data';

/** What a demo sale is made of: 2 services and 1 product by one technician. */
export interface DemoSaleShape {
  employeeId: number;
  serviceIds: readonly [number, number];
  productId: number;
}

/** One create-sale intent: its key and uuid stay the same across retries and replays. */
export interface SaleIntent {
  key: string;
  uuid: string;
  body: Record<string, unknown>;
}

export interface HttpAnswer {
  status: number;
  /** The Idempotent-Replayed header was true. */
  replayed: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** Cash more than any demo sale of 3 items costs; the change is handed back (cash may overpay). */
export const DEMO_CASH = 50_000;

async function call(
  url: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> },
  timeoutMs = 30_000,
): Promise<HttpAnswer> {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = { raw: text };
  }
  return { status: res.status, replayed: res.headers.get(IDEMPOTENT_REPLAYED_HEADER) === 'true', json };
}

/** POST /api/login; the session token. */
export async function login(
  baseUrl: string,
  username = 'cashier',
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await call(`${baseUrl}/api/login`, { method: 'POST', body: { username, password } });
  if (res.status !== 200) throw new Error(`login as ${username}: ${res.status} ${JSON.stringify(res.json)}`);
  return (res.json as { data: { token: string } }).data.token;
}

/** A checked-in technician, the first two services and the first product of the session's store. */
export async function demoSaleShape(baseUrl: string, token: string): Promise<DemoSaleShape> {
  const employees = await call(`${baseUrl}/api/pos/employees/checked-in`, { token });
  const catalog = await call(`${baseUrl}/api/pos/sales/service-product-setting`, { token });
  if (employees.status !== 200 || catalog.status !== 200) {
    throw new Error(`demo data: employees ${employees.status}, catalog ${catalog.status}`);
  }
  const employee = (employees.json.data.items as { id: number }[])[0];
  const categories = catalog.json.data.categories as {
    services?: { item_id: number }[];
    products?: { item_id: number }[];
  }[];
  const services = categories.flatMap((c) => c.services ?? []);
  const products = categories.flatMap((c) => c.products ?? []);
  if (!employee || services.length < 2 || products.length < 1) {
    throw new Error('the demo tenant has no checked-in technician, two services and a product');
  }
  return {
    employeeId: employee.id,
    serviceIds: [services[0]!.item_id, services[1]!.item_id],
    productId: products[0]!.item_id,
  };
}

/** A completed sale: 2 services + 1 product for one technician, paid by 1 cash payment. */
export function demoSaleBody(shape: DemoSaleShape, uuid: string = randomUUID()): Record<string, unknown> {
  return saleBody({
    uuid,
    employeeId: shape.employeeId,
    lines: [
      { item_id: shape.serviceIds[0] },
      { item_id: shape.serviceIds[1] },
      { item_id: shape.productId, item_type: ITEM_TYPE.PRODUCT },
    ],
    payments: [{ payment_type: PAYMENT_TYPE.CASH, payment_amount: DEMO_CASH }],
  });
}

export function newSaleIntent(shape: DemoSaleShape): SaleIntent {
  const uuid = randomUUID();
  return { key: randomUUID(), uuid, body: demoSaleBody(shape, uuid) };
}

/** POST /api/pos/sales with the intent's Idempotency-Key. Network errors throw (fetch's TypeError). */
export function postSale(baseUrl: string, token: string, intent: SaleIntent, timeoutMs = 30_000) {
  return call(
    `${baseUrl}/api/pos/sales`,
    { method: 'POST', token, body: intent.body, headers: { [IDEMPOTENCY_KEY_HEADER]: intent.key } },
    timeoutMs,
  );
}

/** GET /api/pos/sales/:id. */
export function getSale(baseUrl: string, token: string, id: number, timeoutMs = 30_000) {
  return call(`${baseUrl}/api/pos/sales/${id}`, { token }, timeoutMs);
}
