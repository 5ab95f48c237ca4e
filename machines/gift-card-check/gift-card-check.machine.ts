/**
 * The gift card check: the balance of a card is looked up and shown before a gift card payment is taken.
 *
 *   idle ─card.check─▶ checking ─▶ found     (usable: active, not expired, a balance)
 *                          │  ─▶ unusable  (the card, and why it cannot pay)
 *                          └──▶ failed    (not found, or the lookup failed)
 *   card.check from any settled state checks again; card.reset forgets the card.
 *
 * Why a machine of its own and not a state of the payment request: nothing is created or paid here, it is one
 * read that several screens need (tendering, selling or topping up a card later), and it has its own error
 * vocabulary. Why `unusable` is a state and not an error: the card was found and its balance and expiry are
 * facts the cashier tells the customer ("this card expired in May"), so the card is kept and shown.
 * The balance is the server's at the time of the check; the server debits it atomically when the sale is
 * created, so a card spent elsewhere in between is refused there, not here.
 */
import { assertEvent, assign, setup } from 'xstate';
import { requiredActor } from '../support/required-actor';
import { failTo } from '../support/transitions';
import { normaliseGiftCardNumber, unusableReason } from './gift-card-check.rules';
import type {
  GiftCard,
  GiftCardCheckContext,
  GiftCardCheckError,
  GiftCardCheckEvent,
  LookupGiftCardInput,
} from './gift-card-check.types';

/** An actor's failure as a check error: 404 (and a refused number, 422) mean "no such card". */
export function toGiftCardError(error: unknown): GiftCardCheckError {
  const status =
    typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
      ? error.status
      : 0;
  const message =
    typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string'
      ? error.message
      : undefined;
  const code = status === 404 || status === 422 ? 'giftCardNotFound' : 'giftCardLookupFailed';
  return message === undefined ? { code } : { code, message };
}

export const giftCardCheckMachine = setup({
  types: {} as {
    context: GiftCardCheckContext;
    events: GiftCardCheckEvent;
    tags: 'busy';
  },
  actors: {
    /** GET /api/pos/giftcards/:id (docs/sales.md#the-sale-screen "GET gift card details by {id}"). */
    lookupGiftCard: requiredActor<GiftCard, LookupGiftCardInput>('giftCardCheck', 'lookupGiftCard'),
  },
  guards: {
    hasNumber: ({ event }) => {
      assertEvent(event, 'card.check');
      return normaliseGiftCardNumber(event.number).length > 0;
    },
    isUsable: (_, params: { card: GiftCard }) => unusableReason(params.card) === null,
  },
  actions: {
    startCheck: assign(({ event }) => {
      assertEvent(event, 'card.check');
      return { number: normaliseGiftCardNumber(event.number), card: null, error: null };
    }),
    refuseEmptyNumber: assign({
      number: '',
      card: null,
      error: (): GiftCardCheckError => ({ code: 'giftCardNumberRequired' }),
    }),
    storeCard: assign((_, params: { card: GiftCard }) => ({ card: params.card, error: null })),
    storeUnusableCard: assign((_, params: { card: GiftCard }) => ({
      card: params.card,
      error: { code: unusableReason(params.card) ?? 'giftCardEmpty' } satisfies GiftCardCheckError,
    })),
    storeFailure: assign((_, params: { error: unknown }) => ({
      card: null,
      error: toGiftCardError(params.error),
    })),
    forgetCard: assign({ number: '', card: null, error: null }),
  },
}).createMachine({
  id: 'giftCardCheck',
  initial: 'idle',
  context: { number: '', card: null, error: null },
  states: {
    idle: {
      on: {
        'card.check': [
          { guard: 'hasNumber', target: 'checking', actions: 'startCheck' },
          { actions: 'refuseEmptyNumber' },
        ],
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'lookupGiftCard',
        src: 'lookupGiftCard',
        input: ({ context }) => ({ number: context.number }),
        onDone: [
          {
            guard: { type: 'isUsable', params: ({ event }) => ({ card: event.output }) },
            target: 'found',
            actions: { type: 'storeCard', params: ({ event }) => ({ card: event.output }) },
          },
          {
            target: 'unusable',
            actions: { type: 'storeUnusableCard', params: ({ event }) => ({ card: event.output }) },
          },
        ],
        onError: failTo('failed', 'storeFailure'),
      },
      on: {
        // Leaving the state cancels the lookup (its signal aborts), so a late answer cannot land.
        'card.reset': { target: 'idle', actions: 'forgetCard' },
      },
    },
    found: {
      on: {
        'card.check': [
          { guard: 'hasNumber', target: 'checking', actions: 'startCheck' },
          { target: 'idle', actions: 'refuseEmptyNumber' },
        ],
        'card.reset': { target: 'idle', actions: 'forgetCard' },
      },
    },
    unusable: {
      on: {
        'card.check': [
          { guard: 'hasNumber', target: 'checking', actions: 'startCheck' },
          { target: 'idle', actions: 'refuseEmptyNumber' },
        ],
        'card.reset': { target: 'idle', actions: 'forgetCard' },
      },
    },
    failed: {
      on: {
        'card.check': [
          { guard: 'hasNumber', target: 'checking', actions: 'startCheck' },
          { target: 'idle', actions: 'refuseEmptyNumber' },
        ],
        'card.reset': { target: 'idle', actions: 'forgetCard' },
      },
    },
  },
});
