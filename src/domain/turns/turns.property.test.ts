import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyTurnEvent, compareByRules, foldTurnDay, startTurnDay, turnEventProblem } from './turn-day';
import { canDoService, explainQueue, nextTechnician } from './turn-queue';
import { TURN_WEIGHT, turnCounts } from './turn-value';
import type { TechnicianDay, TurnDayState, TurnEvent, TurnSettings } from './turns.types';
import { minute, technicianIds } from '../../../tests/support/domain/turns';

// Ledgers are generated as raw event lists over a few technicians, so events that do not apply (a break while
// busy, a turn for someone clocked out) are covered too: the fold must shrug them off.

const IDS = ['ann', 'bea', 'cat', 'dee', 'eve'] as const;
const SERVICES = [{ id: 'manicure' }, { id: 'pedicure' }] as const;

const settingsArb: fc.Arbitrary<TurnSettings> = fc.record({
  fullTurnFrom: fc.constant(0),
  noTurnBelow: fc.constant(0),
  countRequested: fc.boolean(),
  countAppointments: fc.boolean(),
  earlyClockInBonus: fc.integer({ min: 0, max: 2 }),
});

type Step = { gap: number; make: (at: string) => TurnEvent };

const techArb = fc.constantFrom(...IDS);

function stepArb(withReorders: boolean): fc.Arbitrary<Step> {
  const gap = fc.integer({ min: 0, max: 20 });
  const simple = (type: 'clock_out' | 'break_start' | 'break_end' | 'finish_turn' | 'skip' | 'cancel_skip') =>
    fc.record({ gap, tech: techArb }).map(({ gap, tech }) => ({
      gap,
      make: (at: string): TurnEvent => ({ type, technicianId: tech, at }),
    }));
  const arbs: fc.WeightedArbitrary<Step>[] = [
    {
      weight: 3,
      arbitrary: fc
        .record({
          gap,
          tech: techArb,
          only: fc.option(fc.subarray(['manicure', 'pedicure'], { minLength: 1 })),
        })
        .map(({ gap, tech, only }) => ({
          gap,
          make: (at: string): TurnEvent =>
            only
              ? { type: 'clock_in', technicianId: tech, at, serviceIds: only }
              : { type: 'clock_in', technicianId: tech, at },
        })),
    },
    {
      weight: 6,
      arbitrary: fc
        .record({
          gap,
          tech: techArb,
          turnValue: fc.constantFrom('full', 'half', 'none'),
          requested: fc.boolean(),
          appointment: fc.boolean(),
        })
        .map(({ gap, tech, turnValue, requested, appointment }) => ({
          gap,
          make: (at: string): TurnEvent => ({
            type: 'take_turn',
            technicianId: tech,
            at,
            turnValue,
            requested,
            appointment,
          }),
        })),
    },
    { weight: 5, arbitrary: simple('finish_turn') },
    { weight: 1, arbitrary: simple('clock_out') },
    { weight: 1, arbitrary: simple('break_start') },
    { weight: 1, arbitrary: simple('break_end') },
    { weight: 1, arbitrary: simple('skip') },
    { weight: 1, arbitrary: simple('cancel_skip') },
    {
      weight: 1,
      arbitrary: fc
        .record({ gap, tech: techArb, count: fc.integer({ min: 0, max: 3 }) })
        .map(({ gap, tech, count }) => ({
          gap,
          make: (at: string): TurnEvent => ({
            type: 'grant_bonus',
            technicianId: tech,
            at,
            count,
            by: 'm',
            reason: 'r',
          }),
        })),
    },
  ];
  if (withReorders) {
    arbs.push({
      weight: 2,
      arbitrary: fc
        .record({ gap, tech: techArb, position: fc.integer({ min: 0, max: 7 }) })
        .map(({ gap, tech, position }) => ({
          gap,
          make: (at: string): TurnEvent => ({
            type: 'reorder',
            technicianId: tech,
            at,
            position,
            by: 'm',
            reason: 'r',
          }),
        })),
    });
  }
  return fc.oneof(...arbs);
}

/**
 * A ledger opening with a few clock-ins from minute −30 (before a 09:00 opening at minute 0, so the early
 * clock-in bonus plays), then random acts, times never going back.
 */
function ledgerArb(withReorders: boolean): fc.Arbitrary<TurnEvent[]> {
  return fc
    .record({
      early: fc.subarray([...IDS], { minLength: 2 }),
      steps: fc.array(stepArb(withReorders), { minLength: 5, maxLength: 80, size: 'large' }),
    })
    .map(({ early, steps }) => {
      let t = -30;
      const opening: TurnEvent[] = early.map((id) => ({
        type: 'clock_in',
        technicianId: id,
        at: minute(t++),
      }));
      return [
        ...opening,
        ...steps.map((s) => {
          t += s.gap;
          return s.make(minute(t));
        }),
      ];
    });
}

const dayArb = (withReorders: boolean) =>
  fc.record({ settings: settingsArb, events: ledgerArb(withReorders) });

/** Every state the ledger passes through, the empty day first. */
function statesOf(events: TurnEvent[], settings: TurnSettings): TurnDayState[] {
  const states = [startTurnDay(settings, minute(0))];
  for (const event of events) states.push(applyTurnEvent(states[states.length - 1] as TurnDayState, event));
  return states;
}

function isAvailableFor(tech: TechnicianDay, service: { id: string }): boolean {
  return (
    tech.clockedIn &&
    tech.busySince === null &&
    tech.onBreakSince === null &&
    !tech.skipsNext &&
    canDoService(tech, service)
  );
}

function without(queue: readonly string[], id: string): string[] {
  return queue.filter((q) => q !== id);
}

const LATE = minute(24 * 60);

describe('turn engine properties (docs/turns.md)', () => {
  it('answers the same for the same ledger, and never changes a state it is given', () => {
    fc.assert(
      fc.property(dayArb(true), ({ settings, events }) => {
        const a = foldTurnDay(events, settings, minute(0));
        const snapshot = structuredClone(a);
        const b = foldTurnDay(structuredClone(events), settings, minute(0));
        expect(b).toEqual(a);
        for (const service of SERVICES) {
          expect(nextTechnician(b, service, LATE)).toEqual(nextTechnician(a, service, LATE));
          expect(explainQueue(b, LATE, service)).toEqual(explainQueue(a, LATE, service));
        }
        applyTurnEvent(a, {
          type: 'take_turn',
          technicianId: 'ann',
          at: LATE,
          turnValue: 'full',
          requested: false,
          appointment: false,
        });
        applyTurnEvent(a, {
          type: 'reorder',
          technicianId: 'bea',
          at: LATE,
          position: 1,
          by: 'm',
          reason: 'r',
        });
        expect(a).toEqual(snapshot);
      }),
    );
  });

  it('never suggests an unavailable technician, and suggests the first available one in the queue', () => {
    fc.assert(
      fc.property(dayArb(true), ({ settings, events }) => {
        for (const state of statesOf(events, settings)) {
          for (const service of SERVICES) {
            const next = nextTechnician(state, service, LATE);
            const firstAvailable = state.queue.find((id) =>
              isAvailableFor(state.technicians[id] as TechnicianDay, service),
            );
            expect(next?.technicianId).toBe(firstAvailable);
            if (next) {
              expect(isAvailableFor(state.technicians[next.technicianId] as TechnicianDay, service)).toBe(
                true,
              );
              expect(next.place.available).toBe(true);
            }
          }
        }
      }),
    );
  });

  it('keeps the queue in the rules’ order when no manager moved anyone', () => {
    fc.assert(
      fc.property(dayArb(false), ({ settings, events }) => {
        for (const state of statesOf(events, settings)) {
          const clockedIn = Object.values(state.technicians).filter((t) => t.clockedIn);
          expect(state.queue).toEqual([...clockedIn].sort(compareByRules).map((t) => t.id));
        }
      }),
    );
  });

  it('over a day where everyone is always available and every turn is equal and counted, turns differ by at most one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 120 }),
        fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 12, maxLength: 12 }),
        (count, turns, clockInMinutes) => {
          const ids = technicianIds(count);
          let state = startTurnDay();
          ids.forEach((id, i) => {
            state = applyTurnEvent(state, {
              type: 'clock_in',
              technicianId: id,
              at: minute(clockInMinutes[i] ?? 0),
            });
          });
          for (let k = 0; k < turns; k++) {
            const at = minute(31 + k);
            const next = nextTechnician(state, SERVICES[0], at);
            expect(next).not.toBeNull();
            const id = next?.technicianId as string;
            state = applyTurnEvent(state, {
              type: 'take_turn',
              technicianId: id,
              at,
              turnValue: 'full',
              requested: false,
              appointment: false,
            });
            state = applyTurnEvent(state, { type: 'finish_turn', technicianId: id, at });
            const counts = Object.values(state.technicians).map((t) => t.countedTurns);
            expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
          }
        },
      ),
    );
  });

  it('a reorder moves only the technician it names, to the position it says; no event reorders anyone else', () => {
    fc.assert(
      fc.property(dayArb(true), ({ settings, events }) => {
        const states = statesOf(events, settings);
        events.forEach((event, i) => {
          const before = states[i] as TurnDayState;
          const after = states[i + 1] as TurnDayState;
          const named = event.technicianId;
          const stayed = without(before.queue, named);
          expect(without(after.queue, named).filter((id) => stayed.includes(id))).toEqual(
            stayed.filter((id) => after.queue.includes(id)),
          );
          if (event.type === 'reorder' && turnEventProblem(before, event) === null) {
            expect(without(after.queue, named)).toEqual(stayed);
            expect(after.queue.indexOf(named)).toBe(Math.min(event.position, after.queue.length) - 1);
          }
        });
      }),
    );
  });

  it('bonus turns go before anyone else and never count as turns', () => {
    fc.assert(
      fc.property(dayArb(false), ({ settings, events }) => {
        const states = statesOf(events, settings);
        events.forEach((event, i) => {
          const before = states[i] as TurnDayState;
          const after = states[i + 1] as TurnDayState;
          for (const service of SERVICES) {
            const anyBonusAvailable = Object.values(before.technicians).some(
              (t) => t.bonusLeft > 0 && isAvailableFor(t, service),
            );
            const next = nextTechnician(before, service, LATE);
            if (anyBonusAvailable) expect(next?.usesBonus).toBe(true);
          }
          if (event.type !== 'take_turn' || turnEventProblem(before, event) !== null) return;
          const was = before.technicians[event.technicianId] as TechnicianDay;
          const now = after.technicians[event.technicianId] as TechnicianDay;
          if (turnCounts(event, settings) && was.bonusLeft > 0) {
            expect(now.countedTurns).toBe(was.countedTurns);
            expect(now.queuedSince).toBe(was.queuedSince);
            expect(now.bonusLeft).toBe(was.bonusLeft - 1);
          } else if (turnCounts(event, settings)) {
            expect(now.countedTurns).toBe(was.countedTurns + TURN_WEIGHT[event.turnValue]);
          } else {
            expect(now.countedTurns).toBe(was.countedTurns);
            expect(now.bonusLeft).toBe(was.bonusLeft);
          }
        });
      }),
    );
  });

  it('an event that does not apply leaves the day exactly as it was', () => {
    fc.assert(
      fc.property(dayArb(true), ({ settings, events }) => {
        const states = statesOf(events, settings);
        events.forEach((event, i) => {
          if (turnEventProblem(states[i] as TurnDayState, event) !== null)
            expect(states[i + 1]).toBe(states[i]);
        });
      }),
    );
  });
});
