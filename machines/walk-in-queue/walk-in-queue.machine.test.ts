import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { offline, serverDown } from '../../tests/support/machines/api-failures';
import { QUEUE } from './walk-in-queue.fixtures';
import { QUEUE_RELOAD_DELAY, walkInQueueMachine } from './walk-in-queue.machine';
import { selectGroups, selectIsEmpty } from './walk-in-queue.selectors';
import type { QueueView, WalkInQueueEvent } from './walk-in-queue.types';

function start(answers: Array<() => Promise<QueueView>>) {
  let loads = 0;
  let live: ((event: WalkInQueueEvent) => void) | null = null;
  const clock = new SimulatedClock();
  const machine = walkInQueueMachine.provide({
    actors: {
      loadQueue: fromPromise(() => {
        loads += 1;
        const next = answers.shift();
        if (!next) throw new Error('no answer left');
        return next();
      }),
      watchLive: fromCallback<WalkInQueueEvent>(({ sendBack }) => {
        live = sendBack;
      }),
    },
  });
  const actor = createActor(machine, { clock }).start();
  return { actor, clock, loads: () => loads, live: (e: WalkInQueueEvent) => live?.(e) };
}

describe('walkInQueue', () => {
  it('reloads when the live channel says a walk-in changed', async () => {
    const { actor, loads, live } = start([() => Promise.resolve(QUEUE), () => Promise.resolve(QUEUE)]);
    await waitFor(actor, (s) => s.matches('shown'));
    expect(selectGroups(actor.getSnapshot())[0]?.items[0]?.customer_name).toBe('Mai');
    live({ type: 'live.changed' });
    expect(actor.getSnapshot().value).toBe('reloading');
    await waitFor(actor, (s) => s.matches('shown'));
    expect(loads()).toBe(2);
  });

  it('reloads on the timer when no live event comes', async () => {
    const { actor, clock, loads } = start([() => Promise.resolve(QUEUE), () => Promise.resolve(QUEUE)]);
    await waitFor(actor, (s) => s.matches('shown'));
    clock.increment(QUEUE_RELOAD_DELAY);
    await waitFor(actor, (s) => s.matches('shown') && loads() === 2);
  });

  it('keeps the queue shown when a reload fails, and says so', async () => {
    const { actor } = start([() => Promise.resolve(QUEUE), () => Promise.reject(serverDown)]);
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'reload' });
    await waitFor(actor, (s) => s.matches('shown') && s.context.failure !== null);
    expect(actor.getSnapshot().context.view).toBe(QUEUE);
  });

  it('waits offline, then loads when the connection returns', async () => {
    const empty: QueueView = { groups: [], technicians: [], fromTurnSystem: false, services: [] };
    const { actor } = start([() => Promise.reject(offline), () => Promise.resolve(empty)]);
    await waitFor(actor, (s) => s.matches('offline'));
    actor.send({ type: 'connection.online' });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(selectIsEmpty(actor.getSnapshot())).toBe(true);
  });
});
