import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { workerInitBackoffMs } from '../../src/domain/constants';
import { appStartupMachine } from './app-startup.machine';
import { startupError } from './app-startup.rules';
import {
  selectAttempt,
  selectCanRetry,
  selectLastStartupError,
  selectStartupBanner,
  selectStartupStatus,
  selectVersionChanged,
  selectWorkerVersion,
} from './app-startup.selectors';
import type { AppStartupInput, CheckVersionOutput, InitWorkerInput } from './app-startup.types';

const settle = () => new Promise((resolve) => setImmediate(resolve));

interface Harness {
  init?: (input: InitWorkerInput) => Promise<void>;
  version?: () => Promise<CheckVersionOutput>;
}

function harness(input: AppStartupInput = {}, fakes: Harness = {}) {
  const clock = new SimulatedClock();
  const attempts: Array<{ attempt: number; at: number }> = [];
  const calls: string[] = [];
  const machine = appStartupMachine.provide({
    actors: {
      initWorker: fromPromise<void, InitWorkerInput>(({ input: init }) => {
        attempts.push({ attempt: init.attempt, at: clock.now() });
        return fakes.init ? fakes.init(init) : Promise.resolve();
      }),
      checkVersion: fromPromise<CheckVersionOutput>(() =>
        fakes.version ? fakes.version() : Promise.resolve({ version: '1.4.0', changed: false }),
      ),
    },
    actions: {
      clearVersionedLocalData: (_, params) => {
        calls.push(`clear ${params.prefixes.join(' ')}`);
      },
      reloadPage: () => {
        calls.push('reload');
      },
    },
  });
  const actor = createActor(machine, { input, clock }).start();
  const advance = async (ms: number) => {
    clock.increment(ms);
    await settle();
  };
  return { actor, clock, attempts, calls, advance, status: () => selectStartupStatus(actor.getSnapshot()) };
}

describe('back-off', () => {
  it('is min(1000·2^(n-1), 10000) ms', () => {
    expect([1, 2, 3, 4, 5, 6].map(workerInitBackoffMs)).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
  });
});

describe('startup', () => {
  it('initialises the worker after 0 ms, then checks the version and is ready', async () => {
    const h = harness();
    expect(h.attempts).toEqual([]);
    await h.advance(0);
    expect(h.attempts).toEqual([{ attempt: 1, at: 0 }]);
    await settle();
    expect(h.status()).toBe('ready');
    expect(selectWorkerVersion(h.actor.getSnapshot())).toBe('1.4.0');
    expect(h.actor.getSnapshot().output).toEqual({ status: 'ready', version: '1.4.0', changed: false });
  });

  it('a changed version clears local data under app-, pos- and user-', async () => {
    const h = harness({}, { version: async () => ({ version: '1.5.0', changed: true }) });
    await h.advance(0);
    await settle();
    expect(selectVersionChanged(h.actor.getSnapshot())).toBe(true);
    expect(h.calls).toEqual(['clear app- pos- user-']);
  });

  it('a version check that fails or hangs does not stop the app', async () => {
    const failing = harness({}, { version: () => Promise.reject(new Error('VERSION_CHECK_ERROR')) });
    await failing.advance(0);
    await settle();
    expect(failing.status()).toBe('ready');

    const hanging = harness({}, { version: () => new Promise(() => {}) });
    await hanging.advance(0);
    await hanging.advance(9_999);
    expect(hanging.status()).toBe('checkingVersion');
    await hanging.advance(1);
    expect(hanging.actor.getSnapshot().output).toEqual({ status: 'ready', version: null, changed: false });
  });

  it('is skipped in embedded web views and browsers without workers', () => {
    expect(harness({ embedded: true }).actor.getSnapshot().output).toEqual({
      status: 'skipped',
      reason: 'embedded',
    });
    expect(harness({ supported: false }).actor.getSnapshot().output).toEqual({
      status: 'skipped',
      reason: 'unsupported',
    });
  });
});

describe('retries', () => {
  it('retries 3 times after 1 s, 2 s and 4 s, then shows the banner whose Retry reloads', async () => {
    const h = harness({}, { init: () => Promise.reject(new Error('Service Worker failed to register')) });
    await h.advance(0);
    await h.advance(1_000);
    await h.advance(2_000);
    await h.advance(4_000);
    expect(h.attempts).toEqual([
      { attempt: 1, at: 0 },
      { attempt: 2, at: 1_000 },
      { attempt: 3, at: 3_000 },
      { attempt: 4, at: 7_000 },
    ]);
    expect(h.status()).toBe('failed');
    expect(selectStartupBanner(h.actor.getSnapshot())).toBe(
      'Service Worker failed to start. Please refresh the page.',
    );
    expect(selectLastStartupError(h.actor.getSnapshot())).toBe('Service Worker failed to register');
    await h.advance(60_000);
    expect(h.attempts).toHaveLength(4);
    expect(selectCanRetry(h.actor.getSnapshot())).toBe(true);
    h.actor.send({ type: 'startup.retry' });
    expect(h.calls).toEqual(['reload']);
  });

  it('an attempt that takes more than 3000 ms counts as failed: "taking too long"', async () => {
    const h = harness({}, { init: () => new Promise(() => {}) });
    await h.advance(0);
    await h.advance(2_999);
    expect(selectAttempt(h.actor.getSnapshot())).toBe(1);
    await h.advance(1);
    expect(h.status()).toBe('retrying');
    for (const wait of [1_000, 3_000, 2_000, 3_000, 4_000, 3_000]) await h.advance(wait);
    expect(h.attempts.map((a) => a.at)).toEqual([0, 4_000, 9_000, 16_000]);
    expect(selectStartupBanner(h.actor.getSnapshot())).toBe(
      'Service Worker is taking too long to start. Please refresh the page.',
    );
    expect(selectLastStartupError(h.actor.getSnapshot())).toBe(
      'Service Worker initialization failed or timed out',
    );
  });

  it('a later attempt that succeeds goes on as if nothing happened', async () => {
    const h = harness(
      {},
      { init: ({ attempt }) => (attempt < 3 ? Promise.reject(new Error('x')) : Promise.resolve()) },
    );
    await h.advance(0);
    await h.advance(1_000);
    await h.advance(2_000);
    await settle();
    expect(h.status()).toBe('ready');
    expect(selectLastStartupError(h.actor.getSnapshot())).toBeNull();
  });
});

describe('banners (001 §8)', () => {
  it('read the failure', () => {
    expect(startupError(new TypeError('Failed to fetch')).banner).toBe(
      'Network connection issue. Please check your connection and refresh.',
    );
    expect(startupError({ name: 'NotAllowedError', message: 'denied' }).banner).toBe(
      'Permission denied. Please allow notifications and refresh.',
    );
    expect(startupError({ name: 'TimeoutError', message: '' })).toEqual({
      message: 'Unknown error',
      banner: 'Service Worker is taking too long to start. Please refresh the page.',
    });
    expect(startupError('boom').banner).toBe('Service Worker failed to start. Please refresh the page.');
  });
});

describe('side effects not provided', () => {
  it('fail loudly: the failure is the stub message', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(appStartupMachine, { input: {}, clock }).start();
    clock.increment(0);
    await settle();
    expect(selectLastStartupError(actor.getSnapshot())).toContain("the 'initWorker' actor must be provided");
    actor.stop();
  });
});
