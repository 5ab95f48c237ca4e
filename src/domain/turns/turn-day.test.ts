import { describe, expect, it } from 'vitest';
import { applyTurnEvent, foldTurnDay, startTurnDay, turnEventProblem } from './turn-day';
import { DEFAULT_TURN_SETTINGS } from './turn-value';
import type { TurnEvent, TurnSettings } from './turns.types';
import { minute, turnEvents as e } from '../../../tests/support/domain/turns';

function day(
  events: TurnEvent[],
  settings: TurnSettings = DEFAULT_TURN_SETTINGS,
  opensAt: string | null = null,
) {
  return foldTurnDay(events, settings, opensAt);
}

const threeIn = [e.clockIn('ann', 0), e.clockIn('bea', 1), e.clockIn('cat', 2)];

describe('clock-in (docs/turns.md "Joining the queue")', () => {
  it('puts technicians in line by clock-in time, each queued since her clock-in', () => {
    const state = day(threeIn);
    expect(state.queue).toEqual(['ann', 'bea', 'cat']);
    expect(state.technicians.bea).toMatchObject({ countedTurns: 0, queuedSince: minute(1) });
  });

  it('puts a late arrival ahead of everyone who has more counted turns', () => {
    const state = day([...threeIn, e.take('ann', 5), e.take('bea', 6), e.clockIn('dee', 10)]);
    expect(state.queue).toEqual(['cat', 'dee', 'ann', 'bea']);
  });

  it('takes her out of the queue at clock-out and back in at the new clock-in time with her turns kept', () => {
    const state = day([...threeIn, e.take('ann', 5), e.clockOut('ann', 20), e.clockIn('ann', 30)]);
    expect(state.queue).toEqual(['bea', 'cat', 'ann']);
    expect(state.technicians.ann).toMatchObject({ countedTurns: 1, queuedSince: minute(30) });
  });
});

describe('counted turns (docs/turns.md "What counts")', () => {
  it('adds 1 for a full turn, 0.5 for a half, and moves the queue time to the turn', () => {
    const state = day([...threeIn, e.take('ann', 5), e.take('ann', 9, { turnValue: 'half' })]);
    expect(state.technicians.ann).toMatchObject({ countedTurns: 1.5, queuedSince: minute(9) });
    expect(state.queue).toEqual(['bea', 'cat', 'ann']);
  });

  it('breaks a tie on counted turns by the earlier queue time', () => {
    const state = day([...threeIn, e.take('cat', 5), e.take('ann', 6), e.take('bea', 7)]);
    expect(state.queue).toEqual(['cat', 'ann', 'bea']);
  });

  it('moves the technician neither in count nor in queue time for a requested turn by default', () => {
    const state = day([...threeIn, e.take('ann', 5, { requested: true })]);
    expect(state.technicians.ann).toMatchObject({
      countedTurns: 0,
      uncountedTurns: 1,
      queuedSince: minute(0),
    });
    expect(state.queue).toEqual(['ann', 'bea', 'cat']);
  });

  it('counts a requested turn when the store counts them', () => {
    const settings = { ...DEFAULT_TURN_SETTINGS, countRequested: true };
    const state = day([...threeIn, e.take('ann', 5, { requested: true })], settings);
    expect(state.technicians.ann?.countedTurns).toBe(1);
    expect(state.queue).toEqual(['bea', 'cat', 'ann']);
  });

  it('does not move her for an appointment unless the store counts appointments', () => {
    const events = [...threeIn, e.take('ann', 5, { appointment: true })];
    expect(day(events).queue).toEqual(['ann', 'bea', 'cat']);
    expect(day(events, { ...DEFAULT_TURN_SETTINGS, countAppointments: true }).queue).toEqual([
      'bea',
      'cat',
      'ann',
    ]);
  });

  it('does not move her for a turn worth none', () => {
    const state = day([...threeIn, e.take('ann', 5, { turnValue: 'none' })]);
    expect(state.queue).toEqual(['ann', 'bea', 'cat']);
    expect(state.technicians.ann?.uncountedTurns).toBe(1);
  });
});

describe('busy, break, skip (docs/turns.md "Who can take a turn")', () => {
  it('marks her busy from taking a turn until she finishes it, keeping her place', () => {
    const busy = day([...threeIn, e.take('bea', 5, { requested: true })]);
    expect(busy.technicians.bea?.busySince).toBe(minute(5));
    expect(applyTurnEvent(busy, e.finish('bea', 40)).technicians.bea?.busySince).toBeNull();
  });

  it('ends a break when she takes a turn anyway', () => {
    const state = day([...threeIn, e.breakStart('ann', 3), e.take('ann', 5, { requested: true })]);
    expect(state.technicians.ann).toMatchObject({ onBreakSince: null, busySince: minute(5) });
  });

  it('keeps a skip until the next counted turn, whoever takes it', () => {
    const skipping = day([...threeIn, e.skip('ann', 3), e.take('cat', 4, { requested: true })]);
    expect(skipping.technicians.ann?.skipsNext).toBe(true);
    const passed = applyTurnEvent(skipping, e.take('bea', 5));
    expect(passed.technicians.ann?.skipsNext).toBe(false);
    expect(passed.queue[0]).toBe('ann');
  });

  it('lets her take back a skip', () => {
    expect(day([...threeIn, e.skip('ann', 3), e.cancelSkip('ann', 4)]).technicians.ann?.skipsNext).toBe(
      false,
    );
  });
});

describe('bonus turns (docs/turns.md "Bonus turns")', () => {
  it("puts a technician with a manager's bonus first", () => {
    const state = day([...threeIn, e.bonus('cat', 3)]);
    expect(state.queue).toEqual(['cat', 'ann', 'bea']);
  });

  it('uses the bonus for her next counted turn without counting it or moving her queue time', () => {
    const state = day([...threeIn, e.bonus('cat', 3, 2), e.take('cat', 5)]);
    expect(state.technicians.cat).toMatchObject({
      countedTurns: 0,
      bonusLeft: 1,
      bonusUsed: 1,
      queuedSince: minute(2),
    });
    expect(state.queue).toEqual(['cat', 'ann', 'bea']);
  });

  it('returns her to her place by the rules when her last bonus is used', () => {
    const state = day([...threeIn, e.bonus('cat', 3), e.take('cat', 5)]);
    expect(state.queue).toEqual(['ann', 'bea', 'cat']);
  });

  it('does not use a bonus on a turn that does not count', () => {
    const state = day([...threeIn, e.bonus('cat', 3), e.take('cat', 5, { requested: true })]);
    expect(state.technicians.cat?.bonusLeft).toBe(1);
  });

  it('grants the store bonus to a first clock-in before opening, once a day', () => {
    const settings = { ...DEFAULT_TURN_SETTINGS, earlyClockInBonus: 1 };
    const events = [
      e.clockIn('ann', 0),
      e.clockIn('bea', 1),
      e.clockIn('cat', 40),
      e.clockOut('ann', 2),
      e.clockIn('ann', 3),
    ];
    const state = day(events, settings, minute(30));
    expect(state.technicians.ann?.bonusLeft).toBe(1);
    expect(state.technicians.bea?.bonusLeft).toBe(1);
    expect(state.technicians.cat?.bonusLeft).toBe(0);
  });

  it('grants no early bonus when the store has none or the day has no opening time', () => {
    expect(day([e.clockIn('ann', 0)], DEFAULT_TURN_SETTINGS, minute(30)).technicians.ann?.bonusLeft).toBe(0);
    const settings = { ...DEFAULT_TURN_SETTINGS, earlyClockInBonus: 1 };
    expect(day([e.clockIn('ann', 0)], settings, null).technicians.ann?.bonusLeft).toBe(0);
  });
});

describe('manual reorder (docs/turns.md "Manual reorder")', () => {
  const four = [...threeIn, e.clockIn('dee', 3)];

  it('moves one technician to the 1-based position asked, the others keeping their order', () => {
    expect(day([...four, e.reorder('dee', 5, 1)]).queue).toEqual(['dee', 'ann', 'bea', 'cat']);
    expect(day([...four, e.reorder('ann', 5, 3)]).queue).toEqual(['bea', 'cat', 'ann', 'dee']);
  });

  it('puts her last when the position is past the end', () => {
    expect(day([...four, e.reorder('ann', 5, 99)]).queue).toEqual(['bea', 'cat', 'dee', 'ann']);
  });

  it('records who moved her, when and why, until her next counted turn places her by the rules', () => {
    const moved = day([...four, e.reorder('dee', 5, 1, 'came in early for a client')]);
    expect(moved.technicians.dee?.movedByManager).toEqual({
      at: minute(5),
      by: 'manager-1',
      reason: 'came in early for a client',
      position: 1,
    });
    const served = applyTurnEvent(moved, e.take('dee', 6));
    expect(served.technicians.dee?.movedByManager).toBeNull();
    expect(served.queue).toEqual(['ann', 'bea', 'cat', 'dee']);
  });

  it('keeps her where the manager put her when others take turns', () => {
    const state = day([...four, e.reorder('dee', 5, 1), e.take('ann', 6), e.take('bea', 7)]);
    expect(state.queue).toEqual(['dee', 'cat', 'ann', 'bea']);
  });
});

describe('events that do not apply (turnEventProblem)', () => {
  const base = day(threeIn);
  const cases: [string, TurnEvent, string][] = [
    ['a second clock-in', e.clockIn('ann', 4), 'already_clocked_in'],
    ['a turn for someone not clocked in', e.take('zoe', 4), 'not_clocked_in'],
    ['a break while busy', e.breakStart('ann', 4), 'busy'],
    ['the end of a break not started', e.breakEnd('bea', 4), 'not_on_break'],
    ['finishing with no customer', e.finish('bea', 4), 'not_busy'],
    ['cancelling a skip never asked', e.cancelSkip('bea', 4), 'not_skipping'],
    ['a bonus of no turns', e.bonus('bea', 4, 0), 'invalid_count'],
    ['a move to position 0', e.reorder('bea', 4, 0), 'invalid_position'],
    ['a time that is not an instant', { ...e.skip('bea', 4), at: 'soon' }, 'invalid_time'],
  ];
  const busyAnn = applyTurnEvent(base, e.take('ann', 3));

  it.each(cases)('refuses %s and leaves the day as it was', (_, event, problem) => {
    expect(turnEventProblem(busyAnn, event)).toBe(problem);
    expect(applyTurnEvent(busyAnn, event)).toBe(busyAnn);
  });

  it('starts an empty day without an opening time when the one given does not parse', () => {
    expect(startTurnDay(DEFAULT_TURN_SETTINGS, 'at nine')).toMatchObject({ opensAt: null, queue: [] });
  });
});
