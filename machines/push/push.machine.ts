/**
 * Push notifications (docs/architecture.md#statecharts; docs/platform.md#push "Push permission …
 * Subscription", docs/platform.md#push push errors, docs/platform.md#push POST /api/push/subscribe and
 * /unsubscribe): starting → unsupported | loading → active, where three regions go side by side:
 *
 *   permission    default ─▶ requesting ─▶ granted | denied     ('denied' is never asked again)
 *   subscription  unsubscribed ─▶ (awaitingPermission) ─▶ subscribing ─▶ subscribed ─▶ unsubscribing ─▶ …
 *   test          idle ⇄ sending                                 (only with permission granted)
 *
 * Why it is shaped so:
 * - Permission and subscription are separate facts with separate lifecycles (a user may grant and never
 *   subscribe; the browser may hold a subscription from a past session), so they are regions, not a product of
 *   states. "Subscribe asks permission first": push.subscribe in `default` starts the request in the permission
 *   region and waits in awaitingPermission; the request's outcome is raised (permission.granted / .refused) so
 *   the subscription region goes on or gives up with 'Notification permission not granted'.
 * - Once denied, the browser will not show the prompt again (docs/platform.md#push): both a request and a
 *   subscribe are refused at once with 'Notification permission has been denied' instead of calling the
 *   browser.
 * - Errors (docs/platform.md#push) are kept in context for the tab to show: unsupported, denied, not granted,
 *   required (a test notification without permission), and the actors' own ('Service worker not ready',
 *   'Server error: {status}'). An unsubscribe whose server call fails still counts (the spec only logs that
 *   failure); the actor resolves, and only a browser-side failure keeps the subscription.
 * - Side effects (Notification.requestPermission, pushManager.subscribe + POST, unsubscribe, the server's test
 *   push) are actors the app provides; the stubs here fail loudly.
 */
import { assertEvent, assign, raise, setup, stateIn } from 'xstate';
import { requiredActor } from '../support/required-actor';
import { doneTo, failTo } from '../support/transitions';
import { PUSH_ERROR } from '../../src/domain/constants';
import type {
  PushContext,
  PushError,
  PushEvent,
  PushInput,
  PushPermission,
  PushSubscriptionInfo,
  ReadPushStatusOutput,
  TestNotification,
} from './push.types';

function toPushError(error: unknown, code: string): PushError {
  if (error instanceof Error && error.message) return { code, message: error.message };
  if (
    typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string'
  ) {
    return { code, message: error.message };
  }
  return { code, message: 'Unknown error' };
}

const errors = {
  unsupported: { code: 'push.errors.unsupported', message: PUSH_ERROR.UNSUPPORTED },
  denied: { code: 'push.errors.denied', message: PUSH_ERROR.DENIED },
  notGranted: { code: 'push.errors.notGranted', message: PUSH_ERROR.NOT_GRANTED },
  required: { code: 'push.errors.required', message: PUSH_ERROR.REQUIRED },
} as const satisfies Record<string, PushError>;

export const pushMachine = setup({
  types: {
    context: {} as PushContext,
    events: {} as PushEvent,
    input: {} as PushInput,
    tags: {} as 'busy',
  },
  actors: {
    /** Notification.permission and pushManager.getSubscription() at start. */
    readPushStatus: requiredActor<ReadPushStatusOutput>('push', 'readPushStatus'),
    /** Notification.requestPermission(). */
    requestPermission: requiredActor<PushPermission>('push', 'requestPermission'),
    /** pushManager.subscribe with the server's VAPID key, then POST /api/push/subscribe. */
    subscribe: requiredActor<PushSubscriptionInfo>('push', 'subscribe'),
    /** subscription.unsubscribe(), then POST /api/push/unsubscribe (its failure only logged). */
    unsubscribe: requiredActor<void>('push', 'unsubscribe'),
    /** Asks the server to push a test notification to this subscription. */
    sendTestNotification: requiredActor<void, TestNotification>('push', 'sendTestNotification'),
  },
  guards: {
    isSupported: ({ context }) => context.supported,
    startsGranted: ({ context }) => context.startPermission === 'granted',
    startsDenied: ({ context }) => context.startPermission === 'denied',
    startsSubscribed: ({ context }) => context.subscription !== null,
    isGranted: stateIn('#push.active.permission.granted'),
    isDenied: stateIn('#push.active.permission.denied'),
    hasError: ({ context }) => context.error !== null,
    wasGranted: (_, output: PushPermission) => output === 'granted',
    wasDenied: (_, output: PushPermission) => output === 'denied',
  },
  actions: {
    recordStatus: assign((_, output: ReadPushStatusOutput) => ({
      startPermission: output.permission,
      subscription: output.subscription,
    })),
    recordStatusError: assign({
      error: (_, params: { error: unknown }) => toPushError(params.error, 'push.errors.status'),
    }),
    recordSubscription: assign({
      subscription: (_, subscription: PushSubscriptionInfo) => subscription,
      error: null,
    }),
    forgetSubscription: assign({ subscription: null, error: null }),
    recordActorError: assign({
      error: (_, params: { error: unknown }) => toPushError(params.error, 'push.errors.failed'),
    }),
    rejectUnsupported: assign({ error: { ...errors.unsupported } }),
    rejectDenied: assign({ error: { ...errors.denied } }),
    rejectNotGranted: assign({ error: { ...errors.notGranted } }),
    rejectRequired: assign({ error: { ...errors.required } }),
    clearError: assign({ error: null }),
    announceGranted: raise({ type: 'permission.granted' as const }),
    announceRefused: raise({ type: 'permission.refused' as const }),
  },
}).createMachine({
  id: 'push',
  initial: 'starting',
  context: ({ input }) => ({
    supported: input.supported ?? true,
    startPermission: 'default',
    subscription: null,
    error: null,
  }),
  on: {
    'error.dismiss': { actions: 'clearError' },
  },
  states: {
    starting: {
      always: [{ guard: 'isSupported', target: 'loading' }, { target: 'unsupported' }],
    },
    // 'Push notifications are not supported' (docs/platform.md#push) for every action.
    unsupported: {
      on: {
        'permission.request': { actions: 'rejectUnsupported' },
        'push.subscribe': { actions: 'rejectUnsupported' },
        'push.unsubscribe': { actions: 'rejectUnsupported' },
        'push.test': { actions: 'rejectUnsupported' },
      },
    },
    loading: {
      tags: 'busy',
      invoke: {
        id: 'readPushStatus',
        src: 'readPushStatus',
        onDone: doneTo('active', 'recordStatus'),
        onError: failTo('active', 'recordStatusError'),
      },
    },
    active: {
      type: 'parallel',
      states: {
        permission: {
          initial: 'reading',
          states: {
            reading: {
              always: [
                { guard: 'startsGranted', target: 'granted' },
                { guard: 'startsDenied', target: 'denied' },
                { target: 'default' },
              ],
            },
            default: {
              on: {
                'permission.request': { target: 'requesting', actions: 'clearError' },
                'push.subscribe': { target: 'requesting' },
              },
            },
            requesting: {
              tags: 'busy',
              invoke: {
                id: 'requestPermission',
                src: 'requestPermission',
                onDone: [
                  {
                    guard: { type: 'wasGranted', params: ({ event }) => event.output },
                    target: 'granted',
                    actions: 'announceGranted',
                  },
                  {
                    guard: { type: 'wasDenied', params: ({ event }) => event.output },
                    target: 'denied',
                    actions: 'announceRefused',
                  },
                  // Closed without choosing: still 'default', may be asked again.
                  { target: 'default', actions: 'announceRefused' },
                ],
                onError: {
                  target: 'default',
                  actions: [
                    { type: 'recordActorError', params: ({ event }) => ({ error: event.error }) },
                    'announceRefused',
                  ],
                },
              },
            },
            granted: {},
            denied: {
              on: { 'permission.request': { actions: 'rejectDenied' } },
            },
          },
        },
        subscription: {
          initial: 'reading',
          states: {
            reading: {
              always: [{ guard: 'startsSubscribed', target: 'subscribed' }, { target: 'unsubscribed' }],
            },
            unsubscribed: {
              on: {
                'push.subscribe': [
                  { guard: 'isGranted', target: 'subscribing', actions: 'clearError' },
                  { guard: 'isDenied', actions: 'rejectDenied' },
                  { target: 'awaitingPermission', actions: 'clearError' },
                ],
              },
            },
            // "permission is requested first if needed" (docs/platform.md#push).
            awaitingPermission: {
              tags: 'busy',
              on: {
                'permission.granted': { target: 'subscribing' },
                'permission.refused': [
                  // A failed request already says why; keep that message.
                  { guard: 'hasError', target: 'unsubscribed' },
                  { target: 'unsubscribed', actions: 'rejectNotGranted' },
                ],
              },
            },
            subscribing: {
              tags: 'busy',
              invoke: {
                id: 'subscribe',
                src: 'subscribe',
                onDone: doneTo('subscribed', 'recordSubscription'),
                onError: failTo('unsubscribed', 'recordActorError'),
              },
            },
            subscribed: {
              on: { 'push.unsubscribe': { target: 'unsubscribing', actions: 'clearError' } },
            },
            unsubscribing: {
              tags: 'busy',
              invoke: {
                id: 'unsubscribe',
                src: 'unsubscribe',
                onDone: { target: 'unsubscribed', actions: 'forgetSubscription' },
                onError: failTo('subscribed', 'recordActorError'),
              },
            },
          },
        },
        test: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'push.test': [
                  { guard: 'isGranted', target: 'sending', actions: 'clearError' },
                  { actions: 'rejectRequired' },
                ],
              },
            },
            sending: {
              tags: 'busy',
              invoke: {
                id: 'sendTestNotification',
                src: 'sendTestNotification',
                input: ({ event }) => {
                  assertEvent(event, 'push.test');
                  return { title: event.title, body: event.body };
                },
                onDone: { target: 'idle' },
                onError: failTo('idle', 'recordActorError'),
              },
            },
          },
        },
      },
    },
  },
});
