/**
 * A week of a salon's sales for the store, gift card and services/products report tests
 * (src/server/reports/store-reports.test.ts), made through the real sale, payment, refund, void and cash
 * drawer routes on two tills of the fixture's store: its workstation and the till without one. Gift card
 * GCR-1 sold, spent on three sales (one voided), given back by a refund; GCR-2 sold and taken back by its
 * sale's refund. Returns what the routes answered and wrote: the oracle the reports must agree with.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { dataOf } from './api-harness';
import type { ApiClient, ApiHarness } from './api-harness';
import { addDays, countOf, tillClient } from './report-helpers';
import { saleBody } from './sale-test-data';
import type { LineSpec, SaleCatalog } from './sale-test-data';
import type { TenantFixture } from './tenant-fixture';
import {
  DISCOUNT_SOURCE,
  DISCOUNT_TYPE,
  ITEM_TYPE,
  PAYMENT_TYPE,
  SALE_STATUS,
} from '../../../src/domain/constants';
import { storeTimeToIso } from '../../../src/domain/store-time';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Sale = any;
type Payment = { payment_type: number; payment_amount: number; payment_info?: Record<string, unknown> };
const CASH_ONLY: Payment[] = [{ payment_type: PAYMENT_TYPE.CASH, payment_amount: 100_000 }];
const MIXED: Payment[] = [
  { payment_type: PAYMENT_TYPE.CREDIT, payment_amount: 1000, payment_info: { last4: '4242' } },
  { payment_type: PAYMENT_TYPE.CASH, payment_amount: 100_000 },
];
const giftcardPays = (number: string, amount: number): Payment[] => [
  { payment_type: PAYMENT_TYPE.GIFTCARD, payment_amount: amount, payment_info: { reference: number } },
  { payment_type: PAYMENT_TYPE.CASH, payment_amount: 100_000 },
];
const soldCard = (number: string, amount: number): LineSpec => ({
  item_id: 0,
  item_type: ITEM_TYPE.GIFTCARD,
  unit_price: amount,
  giftcard_number: number,
});

/** A sale as the route answered it, the till it was rung on (0: no workstation), its store day, its status now. */
export interface Rung {
  sale: Sale;
  till: number;
  day: string;
  status: number;
}

/** A sale_refunds row as the refund route wrote it. */
export interface WrittenRefund {
  sale_id: number;
  amount: number;
  lines: { sale_line_id: number; quantity: number; amount: number }[];
  payments: { payment_type: number; amount: number }[];
}

export interface StoreWeek {
  rung: Rung[];
  refunds: WrittenRefund[];
  /** The workstation's drawer session of today, as its close answered. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  closed: any;
}

/** `ws`: a client on the fixture's workstation, with a PIN approval; `today`: the store's day; `tz` its zone. */
export async function buildStoreWeek(
  api: ApiHarness,
  a: TenantFixture,
  cat: SaleCatalog,
  ws: ApiClient,
  today: string,
  tz: string,
): Promise<StoreWeek> {
  const rung: Rung[] = [];
  const till0 = await tillClient(api, a, 'manager', null);
  const W = a.workstation.id;

  async function sell(
    who: ApiClient,
    till: number,
    day: string,
    lines: LineSpec[],
    payments: Payment[],
    options: { tip?: number; time?: string } = {},
  ): Promise<Sale> {
    const body = saleBody({
      employeeId: a.users.staff.id,
      lines,
      payments,
      ...(options.tip ? { tip: options.tip } : {}),
      extra: day === today ? {} : { order_at: storeTimeToIso(`${day}T${options.time ?? '11:00'}`, tz) },
    });
    const res = await who.post('/api/pos/sales', body);
    expect(res.statusCode, res.body).toBe(201);
    const sale = dataOf<Sale>(res);
    rung.push({ sale, till, day, status: SALE_STATUS.SALE });
    return sale;
  }

  function mark(sale: Sale, status: number) {
    rung.find((r) => r.sale.id === sale.id)!.status = status;
  }

  // Three days ago, on the workstation: services and a product with a tip; gift card GCR-1 sold.
  const s1 = await sell(
    ws,
    W,
    addDays(today, -3),
    [{ item_id: cat.manicure }, { item_id: cat.oil, item_type: ITEM_TYPE.PRODUCT, quantity: 2 }],
    MIXED,
    { tip: 500 },
  );
  await sell(ws, W, addDays(today, -3), [soldCard('GCR-1', 5000)], CASH_ONLY, { time: '12:00' });
  // Two days ago, on the till without a workstation: a pedicure partly paid by GCR-1, a kit; one trashed.
  const s3 = await sell(
    till0,
    0,
    addDays(today, -2),
    [{ item_id: cat.pedicure }],
    giftcardPays('GCR-1', 2000),
  );
  await sell(
    till0,
    0,
    addDays(today, -2),
    [{ item_id: cat.kit, item_type: ITEM_TYPE.PRODUCT_KIT }, { item_id: cat.manicure }],
    MIXED,
    { time: '13:00' },
  );
  const trashed = await sell(
    till0,
    0,
    addDays(today, -2),
    [{ item_id: cat.kit, item_type: ITEM_TYPE.PRODUCT_KIT }],
    CASH_ONLY,
    { time: '15:00' },
  );
  const trash = await till0.post(`/api/pos/sales/${trashed.id}/status`, {
    id: trashed.id,
    status: SALE_STATUS.TRASH,
  });
  expect(trash.statusCode, trash.body).toBe(200);
  mark(trashed, SALE_STATUS.TRASH);
  // Yesterday, on the workstation: a discounted manicure paid with GCR-1; gift card GCR-2 sold.
  await sell(
    ws,
    W,
    addDays(today, -1),
    [
      {
        item_id: cat.manicure,
        discounts: [{ type: DISCOUNT_SOURCE.ITEM, discount: { type: DISCOUNT_TYPE.PERCENT, value: 10 } }],
      },
    ],
    giftcardPays('GCR-1', 1000),
  );
  const s6 = await sell(ws, W, addDays(today, -1), [soldCard('GCR-2', 2500)], CASH_ONLY, { time: '14:00' });

  // Today: the workstation's drawer opened; a sale; a sale paid by GCR-1 voided; three refunds of older sales.
  const open = await ws.post('/api/pos/cash-drawer/open', { count: { bill_100: 1 } });
  expect(open.statusCode, open.body).toBe(201);
  await sell(ws, W, today, [{ item_id: cat.manicure }, { item_id: cat.pedicure }], MIXED, { tip: 300 });
  const voided = await sell(ws, W, today, [{ item_id: cat.pedicure }], giftcardPays('GCR-1', 500));
  const voiding = await ws.post(`/api/pos/sales/${voided.id}/void`, { reason: 'Rung twice' });
  expect(voiding.statusCode, voiding.body).toBe(200);
  mark(voided, SALE_STATUS.VOID);
  for (const [sale, body] of [
    [s1, {}],
    [s3, { lines: [{ sale_line_id: s3.orderEmployees[0].orderItems[0].id, quantity: 1 }] }],
    [s6, {}],
  ] as const) {
    const res = await ws.post(`/api/pos/sales/${sale.id}/refund`, body);
    expect(res.statusCode, res.body).toBe(200);
  }
  const pay = await ws.post('/api/pos/cash-drawer/movements', {
    kind: 'pay_out',
    amount: 700,
    reason: 'Supplies',
  });
  expect(pay.statusCode, pay.body).toBe(201);
  const state = dataOf<Sale>(await ws.get('/api/pos/cash-drawer'));
  const close = await ws.post('/api/pos/cash-drawer/close', {
    count: countOf(state.session.expected.expected),
  });
  expect(close.statusCode, close.body).toBe(200);
  const closed = dataOf(close);

  const made = await api.db.execute<{ sale_id: string; amount: string; lines: never; payments: never }>(
    sql`select sale_id, amount, lines, payments from sale_refunds where tenant_id = ${a.tenantId}`,
  );
  const refunds: WrittenRefund[] = made.rows.map((r) => ({
    sale_id: Number(r.sale_id),
    amount: Number(r.amount),
    lines: r.lines,
    payments: r.payments,
  }));
  expect(refunds).toHaveLength(3);
  return { rung, refunds, closed };
}
