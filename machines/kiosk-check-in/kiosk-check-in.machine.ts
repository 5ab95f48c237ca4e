/**
 * The customer kiosk (docs/walk-in-screens.md#the-customer-kiosk): a customer checks themselves in on the store's
 * tablet, no login, through the steps their kiosk address enables (src/domain/kiosk.ts kioskPlan).
 *
 *   loading ──▶ welcome ──start──▶ visit: phone ──▶ lookingUp ──▶ known ──next──┐
 *     │ error ─▶ unavailable          │  signUp ─▶ signingUp ◀── (unknown phone) ◀┘   ▼
 *     │   (retry | online ─▶ loading) └ technician, category, services (as the plan says) ─▶ confirm
 *   welcome ─after(refresh)─▶ refreshing ─▶ welcome (the technicians on shift kept current)
 *   confirm ──confirm──▶ submitting ──▶ done ──after(doneDelay) | cancel──▶ welcome
 *                           ├ offline ─▶ offline (retry | online ─▶ submitting)
 *                           └ other ──▶ failed (retry ─▶ submitting; back ─▶ confirm)
 *   any step: back (the plan's previous step), cancel or after(idleDelay) ─▶ welcome (a new customer)
 *
 * - The order of the steps is the domain's (nextKioskStep / previousKioskStep); the chart declares, for each
 *   step, only the arrows some address can take (kiosk-check-in.rules.ts possibleNext), each guarded by the
 *   plan it runs, so the diagram shows every route a customer can walk and nothing more.
 * - The check-in's uuid is made at the first confirm and kept through retries and an offline wait, so a check-in
 *   whose answer was lost is not made twice (src/contracts/walk-ins.ts uuid); a new customer drops it.
 * - The welcome forgets the last customer: the tablet is public, so nobody's name or phone stays on it.
 */
import { and, assertEvent, assign, setup } from 'xstate';
import { kioskPlan, isKioskPhone, nextKioskStep, previousKioskStep } from '../../src/domain/kiosk';
import type { KioskStep } from '../../src/domain/kiosk';
import { toResourceError } from '../resource/resource.rules';
import { requiredActor } from '../support/required-actor';
import { doneTo, errorParams, failTo, outputParams } from '../support/transitions';
import {
  checkInInput,
  isOfflineFailure,
  possibleNext,
  possiblePrevious,
  servicesShown,
  toggleService,
} from './kiosk-check-in.rules';
import type {
  KioskCatalog,
  KioskCheckedIn,
  KioskCheckInInput,
  KioskContext,
  KioskEvent,
  KioskInput,
  KioskKnownCustomer,
  KioskSignUpInput,
} from './kiosk-check-in.types';

const MACHINE = 'kioskCheckIn';

/** The done screen thanks the customer this long, then the tablet waits for the next one. */
export const KIOSK_DONE_DELAY = 8_000;
/** A customer who walks away mid-way: the next one finds the welcome, not their half-filled steps. */
export const KIOSK_IDLE_DELAY = 90_000;
/** How often the idle welcome reads the technicians on shift and the services again. */
export const KIOSK_REFRESH_DELAY = 5 * 60_000;

const FRESH = {
  phone: '',
  customer: null,
  signUp: null,
  technicianId: null,
  categoryId: null,
  serviceIds: [],
  uuid: null,
  checkedIn: null,
  error: null,
} satisfies Partial<KioskContext>;

type From = KioskStep | 'welcome';
type Back = KioskStep | 'confirm';

/** The guarded arrows from `from` to the step after it in this address's plan. */
function forward(from: From) {
  return possibleNext(from).map((step) => ({
    guard: { type: 'nextIs' as const, params: { from, step } },
    target: `#${MACHINE}.visit.${step}`,
  }));
}

/** The guarded arrows from `from` back to the step before it, or to the welcome. */
function backward(from: Back) {
  return possiblePrevious(from).map((step) => ({
    guard: { type: 'previousIs' as const, params: { from, step } },
    target: step === 'welcome' ? `#${MACHINE}.welcome` : `#${MACHINE}.visit.${step}`,
  }));
}

/** A step the customer can walk away from: back to the welcome when nobody touches it for a while. */
const idle = { after: { idleDelay: `#${MACHINE}.welcome` } } as const;

export const kioskCheckInMachine = setup({
  types: {
    context: {} as KioskContext,
    events: {} as KioskEvent,
    input: {} as KioskInput,
    tags: {} as 'busy',
  },
  actors: {
    loadCatalog: requiredActor<KioskCatalog>(MACHINE, 'loadCatalog'),
    findCustomer: requiredActor<KioskKnownCustomer | null, { phone: string }>(MACHINE, 'findCustomer'),
    signUp: requiredActor<KioskKnownCustomer, KioskSignUpInput>(MACHINE, 'signUp'),
    checkIn: requiredActor<KioskCheckedIn, KioskCheckInInput>(MACHINE, 'checkIn'),
  },
  delays: {
    doneDelay: KIOSK_DONE_DELAY,
    idleDelay: KIOSK_IDLE_DELAY,
    refreshDelay: KIOSK_REFRESH_DELAY,
  },
  actions: {
    storeCatalog: assign((_, catalog: KioskCatalog) => ({ catalog, error: null })),
    storeError: assign((_, { error }: { error: unknown }) => ({ error: toResourceError(error) })),
    clearError: assign({ error: null }),
    forgetCustomer: assign(FRESH),
    storePhone: assign(({ event }) => {
      assertEvent(event, 'phone.submit');
      return { phone: event.phone.trim(), customer: null, error: null };
    }),
    storeCustomer: assign((_, customer: KioskKnownCustomer | null) => ({ customer, error: null })),
    storeSignUp: assign(({ context, event }) => {
      assertEvent(event, 'signUp.submit');
      return {
        signUp: { ...event.form, first_name: event.form.first_name.trim() },
        phone: event.phone?.trim() ?? context.phone,
        error: null,
      };
    }),
    chooseTechnician: assign(({ event }) => {
      assertEvent(event, 'technician.choose');
      return { technicianId: event.id };
    }),
    /** Services of another category leave the pick: the customer sees what they chose. */
    chooseCategory: assign(({ context, event }) => {
      assertEvent(event, 'category.choose');
      const shown = new Set(servicesShown(context.catalog, event.id).map((s) => s.id));
      return { categoryId: event.id, serviceIds: context.serviceIds.filter((id) => shown.has(id)) };
    }),
    toggleService: assign(({ context, event }) => {
      assertEvent(event, 'service.toggle');
      return { serviceIds: toggleService(context.serviceIds, event.id) };
    }),
    makeUuid: assign(({ context }) => ({ uuid: context.uuid ?? context.createId(), error: null })),
    storeCheckedIn: assign((_, checkedIn: KioskCheckedIn) => ({ checkedIn, error: null })),
  },
  guards: {
    nextIs: ({ context }, { from, step }: { from: From; step: KioskStep | 'confirm' }) =>
      nextKioskStep(context.plan, from) === step,
    previousIs: ({ context }, { from, step }: { from: Back; step: KioskStep | 'welcome' }) =>
      previousKioskStep(context.plan, from) === step,
    isPhone: ({ event }) => event.type === 'phone.submit' && isKioskPhone(event.phone),
    isKnown: (_, customer: KioskKnownCustomer | null) => customer !== null,
    /** A first name, and a phone: typed on the form, or before it when the phone was unknown. */
    isSignUpComplete: ({ context, event }) =>
      event.type === 'signUp.submit' &&
      event.form.first_name.trim() !== '' &&
      isKioskPhone(event.phone ?? context.phone),
    isTechnicianOffered: ({ context, event }) =>
      event.type === 'technician.choose' &&
      (event.id === null || (context.catalog?.technicians.some((t) => t.id === event.id) ?? false)),
    isCategoryOffered: ({ context, event }) =>
      event.type === 'category.choose' &&
      (event.id === null || (context.catalog?.categories.some((c) => c.id === event.id) ?? false)),
    isServiceShown: ({ context, event }) =>
      event.type === 'service.toggle' &&
      servicesShown(context.catalog, context.categoryId).some((s) => s.id === event.id),
    hasServices: ({ context }) => context.serviceIds.length > 0,
    isOffline: (_, { error }: { error: unknown }) => isOfflineFailure(error),
  },
}).createMachine({
  id: MACHINE,
  context: ({ input }) => ({
    variant: input.variant,
    flags: input.flags,
    plan: kioskPlan(input.variant, input.flags),
    catalog: null,
    ...FRESH,
    createId: input.createId ?? (() => globalThis.crypto.randomUUID()),
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCatalog',
        src: 'loadCatalog',
        onDone: doneTo('welcome', 'storeCatalog'),
        onError: failTo('unavailable', 'storeError'),
      },
    },
    unavailable: {
      on: { retry: 'loading', 'connection.online': 'loading' },
    },
    welcome: {
      entry: 'forgetCustomer',
      after: { refreshDelay: 'refreshing' },
      on: { start: forward('welcome') },
    },
    refreshing: {
      invoke: {
        id: 'refreshCatalog',
        src: 'loadCatalog',
        onDone: doneTo('welcome', 'storeCatalog'),
        // The last catalog stays: a failed refresh is no reason to close the kiosk.
        onError: 'welcome',
      },
    },
    visit: {
      on: { cancel: 'welcome' },
      initial: 'phone',
      states: {
        phone: {
          ...idle,
          on: {
            'phone.submit': { guard: 'isPhone', target: 'lookingUp', actions: 'storePhone' },
            back: backward('phone'),
          },
        },
        lookingUp: {
          tags: ['busy'],
          invoke: {
            id: 'findCustomer',
            src: 'findCustomer',
            input: ({ context }) => ({ phone: context.phone }),
            onDone: [
              {
                guard: { type: 'isKnown', params: outputParams },
                target: 'known',
                actions: { type: 'storeCustomer', params: outputParams },
              },
              { target: 'signUp', actions: { type: 'storeCustomer', params: outputParams } },
            ],
            onError: failTo('phone', 'storeError'),
          },
        },
        known: {
          ...idle,
          on: { next: forward('phone'), back: 'phone' },
        },
        signUp: {
          ...idle,
          on: {
            'signUp.submit': { guard: 'isSignUpComplete', target: 'signingUp', actions: 'storeSignUp' },
            back: backward('signUp'),
          },
        },
        signingUp: {
          tags: ['busy'],
          invoke: {
            id: 'signUp',
            src: 'signUp',
            input: ({ context }) => ({
              phone: context.phone,
              form: context.signUp ?? { first_name: '', last_name: '', email: '', birthday: '' },
            }),
            onDone: forward('signUp').map((arrow) => ({
              ...arrow,
              actions: { type: 'storeCustomer' as const, params: outputParams },
            })),
            onError: failTo('signUp', 'storeError'),
          },
        },
        technician: {
          ...idle,
          on: {
            'technician.choose': forward('technician').map((arrow) => ({
              ...arrow,
              guard: and(['isTechnicianOffered', arrow.guard]),
              actions: 'chooseTechnician',
            })),
            back: backward('technician'),
          },
        },
        category: {
          ...idle,
          on: {
            'category.choose': forward('category').map((arrow) => ({
              ...arrow,
              guard: and(['isCategoryOffered', arrow.guard]),
              actions: 'chooseCategory',
            })),
            back: backward('category'),
          },
        },
        services: {
          ...idle,
          on: {
            'service.toggle': { guard: 'isServiceShown', actions: 'toggleService' },
            next: forward('services').map((arrow) => ({
              ...arrow,
              guard: and(['hasServices', arrow.guard]),
            })),
            back: backward('services'),
          },
        },
        confirm: {
          ...idle,
          on: {
            confirm: { target: `#${MACHINE}.submitting`, actions: 'makeUuid' },
            back: backward('confirm'),
          },
        },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'checkIn',
        src: 'checkIn',
        input: ({ context }) => checkInInput(context),
        onDone: doneTo('done', 'storeCheckedIn'),
        onError: [
          { guard: { type: 'isOffline', params: errorParams }, ...failTo('offline', 'storeError') },
          failTo('failed', 'storeError'),
        ],
      },
    },
    offline: {
      on: { retry: 'submitting', 'connection.online': 'submitting', cancel: 'welcome' },
    },
    failed: {
      on: {
        retry: 'submitting',
        back: { target: '#kioskCheckIn.visit.confirm', actions: 'clearError' },
        cancel: 'welcome',
      },
    },
    done: {
      after: { doneDelay: 'welcome' },
      on: { cancel: 'welcome' },
    },
  },
});

export type KioskCheckInMachine = typeof kioskCheckInMachine;
