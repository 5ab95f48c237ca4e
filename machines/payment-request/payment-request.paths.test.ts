import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { paymentRequestMachine } from './payment-request.machine';
import type {
  PaymentRequestEvent,
  PaymentRequestInfo,
  PaymentRequestInput,
  PaymentRequestProvider,
} from './payment-request.types';

// A constant id keeps the context (and so the state graph) finite.
const input: PaymentRequestInput = { createId: () => 'key-1' };

const request = (
  provider: PaymentRequestProvider,
  status: PaymentRequestInfo['status'],
): PaymentRequestInfo => ({
  id: provider === 'vietqr' ? 8 : 7,
  provider,
  status,
  amount: 150_000,
});
const manager = {
  role: 'manager',
  name: 'Maria Lopez',
  user_id: 3,
  approval: 'appr-1',
  approval_expires_at: '2026-11-22T10:05:00.000Z',
};

const userEvents = [
  { type: 'request.start', provider: 'momo', amount: 150_000, saleUuid: 'sale-1' },
  { type: 'request.start', provider: 'vietqr', amount: 150_000, saleUuid: 'sale-1' },
  { type: 'request.start', provider: 'momo', amount: 0, saleUuid: 'sale-1' },
  { type: 'request.cancel' },
  { type: 'request.retry' },
  { type: 'request.reset' },
  { type: 'transfer.confirm' },
  { type: 'approval.cancel' },
] satisfies PaymentRequestEvent[];

/** Actor answers that fit the request under way (a VietQR create never answers a MoMo request). */
function actorEvents(provider: PaymentRequestProvider) {
  const created =
    provider === 'vietqr'
      ? {
          request: request('vietqr', 'pending'),
          qrPayload: '00020101021238570010A000000727',
          accountName: 'DEMO',
        }
      : { request: request(provider, 'pending'), payUrl: 'https://pay.example/7' };
  return [
    doneEvent('createRequest', created),
    errorEvent('createRequest', { status: 422, message: 'MoMo takes VND only.' }),
    doneEvent('checkRequest', request(provider, 'pending')),
    doneEvent('checkRequest', request(provider, 'paid')),
    doneEvent('checkRequest', request(provider, 'failed')),
    doneEvent('checkRequest', request(provider, 'expired')),
    errorEvent('checkRequest', { status: 0, message: 'offline' }),
    doneEvent('lastCheck', request(provider, 'paid')),
    doneEvent('lastCheck', request(provider, 'pending')),
    errorEvent('lastCheck', { status: 0, message: 'offline' }),
    doneEvent('approval', manager),
    doneEvent('confirmRequest', request(provider, 'paid')),
    doneEvent('confirmRequest', request(provider, 'expired')),
    errorEvent('confirmRequest', { status: 403, message: 'A manager PIN is needed.' }),
  ];
}

describeMachinePaths(paymentRequestMachine, {
  input,
  events: (snapshot) => [...userEvents, ...actorEvents(snapshot.context.provider ?? 'momo')],
  minimal: true,
});
