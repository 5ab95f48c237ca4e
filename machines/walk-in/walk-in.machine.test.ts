import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Turn } from '../../src/domain/order.types';
import { assignedToBinh, staleMove, startedWithBinh, TURN } from './walk-in.fixtures';
import { walkInMachine } from './walk-in.machine';
import { selectCanAssign, selectCanStart } from './walk-in.selectors';
import type { OpenSaleParams, WalkInActInput, WalkInActOutput, WalkInInput } from './walk-in.types';

function start(input: WalkInInput, answers: Array<() => Promise<WalkInActOutput>>) {
  const calls: WalkInActInput[] = [];
  const opened: Turn[] = [];
  let changed = 0;
  const machine = walkInMachine.provide({
    actors: {
      act: fromPromise(({ input: call }: { input: WalkInActInput }) => {
        calls.push(call);
        const next = answers.shift();
        if (!next) throw new Error('no answer left');
        return next();
      }),
    },
    actions: {
      announceChanged: () => {
        changed += 1;
      },
      openSale: (_, { turn }: OpenSaleParams) => {
        opened.push(turn);
      },
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, calls, opened, changes: () => changed };
}

describe('walkIn', () => {
  it('assigns a technician, then starts the service and opens the sale with the turn', async () => {
    const { actor, calls, opened, changes } = start({ id: 5, stage: 'waiting', version: 1 }, [
      () => Promise.resolve(assignedToBinh),
      () => Promise.resolve(startedWithBinh),
    ]);
    expect(selectCanStart(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'assign', technicianId: 2 });
    await waitFor(actor, (s) => s.matches('assigned'));
    expect(selectCanStart(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'start' });
    await waitFor(actor, (s) => s.matches('inService'));
    expect(calls).toEqual([
      { id: 5, action: 'assign', technicianId: 2, version: 1 },
      { id: 5, action: 'start', technicianId: null, version: 2 },
    ]);
    expect(opened).toEqual([TURN]);
    expect(changes()).toBe(2);
    expect(selectCanAssign(actor.getSnapshot())).toBe(false);
  });

  it('starts a waiting customer straight away only with a technician named', async () => {
    const { actor, calls } = start({ id: 5, stage: 'waiting', version: 1 }, [
      () => Promise.resolve(startedWithBinh),
    ]);
    actor.send({ type: 'start' });
    expect(actor.getSnapshot().value).toBe('waiting');
    actor.send({ type: 'start', technicianId: 2 });
    await waitFor(actor, (s) => s.matches('inService'));
    expect(calls).toEqual([{ id: 5, action: 'start', technicianId: 2, version: 1 }]);
  });

  it('does not assign nobody, nor the technician already assigned', () => {
    const { actor, calls } = start({ id: 5, stage: 'assigned', technicianId: 2 }, []);
    actor.send({ type: 'assign', technicianId: 2 });
    expect(actor.getSnapshot().value).toBe('assigned');
    const waiting = start({ id: 6, stage: 'waiting' }, []).actor;
    waiting.send({ type: 'assign', technicianId: 0 });
    expect(waiting.getSnapshot().value).toBe('waiting');
    expect(calls).toEqual([]);
  });

  it('a refused move keeps the walk-in where it stood, says why, and lets the queue reload', async () => {
    const { actor, changes } = start({ id: 5, stage: 'assigned', technicianId: 2 }, [
      () => Promise.reject(staleMove),
    ]);
    actor.send({ type: 'leave' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.code).toBe('walk_in_stale');
    expect(changes()).toBe(1);
    actor.send({ type: 'dismiss' });
    expect(actor.getSnapshot().value).toBe('assigned');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('marks a no-show as final', async () => {
    const { actor } = start({ id: 5, stage: 'waiting' }, [
      () => Promise.resolve({ stage: 'no_show', technicianId: null, turn: null, version: 2, services: [] }),
    ]);
    actor.send({ type: 'noShow' });
    await waitFor(actor, (s) => s.matches('noShow'));
    expect(actor.getSnapshot().status).toBe('done');
  });
});
