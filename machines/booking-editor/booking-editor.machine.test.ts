import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Booking } from '../../src/contracts/bookings';
import {
  BOOKED,
  cancelled,
  conflictError,
  DRAFT_UUID,
  inService,
  outsideHoursError,
  queuedOutcome,
  refusedError,
  savedOutcome,
  SERVICES,
  staleError,
  TIME_ZONE,
} from './booking-editor.fixtures';
import { bookingEditorMachine } from './booking-editor.machine';
import { selectCreated, selectIsNew, selectMoves } from './booking-editor.selectors';
import type { BookingEditorInput, SaveOutcome, StatusRequest, SubmitRequest } from './booking-editor.types';

type Answer<T> = () => Promise<T>;

function start(
  input: Partial<BookingEditorInput>,
  answers: { submit?: Answer<SaveOutcome>[]; status?: Answer<SaveOutcome>[]; load?: Answer<Booking>[] } = {},
) {
  const sent: SubmitRequest[] = [];
  const moves: StatusRequest[] = [];
  const saved: Booking[] = [];
  const sales: Booking[] = [];
  let keys = 0;
  const next = <T>(list: Answer<T>[] | undefined): Promise<T> => {
    const answer = list?.shift();
    return answer ? answer() : Promise.reject(new Error('no answer left'));
  };
  const machine = bookingEditorMachine.provide({
    actors: {
      submit: fromPromise(({ input: request }: { input: SubmitRequest }) => {
        sent.push(request);
        return next(answers.submit);
      }),
      changeStatus: fromPromise(({ input: request }: { input: StatusRequest }) => {
        moves.push(request);
        return next(answers.status);
      }),
      loadBooking: fromPromise(() => next(answers.load)),
    },
    actions: {
      announceSaved: (_, { booking }) => saved.push(booking),
      openSale: (_, { booking }) => sales.push(booking),
    },
  });
  const actor = createActor(machine, {
    input: {
      timeZone: TIME_ZONE,
      services: SERVICES,
      uuid: DRAFT_UUID,
      createId: () => `key-${++keys}`,
      ...input,
    },
  }).start();
  return { actor, sent, moves, saved, sales };
}

function fillNew(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'field.change', name: 'customer_name', value: 'Ann Lee' });
  actor.send({ type: 'line.change', index: 0, name: 'service_id', value: '100' });
}

describe('bookingEditor', () => {
  it('creates a booking from a slot of the book with the draft uuid and the store clock', async () => {
    const { actor, sent, saved } = start(
      { slot: { user_id: 2, starts_at: '2026-03-10T14:00:00Z' } },
      { submit: [() => Promise.resolve(savedOutcome(BOOKED))] },
    );
    expect(actor.getSnapshot().value).toBe('editing');
    fillNew(actor);
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('done'));
    // The done step words a create as "created" though the editor now holds the booking.
    expect(selectCreated(actor.getSnapshot())).toBe(true);
    expect(selectIsNew(actor.getSnapshot())).toBe(false);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: 'create',
      idempotencyKey: 'key-1',
      body: {
        uuid: DRAFT_UUID,
        customer_name: 'Ann Lee',
        booking_appt_service: [
          { service_id: 100, user_id: 2, starts_at: '2026-03-10T14:00:00.000Z', duration_minutes: 45 },
        ],
      },
    });
    expect(saved).toEqual([BOOKED]);
  });

  it('keeps a wrong draft in editing with its errors, and a change clears that field', () => {
    const { actor, sent } = start({ slot: { user_id: null, starts_at: '2026-03-10T14:00:00Z' } });
    actor.send({ type: 'submit' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('editing');
    expect(Object.keys(snapshot.context.fieldErrors).sort()).toEqual([
      'booking_appt_service.0.service_id',
      'customer_name',
    ]);
    actor.send({ type: 'field.change', name: 'customer_name', value: 'Ann' });
    expect(Object.keys(actor.getSnapshot().context.fieldErrors)).toEqual([
      'booking_appt_service.0.service_id',
    ]);
    expect(sent).toEqual([]);
  });

  it('adds a line where the last ends, removes one but never the last', () => {
    const { actor } = start({ booking: BOOKED });
    actor.send({ type: 'line.add' });
    // Binh's 45 minutes, then his 5 minutes of clean-up.
    expect(actor.getSnapshot().context.draft.lines[1]).toMatchObject({
      start: '2026-03-10T10:50',
      user_id: '2',
    });
    actor.send({ type: 'line.remove', index: 0 });
    actor.send({ type: 'line.remove', index: 0 });
    expect(actor.getSnapshot().context.draft.lines).toHaveLength(1);
  });

  it('on a clash shows the next slots; choosing one moves the line and sends again', async () => {
    const { actor, sent } = start(
      { booking: BOOKED },
      { submit: [() => Promise.reject(conflictError), () => Promise.resolve(savedOutcome(BOOKED))] },
    );
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('conflict'));
    expect(actor.getSnapshot().context.conflict?.next_slots).toHaveLength(2);
    actor.send({ type: 'slot.choose', index: 9 });
    expect(actor.getSnapshot().value).toBe('conflict');
    actor.send({ type: 'slot.choose', index: 1 });
    await waitFor(actor, (s) => s.matches('done'));
    expect(selectCreated(actor.getSnapshot())).toBe(false);
    expect(sent[0]).toMatchObject({ kind: 'update', id: 70, body: { version: 3 } });
    expect(sent[1]?.body.booking_appt_service[0]).toMatchObject({
      user_id: 3,
      starts_at: '2026-03-10T14:00:00.000Z',
    });
    // A changed draft is a new intent.
    expect(sent[1]?.idempotencyKey).not.toBe(sent[0]?.idempotencyKey);
  });

  it('outside the hours asks, and the confirmation sends allow_outside_hours', async () => {
    const { actor, sent } = start(
      { booking: BOOKED },
      { submit: [() => Promise.reject(outsideHoursError), () => Promise.resolve(savedOutcome(BOOKED))] },
    );
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('outsideHours'));
    actor.send({ type: 'outside.confirm' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(sent.map((r) => r.body.allow_outside_hours)).toEqual([false, true]);
  });

  it('a stale booking offers a reload, which shows the booking as it is now', async () => {
    const fresh = { ...BOOKED, version: 5, customer_name: 'Ann Lee-Park' };
    const { actor } = start(
      { booking: BOOKED },
      { submit: [() => Promise.reject(staleError)], load: [() => Promise.resolve(fresh)] },
    );
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('stale'));
    actor.send({ type: 'reload' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.booking?.version).toBe(5);
    expect(actor.getSnapshot().context.draft.fields.customer_name).toBe('Ann Lee-Park');
  });

  it('another failure keeps the request: retry resends it with the same key', async () => {
    const { actor, sent } = start(
      { booking: BOOKED },
      {
        submit: [
          () => Promise.reject({ status: 0, kind: 'network', message: 'down' }),
          () => Promise.resolve(savedOutcome(BOOKED)),
        ],
      },
    );
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.kind).toBe('offline');
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(sent[1]).toEqual(sent[0]);
  });

  it('a create the offline queue kept ends as provisional', async () => {
    const { actor, saved } = start(
      { slot: { user_id: 2, starts_at: '2026-03-10T14:00:00Z' } },
      { submit: [() => Promise.resolve(queuedOutcome)] },
    );
    fillNew(actor);
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().context.queued).toBe(true);
    expect(saved).toEqual([]);
  });

  it('offers the allowed moves; arrival asks queue or desk, then sends it with the version', async () => {
    const arrivedAnswer = { ...BOOKED, status: 'arrived' as const, version: 4 };
    const { actor, moves, saved } = start(
      { booking: BOOKED },
      { status: [() => Promise.resolve(savedOutcome(arrivedAnswer))] },
    );
    expect(selectMoves(actor.getSnapshot())).toEqual([
      'confirmed',
      'arrived',
      'in_service',
      'cancelled',
      'no_show',
    ]);
    actor.send({ type: 'move.start', status: 'completed' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'move.start', status: 'arrived' });
    expect(actor.getSnapshot().value).toBe('confirmingMove');
    actor.send({ type: 'move.confirm', arrival: 'queue' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.booking?.status === 'arrived');
    expect(moves).toEqual([
      { id: 70, version: 3, idempotencyKey: 'key-1', status: 'arrived', arrival: 'queue' },
    ]);
    expect(saved).toEqual([arrivedAnswer]);
    expect(selectMoves(actor.getSnapshot())).toEqual(['in_service', 'cancelled']);
  });

  it('start sale moves the booking in service and opens the sale with it', async () => {
    const { actor, sales, moves } = start(
      { booking: BOOKED },
      { status: [() => Promise.resolve(savedOutcome(inService))] },
    );
    actor.send({ type: 'move.start', status: 'in_service' });
    await waitFor(actor, (s) => s.matches('saleStarted'));
    expect(moves[0]).toMatchObject({ status: 'in_service' });
    expect(sales).toEqual([inService]);
  });

  it('a cancel sends its reason; the cancelled booking is locked', async () => {
    const { actor, moves } = start(
      { booking: BOOKED },
      { status: [() => Promise.resolve(savedOutcome(cancelled))] },
    );
    actor.send({ type: 'move.start', status: 'cancelled' });
    actor.send({ type: 'move.confirm', reason: '  Sick  ' });
    await waitFor(actor, (s) => s.matches('locked'));
    expect(moves[0]).toMatchObject({ status: 'cancelled', reason: 'Sick' });
    actor.send({ type: 'line.add' });
    expect(actor.getSnapshot().value).toBe('locked');
  });

  it('a refused move says why and goes back; a stale one offers the reload', async () => {
    const { actor } = start(
      { booking: BOOKED },
      { status: [() => Promise.reject(refusedError), () => Promise.reject(staleError)] },
    );
    actor.send({ type: 'move.start', status: 'confirmed' });
    await waitFor(actor, (s) => s.matches('moveFailed'));
    expect(actor.getSnapshot().context.error?.code).toBe('booking_status_refused');
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('stale'));
  });

  it('start sale queued offline still opens the sale with the booking as shown', async () => {
    const { actor, sales } = start({ booking: BOOKED }, { status: [() => Promise.resolve(queuedOutcome)] });
    actor.send({ type: 'move.start', status: 'in_service' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(sales).toEqual([BOOKED]);
    expect(actor.getSnapshot().context.queued).toBe(true);
  });
});
