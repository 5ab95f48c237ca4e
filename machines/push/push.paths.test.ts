/**
 * Path tests of push (design.md §3, ADR 003): every state reached and every transition taken, each path
 * replayed on a real actor. No timers here, so machine-coverage's replay fits.
 */
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  doneEvent,
  errorEvent,
  exploreMachine,
  formatCoverage,
  mergeCoverage,
  printCoverage,
  replayPath,
} from '../../tests/support/machine-coverage';
import { pushMachine } from './push.machine';
import type { PushContext, PushEvent, PushInput, PushSubscriptionInfo } from './push.types';

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
function serializeState(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as PushContext;
  return JSON.stringify([
    snapshot.value,
    context.error !== null,
    context.startPermission,
    context.subscription !== null,
  ]);
}

const inputs: Array<[string, PushInput]> = [
  ['a browser with push', {}],
  ['a browser without push', { supported: false }],
];
const explorations = inputs.map(([name, input]) => ({
  name,
  input,
  ...exploreMachine(pushMachine, {
    input,
    events: [...userEvents, ...actorEvents],
    serializeState,
    minimal: true,
  }),
}));

describe('push paths', () => {
  it('reach every state and take every transition', () => {
    const coverage = mergeCoverage(...explorations.map((e) => e.coverage));
    printCoverage(pushMachine, coverage);
    expect(formatCoverage(pushMachine.id, coverage)).toMatch(
      /states (\d+)\/\1 \(100%\), transitions (\d+)\/\2 \(100%\)/,
    );
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  for (const { name, input, paths } of explorations) {
    describe(name, () => {
      it.each(paths.map((path) => [path.description, path] as const))('replays %s', async (_, path) => {
        await replayPath(pushMachine, path, { input, compareContext: false });
      });
    });
  }
});
