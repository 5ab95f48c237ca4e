import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Role } from '../../src/domain/constants';
import { offline, serverDown } from '../../tests/support/machines/api-failures';
import { alreadyIn, annaIn, BOARD, binh, pinLocked, queued, wrongPin } from './clock-in.fixtures';
import { clockInMachine } from './clock-in.machine';
import { boardOf, clockedAt, toClockError } from './clock-in.rules';
import { selectAllowedActions, selectDialogOpen, selectUsesPin } from './clock-in.selectors';
import type { BoardEmployee, ClockCallInput, ClockOutput } from './clock-in.types';

type Answer<T> = () => Promise<T>;

/** The chart with fake calls: each call takes the next answer of its list; `calls` records what it was given. */
function start(
  boards: Answer<BoardEmployee[]>[],
  clocks: Answer<ClockOutput>[] = [],
  caller: { callerId: number; callerRole: Role } = { callerId: 1, callerRole: 'staff' },
) {
  const calls: ClockCallInput[] = [];
  const loads: number[] = [];
  const machine = clockInMachine.provide({
    actors: {
      loadBoard: fromPromise(() => {
        loads.push(loads.length + 1);
        const next = boards.shift();
        if (!next) throw new Error('no board left');
        return next();
      }),
      clock: fromPromise(({ input }: { input: ClockCallInput }) => {
        calls.push(input);
        const next = clocks.shift();
        if (!next) throw new Error('no answer left');
        return next();
      }),
    },
  });
  const actor = createActor(machine, { input: caller }).start();
  return { actor, calls, loads };
}

const board = () => Promise.resolve(BOARD);
const fail = (error: unknown) => () => Promise.reject(error);
const answer = (output: ClockOutput) => () => Promise.resolve(output);

describe('clockIn', () => {
  it('loads the board, then waits for a tap', async () => {
    const { actor } = start([board]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.employees).toEqual(BOARD);
  });

  it('waits for the connection when the board cannot be reached, and loads on connection.online or retry', async () => {
    const { actor } = start([fail(offline), board, fail(offline), board]);
    await waitFor(actor, (s) => s.matches('offline'));
    expect(actor.getSnapshot().context.failure?.kind).toBe('offline');
    actor.send({ type: 'connection.online' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('offers a retry when the server fails', async () => {
    const { actor, loads } = start([fail(serverDown), board]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.failure?.code).toBe('internal_error');
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(loads).toHaveLength(2);
  });

  it('opens a person with the actions their status allows, and ignores an id not on the board', async () => {
    const { actor } = start([board]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'person.choose', id: 99 });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'person.choose', id: 2 });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(selectDialogOpen(actor.getSnapshot())).toBe(true);
    expect(selectAllowedActions(actor.getSnapshot())).toEqual(['break_start', 'check_out']);
    // An action the status does not allow is not even sent.
    actor.send({ type: 'action.choose', action: 'check_in' });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.chosenId).toBeNull();
  });

  it('clocks oneself in without a PIN, says so, and reloads the board', async () => {
    const { actor, calls, loads } = start([board, board], [answer(annaIn)]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'person.choose', id: 1 });
    actor.send({ type: 'action.choose', action: 'check_in' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(selectUsesPin(actor.getSnapshot())).toBe(false);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls).toEqual([{ userId: 1, action: 'check_in' }]);
    expect(loads).toHaveLength(2);
    expect(actor.getSnapshot().context.done).toEqual({
      name: 'Anna Nguyen',
      action: 'check_in',
      at: '2026-11-27T09:05:00.000Z',
    });
  });

  it("asks a colleague's PIN, sends it with the call, and never keeps it", async () => {
    const { actor, calls } = start([board, board], [answer({ ...annaIn, user_id: 2, name: 'Binh Tran' })]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'person.choose', id: 2 });
    actor.send({ type: 'action.choose', action: 'break_start' });
    expect(actor.getSnapshot().value).toBe('pin');
    // Too short for a PIN: the pad keeps asking.
    actor.send({ type: 'pin.submit', pin: '12' });
    expect(actor.getSnapshot().value).toBe('pin');
    actor.send({ type: 'pin.submit', pin: '4821' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(selectUsesPin(actor.getSnapshot())).toBe(true);
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('4821');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls).toEqual([{ userId: 2, action: 'break_start', pin: '4821' }]);
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('4821');
    expect(JSON.stringify(actor.getPersistedSnapshot())).not.toContain('4821');
  });

  it('asks no PIN of a manager clocking someone else', async () => {
    const { actor, calls } = start([board, board], [answer(annaIn)], { callerId: 9, callerRole: 'manager' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'person.choose', id: 1 });
    actor.send({ type: 'action.choose', action: 'check_in' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls).toEqual([{ userId: 1, action: 'check_in' }]);
  });

  it('asks the PIN again after a wrong one, with the tries left', async () => {
    const { actor } = start([board], [fail(wrongPin)]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'person.choose', id: 2 });
    actor.send({ type: 'action.choose', action: 'check_out' });
    actor.send({ type: 'pin.submit', pin: '0000' });
    await waitFor(actor, (s) => s.matches('pin'));
    expect(actor.getSnapshot().context.error).toMatchObject({ code: 'wrong_pin', triesLeft: 4 });
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('goes back to the board when PIN entry is locked, saying so', async () => {
    const { actor } = start([board], [fail(pinLocked)]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'person.choose', id: 2 });
    actor.send({ type: 'action.choose', action: 'check_out' });
    actor.send({ type: 'pin.submit', pin: '0000' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.error !== null);
    expect(actor.getSnapshot().context.error?.code).toBe('pin_locked');
    expect(actor.getSnapshot().context.chosenId).toBeNull();
  });

  it('reloads the stale board after a refusal, keeping the refusal to show', async () => {
    const fresh: BoardEmployee[] = BOARD.map((e) =>
      e.id === 1 ? { ...e, checked_in: true, check_in_at: '2026-11-27T09:00:00.000Z' } : e,
    );
    const { actor } = start([board, () => Promise.resolve(fresh)], [fail(alreadyIn)]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'person.choose', id: 1 });
    actor.send({ type: 'action.choose', action: 'check_in' });
    await waitFor(actor, (s) => s.matches('reloading'));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.error?.code).toBe('already_checked_in');
    expect(actor.getSnapshot().context.employees).toEqual(fresh);
  });

  it('keeps the dialog open with the error when the call fails otherwise', async () => {
    const { actor } = start([board], [fail(serverDown)]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'person.choose', id: 1 });
    actor.send({ type: 'action.choose', action: 'check_in' });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(actor.getSnapshot().context.error?.code).toBe('internal_error');
    expect(actor.getSnapshot().context.chosenId).toBe(1);
  });

  it('says an action the offline queue took will be sent, without claiming it happened', async () => {
    const { actor, loads } = start([board], [answer(queued)]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'person.choose', id: 1 });
    actor.send({ type: 'action.choose', action: 'check_in' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.savedOffline !== null);
    expect(actor.getSnapshot().context.savedOffline).toEqual({ name: 'Anna Nguyen', action: 'check_in' });
    expect(actor.getSnapshot().context.done).toBeNull();
    expect(loads).toHaveLength(1);
  });

  it('keeps the old board when the reload fails, with the failure', async () => {
    const { actor } = start([board, fail(serverDown)], [answer(annaIn)]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'person.choose', id: 1 });
    actor.send({ type: 'action.choose', action: 'check_in' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.failure !== null);
    expect(actor.getSnapshot().context.employees).toEqual(BOARD);
    expect(actor.getSnapshot().context.done?.name).toBe('Anna Nguyen');
  });

  it('clears the last message when the next person is tapped', async () => {
    const { actor } = start([board, board], [answer(annaIn)]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'person.choose', id: 1 });
    actor.send({ type: 'action.choose', action: 'check_in' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.done !== null);
    actor.send({ type: 'person.choose', id: 2 });
    expect(actor.getSnapshot().context.done).toBeNull();
  });
});

describe('clockIn rules', () => {
  it('puts technicians first, then the display order, with each status', () => {
    expect(boardOf(BOARD).map((p) => [p.name, p.status, p.since])).toEqual([
      ['Binh Tran', 'working', binh.check_in_at],
      ['Anna Nguyen', 'off', null],
      ['Chi Le', 'on_break', '2026-11-27T08:30:00.000Z'],
    ]);
  });

  it('reads when the action happened from the shift or its last break', () => {
    const breaks = [
      { started_at: '2026-11-27T10:00:00.000Z', ended_at: '2026-11-27T10:15:00.000Z' },
      { started_at: '2026-11-27T12:00:00.000Z', ended_at: null },
    ];
    const shift = { ...annaIn.working_time, breaks };
    expect(clockedAt(annaIn)).toBe('2026-11-27T09:05:00.000Z');
    expect(clockedAt({ ...annaIn, action: 'break_start', working_time: shift })).toBe(
      '2026-11-27T12:00:00.000Z',
    );
    expect(
      clockedAt({
        ...annaIn,
        action: 'break_end',
        working_time: { ...shift, breaks: breaks.slice(0, 1) },
      }),
    ).toBe('2026-11-27T10:15:00.000Z');
    expect(
      clockedAt({
        ...annaIn,
        action: 'check_out',
        working_time: { ...shift, check_out_at: '2026-11-27T17:00:00.000Z' },
      }),
    ).toBe('2026-11-27T17:00:00.000Z');
  });

  it("keeps a wrong PIN's tries left, and none for other failures", () => {
    expect(toClockError(wrongPin)).toMatchObject({ status: 422, code: 'wrong_pin', triesLeft: 4 });
    expect(toClockError(serverDown).triesLeft).toBeNull();
  });
});
