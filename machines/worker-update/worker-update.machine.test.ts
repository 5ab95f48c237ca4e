import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { workerUpdateMachine } from './worker-update.machine';
import {
  selectCanApplyUpdate,
  selectCurrentVersion,
  selectIsEmbedded,
  selectIsRechecking,
  selectIsUpdateAvailable,
  selectIsUpdateInProgress,
  selectShowUpdatePrompt,
  selectUpdateButtonLabel,
  selectUpdateError,
  selectUpdateMessage,
  selectUpdateStatus,
} from './worker-update.selectors';
import type { InitialiseOutput, WorkerUpdateInput } from './worker-update.types';

const settle = () => new Promise((resolve) => setImmediate(resolve));

function harness(
  input: WorkerUpdateInput = {},
  init: () => Promise<InitialiseOutput> = async () => ({ version: '1.4.0' }),
) {
  const clock = new SimulatedClock();
  const calls: string[] = [];
  const flags: number[] = [];
  let check: { resolve: () => void; reject: (error: unknown) => void } | null = null;
  const machine = workerUpdateMachine.provide({
    actors: {
      initialise: fromPromise<InitialiseOutput>(() => init()),
      checkForUpdate: fromPromise<void>(
        () =>
          new Promise((resolve, reject) => {
            calls.push('checkForUpdate');
            check = { resolve, reject };
          }),
      ),
    },
    actions: {
      persistUpdateFlag: (_, params) => {
        flags.push(params.setAt);
        calls.push('persistUpdateFlag');
      },
      clearUpdateFlags: () => {
        calls.push('clearUpdateFlags');
      },
      sendSkipWaiting: () => {
        calls.push('sendSkipWaiting');
      },
      reloadPage: () => {
        calls.push('reloadPage');
      },
    },
  });
  const actor = createActor(machine, { input: { now: () => clock.now(), ...input }, clock }).start();
  const status = () => selectUpdateStatus(actor.getSnapshot());
  return { actor, clock, calls, flags, status, check: () => check };
}

async function withWaitingUpdate(input: WorkerUpdateInput = {}) {
  const h = harness(input);
  await settle();
  h.actor.send({ type: 'update.found' });
  h.actor.send({ type: 'update.waiting' });
  return h;
}

describe('initialising', () => {
  it('is initialised with the current version', async () => {
    const h = harness();
    expect(h.status()).toBe('initialising');
    await settle();
    expect(h.status()).toBe('idle');
    expect(selectCurrentVersion(h.actor.getSnapshot())).toBe('1.4.0');
  });

  it('is skipped in an embedded web view, where the native app updates', () => {
    const h = harness({ embedded: true });
    expect(selectIsEmbedded(h.actor.getSnapshot())).toBe(true);
    expect(h.actor.getSnapshot().can({ type: 'update.check' })).toBe(false);
  });

  it('is skipped without service worker support', () => {
    expect(harness({ supported: false }).status()).toBe('unsupported');
  });

  it('a worker that never comes up leaves the lifecycle unavailable until Check for Updates', async () => {
    let attempt = 0;
    const h = harness({}, async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('Service Worker not ready after 10 seconds');
      return { version: '1.4.0' };
    });
    await settle();
    expect(h.status()).toBe('unavailable');
    expect(selectUpdateError(h.actor.getSnapshot())?.message).toBe(
      'Service Worker not ready after 10 seconds',
    );
    h.actor.send({ type: 'update.check' });
    await settle();
    expect(h.status()).toBe('idle');
  });

  it('a worker already waiting when the page starts is offered at once (Later, then a reload)', async () => {
    const h = harness({}, async () => ({ version: '1.4.0', updateWaiting: true }));
    await settle();
    expect(h.status()).toBe('available');
    expect(selectCurrentVersion(h.actor.getSnapshot())).toBe('1.4.0');
  });

  it('a worker waiting at start is not offered while a fresh update-in-progress flag is set', async () => {
    const h = harness({ updateFlagSetAt: 0, now: () => 1_000 }, async () => ({
      version: '1.4.0',
      updateWaiting: true,
    }));
    await settle();
    expect(h.status()).toBe('idle');
    expect(selectIsUpdateInProgress(h.actor.getSnapshot())).toBe(true);
    expect(h.calls).not.toContain('clearUpdateFlags');
  });

  it('a version change found at start clears the update flags (the reload after Apply Update)', async () => {
    const h = harness({ updateFlagSetAt: 0, now: () => 1_000 }, async () => ({
      version: '1.5.0',
      versionChanged: true,
    }));
    await settle();
    expect(h.status()).toBe('idle');
    expect(selectIsUpdateInProgress(h.actor.getSnapshot())).toBe(false);
    expect(h.calls).toContain('clearUpdateFlags');
  });
});

describe('an update is found', () => {
  it("update found, then waiting: the prompt says 'App Update Available'", async () => {
    const h = harness();
    await settle();
    h.actor.send({ type: 'update.found' });
    expect(h.status()).toBe('installing');
    h.actor.send({ type: 'update.waiting' });
    expect(selectShowUpdatePrompt(h.actor.getSnapshot())).toBe(true);
    expect(selectUpdateMessage(h.actor.getSnapshot())).toEqual({
      title: 'App Update Available',
      description: 'A new version is available. Update now to get the latest features.',
    });
  });

  it('is not offered while the update-in-progress flag is set', async () => {
    const h = await withWaitingUpdate({ updateFlagSetAt: 0 });
    expect(h.status()).toBe('idle');
    h.actor.send({ type: 'update.waiting' });
    expect(h.status()).toBe('idle');
  });

  it('Check for Updates asks the worker registration, and a found update goes on from there', async () => {
    const h = harness();
    await settle();
    h.actor.send({ type: 'update.check' });
    expect(h.status()).toBe('checking');
    h.check()?.resolve();
    await settle();
    expect(h.status()).toBe('idle');
    h.actor.send({ type: 'update.check' });
    h.actor.send({ type: 'update.waiting' });
    expect(h.status()).toBe('available');
    expect(h.calls.filter((c) => c === 'checkForUpdate')).toHaveLength(2);
  });

  it('a failed check keeps its message', async () => {
    const h = harness();
    await settle();
    h.actor.send({ type: 'update.check' });
    h.check()?.reject(new Error('Failed to fetch'));
    await settle();
    expect(h.status()).toBe('idle');
    expect(selectUpdateError(h.actor.getSnapshot())).toEqual({
      code: 'update.errors.check',
      message: 'Failed to fetch',
    });
  });
});

describe('Update Now', () => {
  it('skips waiting, is active, then reloads after 2 seconds', async () => {
    const h = await withWaitingUpdate();
    h.actor.send({ type: 'update.now' });
    expect(h.calls).toEqual(['sendSkipWaiting']);
    expect(selectUpdateButtonLabel(h.actor.getSnapshot())).toBe('Updating...');
    h.actor.send({ type: 'worker.activated' });
    expect(selectUpdateMessage(h.actor.getSnapshot())?.title).toBe('Update Successful');
    expect(selectUpdateButtonLabel(h.actor.getSnapshot())).toBe('Reloading...');
    h.clock.increment(1_999);
    expect(h.calls).not.toContain('reloadPage');
    h.clock.increment(1);
    expect(h.calls).toEqual(['sendSkipWaiting', 'reloadPage']);
    expect(h.status()).toBe('reloading');
  });

  it("fails with 'Service Worker activation timeout' after 30 s, and Refresh Page reloads", async () => {
    const h = await withWaitingUpdate();
    h.actor.send({ type: 'update.now' });
    h.clock.increment(30_000);
    expect(h.status()).toBe('failed');
    expect(selectUpdateMessage(h.actor.getSnapshot())).toEqual({
      title: 'Update Failed',
      description: 'Failed to update the application. Please refresh the page manually.',
    });
    expect(selectUpdateError(h.actor.getSnapshot())?.message).toBe('Service Worker activation timeout');
    h.actor.send({ type: 'update.refresh' });
    expect(h.calls).toEqual(['sendSkipWaiting', 'reloadPage']);
  });

  it('a failed install shows the failure; Close puts it away', async () => {
    const h = harness();
    await settle();
    h.actor.send({ type: 'update.found' });
    h.actor.send({ type: 'update.failed', message: 'The new worker became redundant' });
    expect(h.status()).toBe('failed');
    h.actor.send({ type: 'update.close' });
    expect(h.status()).toBe('idle');
    expect(selectUpdateError(h.actor.getSnapshot())).toBeNull();
  });
});

describe('Later and the banner', () => {
  it('Later keeps the update waiting; Check Again shows the prompt again; Update Now still works', async () => {
    const h = await withWaitingUpdate();
    h.actor.send({ type: 'update.later' });
    expect(selectShowUpdatePrompt(h.actor.getSnapshot())).toBe(false);
    expect(selectIsUpdateAvailable(h.actor.getSnapshot())).toBe(true);
    h.actor.send({ type: 'update.check' });
    expect(selectShowUpdatePrompt(h.actor.getSnapshot())).toBe(true);
    h.actor.send({ type: 'update.later' });
    h.actor.send({ type: 'update.now' });
    expect(h.status()).toBe('activating');
  });

  it('Check Again while the update is offered asks the server for a newer one and keeps the offer', async () => {
    const h = await withWaitingUpdate();
    h.actor.send({ type: 'update.check' });
    expect(h.calls).toEqual(['checkForUpdate']);
    expect(selectIsRechecking(h.actor.getSnapshot())).toBe(true);
    expect(selectShowUpdatePrompt(h.actor.getSnapshot())).toBe(true);
    expect(selectIsUpdateAvailable(h.actor.getSnapshot())).toBe(true);
    h.check()?.resolve();
    await settle();
    expect(h.status()).toBe('available');
    expect(selectIsRechecking(h.actor.getSnapshot())).toBe(false);

    // A failed check keeps the offer and says why; a newer worker found installs as any update does.
    h.actor.send({ type: 'update.check' });
    h.check()?.reject(new Error('Failed to fetch'));
    await settle();
    expect(h.status()).toBe('available');
    expect(selectUpdateError(h.actor.getSnapshot())).toMatchObject({ message: 'Failed to fetch' });
    h.actor.send({ type: 'update.check' });
    expect(selectUpdateError(h.actor.getSnapshot())).toBeNull();
    h.actor.send({ type: 'update.found' });
    expect(h.status()).toBe('installing');
  });

  it('the banner dismisses itself after 30 s', async () => {
    const h = await withWaitingUpdate();
    h.clock.increment(29_999);
    expect(h.status()).toBe('available');
    h.clock.increment(1);
    expect(h.status()).toBe('deferred');
  });

  it('when another tab applies the update, this page reloads too', async () => {
    const h = await withWaitingUpdate();
    h.actor.send({ type: 'update.later' });
    h.actor.send({ type: 'worker.activated' });
    h.clock.increment(2_000);
    expect(h.calls).toEqual(['reloadPage']);
  });
});

describe('Apply Update (status panel)', () => {
  it('sets the in-progress flag, skips waiting and reloads 100 ms after the new worker took control', async () => {
    const h = await withWaitingUpdate();
    h.clock.increment(5_000);
    expect(selectCanApplyUpdate(h.actor.getSnapshot())).toBe(true);
    h.actor.send({ type: 'update.apply' });
    expect(h.calls).toEqual(['persistUpdateFlag', 'sendSkipWaiting']);
    expect(h.flags).toEqual([5_000]);
    expect(selectIsUpdateInProgress(h.actor.getSnapshot())).toBe(true);
    // Not yet active: a reload now would be answered by the old worker, with the old build.
    h.clock.increment(1_000);
    expect(h.calls).not.toContain('reloadPage');
    h.actor.send({ type: 'worker.activated' });
    h.clock.increment(99);
    expect(h.calls).not.toContain('reloadPage');
    h.clock.increment(1);
    expect(h.calls).toEqual(['persistUpdateFlag', 'sendSkipWaiting', 'reloadPage']);
  });

  it('reloads anyway when the new worker never takes control within the activation timeout', async () => {
    const h = await withWaitingUpdate();
    h.actor.send({ type: 'update.apply' });
    h.clock.increment(29_999);
    expect(h.calls).not.toContain('reloadPage');
    h.clock.increment(1);
    expect(h.calls).toEqual(['persistUpdateFlag', 'sendSkipWaiting', 'reloadPage']);
  });

  it('cannot apply without a waiting update', async () => {
    const h = harness();
    await settle();
    expect(selectCanApplyUpdate(h.actor.getSnapshot())).toBe(false);
  });
});

describe('update flags', () => {
  it("the worker's version-changed message clears the flags and records the new version", async () => {
    const h = harness({ updateFlagSetAt: 0 });
    await settle();
    h.actor.send({ type: 'version.changed', version: '1.5.0' });
    expect(selectIsUpdateInProgress(h.actor.getSnapshot())).toBe(false);
    expect(selectCurrentVersion(h.actor.getSnapshot())).toBe('1.5.0');
    expect(h.calls).toEqual(['clearUpdateFlags']);
  });

  it('a stale flag is cleared after 10 minutes, checked every 5 minutes', async () => {
    const h = harness({ updateFlagSetAt: 60_000 });
    await settle();
    h.clock.increment(300_000); // flag 4 min old: kept
    expect(selectIsUpdateInProgress(h.actor.getSnapshot())).toBe(true);
    h.clock.increment(300_000); // 9 min old: kept
    expect(selectIsUpdateInProgress(h.actor.getSnapshot())).toBe(true);
    h.clock.increment(300_000); // 14 min old: cleared at this check
    expect(selectIsUpdateInProgress(h.actor.getSnapshot())).toBe(false);
    expect(h.calls).toEqual(['clearUpdateFlags']);
  });

  it('Clear Update State clears them at once', async () => {
    const h = harness({ updateFlagSetAt: 0 });
    await settle();
    h.actor.send({ type: 'flags.clear' });
    expect(selectIsUpdateInProgress(h.actor.getSnapshot())).toBe(false);
  });
});

describe('side effects not provided', () => {
  it('fail loudly', async () => {
    const actor = createActor(workerUpdateMachine, { input: {} });
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    await settle();
    expect(String(selectUpdateError(actor.getSnapshot())?.message)).toContain(
      "the 'initialise' actor must be provided",
    );
    actor.stop();
  });
});
