/** View facts of one payment request, derived from its snapshot (conventions.md: never stored). */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { pinCheckMachine } from '../pin-check/pin-check.machine';
import type { paymentRequestMachine } from './payment-request.machine';
import type { PaymentRequestError, PaymentRequestProvider } from './payment-request.types';

export type PaymentRequestSnapshot = SnapshotFrom<typeof paymentRequestMachine>;

export type PaymentRequestStatus =
  | 'idle'
  | 'creating'
  | 'createFailed'
  | 'pending'
  | 'cancelling'
  | 'awaitingTransfer'
  | 'approving'
  | 'confirming'
  | 'approved'
  | 'failed'
  | 'expired'
  | 'cancelled';

const STATUSES: readonly PaymentRequestStatus[] = [
  'creating',
  'createFailed',
  'pending',
  'cancelling',
  'awaitingTransfer',
  'approving',
  'confirming',
  'approved',
  'failed',
  'expired',
  'cancelled',
];

export function selectRequestStatus(snapshot: PaymentRequestSnapshot): PaymentRequestStatus {
  return STATUSES.find((status) => snapshot.matches(status)) ?? 'idle';
}

export const selectRequestProvider = (snapshot: PaymentRequestSnapshot): PaymentRequestProvider | null =>
  snapshot.context.provider;
export const selectRequestAmount = (snapshot: PaymentRequestSnapshot): number => snapshot.context.amount;
export const selectRequestId = (snapshot: PaymentRequestSnapshot): number | null =>
  snapshot.context.request?.id ?? null;
export const selectPayUrl = (snapshot: PaymentRequestSnapshot): string | null => snapshot.context.payUrl;
export const selectQrPayload = (snapshot: PaymentRequestSnapshot): string | null =>
  snapshot.context.qrPayload;
export const selectAccountName = (snapshot: PaymentRequestSnapshot): string | null =>
  snapshot.context.accountName;
export const selectStatusUnknown = (snapshot: PaymentRequestSnapshot): boolean =>
  snapshot.context.statusUnknown;
export const selectRequestError = (snapshot: PaymentRequestSnapshot): PaymentRequestError | null =>
  snapshot.context.error;
export const selectApprovedPayment = (snapshot: PaymentRequestSnapshot) => snapshot.context.payment;

/** A request is under way: the customer may be paying, so the screen must not drop it (switch type, go back). */
export const selectIsRequestInFlight = (snapshot: PaymentRequestSnapshot): boolean =>
  snapshot.hasTag('inFlight');
/** Waiting for our server (create, last check, confirm): buttons that would call again are off. */
export const selectIsRequestBusy = (snapshot: PaymentRequestSnapshot): boolean => snapshot.hasTag('busy');

export const selectCanCancelRequest = (snapshot: PaymentRequestSnapshot): boolean =>
  snapshot.can({ type: 'request.cancel' });
export const selectCanRetryRequest = (snapshot: PaymentRequestSnapshot): boolean =>
  snapshot.can({ type: 'request.retry' });
export const selectCanResetRequest = (snapshot: PaymentRequestSnapshot): boolean =>
  snapshot.can({ type: 'request.reset' });

/** The manager's PIN check while a VietQR transfer is being approved (render it with the PIN pad). */
export function selectApprovalActor(
  snapshot: PaymentRequestSnapshot,
): ActorRefFrom<typeof pinCheckMachine> | undefined {
  return snapshot.children.approval as ActorRefFrom<typeof pinCheckMachine> | undefined;
}
