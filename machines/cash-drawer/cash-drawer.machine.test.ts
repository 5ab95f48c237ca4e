import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { DrawerState } from '../../src/contracts/cash-drawer';
import type { DenominationCount } from '../../src/domain/cash-drawer';
import { offline } from '../../tests/support/machines/api-failures';
import {
  closedSession,
  drawerClosed,
  drawerOpen,
  managerRequired,
  openSession,
  queued,
  wrongPin,
} from './cash-drawer.fixtures';
import { cashDrawerMachine } from './cash-drawer.machine';
import {
  selectClosed,
  selectExpected,
  selectExpectedOpening,
  selectManagerNeeded,
  selectSession,
  selectStatus,
} from './cash-drawer.selectors';
import type { CloseInput, MovementInput, SessionOutput } from './cash-drawer.types';

type Answer<T> = () => Promise<T>;
const ok =
  <T>(value: T) =>
  () =>
    Promise.resolve(value);
const fail = (error: unknown) => () => Promise.reject(error);

/** The chart with fake calls: each call takes the next answer of its list and records its input. */
function start(loads: Answer<DrawerState>[], writes: Answer<SessionOutput>[] = []) {
  const sent: { call: string; input: unknown }[] = [];
  const next = <T>(list: Answer<T>[]) => {
    const answer = list.shift();
    if (!answer) throw new Error('no answer left');
    return answer();
  };
  const write = <TInput>(call: string) =>
    fromPromise<SessionOutput, TInput>(({ input }) => {
      sent.push({ call, input });
      return next(writes);
    });
  const machine = cashDrawerMachine.provide({
    actors: {
      loadDrawer: fromPromise(() => next(loads)),
      openDrawer: write<{ count: DenominationCount }>('open'),
      recordMovement: write<MovementInput>('movement'),
      closeDrawer: write<CloseInput>('close'),
    },
  });
  return { actor: createActor(machine).start(), sent };
}

describe('cashDrawer', () => {
  it('opens a closed drawer with the counted float, showing the last close as the expected opening', async () => {
    const { actor, sent } = start([ok(drawerClosed)], [ok(openSession)]);
    await waitFor(actor, (s) => s.matches('closed'));
    expect(selectExpectedOpening(actor.getSnapshot())).toBe(10000);
    actor.send({ type: 'open.start' });
    actor.send({ type: 'open.submit' });
    expect(selectStatus(actor.getSnapshot())).toBe('opening'); // an empty float is not sent
    actor.send({ type: 'count.set', id: 'bill_20', pieces: 5 });
    actor.send({ type: 'open.submit' });
    await waitFor(actor, (s) => s.matches('open'));
    expect(sent).toEqual([{ call: 'open', input: { count: { bill_20: 5 } } }]);
    expect(selectSession(actor.getSnapshot())?.id).toBe(7);
  });

  it('counts blind: the expected cash is shown while open and hidden while counting', async () => {
    const { actor } = start([ok(drawerOpen)]);
    await waitFor(actor, (s) => s.matches('open'));
    expect(selectExpected(actor.getSnapshot())?.expected).toBe(13000);
    actor.send({ type: 'close.start' });
    expect(selectExpected(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'cancel' });
    expect(selectExpected(actor.getSnapshot())?.expected).toBe(13000);
  });

  it('refuses a movement without a reason, and adds one the offline queue took to the session shown', async () => {
    const { actor, sent } = start([ok(drawerOpen)], [ok(queued)]);
    await waitFor(actor, (s) => s.matches('open'));
    actor.send({ type: 'movement.submit', kind: 'pay_out', amount: 1500, reason: '  ' });
    expect(sent).toEqual([]);
    actor.send({ type: 'movement.submit', kind: 'pay_out', amount: 1500, reason: 'Supplies' });
    await waitFor(actor, (s) => s.matches({ open: 'idle' }) && s.context.savedOffline === 'movement');
    const movement: MovementInput = { kind: 'pay_out', amount: 1500, reason: 'Supplies' };
    expect(sent).toEqual([{ call: 'movement', input: movement }]);
    expect(selectExpected(actor.getSnapshot())).toMatchObject({ pay_outs: 1500, expected: 11500 });
  });

  it("past the tolerance asks a manager's PIN with the over/short, and closes with it", async () => {
    const { actor, sent } = start(
      [ok(drawerOpen)],
      [fail(managerRequired), fail(wrongPin), ok(closedSession)],
    );
    await waitFor(actor, (s) => s.matches('open'));
    actor.send({ type: 'close.start' });
    actor.send({ type: 'count.set', id: 'bill_100', pieces: 1 });
    actor.send({ type: 'count.set', id: 'bill_20', pieces: 1 });
    actor.send({ type: 'close.submit' });
    await waitFor(actor, (s) => s.matches('managerPin'));
    expect(selectManagerNeeded(actor.getSnapshot())).toEqual({ overShort: -1000, tolerance: 500 });
    actor.send({ type: 'pin.submit', pin: '12' }); // not a PIN
    expect(selectStatus(actor.getSnapshot())).toBe('managerPin');
    actor.send({ type: 'pin.submit', pin: '9999' });
    await waitFor(actor, (s) => s.matches('managerPin') && s.context.error !== null);
    expect(actor.getSnapshot().context.error?.code).toBe('wrong_pin');
    actor.send({ type: 'pin.submit', pin: '1234' });
    await waitFor(actor, (s) => s.matches('result'));
    const count = { bill_100: 1, bill_20: 1 };
    expect(sent.map((c) => c.input as CloseInput)).toEqual([
      { count },
      { count, pin: '9999' },
      { count, pin: '1234' },
    ]);
    expect(selectClosed(actor.getSnapshot())?.over_short).toBe(-1000);
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('1234');
    // The next opening expects what this close counted.
    expect(selectExpectedOpening(actor.getSnapshot())).toBe(12000);
  });

  it('waits for the connection when the drawer cannot be read', async () => {
    const { actor } = start([fail(offline), ok(drawerClosed)]);
    await waitFor(actor, (s) => s.matches('offline'));
    actor.send({ type: 'connection.online' });
    await waitFor(actor, (s) => s.matches('closed'));
  });
});
