import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { PAYMENT_TYPE } from '../../src/domain/constants';
import type { Payment } from '../../src/domain/order.types';
import { pinCheckMachine } from '../pin-check/pin-check.machine';
import type { PinApproval } from '../pin-check/pin-check.types';
import {
  paymentOf,
  paymentRequestMachine,
  POLL_INTERVAL_MS,
  REQUEST_TIMEOUT_MS,
} from './payment-request.machine';
import {
  selectApprovalActor,
  selectApprovedPayment,
  selectIsRequestInFlight,
  selectQrPayload,
  selectRequestError,
  selectRequestStatus,
  selectStatusUnknown,
} from './payment-request.selectors';
import type {
  CheckPaymentRequestInput,
  ConfirmPaymentRequestInput,
  CreatedPaymentRequest,
  CreatePaymentRequestInput,
  PaymentRequestInfo,
  PaymentRequestProvider,
} from './payment-request.types';

const manager: PinApproval = {
  role: 'manager',
  name: 'Maria Lopez',
  user_id: 3,
  approval: 'appr-1',
  approval_expires_at: '2026-11-22T10:05:00.000Z',
};

type Answer<T> = T | Error;

/** Settles pending promise callbacks (fake actors answering). */
const flush = () => new Promise((resolve) => setImmediate(resolve));

function harness(options: {
  create?: (input: CreatePaymentRequestInput) => Answer<CreatedPaymentRequest> | undefined;
  checks?: Answer<PaymentRequestInfo['status']>[];
  confirm?: (input: ConfirmPaymentRequestInput) => Answer<PaymentRequestInfo>;
}) {
  const creates: CreatePaymentRequestInput[] = [];
  const checks: CheckPaymentRequestInput[] = [];
  const confirms: ConfirmPaymentRequestInput[] = [];
  const delivered: Array<Payment | null> = [];
  const answers = [...(options.checks ?? [])];
  let ids = 0;
  const clock = new SimulatedClock();
  const info = (
    provider: PaymentRequestProvider,
    status: PaymentRequestInfo['status'],
  ): PaymentRequestInfo => ({
    id: 7,
    provider,
    status,
    amount: 150_000,
  });
  const machine = paymentRequestMachine.provide({
    actors: {
      createRequest: fromPromise<CreatedPaymentRequest, CreatePaymentRequestInput>(async ({ input }) => {
        creates.push(input);
        const answer = options.create?.(input) ?? { request: info(input.provider, 'pending') };
        if (answer instanceof Error) throw answer;
        return answer;
      }),
      checkRequest: fromPromise<PaymentRequestInfo, CheckPaymentRequestInput>(async ({ input }) => {
        checks.push(input);
        const answer = answers.shift() ?? 'pending';
        if (answer instanceof Error) throw answer;
        return info(input.provider, answer);
      }),
      confirmRequest: fromPromise<PaymentRequestInfo, ConfirmPaymentRequestInput>(async ({ input }) => {
        confirms.push(input);
        const answer = options.confirm?.(input) ?? info('vietqr', 'paid');
        if (answer instanceof Error) throw answer;
        return answer;
      }),
      approval: pinCheckMachine.provide({
        actors: { checkPin: fromPromise<PinApproval, { code: string }>(async () => manager) },
      }),
    },
    actions: { deliverPayment: (_, params) => void delivered.push(params.payment) },
  });
  const actor = createActor(machine, { input: { createId: () => `key-${++ids}` }, clock }).start();
  const advance = async (ms: number) => {
    clock.increment(ms);
    await flush();
  };
  return { actor, creates, checks, confirms, delivered, advance };
}

const momo = { type: 'request.start', provider: 'momo', amount: 150_000, saleUuid: 'sale-1' } as const;

describe('payment request (MoMo, VNPAY)', () => {
  it('creates the request, polls its status and hands the paid payment to the sale', async () => {
    const h = harness({ checks: ['pending', 'paid'] });
    h.actor.send(momo);
    expect(selectIsRequestInFlight(h.actor.getSnapshot())).toBe(true);
    await flush();
    expect(h.creates).toEqual([
      { provider: 'momo', amount: 150_000, saleUuid: 'sale-1', idempotencyKey: 'key-1' },
    ]);
    expect(selectRequestStatus(h.actor.getSnapshot())).toBe('pending');
    await h.advance(POLL_INTERVAL_MS);
    expect(selectRequestStatus(h.actor.getSnapshot())).toBe('pending');
    await h.advance(POLL_INTERVAL_MS);
    expect(h.checks).toEqual([
      { provider: 'momo', id: 7 },
      { provider: 'momo', id: 7 },
    ]);
    expect(selectRequestStatus(h.actor.getSnapshot())).toBe('approved');
    const payment: Payment = {
      payment_type: PAYMENT_TYPE.MOMO,
      payment_amount: 150_000,
      payment_info: { reference: '7', processor_reference: '7' },
    };
    expect(h.delivered).toEqual([payment]);
    expect(selectApprovedPayment(h.actor.getSnapshot())).toEqual(payment);
    h.actor.send({ type: 'request.reset' });
    expect(selectRequestStatus(h.actor.getSnapshot())).toBe('idle');
  });

  it('refuses to start a request of 0 or less', () => {
    const h = harness({});
    h.actor.send({ ...momo, amount: 0 });
    expect(selectRequestStatus(h.actor.getSnapshot())).toBe('idle');
    expect(selectRequestError(h.actor.getSnapshot())).toEqual({ code: 'amountNotPositive' });
    expect(h.creates).toEqual([]);
  });

  it('looks once more when cancelled, and keeps a payment that arrived meanwhile', async () => {
    const h = harness({ checks: ['paid'] });
    h.actor.send(momo);
    await flush();
    h.actor.send({ type: 'request.cancel' });
    await flush();
    expect(selectRequestStatus(h.actor.getSnapshot())).toBe('approved');
    expect(h.delivered).toHaveLength(1);
  });

  it('lets a still-pending request go when cancelled', async () => {
    const h = harness({ checks: ['pending'] });
    h.actor.send(momo);
    await flush();
    h.actor.send({ type: 'request.cancel' });
    await flush();
    expect(selectRequestStatus(h.actor.getSnapshot())).toBe('cancelled');
    expect(h.delivered).toEqual([]);
  });

  it('keeps polling when a status check fails, and says the status is unknown', async () => {
    const h = harness({ checks: [new Error('offline'), 'paid'] });
    h.actor.send(momo);
    await flush();
    await h.advance(POLL_INTERVAL_MS);
    expect(selectRequestStatus(h.actor.getSnapshot())).toBe('pending');
    expect(selectStatusUnknown(h.actor.getSnapshot())).toBe(true);
    await h.advance(POLL_INTERVAL_MS);
    expect(selectRequestStatus(h.actor.getSnapshot())).toBe('approved');
  });

  it('retries a failed create with the same idempotency key', async () => {
    let calls = 0;
    const h = harness({ create: () => (++calls === 1 ? new Error('MoMo takes VND only.') : undefined) });
    h.actor.send(momo);
    await flush();
    expect(selectRequestStatus(h.actor.getSnapshot())).toBe('createFailed');
    expect(selectRequestError(h.actor.getSnapshot())).toEqual({
      code: 'requestCreateFailed',
      message: 'MoMo takes VND only.',
    });
    h.actor.send({ type: 'request.retry' });
    await flush();
    expect(h.creates.map((c) => c.idempotencyKey)).toEqual(['key-1', 'key-1']);
    expect(selectRequestStatus(h.actor.getSnapshot())).toBe('pending');
  });

  it('makes a new request with a new key after the provider declines', async () => {
    const h = harness({ checks: ['failed'] });
    h.actor.send(momo);
    await flush();
    await h.advance(POLL_INTERVAL_MS);
    expect(selectRequestStatus(h.actor.getSnapshot())).toBe('failed');
    expect(selectRequestError(h.actor.getSnapshot())).toEqual({ code: 'requestFailed' });
    h.actor.send({ type: 'request.retry' });
    await flush();
    expect(h.creates.map((c) => c.idempotencyKey)).toEqual(['key-1', 'key-2']);
  });

  it('expires a request still pending after the time limit', async () => {
    const h = harness({});
    h.actor.send({ ...momo, provider: 'vnpay' });
    await flush();
    for (let waited = 0; waited < REQUEST_TIMEOUT_MS; waited += POLL_INTERVAL_MS)
      await h.advance(POLL_INTERVAL_MS);
    expect(selectRequestStatus(h.actor.getSnapshot())).toBe('expired');
    expect(selectRequestError(h.actor.getSnapshot())).toEqual({ code: 'requestExpired' });
  });
});

describe('payment request (VietQR)', () => {
  const vietqr = { ...momo, provider: 'vietqr' } as const;
  const created = (input: CreatePaymentRequestInput): CreatedPaymentRequest => ({
    request: { id: 8, provider: input.provider, status: 'pending', amount: input.amount },
    qrPayload: '00020101021238570010A000000727',
    accountName: 'DEMO NAIL SPA',
  });

  it('shows the QR, then a manager PIN confirms the transfer and the payment goes to the sale', async () => {
    const h = harness({
      create: created,
      confirm: () => ({ id: 8, provider: 'vietqr', status: 'paid', amount: 150_000 }),
    });
    h.actor.send(vietqr);
    await flush();
    expect(selectRequestStatus(h.actor.getSnapshot())).toBe('awaitingTransfer');
    expect(selectQrPayload(h.actor.getSnapshot())).toBe('00020101021238570010A000000727');
    h.actor.send({ type: 'transfer.confirm' });
    const pad = selectApprovalActor(h.actor.getSnapshot());
    expect(pad).toBeDefined();
    for (const digit of ['3', '3', '3', '3'] as const) pad?.send({ type: 'pin.digit', digit });
    pad?.send({ type: 'pin.submit' });
    await flush();
    await flush();
    expect(h.confirms).toEqual([{ id: 8, approval: 'appr-1', idempotencyKey: 'key-2' }]);
    expect(selectRequestStatus(h.actor.getSnapshot())).toBe('approved');
    expect(h.delivered).toEqual([paymentOf({ id: 8, provider: 'vietqr', status: 'paid', amount: 150_000 })]);
    expect(h.delivered[0]?.payment_type).toBe(PAYMENT_TYPE.VIET_QR);
  });

  it('goes back to the QR with the reason when the confirmation is refused', async () => {
    const h = harness({ create: created, confirm: () => new Error('A manager PIN approval is needed.') });
    h.actor.send(vietqr);
    await flush();
    h.actor.send({ type: 'transfer.confirm' });
    h.actor.send({ type: 'approval.cancel' });
    expect(selectRequestStatus(h.actor.getSnapshot())).toBe('awaitingTransfer');
    h.actor.send({ type: 'transfer.confirm' });
    const pad = selectApprovalActor(h.actor.getSnapshot());
    for (const digit of ['3', '3', '3', '3'] as const) pad?.send({ type: 'pin.digit', digit });
    pad?.send({ type: 'pin.submit' });
    await flush();
    await flush();
    expect(selectRequestStatus(h.actor.getSnapshot())).toBe('awaitingTransfer');
    expect(selectRequestError(h.actor.getSnapshot())).toEqual({
      code: 'confirmFailed',
      message: 'A manager PIN approval is needed.',
    });
  });
});
