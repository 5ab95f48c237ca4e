import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { offline } from '../../tests/support/machines/api-failures';
import {
  CACHED,
  CONFLICT_ERROR,
  DATA,
  EDITABLE,
  FIXED_MOVE,
  INPUT,
  MOVE,
  NOT_EDITABLE_ERROR,
  REFUSED,
  SAVED,
  STALE_ERROR,
  WITH_REFUSED,
} from './booking-book.fixtures';
import { bookingBookMachine } from './booking-book.machine';
import { viewDates, viewRange } from './booking-book.rules';
import {
  selectBookings,
  selectBookStatus,
  selectConflict,
  selectDraft,
  selectMoveError,
  selectSelected,
} from './booking-book.selectors';
import type { BookData, LoadRangeInput, SaveBookingInput, SaveBookingOutput } from './booking-book.types';

function harness(
  loads: Array<BookData | object>,
  saves: Array<SaveBookingOutput | object> = [],
  discards: object[] = [],
) {
  const loaded: LoadRangeInput[] = [];
  const saved: SaveBookingInput[] = [];
  const discarded: number[] = [];
  const machine = bookingBookMachine.provide({
    actors: {
      loadRange: fromPromise(async ({ input }: { input: LoadRangeInput }) => {
        loaded.push(input);
        const next = loads.length > 1 ? loads.shift() : loads[0];
        if (next && 'bookings' in next) return next as BookData;
        throw next;
      }),
      saveBooking: fromPromise(async ({ input }: { input: SaveBookingInput }) => {
        saved.push(input);
        const next = saves.shift();
        if (next && 'queued' in next) return next as SaveBookingOutput;
        throw next;
      }),
      discardQueued: fromPromise(async ({ input }: { input: { requestId: number } }) => {
        discarded.push(input.requestId);
        const next = discards.shift();
        if (next) throw next;
      }),
      watchLive: fromCallback(() => {}),
    },
  });
  const actor = createActor(machine, { input: INPUT }).start();
  const settle = (state: string) => waitFor(actor, (s) => selectBookStatus(s) === state);
  return { actor, loaded, saved, discarded, settle };
}

const lineOf = (data: readonly { key: string; lines: { user_id: number | null; starts_at: string }[] }[]) =>
  data.find((b) => b.key === '1')?.lines[0];

describe('booking book chart: a booking made offline and refused on replay', () => {
  it('sends it again as queued; on a clash offers the free slots and sends it at the chosen one', async () => {
    const h = harness([WITH_REFUSED, DATA], [CONFLICT_ERROR, { queued: false, booking: SAVED }]);
    await h.settle('ready');
    // Only a refused booking, selected, can be sent again.
    h.actor.send({ type: 'refused.resend', moveKey: 'r0' });
    expect(h.saved).toHaveLength(0);
    h.actor.send({ type: 'booking.select', key: REFUSED.key });
    h.actor.send({ type: 'refused.resend', moveKey: 'r1' });
    await h.settle('conflict');
    expect(h.saved[0]).toEqual({
      kind: 'create',
      requestId: 12,
      body: REFUSED.refusal!.body,
      idempotencyKey: 'r1',
    });
    expect(selectConflict(h.actor.getSnapshot())?.move).toMatchObject({
      bookingKey: REFUSED.key,
      lineIndex: 0,
      userId: 1,
    });
    h.actor.send({ type: 'conflict.choose', index: 1, moveKey: 'r2' });
    await h.settle('ready');
    // The chosen slot's technician and start on the clashing line; the same uuid; then the range again.
    expect(h.saved[1]).toMatchObject({ kind: 'create', requestId: 12, idempotencyKey: 'r2' });
    expect(h.saved[1]!.body).toMatchObject({
      uuid: REFUSED.uuid,
      booking_appt_service: [{ service_id: 100, user_id: 2, starts_at: '2026-11-27T16:00:00.000Z' }],
    });
    expect(h.loaded).toHaveLength(2);
    expect(selectSelected(h.actor.getSnapshot())).toBeNull();
  });

  it('puts it back on a cancelled clash, and drops it from the queue only when asked', async () => {
    const h = harness([WITH_REFUSED, DATA], [CONFLICT_ERROR], [offline]);
    await h.settle('ready');
    h.actor.send({ type: 'booking.select', key: REFUSED.key });
    h.actor.send({ type: 'refused.resend', moveKey: 'r1' });
    await h.settle('conflict');
    h.actor.send({ type: 'conflict.cancel' });
    await h.settle('ready');
    expect(selectSelected(h.actor.getSnapshot())?.refusal).toEqual(REFUSED.refusal);
    // The first drop fails (said, kept); the second goes.
    h.actor.send({ type: 'refused.discard' });
    await h.settle('ready');
    expect(selectMoveError(h.actor.getSnapshot())).not.toBeNull();
    expect(selectSelected(h.actor.getSnapshot())?.key).toBe(REFUSED.key);
    h.actor.send({ type: 'refused.discard' });
    await waitFor(h.actor, (s) => h.loaded.length === 2 && selectBookStatus(s) === 'ready');
    expect(h.discarded).toEqual([12, 12]);
    expect(selectSelected(h.actor.getSnapshot())).toBeNull();
  });
});

describe('booking book chart', () => {
  it("loads the store day from the store's midnight to the next, whatever the device's zone", async () => {
    const h = harness([DATA]);
    await h.settle('ready');
    expect(h.loaded[0]).toEqual({
      from: '2026-11-27T05:00:00.000Z',
      to: '2026-11-28T05:00:00.000Z',
      fromDate: '2026-11-27',
      days: 1,
    });
    h.actor.send({ type: 'view.set', view: 'week' });
    await h.settle('ready');
    expect(h.loaded[1]).toMatchObject({ fromDate: '2026-11-22', days: 7 });
    h.actor.send({ type: 'date.next' });
    await h.settle('ready');
    expect(h.loaded[2]).toMatchObject({ fromDate: '2026-11-29', days: 7 });
  });

  it('sends a dragged line with the version shown, shows it moved at once, and keeps what the server stored', async () => {
    const h = harness([DATA], [{ queued: false, booking: SAVED }]);
    await h.settle('ready');
    h.actor.send({ type: 'booking.move', move: MOVE, moveKey: 'k1' });
    expect(selectBookStatus(h.actor.getSnapshot())).toBe('moving');
    expect(lineOf(selectBookings(h.actor.getSnapshot()))).toMatchObject({ user_id: 1 });
    await h.settle('ready');
    expect(h.saved[0]).toMatchObject({ id: 1, idempotencyKey: 'k1' });
    expect(h.saved[0]!.body).toMatchObject({
      version: 3,
      customer_name: 'Mai Tran',
      booking_appt_service: [
        { id: 11, service_id: 100, user_id: 1, starts_at: MOVE.startsAt, duration_minutes: 60 },
      ],
    });
    expect(selectBookings(h.actor.getSnapshot()).find((b) => b.key === '1')?.version).toBe(4);
  });

  it('refuses to drag a completed booking: nothing is sent', async () => {
    const h = harness([DATA]);
    await h.settle('ready');
    h.actor.send({ type: 'booking.move', move: FIXED_MOVE, moveKey: 'k1' });
    expect(selectBookStatus(h.actor.getSnapshot())).toBe('ready');
    expect(h.saved).toEqual([]);
  });

  it('keeps a clash with its free slots; choosing one sends the move there', async () => {
    const h = harness([DATA], [CONFLICT_ERROR, { queued: false, booking: SAVED }]);
    await h.settle('ready');
    h.actor.send({ type: 'booking.move', move: MOVE, moveKey: 'k1' });
    const snapshot = await h.settle('conflict');
    expect(selectConflict(snapshot)?.details.conflicts[0]?.customer_name).toBe('Hoa Le');
    expect(selectConflict(snapshot)?.details.next_slots).toHaveLength(2);
    h.actor.send({ type: 'conflict.choose', index: 1, moveKey: 'k2' });
    await h.settle('ready');
    expect(h.saved[1]).toMatchObject({ idempotencyKey: 'k2' });
    expect(h.saved[1]!.body).toMatchObject({
      booking_appt_service: [{ user_id: 2, starts_at: '2026-11-27T16:00:00.000Z' }],
    });
  });

  it('puts the line back when the clash is cancelled', async () => {
    const h = harness([DATA], [CONFLICT_ERROR]);
    await h.settle('ready');
    h.actor.send({ type: 'booking.move', move: MOVE, moveKey: 'k1' });
    await h.settle('conflict');
    h.actor.send({ type: 'conflict.cancel' });
    const snapshot = await h.settle('ready');
    expect(lineOf(selectBookings(snapshot))).toEqual(EDITABLE.lines[0]);
    expect(selectConflict(snapshot)).toBeNull();
  });

  it('reloads on a stale version and says so; puts back and says why on another refusal', async () => {
    const h = harness([DATA], [STALE_ERROR, NOT_EDITABLE_ERROR]);
    await h.settle('ready');
    h.actor.send({ type: 'booking.move', move: MOVE, moveKey: 'k1' });
    await waitFor(h.actor, () => h.loaded.length === 2);
    let snapshot = await h.settle('ready');
    expect(selectMoveError(snapshot)?.code).toBe('booking_stale');
    h.actor.send({ type: 'booking.move', move: MOVE, moveKey: 'k2' });
    snapshot = await h.settle('ready');
    expect(selectMoveError(snapshot)?.code).toBe('booking_not_editable');
    expect(lineOf(selectBookings(snapshot))).toEqual(EDITABLE.lines[0]);
    h.actor.send({ type: 'notice.dismiss' });
    expect(selectMoveError(h.actor.getSnapshot())).toBeNull();
  });

  it('marks a move the offline queue took as provisional, where it was dropped', async () => {
    const h = harness([DATA], [{ queued: true }]);
    await h.settle('ready');
    h.actor.send({ type: 'booking.move', move: MOVE, moveKey: 'k1' });
    const snapshot = await h.settle('ready');
    const booking = selectBookings(snapshot).find((b) => b.key === '1');
    expect(booking?.provisional).toBe(true);
    expect(booking?.lines[0]).toMatchObject({ user_id: 1, starts_at: MOVE.startsAt });
  });

  it('shows the stored copy offline, and an unreachable server with nothing stored as offline too', async () => {
    const h = harness([CACHED]);
    expect(selectBookings(await h.settle('offline'))).toHaveLength(2);
    const none = harness([offline]);
    expect((await none.settle('offline')).context.data).toBeNull();
  });

  it('keeps a tapped empty slot as the draft for the editor, and the selected booking', async () => {
    const h = harness([DATA]);
    await h.settle('ready');
    const draft = { user_id: null, starts_at: '2026-11-27T18:00:00.000Z' };
    h.actor.send({ type: 'slot.select', draft });
    expect(selectDraft(h.actor.getSnapshot())).toEqual(draft);
    h.actor.send({ type: 'booking.select', key: '2' });
    expect(selectSelected(h.actor.getSnapshot())?.customer_name).toBe('Linh Pham');
    h.actor.send({ type: 'draft.clear' });
    expect(selectDraft(h.actor.getSnapshot())).toBeNull();
  });
});

describe('book ranges', () => {
  it('weeks start on Sunday (the hours are Sunday first)', () => {
    expect(viewDates('week', '2026-11-01')).toEqual({ fromDate: '2026-11-01', days: 7 });
    expect(viewDates('list', '2026-11-07')).toEqual({ fromDate: '2026-11-01', days: 7 });
  });

  it('a day clocks go back is 25 hours long on the store clock', () => {
    const range = viewRange('day', '2026-11-01', 'America/New_York');
    expect(range.from).toBe('2026-11-01T04:00:00.000Z');
    expect(range.to).toBe('2026-11-02T05:00:00.000Z');
  });
});
