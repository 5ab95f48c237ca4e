import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createApiClient } from '../lib/api/client';
import { createLoadingStore } from '../lib/api/loading';
import { createNoticeChannel } from '../lib/api/notices';
import { createFakeFetch, envelope } from '../../../tests/support/client/fake-fetch';
import type { FakeHandler } from '../../../tests/support/client/fake-fetch';
import type { UnsyncedOfflineCards } from '../lib/offline-queue/offline-cards';
import {
  checkPaymentRequest,
  confirmPaymentRequest,
  createOfflineCardWatch,
  createPaymentRequest,
  offlineCardLimitsOf,
  QUEUE_CHANGED_CHANNEL,
} from './tendering-actors';
import type { OfflineCardReport } from '../features/sale/tendering/tendering-actors-context';
import type { OfflineCardWatchDeps } from './tendering-actors';

function fake(handler: FakeHandler) {
  const f = createFakeFetch(handler);
  const client = createApiClient({
    fetch: f.fetch,
    getToken: () => 'tok',
    loading: createLoadingStore(),
    notices: createNoticeChannel(),
  });
  return { client, requests: f.requests };
}

const view = (provider: string, status = 'pending') => ({
  id: 7,
  provider,
  status,
  amount: 150000,
  order_id: 'T1S1RABCDEF012345',
  sale_id: null,
  sale_uuid: null,
  result_code: null,
  signature_ok: null,
  paid_at: null,
  created_at: '2025-03-01T10:00:00.000Z',
});

describe('tendering actors', () => {
  it("reads MoMo's pay page from its live answer, and none without one", async () => {
    const { client } = fake(() =>
      envelope({
        request: view('momo'),
        endpoint: 'x',
        body: {},
        response: { payUrl: 'https://pay.momo.vn/7' },
      }),
    );
    const created = await createPaymentRequest(
      { provider: 'momo', amount: 150000, saleUuid: 'uuid-1', idempotencyKey: 'k' },
      { client },
    );
    expect(created).toEqual({
      request: { id: 7, provider: 'momo', status: 'pending', amount: 150000 },
      payUrl: 'https://pay.momo.vn/7',
    });
  });

  it('maps VNPAY and VietQR creates and sends the sale uuid only when there is one', async () => {
    const { client, requests } = fake((r) =>
      envelope(
        r.url.includes('vnpay')
          ? { request: view('vnpay'), payment_url: 'https://sandbox.vnpayment.vn/pay' }
          : { request: view('vietqr'), qr_payload: '000201', account_name: 'DEMO NAIL SPA' },
      ),
    );
    const vnpay = await createPaymentRequest(
      { provider: 'vnpay', amount: 150000, saleUuid: 'uuid-1', idempotencyKey: 'k1' },
      { client },
    );
    const vietqr = await createPaymentRequest(
      { provider: 'vietqr', amount: 150000, saleUuid: null, idempotencyKey: 'k2' },
      { client },
    );
    expect(vnpay.payUrl).toBe('https://sandbox.vnpayment.vn/pay');
    expect(vietqr).toMatchObject({ qrPayload: '000201', accountName: 'DEMO NAIL SPA' });
    expect(requests.map((r) => JSON.parse(String(r.body)) as unknown)).toEqual([
      { amount: 150000, sale_uuid: 'uuid-1' },
      { amount: 150000 },
    ]);
  });

  it('checks MoMo and VNPAY statuses and refuses to poll VietQR', async () => {
    const { client, requests } = fake((r) =>
      envelope({ request: view(r.url.includes('momo') ? 'momo' : 'vnpay', 'paid'), query: {} }),
    );
    await expect(checkPaymentRequest({ provider: 'momo', id: 7 }, { client })).resolves.toMatchObject({
      status: 'paid',
    });
    await expect(checkPaymentRequest({ provider: 'vnpay', id: 7 }, { client })).resolves.toMatchObject({
      status: 'paid',
    });
    await expect(checkPaymentRequest({ provider: 'vietqr', id: 7 }, { client })).rejects.toThrow(/confirmed/);
    expect(requests.map((r) => r.url)).toEqual([
      '/api/payments/momo/7/status',
      '/api/payments/vnpay/7/status',
    ]);
  });

  it('confirms a VietQR transfer with the approval', async () => {
    const { client, requests } = fake(() => envelope({ request: view('vietqr', 'paid') }));
    await expect(
      confirmPaymentRequest({ id: 7, approval: 'appr', idempotencyKey: 'k3' }, { client }),
    ).resolves.toEqual({ id: 7, provider: 'vietqr', status: 'paid', amount: 150000 });
    expect(requests[0]?.headers.get('x-pin-approval')).toBe('appr');
  });
});

// ---- offline card watch ------------------------------------------------------------------------------------

describe('offline card watch', () => {
  const limits = { perTicket: 20_000, total: 100_000 };

  function deferred<T>() {
    let resolve!: (value: T) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  }

  function harness(overrides: Partial<OfflineCardWatchDeps> = {}) {
    const sent: OfflineCardReport[] = [];
    let connectivity: ((online: boolean) => void) | null = null;
    let queueChanged: (() => void) | null = null;
    const stopped = { connectivity: false, queue: false };
    const reads: Array<ReturnType<typeof deferred<UnsyncedOfflineCards>>> = [];
    const warnings: string[] = [];
    const logic = createOfflineCardWatch({
      isOnline: () => false,
      onConnectivity: (listener) => {
        connectivity = listener;
        return () => (stopped.connectivity = true);
      },
      readLimits: () => limits,
      readUnsynced: () => {
        const read = deferred<UnsyncedOfflineCards>();
        reads.push(read);
        return read.promise;
      },
      onQueueChange: (listener) => {
        queueChanged = listener;
        return () => (stopped.queue = true);
      },
      refreshMs: 30_000,
      warn: (message) => warnings.push(message),
      ...overrides,
    });
    const actor = createActor(logic, { input: { sale: { send: (event) => sent.push(event) } } });
    return {
      actor,
      sent,
      reads,
      warnings,
      stopped,
      goOnline: (online: boolean) => connectivity?.(online),
      queueChange: () => queueChanged?.(),
    };
  }

  const unsynced = (total: number): UnsyncedOfflineCards => ({
    total,
    payments: total ? [{ requestId: 1, amount: total, takenAt: 0 }] : [],
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('says at once whether the till is online, then the limits and the unsynced sum once the queue is read', async () => {
    const h = harness();
    h.actor.start();
    expect(h.sent).toEqual([{ type: 'connectivity.change', online: false }]);
    h.reads[0]?.resolve(unsynced(23_500));
    await Promise.resolve();
    expect(h.sent[1]).toEqual({ type: 'offlineCard.status', limits, unsynced: 23_500 });
  });

  it('reports every connectivity change and reads the queue again then', async () => {
    const h = harness();
    h.actor.start();
    h.goOnline(true);
    expect(h.sent.at(-1)).toEqual({ type: 'connectivity.change', online: true });
    expect(h.reads).toHaveLength(2);
  });

  it('reads again when the queue changes, and drops a read that a later one overtook', async () => {
    const h = harness();
    h.actor.start();
    h.queueChange();
    h.reads[1]?.resolve(unsynced(5000));
    h.reads[0]?.resolve(unsynced(0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const statuses = h.sent.filter((e) => e.type === 'offlineCard.status');
    expect(statuses).toEqual([{ type: 'offlineCard.status', limits, unsynced: 5000 }]);
  });

  it('reads again every refreshMs while it runs', () => {
    vi.useFakeTimers();
    const h = harness();
    h.actor.start();
    vi.advanceTimersByTime(60_000);
    expect(h.reads).toHaveLength(3);
  });

  it('reports the total limit as used up when the queue cannot be read', async () => {
    const h = harness();
    h.actor.start();
    h.reads[0]?.reject(new Error('IndexedDB is gone'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(h.sent.at(-1)).toEqual({ type: 'offlineCard.status', limits, unsynced: 100_000 });
    expect(h.warnings).toHaveLength(1);
  });

  it('allows nothing offline when the till has no store settings', async () => {
    const h = harness({ readLimits: () => null });
    h.actor.start();
    h.reads[0]?.resolve(unsynced(0));
    await Promise.resolve();
    expect(h.sent.at(-1)).toEqual({
      type: 'offlineCard.status',
      limits: { perTicket: 0, total: 0 },
      unsynced: 0,
    });
  });

  it('stops listening and reporting when the panel goes', async () => {
    vi.useFakeTimers();
    const h = harness();
    h.actor.start();
    h.actor.stop();
    expect(h.stopped).toEqual({ connectivity: true, queue: true });
    h.reads[0]?.resolve(unsynced(100));
    await Promise.resolve();
    vi.advanceTimersByTime(60_000);
    expect(h.sent).toEqual([{ type: 'connectivity.change', online: false }]);
    expect(h.reads).toHaveLength(1);
  });

  it('takes the limits from the store settings', () => {
    expect(
      offlineCardLimitsOf({ offline_card_limit_per_ticket: 20_000, offline_card_limit_total: 100_000 }),
    ).toEqual(limits);
    expect(offlineCardLimitsOf(null)).toBeNull();
  });

  it('listens on the channel the PWA platform broadcasts queue changes on', async () => {
    const { QUEUE_CHANNEL } = await import('./pwa-platform');
    expect(QUEUE_CHANGED_CHANNEL).toBe(QUEUE_CHANNEL);
  });
});
