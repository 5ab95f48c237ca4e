/**
 * The customer's review page (/pos/walk-in/review/:storeId; docs/walk-in-screens.md#reviews): stars, a comment,
 * the technician, and the customer's phone to find them by, on the store's public tablet.
 *
 *   loading ──▶ rating ──submit [complete]──▶ submitting ──▶ done ──after(doneDelay) | again──▶ rating (fresh)
 *     │ error ─▶ unavailable (retry | online ─▶ loading)  ├ offline ─▶ offline (retry | online ─▶ submitting)
 *                                                         ├ refused (422, 404: unknown phone) ─▶ rating, said
 *                                                         └ other ──▶ failed (retry ─▶ submitting; back ─▶ rating)
 *
 * - One review is one intent: its Idempotency-Key is made at the first submit and kept through retries and an
 *   offline wait (docs/api.md#writes-and-idempotency), and dropped by any change or the next customer.
 * - The page forgets the last customer after the thanks: the tablet is public.
 */
import { and, assertEvent, assign, setup } from 'xstate';
import { isKioskPhone } from '../../src/domain/kiosk';
import { toResourceError } from '../resource/resource.rules';
import { requiredActor } from '../support/required-actor';
import { doneTo, errorParams, failTo } from '../support/transitions';
import type {
  ReviewTechnician,
  SubmitReviewInput,
  WalkInReviewContext,
  WalkInReviewEvent,
  WalkInReviewInput,
} from './walk-in-review.types';

const MACHINE = 'walkInReview';

/** The thanks stays this long before the page waits for the next customer. */
export const REVIEW_DONE_DELAY = 8_000;

const FRESH = {
  rating: null,
  comment: '',
  technicianId: null,
  phone: '',
  idempotencyKey: null,
  error: null,
} satisfies Partial<WalkInReviewContext>;

export const walkInReviewMachine = setup({
  types: {
    context: {} as WalkInReviewContext,
    events: {} as WalkInReviewEvent,
    input: {} as WalkInReviewInput,
    tags: {} as 'busy',
  },
  actors: {
    loadTechnicians: requiredActor<ReviewTechnician[]>(MACHINE, 'loadTechnicians'),
    submitReview: requiredActor<unknown, SubmitReviewInput>(MACHINE, 'submitReview'),
  },
  delays: { doneDelay: REVIEW_DONE_DELAY },
  actions: {
    storeTechnicians: assign((_, technicians: ReviewTechnician[]) => ({ technicians, error: null })),
    storeError: assign((_, { error }: { error: unknown }) => ({ error: toResourceError(error) })),
    clearError: assign({ error: null }),
    forget: assign(FRESH),
    setRating: assign(({ event }) => {
      assertEvent(event, 'rating.set');
      return { rating: event.rating, idempotencyKey: null, error: null };
    }),
    setComment: assign(({ event }) => {
      assertEvent(event, 'comment.change');
      return { comment: event.comment, idempotencyKey: null };
    }),
    chooseTechnician: assign(({ event }) => {
      assertEvent(event, 'technician.choose');
      return { technicianId: event.id, idempotencyKey: null };
    }),
    setPhone: assign(({ event }) => {
      assertEvent(event, 'phone.change');
      return { phone: event.phone, idempotencyKey: null, error: null };
    }),
    keepKey: assign(({ context }) => ({
      idempotencyKey: context.idempotencyKey ?? context.createId(),
      error: null,
    })),
  },
  guards: {
    isStars: ({ event }) =>
      event.type === 'rating.set' && Number.isInteger(event.rating) && event.rating >= 1 && event.rating <= 5,
    isOffered: ({ context, event }) =>
      event.type === 'technician.choose' &&
      (event.id === null || context.technicians.some((t) => t.id === event.id)),
    hasRating: ({ context }) => context.rating !== null,
    hasPhone: ({ context }) => isKioskPhone(context.phone),
    isOffline: (_, { error }: { error: unknown }) => toResourceError(error).kind === 'offline',
    /** The server refused what was typed (422) or knows no customer by that phone (404): fix it and send again. */
    isRefusal: (_, { error }: { error: unknown }) => {
      const kind = toResourceError(error).kind;
      return kind === 'validation' || kind === 'notFound';
    },
  },
}).createMachine({
  id: MACHINE,
  context: ({ input }) => ({
    technicians: [],
    ...FRESH,
    createId: input.createId ?? (() => globalThis.crypto.randomUUID()),
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadTechnicians',
        src: 'loadTechnicians',
        onDone: doneTo('rating', 'storeTechnicians'),
        onError: failTo('unavailable', 'storeError'),
      },
    },
    unavailable: {
      on: { retry: 'loading', 'connection.online': 'loading' },
    },
    rating: {
      on: {
        'rating.set': { guard: 'isStars', actions: 'setRating' },
        'comment.change': { actions: 'setComment' },
        'technician.choose': { guard: 'isOffered', actions: 'chooseTechnician' },
        'phone.change': { actions: 'setPhone' },
        submit: { guard: and(['hasRating', 'hasPhone']), target: 'submitting', actions: 'keepKey' },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitReview',
        src: 'submitReview',
        input: ({ context }) => ({
          idempotencyKey: context.idempotencyKey ?? '',
          phone: context.phone.trim(),
          rating: context.rating ?? 0,
          comment: context.comment.trim(),
          technicianId: context.technicianId,
        }),
        onDone: 'done',
        onError: [
          { guard: { type: 'isOffline', params: errorParams }, ...failTo('offline', 'storeError') },
          { guard: { type: 'isRefusal', params: errorParams }, ...failTo('rating', 'storeError') },
          failTo('failed', 'storeError'),
        ],
      },
    },
    offline: {
      on: { retry: 'submitting', 'connection.online': 'submitting' },
    },
    failed: {
      on: { retry: 'submitting', back: { target: 'rating', actions: 'clearError' } },
    },
    done: {
      after: { doneDelay: { target: 'rating', actions: 'forget' } },
      on: { again: { target: 'rating', actions: 'forget' } },
    },
  },
});

export type WalkInReviewMachine = typeof walkInReviewMachine;
