/**
 * The demo's front desk (docs/front-desk.md, docs/turns.md): the turn ledger of the week's earlier days and two
 * walk-ins waiting today, written through the real services (recordClockTurn, takeTurn, finishTurn,
 * createWalkIn) inside the seed's transaction, so the ledger and the queue are what the desk itself writes.
 *
 * Today's board is left as the seed's clock-ins make it: every technician available, none busy (the turn and
 * walk-in screens start from there). The waiting walk-ins are demo customers no browser spec looks for by name,
 * and the one who asked for a technician asked for Chloe, not the first technician the TV spec checks in for.
 */
import { createWalkInBody } from '../../contracts/walk-ins';
import { dayInTimeZone } from '../../domain/report-periods';
import { normalisePhone } from '../../domain/normalise';
import { wallTimeToInstant } from '../../domain/store-time';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { finishTurn, recordClockTurn, takeTurn } from '../services/turn-system';
import { createWalkIn } from '../services/walk-ins';
import { must } from './demo-week';

/** The technicians the seed clocks in today, who also worked the week's earlier days. */
export const DEMO_TURN_TECHNICIANS = ['anna', 'bella', 'chloe'] as const;
/** Days before today with a turn ledger (the demo week's sales cover the seven days before today). */
export const DEMO_TURN_DAYS = 6;
/**
 * The turns of a past day, one per technician, [taken, finished] store times (each technician ten minutes after
 * the one before) and the service. One each keeps the seed quick: every ledger write is a locked, folded
 * store-day (docs/turns.md "The ledger on the server"), about as dear as a sale.
 */
const DAY_TURNS = [
  { take: '10:00', finish: '10:45', services: ['Gel Manicure', 'Classic Pedicure'] },
] as const;
/** Turns each technician takes (and finishes) on each of those days. */
export const DEMO_TURNS_PER_DAY = DAY_TURNS.length;

export interface DemoWalkIn {
  customerPhone: string;
  /** The technician asked for (username); none: anyone. */
  technician: string | null;
  services: readonly string[];
  minutesAgo: number;
}

/** Waiting today: one asking for anyone, one for Chloe (docs/front-desk.md). */
export const DEMO_WALK_INS: readonly DemoWalkIn[] = [
  { customerPhone: '2125551005', technician: null, services: ['Classic Manicure'], minutesAgo: 12 },
  {
    customerPhone: '2125551002',
    technician: 'chloe',
    services: ['Gel Manicure', 'Classic Pedicure'],
    minutesAgo: 4,
  },
];

export interface DemoFrontDeskRefs {
  auth: AuthContext;
  storeId: number;
  timezone: string;
  userIds: ReadonlyMap<string, number>;
  serviceIds: ReadonlyMap<string, number>;
  /** By normalised phone. */
  customerIds: ReadonlyMap<string | null, number>;
}

function storeInstant(date: string, time: string, timeZone: string, minutesLater = 0): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return wallTimeToInstant(Date.UTC(y, m - 1, d, hh, mm + minutesLater), timeZone);
}

function daysBefore(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

/**
 * The past days' turns: each technician clocks in at 9:00 (a few minutes apart), takes a turn with a service
 * and finishes it, and clocks out at 19:00. The ledger keys every row by its business day (the
 * store-local date of the `now` given), so a past day is written as the clock and the desk wrote it then.
 */
export async function seedDemoTurnWeek(tx: Queryable, now: Date, refs: DemoFrontDeskRefs): Promise<void> {
  const { auth, storeId, timezone } = refs;
  const today = dayInTimeZone(now, timezone);
  const technicians = DEMO_TURN_TECHNICIANS.map((username) => must(refs.userIds, username));
  for (let back = DEMO_TURN_DAYS; back >= 1; back--) {
    const day = daysBefore(today, back);
    for (const [i, id] of technicians.entries()) {
      await recordClockTurn(tx, auth, storeId, id, 'check_in', storeInstant(day, '09:00', timezone, i * 5));
    }
    for (const turn of DAY_TURNS) {
      for (const [i, id] of technicians.entries()) {
        const service = turn.services[(back + i) % turn.services.length]!;
        const taken = await takeTurn(
          tx,
          auth,
          storeId,
          { technicianId: id, serviceId: must(refs.serviceIds, service) },
          storeInstant(day, turn.take, timezone, i * 10),
        );
        await finishTurn(tx, auth, storeId, taken.id, storeInstant(day, turn.finish, timezone, i * 10));
      }
    }
    for (const [i, id] of technicians.entries()) {
      await recordClockTurn(tx, auth, storeId, id, 'check_out', storeInstant(day, '19:00', timezone, i * 5));
    }
  }
}

/** Today's waiting walk-ins, checked in at the desk a few minutes before the seed's clock. */
export async function seedDemoWalkIns(tx: Queryable, now: Date, refs: DemoFrontDeskRefs): Promise<void> {
  for (const w of DEMO_WALK_INS) {
    const body = createWalkInBody.parse({
      customer_id: must(refs.customerIds, normalisePhone(w.customerPhone)),
      ...(w.technician ? { user_id: must(refs.userIds, w.technician) } : {}),
      booking_appt_service: w.services.map((name) => ({ service_id: must(refs.serviceIds, name) })),
    });
    await createWalkIn(tx, refs.auth, body, new Date(now.getTime() - w.minutesAgo * 60_000));
  }
}
