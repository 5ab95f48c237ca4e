import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { pushServerError } from '../../src/domain/constants';
import { pushMachine } from './push.machine';
import {
  selectCanRequestPermission,
  selectCanSendTest,
  selectCanSubscribe,
  selectCanUnsubscribe,
  selectIsPushSupported,
  selectIsSubscribed,
  selectPermission,
  selectPushError,
  selectSubscriptionDetails,
} from './push.selectors';
import type {
  PushInput,
  PushPermission,
  PushSubscriptionInfo,
  ReadPushStatusOutput,
  TestNotification,
} from './push.types';

const settle = () => new Promise((resolve) => setImmediate(resolve));

const SUBSCRIPTION: PushSubscriptionInfo = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc123',
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

interface Fakes {
  status?: ReadPushStatusOutput;
  permission?: () => Promise<PushPermission>;
  subscribe?: () => Promise<PushSubscriptionInfo>;
  unsubscribe?: () => Promise<void>;
}

function harness(input: PushInput = {}, fakes: Fakes = {}) {
  const calls: string[] = [];
  const tests: TestNotification[] = [];
  const machine = pushMachine.provide({
    actors: {
      readPushStatus: fromPromise<ReadPushStatusOutput>(
        async () => fakes.status ?? { permission: 'default', subscription: null },
      ),
      requestPermission: fromPromise<PushPermission>(() => {
        calls.push('requestPermission');
        return fakes.permission ? fakes.permission() : Promise.resolve('granted');
      }),
      subscribe: fromPromise<PushSubscriptionInfo>(() => {
        calls.push('subscribe');
        return fakes.subscribe ? fakes.subscribe() : Promise.resolve(SUBSCRIPTION);
      }),
      unsubscribe: fromPromise<void>(() => {
        calls.push('unsubscribe');
        return fakes.unsubscribe ? fakes.unsubscribe() : Promise.resolve();
      }),
      sendTestNotification: fromPromise<void, TestNotification>(async ({ input: test }) => {
        tests.push(test);
      }),
    },
  });
  const actor = createActor(machine, { input }).start();
  const send = async (event: Parameters<typeof actor.send>[0]) => {
    actor.send(event);
    await settle();
    await settle();
  };
  return { actor, calls, tests, send, snapshot: () => actor.getSnapshot() };
}

describe('permission', () => {
  it('default, then granted on request', async () => {
    const h = harness();
    await settle();
    expect(selectPermission(h.snapshot())).toBe('default');
    expect(selectCanRequestPermission(h.snapshot())).toBe(true);
    await h.send({ type: 'permission.request' });
    expect(selectPermission(h.snapshot())).toBe('granted');
    expect(selectCanRequestPermission(h.snapshot())).toBe(false);
  });

  it("once denied it cannot be requested again and raises 'Notification permission has been denied'", async () => {
    const h = harness({}, { permission: async () => 'denied' });
    await settle();
    await h.send({ type: 'permission.request' });
    expect(selectPermission(h.snapshot())).toBe('denied');
    expect(selectPushError(h.snapshot())).toBeNull();
    await h.send({ type: 'permission.request' });
    expect(h.calls).toEqual(['requestPermission']);
    expect(selectPushError(h.snapshot())?.message).toBe('Notification permission has been denied');
  });

  it('a prompt closed without a choice stays default and may be asked again', async () => {
    const h = harness({}, { permission: async () => 'default' });
    await settle();
    await h.send({ type: 'permission.request' });
    await h.send({ type: 'permission.request' });
    expect(h.calls).toEqual(['requestPermission', 'requestPermission']);
    expect(selectPermission(h.snapshot())).toBe('default');
  });

  it('starts from what the browser already knows', async () => {
    const h = harness({}, { status: { permission: 'granted', subscription: SUBSCRIPTION } });
    await settle();
    expect(selectPermission(h.snapshot())).toBe('granted');
    expect(selectIsSubscribed(h.snapshot())).toBe(true);
  });
});

describe('subscription', () => {
  it('subscribe asks for permission first, then subscribes', async () => {
    const h = harness();
    await settle();
    await h.send({ type: 'push.subscribe' });
    expect(h.calls).toEqual(['requestPermission', 'subscribe']);
    expect(selectIsSubscribed(h.snapshot())).toBe(true);
    expect(selectSubscriptionDetails(h.snapshot())).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc123',
      p256dh: 'BNcRdreALRFXTkOOUHK1',
      auth: 'tBHItJI5svbpez7KI4CC',
    });
  });

  it('with permission already granted it subscribes without asking', async () => {
    const h = harness({}, { status: { permission: 'granted', subscription: null } });
    await settle();
    await h.send({ type: 'push.subscribe' });
    expect(h.calls).toEqual(['subscribe']);
  });

  it("refused permission ends the subscribe with 'Notification permission not granted'", async () => {
    const h = harness({}, { permission: async () => 'denied' });
    await settle();
    await h.send({ type: 'push.subscribe' });
    expect(h.calls).toEqual(['requestPermission']);
    expect(selectIsSubscribed(h.snapshot())).toBe(false);
    expect(selectPushError(h.snapshot())?.message).toBe('Notification permission not granted');
    await h.send({ type: 'push.subscribe' });
    expect(h.calls).toEqual(['requestPermission']);
    expect(selectPushError(h.snapshot())?.message).toBe('Notification permission has been denied');
    expect(selectCanSubscribe(h.snapshot())).toBe(false);
  });

  it("a server refusal keeps its 'Server error: {status}' and leaves it unsubscribed", async () => {
    const h = harness({}, { subscribe: () => Promise.reject(new Error(pushServerError(500))) });
    await settle();
    await h.send({ type: 'push.subscribe' });
    expect(selectPushError(h.snapshot())).toEqual({
      code: 'push.errors.failed',
      message: 'Server error: 500',
    });
    expect(selectCanSubscribe(h.snapshot())).toBe(true);
  });

  it('a failed permission request keeps its own message', async () => {
    const h = harness({}, { permission: () => Promise.reject(new Error('Service worker not ready')) });
    await settle();
    await h.send({ type: 'push.subscribe' });
    expect(selectPushError(h.snapshot())?.message).toBe('Service worker not ready');
  });

  it('unsubscribe goes back to not subscribed; a browser failure keeps the subscription', async () => {
    let fail = true;
    const h = harness(
      {},
      {
        status: { permission: 'granted', subscription: SUBSCRIPTION },
        unsubscribe: () => (fail ? Promise.reject(new Error('InvalidStateError')) : Promise.resolve()),
      },
    );
    await settle();
    expect(selectCanUnsubscribe(h.snapshot())).toBe(true);
    await h.send({ type: 'push.unsubscribe' });
    expect(selectIsSubscribed(h.snapshot())).toBe(true);
    expect(selectPushError(h.snapshot())?.message).toBe('InvalidStateError');
    fail = false;
    await h.send({ type: 'push.unsubscribe' });
    expect(selectIsSubscribed(h.snapshot())).toBe(false);
    expect(selectSubscriptionDetails(h.snapshot())).toBeNull();
  });
});

describe('test notification', () => {
  it('needs permission granted, then sends the title and body', async () => {
    const h = harness();
    await settle();
    expect(selectCanSendTest(h.snapshot())).toBe(false);
    await h.send({ type: 'push.test', title: 'Hi', body: 'Walk-in waiting' });
    expect(selectPushError(h.snapshot())?.message).toBe('Notification permission required');
    await h.send({ type: 'error.dismiss' });
    expect(selectPushError(h.snapshot())).toBeNull();
    await h.send({ type: 'permission.request' });
    expect(selectCanSendTest(h.snapshot())).toBe(true);
    await h.send({ type: 'push.test', title: 'Hi', body: 'Walk-in waiting' });
    expect(h.tests).toEqual([{ title: 'Hi', body: 'Walk-in waiting' }]);
  });
});

describe('unsupported browsers', () => {
  it("answer every action with 'Push notifications are not supported'", () => {
    const h = harness({ supported: false });
    expect(selectIsPushSupported(h.snapshot())).toBe(false);
    h.actor.send({ type: 'push.subscribe' });
    expect(selectPushError(h.snapshot())?.message).toBe('Push notifications are not supported');
    expect(h.calls).toEqual([]);
  });
});

describe('side effects not provided', () => {
  it('fail loudly', async () => {
    const actor = createActor(pushMachine, { input: {} }).start();
    await settle();
    expect(selectPushError(actor.getSnapshot())?.message).toContain(
      "the 'readPushStatus' actor must be provided",
    );
    actor.stop();
  });
});
