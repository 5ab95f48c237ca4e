/**
 * Path tests of push (docs/architecture.md#statecharts, ADR 003): every state reached and every transition
 * taken, each path replayed on a real actor. No timers here, so machine-coverage's replay fits.
 */
import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { pushMachine } from './push.machine';
import type { PushContext, PushEvent, PushSubscriptionInfo } from './push.types';

const subscription: PushSubscriptionInfo = {
  endpoint: 'https://push.example/1',
  keys: { p256dh: 'p', auth: 'a' },
};

const userEvents: PushEvent[] = [
  { type: 'permission.request' },
  { type: 'push.subscribe' },
  { type: 'push.unsubscribe' },
  { type: 'push.test', title: 'Test', body: 'Hello' },
  { type: 'error.dismiss' },
  { type: 'permission.granted' },
  { type: 'permission.refused' },
];

const actorEvents = [
  doneEvent('readPushStatus', { permission: 'default', subscription: null }),
  doneEvent('readPushStatus', { permission: 'granted', subscription }),
  doneEvent('readPushStatus', { permission: 'denied', subscription: null }),
  errorEvent('readPushStatus', new Error('Service worker not ready')),
  doneEvent('requestPermission', 'granted'),
  doneEvent('requestPermission', 'denied'),
  doneEvent('requestPermission', 'default'),
  errorEvent('requestPermission', new Error('Service worker not ready')),
  doneEvent('subscribe', subscription),
  errorEvent('subscribe', new Error('Server error: 500')),
  doneEvent('unsubscribe'),
  errorEvent('unsubscribe', new Error('InvalidStateError')),
  doneEvent('sendTestNotification'),
  errorEvent('sendTestNotification', new Error('Server error: 502')),
];

/** The state value and whether an error is held (the one guard that reads context after start). */
const facts = ({ context }: { context: PushContext }) => [
  context.error !== null,
  context.startPermission,
  context.subscription !== null,
];

describeMachinePaths(pushMachine, {
  events: [...userEvents, ...actorEvents],
  facts,
  minimal: true,
  compareContext: false,
  starts: [
    { name: 'a browser with push', input: {} },
    { name: 'a browser without push', input: { supported: false } },
  ],
});
