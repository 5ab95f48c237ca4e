/**
 * The store, gift card and services/products reports over HTTP (docs/reports.md "Store", "Gift cards",
 * "Services and products"): a few days of sales on two tills made through the real sale, payment, refund,
 * void and cash drawer routes, gift cards sold, spent, given back and taken back; each figure checked against
 * what those routes wrote, refunds on the day they were made, voided and trashed sales out.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiHarness, dataOf } from '../../../tests/support/server/api-harness';
import { addDays } from '../../../tests/support/server/report-helpers';
import { createSaleCatalog } from '../../../tests/support/server/sale-test-data';
import type { SaleCatalog } from '../../../tests/support/server/sale-test-data';
import { buildStoreWeek } from '../../../tests/support/server/store-report-data';
import type { Rung, Sale, WrittenRefund } from '../../../tests/support/server/store-report-data';
import type { TenantFixture } from '../../../tests/support/server/tenant-fixture';
import { ERROR_CODE } from '../../contracts/error-codes';
import type { DailyReport } from '../../contracts/reports';
import type {
  GiftcardDetailsReport,
  GiftcardReport,
  ItemDetailsReport,
  ItemReport,
  StoreDetailsReport,
  StoreReport,
} from '../../contracts/reports-store';
import { ITEM_TYPE, PAYMENT_TYPE, SALE_STATUS } from '../../domain/constants';
import { dayInTimeZone } from '../../domain/report-periods';
import { stores } from '../db/schema/stores';

const api = await apiHarness();
const LA = 'America/Los_Angeles';
let a: TenantFixture;
let b: TenantFixture;
let cat: SaleCatalog;

const manager = () => api.as(a, 'manager', { approver: 'manager' });

async function report<T>(path: string, query: string): Promise<T> {
  const res = await manager().get(`/api/report/${path}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<T>(res);
}

describe('store, gift card and services/products reports', () => {
  let rung: Rung[];
  let refunds: WrittenRefund[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let closed: any;
  let today: string;
  let range: string;

  beforeAll(async () => {
    [a, b] = await Promise.all([api.tenant(), api.tenant()]);
    cat = await createSaleCatalog(api.db, a);
    await api.db.update(stores).set({ timezone: LA }).where(eq(stores.id, a.store.id));
    today = dayInTimeZone(new Date(), LA);
    range = `time_type=other&effective_start=${addDays(today, -5)}&effective_end=${today}`;
    ({ rung, refunds, closed } = await buildStoreWeek(api, a, cat, manager(), today, LA));
  });

  const counted = () => rung.filter((r) => r.status === SALE_STATUS.SALE);
  const tillOfSale = (saleId: number) => rung.find((r) => r.sale.id === saleId)!.till;

  describe('store', () => {
    let store: StoreReport;
    let daily: DailyReport;
    beforeAll(async () => {
      store = await report<StoreReport>('store', range);
      daily = await report<DailyReport>('daily', `${range}&per_page=200`);
    });

    it('one row per till, each agreeing with what its sales answered; voided and trashed sales out', () => {
      // By name: the till without a workstation has none, so it comes first.
      expect(store.items.map((r) => r.workstation_id)).toEqual([0, a.workstation.id]);
      for (const row of store.items) {
        const theirs = counted().filter((r) => r.till === row.workstation_id);
        const sum = (f: string) => theirs.reduce((s, r) => s + r.sale.totals[f], 0);
        expect(row).toMatchObject({
          sales_count: theirs.length,
          gross: sum('sub_total'),
          discounts: sum('discount_amount'),
          net: sum('sub_total') - sum('discount_amount'),
          tax: sum('taxes'),
          tips: sum('tip_amount'),
          total: sum('total_price'),
        });
        const own = refunds.filter((r) => tillOfSale(r.sale_id) === row.workstation_id);
        expect(row.refunds_count).toBe(own.length);
        expect(row.refunds).toBe(own.reduce((s, r) => s + r.amount, 0));
      }
      const w = store.items.find((r) => r.workstation_id === a.workstation.id)!;
      expect(w).toMatchObject({ voids_count: 1, workstation_name: a.workstation.name });
      expect(store.items.find((r) => r.workstation_id === 0)!.voids_count).toBe(0);
    });

    it("the tills add up to the store's totals, which are the daily report's", () => {
      for (const f of [
        'sales_count',
        'gross',
        'discounts',
        'net',
        'tax',
        'tips',
        'total',
        'refunds',
        'voids',
      ] as const) {
        expect(
          store.items.reduce((s, r) => s + r[f], 0),
          f,
        ).toBe(store.totals[f]);
      }
      expect(store.totals).toEqual(daily.totals);
    });

    it("details: a till's days add up to its row; refunds on today's row; today's cash is its drawer's", async () => {
      const w = store.items.find((r) => r.workstation_id === a.workstation.id)!;
      const details = await report<StoreDetailsReport>(
        'store/details',
        `${range}&workstation_id=${a.workstation.id}`,
      );
      expect(details.items.map((r) => r.date)).toEqual([addDays(today, -3), addDays(today, -1), today]);
      const { till, ...figures } = details.totals;
      expect(till).toEqual({
        workstation_id: a.workstation.id,
        workstation_name: a.workstation.name,
        workstation_code: a.workstation.code,
      });
      const { workstation_id: _i, workstation_name: _n, workstation_code: _c, ...rowFigures } = w;
      expect(figures).toEqual(rowFigures);
      expect(details.items.reduce((s, r) => s + r.gross, 0)).toBe(w.gross);
      const todayRow = details.items.find((r) => r.date === today)!;
      expect(details.items.filter((r) => r.date !== today).every((r) => r.refunds === 0)).toBe(true);
      expect(todayRow.refunds_count).toBe(
        refunds.filter((r) => tillOfSale(r.sale_id) === a.workstation.id).length,
      );
      const e = closed.expected;
      expect(todayRow.cash).toEqual({
        opening_float: e.opening_float,
        cash_taken: e.cash_taken,
        change_given: e.change_given,
        cash_refunds: e.cash_refunds,
        pay_ins: e.pay_ins,
        pay_outs: e.pay_outs,
        drops: e.drops,
        tip_outs: e.tip_outs,
        expected_cash: e.expected,
      });
      // The till without a workstation: its refund (of the pedicure) on today's row, its sales two days ago.
      const none = await report<StoreDetailsReport>('store/details', `${range}&workstation_id=0`);
      expect(none.items.map((r) => [r.date, r.sales_count, r.refunds_count])).toEqual([
        [addDays(today, -2), 2, 0],
        [today, 0, 1],
      ]);
    });

    it('the by-day variant lists every day of every till, and exports it', async () => {
      const days = await report<StoreDetailsReport>('store/days', `${range}&per_page=200`);
      expect(days.total).toBe(5);
      expect(days.items.reduce((s, r) => s + r.net, 0)).toBe(store.totals.net);
      const csv = await manager().get(`/api/report/store/days/export?${range}`);
      expect(csv.statusCode).toBe(200);
      const lines = csv.body
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n');
      expect(lines).toHaveLength(6);
      expect(lines[0]!.split(',').slice(0, 4)).toEqual([
        'date',
        'workstation_id',
        'workstation_code',
        'workstation_name',
      ]);
      const whole = await manager().get(`/api/report/store/export?${range}&sort=-gross`);
      expect(
        whole.body
          .replace(/^\ufeff/, '')
          .trim()
          .split('\r\n'),
      ).toHaveLength(3);
    });

    it('403 without the PIN; 404 for a workstation of another tenant; 422 without a workstation_id', async () => {
      const noPin = await api.as(a, 'manager').get('/api/report/store');
      expect(noPin.json().code).toBe(ERROR_CODE.PIN_APPROVAL_REQUIRED);
      expect(
        (await manager().get(`/api/report/store/details?workstation_id=${b.workstation.id}`)).statusCode,
      ).toBe(404);
      expect((await manager().get('/api/report/store/details')).statusCode).toBe(422);
    });
  });

  describe('gift cards', () => {
    let cards: GiftcardReport;
    beforeAll(async () => {
      cards = await report<GiftcardReport>('giftcard', range);
    });

    it('per card: loaded as sold, redeemed as paid, given back by refunds and voids, taken back when its sale is refunded', async () => {
      expect(cards.items.map((c) => c.number)).toEqual(['GCR-1', 'GCR-2']);
      const gc1 = cards.items[0]!;
      const gc2 = cards.items[1]!;
      // Paid with GCR-1: 2000 + 1000 + 500 (the voided sale's, given back by the void).
      const paid = await api.db.execute<{ sum: string }>(
        sql`select sum(amount) as sum from sale_payments where tenant_id = ${a.tenantId} and payment_type = ${PAYMENT_TYPE.GIFTCARD}`,
      );
      const refundedToCard = refunds
        .flatMap((r) => r.payments)
        .filter((p) => p.payment_type === PAYMENT_TYPE.GIFTCARD)
        .reduce((s, p) => s + Number(p.amount), 0);
      expect(gc1).toMatchObject({
        loaded: 5000,
        redeemed: Number(paid.rows[0]!.sum),
        returned: refundedToCard + 500,
        taken_back: 0,
      });
      expect(gc1.redeemed).toBe(3500);
      expect(gc2).toMatchObject({ loaded: 2500, redeemed: 0, returned: 0, taken_back: 2500, balance: 0 });
      for (const c of cards.items) {
        expect(c.net_change).toBe(c.loaded - c.redeemed + c.returned - c.taken_back + c.adjusted);
        // New cards, every move in the period: what moved is what they hold.
        expect(c.net_change).toBe(c.balance);
      }
      // The sales reports agree: the cards spent are the gift card tender (less the voided payment), the
      // cards sold are the gift card lines, and those refunded are their refunds.
      const store = await report<StoreReport>('store', range);
      const tender = store.totals.payments.find((p) => p.payment_type === PAYMENT_TYPE.GIFTCARD)!;
      expect(tender.amount).toBe(gc1.redeemed - 500);
      const sold = await report<ItemReport>('services-products', `${range}&item_type=${ITEM_TYPE.GIFTCARD}`);
      expect(sold.totals.gross).toBe(gc1.loaded + gc2.loaded);
      expect(sold.totals.refunds).toBe(gc2.taken_back);
      const pos = dataOf<Sale>(await manager().get('/api/pos/giftcards/GCR-1'));
      expect(gc1.balance).toBe(pos.balance);
      expect(cards.totals).toMatchObject({
        cards: 2,
        loaded: 7500,
        outstanding_cards: 1,
        outstanding_balance: gc1.balance + gc2.balance,
        net_change: gc1.net_change + gc2.net_change,
      });
    });

    it("details: a card's history in the period, adding up to its row, on the days it moved", async () => {
      const gc1 = cards.items[0]!;
      const details = await report<GiftcardDetailsReport>(
        'giftcard/details',
        `${range}&giftcard_id=${gc1.giftcard_id}`,
      );
      expect(details.items.map((h) => [h.date, h.kind, h.amount])).toEqual([
        [addDays(today, -3), 'issue', 5000],
        [addDays(today, -2), 'sale', -2000],
        [addDays(today, -1), 'sale', -1000],
        [today, 'sale', -500],
        [today, 'void', 500],
        ...details.items.slice(5).map((h) => [today, 'refund', h.amount]),
      ]);
      expect(details.items.reduce((s, h) => s + h.amount, 0)).toBe(gc1.net_change);
      expect(details.items.at(-1)!.balance_after).toBe(gc1.balance);
      expect(details.totals).toEqual(gc1);
      expect(details.items[0]!.invoice_no).toMatch(/^S/);
      expect((await manager().get(`/api/report/giftcard/details?giftcard_id=999999999`)).statusCode).toBe(
        404,
      );
      const csv = await manager().get(`/api/report/giftcard/export?${range}`);
      expect(
        csv.body
          .replace(/^\ufeff/, '')
          .trim()
          .split('\r\n'),
      ).toHaveLength(3);
    });
  });

  describe('services and products', () => {
    let items: ItemReport;
    /** Per item key, summed from what the sale routes answered (counted sales) and the refunds written. */
    const oracle = new Map<
      string,
      {
        quantity: number;
        gross: number;
        line_discounts: number;
        net: number;
        tax: number;
        refunded_quantity: number;
        refunds: number;
      }
    >();
    beforeAll(async () => {
      items = await report<ItemReport>('services-products', `${range}&per_page=200`);
      const lineKey = new Map<number, string>();
      const entry = (key: string) => {
        const o = oracle.get(key) ?? {
          quantity: 0,
          gross: 0,
          line_discounts: 0,
          net: 0,
          tax: 0,
          refunded_quantity: 0,
          refunds: 0,
        };
        oracle.set(key, o);
        return o;
      };
      for (const r of rung) {
        for (const line of r.sale.orderEmployees.flatMap((g: Sale) => g.orderItems)) {
          const key = `${line.item_type}-${line.item_id}`;
          lineKey.set(line.id, key);
          if (r.status !== SALE_STATUS.SALE) continue;
          const o = entry(key);
          o.quantity += line.quantity;
          o.gross += line.gross;
          o.line_discounts += line.item_discount + line.employee_discount;
          o.net += line.net;
          o.tax += line.tax;
        }
      }
      for (const line of refunds.flatMap((r) => r.lines)) {
        const o = entry(lineKey.get(line.sale_line_id)!);
        o.refunded_quantity += line.quantity;
        o.refunds += line.amount;
      }
    });

    it('one row per item, each agreeing with the lines the sales answered and the refunds written', () => {
      expect(items.items.map((i) => i.item_key).sort()).toEqual([...oracle.keys()].sort());
      for (const row of items.items) {
        expect({ key: row.item_key, ...row }).toMatchObject({
          key: row.item_key,
          ...oracle.get(row.item_key),
        });
      }
      const manicure = items.items.find((i) => i.item_key === `${ITEM_TYPE.SERVICE}-${cat.manicure}`)!;
      expect(manicure).toMatchObject({
        name: 'Gel manicure',
        category: 'service',
        sales_count: 4,
        quantity: 4,
      });
      // The trashed kit and the voided pedicure are out.
      expect(items.items.find((i) => i.item_key === `${ITEM_TYPE.PRODUCT_KIT}-${cat.kit}`)!.quantity).toBe(1);
      expect(items.items.find((i) => i.item_key === `${ITEM_TYPE.SERVICE}-${cat.pedicure}`)!.quantity).toBe(
        2,
      );
    });

    it("the items add up to the totals; their gross is the sales' gross; every refund named its lines", async () => {
      for (const f of ['quantity', 'gross', 'line_discounts', 'net', 'tax', 'refunds'] as const) {
        expect(
          items.items.reduce((s, r) => s + r[f], 0),
          f,
        ).toBe(items.totals[f]);
      }
      const store = await report<StoreReport>('store', range);
      expect(items.totals.gross).toBe(store.totals.gross);
      expect(items.totals.refunds).toBe(store.totals.refunds);
    });

    it('filters by kind; sorts', async () => {
      const products = await report<ItemReport>(
        'services-products',
        `${range}&item_type=${ITEM_TYPE.PRODUCT}`,
      );
      expect(products.items.map((i) => i.item_id)).toEqual([cat.oil]);
      expect(products.totals.quantity).toBe(2);
      // Every kind of the period stays listed, the filter's choices, and they add up to the unfiltered totals.
      expect(products.totals.kinds.map((k) => k.category)).toEqual([
        'service',
        'product',
        'product_kit',
        'giftcard',
      ]);
      expect(products.totals.kinds.reduce((s, k) => s + k.gross, 0)).toBe(items.totals.gross);
      const byGross = await report<ItemReport>('services-products', `${range}&sort=-gross`);
      const grosses = byGross.items.map((i) => i.gross);
      expect(grosses).toEqual([...grosses].sort((x, y) => y - x));
      expect((await manager().get(`/api/report/services-products?item_type=7`)).statusCode).toBe(422);
    });

    it("details: an item's lines in the period add up to its row; a refund stays on its day", async () => {
      const key = `${ITEM_TYPE.SERVICE}-${cat.manicure}`;
      const row = items.items.find((i) => i.item_key === key)!;
      const details = await report<ItemDetailsReport>(
        'services-products/details',
        `${range}&item_type=${ITEM_TYPE.SERVICE}&item_id=${cat.manicure}`,
      );
      expect(details.items.map((l) => l.date)).toEqual([
        addDays(today, -3),
        addDays(today, -2),
        addDays(today, -1),
        today,
      ]);
      expect(details.items.reduce((s, l) => s + l.net, 0)).toBe(row.net);
      expect(details.totals).toMatchObject({
        name: 'Gel manicure',
        quantity: row.quantity,
        refunds: row.refunds,
      });
      // The manicure refunded today was sold three days ago: it shows refunded on that line.
      expect(details.items[0]!.refunded_quantity).toBe(1);
      const onlyToday = await report<ItemDetailsReport>(
        'services-products/details',
        `item_type=${ITEM_TYPE.SERVICE}&item_id=${cat.manicure}`,
      );
      expect(onlyToday.items).toHaveLength(1);
      expect(onlyToday.totals.refunds).toBe(row.refunds);
      expect((await manager().get('/api/report/services-products/details?item_type=1')).statusCode).toBe(422);
    });
  });
});
