/**
 * Builders of turn-day ledgers for tests and benchmarks only (never imported by app code): events read as
 * the front desk acts, at minutes after a fixed morning, so a test states only who did what when.
 */
import { applyTurnEvent, startTurnDay } from '../../../src/domain/turns/turn-day';
import { nextTechnician } from '../../../src/domain/turns/turn-queue';
import { DEFAULT_TURN_SETTINGS } from '../../../src/domain/turns/turn-value';
import type { TurnDayState, TurnEvent, TurnSettings, TurnValue } from '../../../src/domain/turns/turns.types';

/** 09:00 UTC on a weekday: minute 0 of every test day. */
export const DAY_START_MS = Date.parse('2025-03-14T09:00:00.000Z');

/** The ISO instant `minutes` after DAY_START_MS (negative is before it). */
export function minute(minutes: number): string {
  return new Date(DAY_START_MS + minutes * 60_000).toISOString();
}

export interface TurnOptions {
  turnValue?: TurnValue;
  requested?: boolean;
  appointment?: boolean;
  serviceId?: string;
}

export const turnEvents = {
  clockIn: (technicianId: string, at: number, serviceIds?: string[]): TurnEvent =>
    serviceIds
      ? { type: 'clock_in', technicianId, at: minute(at), serviceIds }
      : { type: 'clock_in', technicianId, at: minute(at) },
  clockOut: (technicianId: string, at: number): TurnEvent => ({
    type: 'clock_out',
    technicianId,
    at: minute(at),
  }),
  breakStart: (technicianId: string, at: number): TurnEvent => ({
    type: 'break_start',
    technicianId,
    at: minute(at),
  }),
  breakEnd: (technicianId: string, at: number): TurnEvent => ({
    type: 'break_end',
    technicianId,
    at: minute(at),
  }),
  take: (technicianId: string, at: number, options: TurnOptions = {}): TurnEvent => ({
    type: 'take_turn',
    technicianId,
    at: minute(at),
    turnValue: options.turnValue ?? 'full',
    requested: options.requested ?? false,
    appointment: options.appointment ?? false,
    ...(options.serviceId ? { serviceId: options.serviceId } : {}),
  }),
  finish: (technicianId: string, at: number): TurnEvent => ({
    type: 'finish_turn',
    technicianId,
    at: minute(at),
  }),
  skip: (technicianId: string, at: number): TurnEvent => ({ type: 'skip', technicianId, at: minute(at) }),
  cancelSkip: (technicianId: string, at: number): TurnEvent => ({
    type: 'cancel_skip',
    technicianId,
    at: minute(at),
  }),
  bonus: (technicianId: string, at: number, count = 1, reason = 'covered a shift'): TurnEvent => ({
    type: 'grant_bonus',
    technicianId,
    at: minute(at),
    count,
    by: 'manager-1',
    reason,
  }),
  reorder: (
    technicianId: string,
    at: number,
    position: number,
    reason = 'back from an errand',
  ): TurnEvent => ({
    type: 'reorder',
    technicianId,
    at: minute(at),
    position,
    by: 'manager-1',
    reason,
  }),
};

export function technicianIds(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `tech-${String(i + 1).padStart(2, '0')}`);
}

/**
 * A long, busy day: `technicians` clock in a minute apart (every fourth cannot do service "acrylic"), then
 * `turns` customers arrive a minute apart (or as soon as someone is free) and each goes to nextTechnician; every fifth turn is half,
 * every seventh requested (not counted by default), every eleventh is an appointment. Technicians finish
 * after a few customers, take breaks and skip now and then; two get a bonus and one is moved by a manager.
 * Deterministic: the same arguments give the same ledger.
 */
export function makeBusyDay(
  technicians: number,
  turns: number,
  settings: TurnSettings = DEFAULT_TURN_SETTINGS,
): { events: TurnEvent[]; state: TurnDayState } {
  const ids = technicianIds(technicians);
  const events: TurnEvent[] = [];
  let state = startTurnDay(settings, minute(30));
  const push = (event: TurnEvent) => {
    events.push(event);
    state = applyTurnEvent(state, event);
  };
  ids.forEach((id, i) => push(turnEvents.clockIn(id, i, i % 4 === 3 ? ['manicure', 'pedicure'] : undefined)));
  push(turnEvents.bonus(ids[1] as string, technicians, 2));
  push(turnEvents.bonus(ids[technicians - 1] as string, technicians, 1));
  const working: { id: string; until: number }[] = [];
  const resting: { id: string; until: number }[] = [];
  // One minute per tick; a tick where nobody can take the customer just lets time pass.
  for (let k = 0, tick = 0; k < turns && tick < turns * 20; tick++) {
    const now = technicians + 1 + tick;
    for (let w = working.length - 1; w >= 0; w--) {
      const job = working[w] as { id: string; until: number };
      if (job.until <= now) {
        push(turnEvents.finish(job.id, now));
        working.splice(w, 1);
      }
    }
    for (let r = resting.length - 1; r >= 0; r--) {
      const pause = resting[r] as { id: string; until: number };
      if (pause.until <= now) {
        push(turnEvents.breakEnd(pause.id, now));
        resting.splice(r, 1);
      }
    }
    if (tick % 37 === 5) push(turnEvents.skip(ids[tick % technicians] as string, now));
    if (tick === Math.floor(turns / 2)) push(turnEvents.reorder(ids[technicians - 2] as string, now, 1));
    const service = { id: k % 3 === 0 ? 'acrylic' : 'manicure' };
    const requested = k % 7 === 6;
    const chosen = requested
      ? ids
          .map((_, i) => ids[(k * 13 + i) % technicians] as string)
          .find((id) => !working.some((j) => j.id === id))
      : nextTechnician(state, service, minute(now))?.technicianId;
    if (chosen === undefined) continue;
    const pause = resting.findIndex((r) => r.id === chosen);
    if (pause >= 0) {
      push(turnEvents.breakEnd(chosen, now));
      resting.splice(pause, 1);
    }
    push(
      turnEvents.take(chosen, now, {
        serviceId: service.id,
        turnValue: k % 5 === 4 ? 'half' : 'full',
        requested,
        appointment: k % 11 === 10,
      }),
    );
    working.push({ id: chosen, until: now + 3 + ((k % 4) * technicians) / 10 });
    k++;
    if (k % 23 === 22) {
      const tired = ids[(k * 7) % technicians] as string;
      if (!working.some((j) => j.id === tired) && !resting.some((r) => r.id === tired)) {
        push(turnEvents.breakStart(tired, now));
        resting.push({ id: tired, until: now + 15 });
      }
    }
  }
  return { events, state };
}
