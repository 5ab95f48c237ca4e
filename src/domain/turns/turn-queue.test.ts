import { describe, expect, it } from 'vitest';
import { applyTurnEvent, foldTurnDay } from './turn-day';
import { explainQueue, nextTechnician } from './turn-queue';
import type { TurnEvent } from './turns.types';
import { minute, turnEvents as e } from '../../../tests/support/domain/turns';

const manicure = { id: 'manicure' };
const threeIn = [e.clockIn('ann', 0), e.clockIn('bea', 1), e.clockIn('cat', 2)];

function next(events: TurnEvent[], service = manicure) {
  return nextTechnician(foldTurnDay(events), service, minute(60))?.technicianId ?? null;
}

describe('nextTechnician (docs/turns.md "Who is next")', () => {
  it('gives the turn to the one with the fewest counted turns', () => {
    expect(
      next([...threeIn, e.take('ann', 5), e.finish('ann', 6), e.take('bea', 7), e.finish('bea', 8)]),
    ).toBe('cat');
  });

  it('gives it to the earlier queue time on a tie', () => {
    expect(next(threeIn)).toBe('ann');
  });

  it('passes over whoever is busy, on break or skipping', () => {
    expect(next([...threeIn, e.take('ann', 5, { requested: true })])).toBe('bea');
    expect(next([...threeIn, e.breakStart('ann', 5), e.breakStart('bea', 5)])).toBe('cat');
    expect(next([...threeIn, e.skip('ann', 5)])).toBe('bea');
  });

  it('passes over whoever cannot do the service', () => {
    const events = [e.clockIn('ann', 0, ['pedicure']), e.clockIn('bea', 1)];
    expect(next(events, manicure)).toBe('bea');
    expect(next(events, { id: 'pedicure' })).toBe('ann');
  });

  it('answers null when nobody can take the turn', () => {
    expect(next([])).toBeNull();
    expect(next([e.clockIn('ann', 0), e.breakStart('ann', 1)])).toBeNull();
    expect(next([e.clockIn('ann', 0), e.clockOut('ann', 1)])).toBeNull();
  });

  it('says when the turn would use a bonus', () => {
    const state = foldTurnDay([...threeIn, e.bonus('cat', 3)]);
    expect(nextTechnician(state, manicure, minute(4))).toMatchObject({
      technicianId: 'cat',
      usesBonus: true,
    });
  });

  it('refuses a moment that is not an instant', () => {
    expect(() => nextTechnician(foldTurnDay(threeIn), manicure, 'now')).toThrow(RangeError);
  });
});

describe('explainQueue (docs/turns.md "Reasons")', () => {
  it('explains each place with its counted turns and how long she has been in line', () => {
    const board = explainQueue(foldTurnDay([...threeIn, e.take('ann', 5), e.finish('ann', 20)]), minute(32));
    expect(board.places).toEqual([
      {
        technicianId: 'bea',
        position: 1,
        available: true,
        aheadOfNextBy: 'queued_since',
        reasons: [
          { code: 'fewest_turns', turns: 0 },
          { code: 'queued_since', at: minute(1), waitedMinutes: 31 },
        ],
      },
      {
        technicianId: 'cat',
        position: 2,
        available: true,
        aheadOfNextBy: 'fewest_turns',
        reasons: [
          { code: 'fewest_turns', turns: 0 },
          { code: 'queued_since', at: minute(2), waitedMinutes: 30 },
        ],
      },
      {
        technicianId: 'ann',
        position: 3,
        available: true,
        aheadOfNextBy: null,
        reasons: [
          { code: 'fewest_turns', turns: 1 },
          { code: 'queued_since', at: minute(5), waitedMinutes: 27 },
        ],
      },
    ]);
  });

  it('names why a technician is passed over before why she stands where she stands', () => {
    const state = foldTurnDay([
      e.clockIn('ann', 0, ['pedicure']),
      e.take('ann', 2, { requested: true }),
      e.skip('ann', 3),
    ]);
    const [ann] = explainQueue(state, minute(4), manicure).places;
    expect(ann?.available).toBe(false);
    expect(ann?.reasons.slice(0, 3)).toEqual([
      { code: 'unavailable', state: 'busy', since: minute(2) },
      { code: 'unavailable', state: 'skipped' },
      { code: 'cannot_do_service', serviceId: 'manicure' },
    ]);
  });

  it('shows a break with its start, and a bonus before the counted turns', () => {
    const state = foldTurnDay([...threeIn, e.bonus('cat', 3, 2), e.breakStart('bea', 4)]);
    const places = explainQueue(state, minute(5)).places;
    expect(places[0]).toMatchObject({
      technicianId: 'cat',
      aheadOfNextBy: 'bonus_left',
      reasons: [
        { code: 'bonus_left', count: 2 },
        { code: 'fewest_turns', turns: 0 },
        { code: 'queued_since' },
      ],
    });
    expect(places[2]?.reasons[0]).toEqual({ code: 'unavailable', state: 'break', since: minute(4) });
  });

  it("shows a manager's move with who, when and why, and that it is what puts her ahead", () => {
    const state = foldTurnDay([...threeIn, e.reorder('cat', 5, 1, 'back from an errand')]);
    const [cat] = explainQueue(state, minute(6)).places;
    expect(cat).toMatchObject({ technicianId: 'cat', position: 1, aheadOfNextBy: 'moved_by_manager' });
    expect(cat?.reasons[0]).toEqual({
      code: 'moved_by_manager',
      at: minute(5),
      by: 'manager-1',
      reason: 'back from an errand',
      position: 1,
    });
  });

  it('breaks an exact tie by id and says so', () => {
    const state = foldTurnDay([e.clockIn('bea', 0), e.clockIn('ann', 0)]);
    expect(explainQueue(state, minute(1)).places.map((p) => [p.technicianId, p.aheadOfNextBy])).toEqual([
      ['ann', 'technician_id'],
      ['bea', null],
    ]);
  });

  it('lists who clocked out after the queue, without a position, with her turns of the day', () => {
    const state = applyTurnEvent(
      foldTurnDay([...threeIn, e.take('bea', 3), e.finish('bea', 9)]),
      e.clockOut('bea', 10),
    );
    const places = explainQueue(state, minute(11)).places;
    expect(places.map((p) => p.technicianId)).toEqual(['ann', 'cat', 'bea']);
    expect(places[2]).toEqual({
      technicianId: 'bea',
      position: null,
      available: false,
      aheadOfNextBy: null,
      reasons: [
        { code: 'unavailable', state: 'off', since: minute(10) },
        { code: 'fewest_turns', turns: 1 },
      ],
    });
  });

  it('gives nextTechnician the same place the board shows', () => {
    const state = foldTurnDay([...threeIn, e.skip('ann', 3)]);
    const suggestion = nextTechnician(state, manicure, minute(4));
    const board = explainQueue(state, minute(4), manicure);
    expect(suggestion?.place).toEqual(board.places.find((p) => p.technicianId === suggestion?.technicianId));
  });
});
