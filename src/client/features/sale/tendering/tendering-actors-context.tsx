/**
 * Where the tendering panel gets its machines with their I/O: app/ provides the real ones
 * (app/tendering-actors.ts, docs/architecture.md: app/ is the one place that provides real actors; features
 * never import app/, docs/architecture.md), by a loader so they stay in the payment panel's own chunk; a test
 * or a model-based UI run provides fakes:
 *
 *   <tenderingActors.Provider value={{ paymentRequest: fakeRequest, giftCardCheck: fakeCheck, … }}>
 */
import type { CallbackActorLogic, EventObject } from 'xstate';
import type { giftCardCheckMachine } from '../../../../../machines/gift-card-check/gift-card-check.machine';
import type { paymentRequestMachine } from '../../../../../machines/payment-request/payment-request.machine';
import type { SaleEvent } from '../../../../../machines/sale/sale.types';
import { provided } from '../../../lib/actors/provided';

/** What the offline card watch tells the sale machine (machines/sale/sale.types.ts). */
export type OfflineCardReport = Extract<SaleEvent, { type: 'connectivity.change' | 'offlineCard.status' }>;

export interface OfflineCardWatchInput {
  /** The sale actor (the panel's SaleActor ref): it receives every report. */
  sale: { send: (event: OfflineCardReport) => void };
}

export type OfflineCardWatchLogic = CallbackActorLogic<EventObject, OfflineCardWatchInput>;

export interface TenderingActors {
  paymentRequest: typeof paymentRequestMachine;
  giftCardCheck: typeof giftCardCheckMachine;
  /** Runs while the panel is up; started with the sale actor as its input. */
  offlineCardWatch: OfflineCardWatchLogic;
  /** Idempotency keys of payment requests: works on plain http:// tills too (idempotency-key.ts). */
  createId: () => string;
}

export const tenderingActors = provided<TenderingActors>('tenderingActors');

export function useTenderingActors(): TenderingActors {
  return tenderingActors.use();
}
