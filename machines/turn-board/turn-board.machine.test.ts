import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { offline, serverDown } from '../../tests/support/machines/api-failures';
import { selectTechnicianState } from '../technician/technician.selectors';
import { LOAD, LOAD_AFTER_TAKE, refusedBusy, TOOK } from './turn-board.fixtures';
import { turnBoardMachine } from './turn-board.machine';
import {
  selectDone,
  selectError,
  selectNextId,
  selectQueue,
  selectTechnicianRef,
  selectTurnBoardStatus,
} from './turn-board.selectors';
import type { ActDone, BoardLoad, TurnCommand } from './turn-board.types';

function harness(loads: (BoardLoad | Error | object)[], act: (command: TurnCommand) => Promise<ActDone>) {
  const calls: TurnCommand[] = [];
  const machine = turnBoardMachine.provide({
    actors: {
      loadBoard: fromPromise(async () => {
        const next = loads.length > 1 ? loads.shift() : loads[0];
        if (next && 'board' in next) return next as BoardLoad;
        throw next;
      }),
      act: fromPromise(async ({ input }: { input: TurnCommand }) => {
        calls.push(input);
        return act(input);
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls, shown: () => waitFor(actor, (s) => s.matches('shown')) };
}

describe('turn board chart', () => {
  it('loads the board and spawns one chart per technician, in the state the board says', async () => {
    const h = harness([LOAD], async () => TOOK);
    const snapshot = await h.shown();
    expect(selectQueue(snapshot).map((t) => t.name)).toEqual(['Anna', 'Bella']);
    const bella = selectTechnicianRef(2)(snapshot);
    expect(bella && selectTechnicianState(bella.getSnapshot())).toBe('busy');
    expect(selectTechnicianState(selectTechnicianRef(3)(snapshot)!.getSnapshot())).toBe('off');
  });

  it('takes a turn for the chosen service, then loads the board again and tells each technician', async () => {
    const h = harness([LOAD, LOAD_AFTER_TAKE], async () => TOOK);
    await h.shown();
    h.actor.send({ type: 'service.choose', serviceId: 10 });
    h.actor.send({ type: 'turn.take', technicianId: 1 });
    expect(selectTurnBoardStatus(h.actor.getSnapshot())).toBe('acting');
    const after = await h.shown();
    expect(h.calls).toEqual([{ kind: 'take', technicianId: 1, serviceId: 10, requested: false }]);
    expect(selectNextId(after)).toBe(2);
    expect(selectDone(after)).toEqual(TOOK);
    expect(selectTechnicianState(selectTechnicianRef(1)(after)!.getSnapshot())).toBe('busy');
    expect(selectTechnicianState(selectTechnicianRef(2)(after)!.getSnapshot())).toBe('available');
  });

  it('keeps a refusal by its problem and shows the board as the server has it', async () => {
    const h = harness([LOAD], async () => Promise.reject(refusedBusy));
    await h.shown();
    h.actor.send({ type: 'turn.take', technicianId: 2 });
    const after = await h.shown();
    expect(selectError(after)).toMatchObject({ code: 'turn_refused', problem: 'busy' });
  });

  it('sends a manager move only with a reason and a PIN, which stays out of the context', async () => {
    const h = harness([LOAD], async () => ({ kind: 'reorder', technicianId: 2 }));
    await h.shown();
    h.actor.send({ type: 'reorder', technicianId: 2, position: 1, reason: ' ', pin: '3333' });
    expect(selectTurnBoardStatus(h.actor.getSnapshot())).toBe('shown');
    h.actor.send({ type: 'reorder', technicianId: 2, position: 1, reason: 'Back from lunch', pin: '3333' });
    await h.shown();
    expect(h.calls).toEqual([
      { kind: 'reorder', technicianId: 2, position: 1, reason: 'Back from lunch', pin: '3333' },
    ]);
    expect(JSON.stringify(h.actor.getSnapshot().context)).not.toContain('3333');
  });

  it('waits offline until the connection returns, and retries a failed load', async () => {
    const h = harness([offline, serverDown, LOAD], async () => TOOK);
    await waitFor(h.actor, (s) => s.matches('offline'));
    h.actor.send({ type: 'connection.online' });
    await waitFor(h.actor, (s) => s.matches('failed'));
    h.actor.send({ type: 'retry' });
    await h.shown();
  });
});
