import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AnyActorRef } from 'xstate';
import type { WorkingDay } from '../../src/contracts/working-times';
import { serverDown } from '../../tests/support/machines/api-failures';
import { pinCheckMachine } from '../pin-check/pin-check.machine';
import type { PinApproval } from '../pin-check/pin-check.types';
import { maiFriday, managerApproval, NOW, TIME_ZONE } from './working-day-correction.fixtures';
import { workingDayCorrectionMachine } from './working-day-correction.machine';
import { selectCorrectionStep, selectPinActor } from './working-day-correction.selectors';
import type { CorrectionMode, SubmitCorrectionInput } from './working-day-correction.types';

const approvalRequired = { status: 403, kind: 'http', code: 'pin_approval_required', message: 'PIN needed.' };
const corrected: WorkingDay = { ...maiFriday, worked_minutes: 480 };

function start(
  answers: (() => Promise<WorkingDay>)[],
  { mode = 'correct', pinOwner = managerApproval }: { mode?: CorrectionMode; pinOwner?: PinApproval } = {},
) {
  const sent: SubmitCorrectionInput[] = [];
  const machine = workingDayCorrectionMachine.provide({
    actors: {
      pinCheck: pinCheckMachine.provide({
        actors: { checkPin: fromPromise(() => Promise.resolve(pinOwner)) },
      }),
      submitCorrection: fromPromise(({ input }: { input: SubmitCorrectionInput }) => {
        sent.push(input);
        const next = answers.shift();
        if (!next) throw new Error('no answer left');
        return next();
      }),
    },
  });
  const actor = createActor(machine, { input: { mode, day: maiFriday, timeZone: TIME_ZONE } }).start();
  return { actor, sent };
}

function typePin(pad: AnyActorRef | undefined) {
  if (!pad) throw new Error('no PIN pad');
  for (const digit of ['3', '3', '3', '3'] as const) pad.send({ type: 'pin.digit', digit });
  pad.send({ type: 'pin.submit' });
}

const submit = { type: 'submit', now: NOW, idempotencyKey: 'key-1' } as const;

describe('working day correction', () => {
  it("shows the day's times as the store's wall clock", () => {
    const { actor } = start([]);
    expect(actor.getSnapshot().context.shifts).toEqual([
      {
        check_in_at: '2026-11-20T09:00',
        check_out_at: '2026-11-20T17:00',
        breaks: [{ started_at: '2026-11-20T12:00', ended_at: '2026-11-20T12:30' }],
      },
    ]);
  });

  it('keeps the form with each problem at its field, and asks no PIN, when the day does not add up', () => {
    const { actor } = start([]);
    actor.send({ type: 'shift.change', shift: 0, field: 'check_out_at', value: '2026-11-20T08:00' });
    actor.send({ type: 'break.change', shift: 0, index: 0, field: 'started_at', value: '' });
    actor.send(submit);
    const snapshot = actor.getSnapshot();
    expect(selectCorrectionStep(snapshot)).toBe('editing');
    expect(snapshot.context.problems).toEqual({
      reason: ['reason_too_short'],
      'shifts.0.breaks.0.started_at': ['time_required'],
    });
    actor.send({ type: 'break.change', shift: 0, index: 0, field: 'started_at', value: '2026-11-20T12:00' });
    actor.send({ type: 'reason.change', value: 'Left early, forgot to clock out' });
    actor.send(submit);
    expect(actor.getSnapshot().context.problems).toEqual({
      'shifts.0.check_out_at': ['check_out_before_check_in'],
      'shifts.0.breaks.0': ['break_outside_shift'],
    });
  });

  it("refuses an open shift on a past day with the domain's code", () => {
    const { actor } = start([]);
    actor.send({ type: 'shift.change', shift: 0, field: 'check_out_at', value: '' });
    actor.send({ type: 'reason.change', value: 'Still here' });
    actor.send(submit);
    expect(actor.getSnapshot().context.problems).toEqual({
      'shifts.0.check_out_at': ['open_shift_on_past_day'],
    });
  });

  it("sends the corrected day in UTC with the manager's approval once the PIN approves", async () => {
    const { actor, sent } = start([() => Promise.resolve(corrected)]);
    actor.send({ type: 'shift.change', shift: 0, field: 'check_out_at', value: '2026-11-20T17:30' });
    actor.send({ type: 'reason.change', value: '  Forgot to clock out  ' });
    actor.send(submit);
    expect(selectCorrectionStep(actor.getSnapshot())).toBe('pin');
    typePin(selectPinActor(actor.getSnapshot()));
    await waitFor(actor, (s) => s.matches('done'));
    expect(sent).toEqual([
      {
        mode: 'correct',
        userId: 7,
        dateWork: '2026-11-20',
        shifts: [
          {
            check_in_at: '2026-11-20T14:00:00.000Z',
            check_out_at: '2026-11-20T22:30:00.000Z',
            breaks: [{ started_at: '2026-11-20T17:00:00.000Z', ended_at: '2026-11-20T17:30:00.000Z' }],
          },
        ],
        reason: 'Forgot to clock out',
        approval: 'approval-token',
        idempotencyKey: 'key-1',
      },
    ]);
    expect(actor.getSnapshot().output).toEqual(corrected);
  });

  it("does not go on with a cashier's PIN: the pad says so and waits", async () => {
    const cashier = { ...managerApproval, role: 'staff' as const, name: 'Casey' };
    const { actor, sent } = start([], { pinOwner: cashier });
    actor.send({ type: 'reason.change', value: 'Forgot to clock out' });
    actor.send(submit);
    const pad = selectPinActor(actor.getSnapshot());
    typePin(pad);
    await waitFor(pad!, (s) => s.context.error !== null);
    expect(selectCorrectionStep(actor.getSnapshot())).toBe('pin');
    expect(sent).toEqual([]);
    actor.send({ type: 'pin.cancel' });
    expect(selectCorrectionStep(actor.getSnapshot())).toBe('editing');
  });

  it('removes a day with a reason alone, and asks the PIN again when the approval no longer stands', async () => {
    const { actor, sent } = start(
      [() => Promise.reject(approvalRequired), () => Promise.resolve(maiFriday)],
      {
        mode: 'delete',
      },
    );
    actor.send({ type: 'reason.change', value: 'Clocked in by mistake' });
    actor.send(submit);
    typePin(selectPinActor(actor.getSnapshot()));
    await waitFor(actor, (s) => s.matches('pin') && s.context.failure !== null);
    expect(actor.getSnapshot().context.approval).toBeNull();
    typePin(selectPinActor(actor.getSnapshot()));
    await waitFor(actor, (s) => s.matches('done'));
    expect(sent.map((s) => [s.mode, s.shifts, s.reason, s.idempotencyKey])).toEqual([
      ['delete', [], 'Clocked in by mistake', 'key-1'],
      ['delete', [], 'Clocked in by mistake', 'key-1'],
    ]);
  });

  it('retries a failed write with the same key, and a change makes it a new intent', async () => {
    const { actor, sent } = start([() => Promise.reject(serverDown), () => Promise.reject(serverDown)]);
    actor.send({ type: 'reason.change', value: 'Forgot to clock out' });
    actor.send(submit);
    typePin(selectPinActor(actor.getSnapshot()));
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(sent.map((s) => s.idempotencyKey)).toEqual(['key-1', 'key-1']);
    actor.send({ type: 'edit' });
    actor.send({ type: 'reason.change', value: 'Forgot to clock out twice' });
    expect(actor.getSnapshot().context.idempotencyKey).toBeNull();
  });

  it('adds and removes shifts and breaks only while correcting', () => {
    const { actor } = start([]);
    actor.send({ type: 'shift.add' });
    actor.send({ type: 'break.add', shift: 1 });
    expect(actor.getSnapshot().context.shifts[1]).toEqual({
      check_in_at: '2026-11-20T09:00',
      check_out_at: '2026-11-20T17:00',
      breaks: [{ started_at: '', ended_at: '' }],
    });
    actor.send({ type: 'break.remove', shift: 1, index: 0 });
    actor.send({ type: 'shift.remove', shift: 1 });
    expect(actor.getSnapshot().context.shifts).toHaveLength(1);
    const removal = start([], { mode: 'delete' }).actor;
    removal.send({ type: 'shift.add' });
    expect(removal.getSnapshot().context.shifts).toHaveLength(1);
  });
});
