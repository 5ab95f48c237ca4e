/**
 * The turn system on the server (docs/turns.md "The ledger on the server"): a store's business day is its
 * ledger (turn_events, src/server/db/schema/turns.ts) folded with the pure engine (src/domain/turns). Every
 * write takes the store-day's lock, folds the day, refuses a command that does not apply (409 `turn_refused`
 * with the problem in details.problem) and appends one event with the next sequence number, so there is one
 * writer per store-day and the order of the ledger is the order commands were accepted in.
 *
 * The functions other parts of the server call keep their signatures (the walk-in desk assigns turns through
 * them): turnBoard, suggestTechnician, takeTurn, finishTurn, and recordClockTurn (the clock, in its own
 * transaction).
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type {
  BoardTechnician,
  TurnBoard,
  TurnEntry,
  TurnProblem,
  TurnReasonView,
  TurnServiceView,
  TurnSuggestion,
} from '../../contracts/turn-system';
import { ERROR_CODE } from '../../contracts/error-codes';
import { LIVE_TOPIC } from '../../contracts/live';
import { storeTimeToIso } from '../../domain/store-time';
import { dayInTimeZone } from '../../domain/report-periods';
import { foldTurnDay, turnEventProblem } from '../../domain/turns/turn-day';
import { explainQueue, nextTechnician } from '../../domain/turns/turn-queue';
import { DEFAULT_TURN_SETTINGS, serviceTurnValue } from '../../domain/turns/turn-value';
import type {
  QueuePlace,
  TechnicianDay,
  TurnDayState,
  TurnEvent,
  TurnSettings,
  TurnValue,
} from '../../domain/turns/turns.types';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { services } from '../db/schema/catalog';
import { stores } from '../db/schema/stores';
import type { TurnLedgerPayload, TurnLedgerType } from '../db/schema/turns';
import { turnEvents } from '../db/schema/turns';
import { users } from '../db/schema/users';
import { storeValues, tenantIdWhere, tenantWhere } from '../db/scoped';
import type { TenantScope } from '../db/scoped';
import { conflict, notFound } from '../errors';
import { publishStoreChange } from '../live/publish';
import { writeResourceAudit } from '../resources/audit';

/** Who writes: the tenant, and the signed-in person recorded as the actor of what they append. */
export interface TurnScope extends TenantScope {
  userId?: number | null;
}

export const TURN_NOT_FOUND = 'Turn not found.';

const PROBLEM_MESSAGE: Readonly<Record<TurnProblem, string>> = {
  invalid_time: 'The time of this turn is not valid.',
  not_clocked_in: 'This technician is not clocked in.',
  already_clocked_in: 'This technician is already clocked in.',
  busy: 'This technician is busy with a customer.',
  not_busy: 'This technician has no customer to finish.',
  on_break: 'This technician is on a break.',
  not_on_break: 'This technician is not on a break.',
  already_skipping: 'This technician already skips the next turn.',
  not_skipping: 'This technician is not skipping.',
  invalid_count: 'Give at least one bonus turn.',
  invalid_position: 'Choose a position of 1 or more.',
  not_a_technician: 'This person is not a technician of this store.',
  nobody_available: 'Nobody is free to take this turn.',
  turn_cancelled: 'This turn was cancelled.',
};

/** 409 with the problem's code in details, so the client words it (docs/errors.md). */
export function turnRefused(problem: TurnProblem) {
  return conflict(PROBLEM_MESSAGE[problem], ERROR_CODE.TURN_REFUSED, { problem });
}

// ---- the store's turn settings ----------------------------------------------------------------------------

/**
 * stores.settings.turns, read leniently as every stored setting is (docs/settings.md): a malformed value
 * falls back to its default (docs/turns.md "Settings"). `opens_at` is the store's opening time ('HH:MM', store
 * time) the early clock-in bonus compares with; absent, no clock-in is early.
 */
const storedTurnSettings = z.object({
  full_turn_from: z.number().int().min(0).catch(DEFAULT_TURN_SETTINGS.fullTurnFrom),
  no_turn_below: z.number().int().min(0).catch(DEFAULT_TURN_SETTINGS.noTurnBelow),
  count_requested: z.boolean().catch(DEFAULT_TURN_SETTINGS.countRequested),
  count_appointments: z.boolean().catch(DEFAULT_TURN_SETTINGS.countAppointments),
  early_clock_in_bonus: z.number().int().min(0).max(10).catch(DEFAULT_TURN_SETTINGS.earlyClockInBonus),
  opens_at: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
    .nullable()
    .catch(null),
});
export type StoredTurnSettings = z.output<typeof storedTurnSettings>;

export function readTurnSettings(stored: unknown): StoredTurnSettings {
  const all = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const turns = typeof all.turns === 'object' && all.turns !== null ? all.turns : {};
  return storedTurnSettings.parse(turns);
}

function engineSettings(s: StoredTurnSettings): TurnSettings {
  return {
    fullTurnFrom: s.full_turn_from,
    noTurnBelow: s.no_turn_below,
    countRequested: s.count_requested,
    countAppointments: s.count_appointments,
    earlyClockInBonus: s.early_clock_in_bonus,
  };
}

interface StoreDay {
  storeId: number;
  timezone: string;
  businessDate: string;
  settings: TurnSettings;
  opensAt: string | null;
}

async function storeDay(db: Queryable, scope: TenantScope, storeId: number, now: Date): Promise<StoreDay> {
  const [row] = await db
    .select({ timezone: stores.timezone, settings: stores.settings })
    .from(stores)
    .where(tenantIdWhere(stores, scope, storeId))
    .limit(1);
  if (!row) throw notFound('Store not found.');
  const businessDate = dayInTimeZone(now, row.timezone);
  const stored = readTurnSettings(row.settings);
  return {
    storeId,
    timezone: row.timezone,
    businessDate,
    settings: engineSettings(stored),
    opensAt: stored.opens_at ? storeTimeToIso(`${businessDate}T${stored.opens_at}`, row.timezone) : null,
  };
}

// ---- the ledger -------------------------------------------------------------------------------------------

type LedgerRow = typeof turnEvents.$inferSelect;

interface Day {
  store: StoreDay;
  rows: LedgerRow[];
  state: TurnDayState;
}

async function loadRows(db: Queryable, scope: TenantScope, store: StoreDay): Promise<LedgerRow[]> {
  return db
    .select()
    .from(turnEvents)
    .where(
      tenantWhere(
        turnEvents,
        scope,
        eq(turnEvents.storeId, store.storeId),
        eq(turnEvents.businessDate, store.businessDate),
      ),
    )
    .orderBy(asc(turnEvents.seq));
}

/**
 * The ledger as the engine's events: a cancelled turn (and its finish) is left out and a corrected one is read
 * with its correction, so the day replays as if the turn had been given right (docs/turns.md "The ledger on
 * the server").
 */
export function ledgerToEvents(rows: readonly LedgerRow[]): TurnEvent[] {
  const cancelled = new Set<number>();
  const corrections = new Map<number, TurnLedgerPayload>();
  for (const row of rows) {
    if (row.type === 'cancel_turn' && row.turnId !== null) cancelled.add(row.turnId);
    if (row.type === 'update_turn' && row.turnId !== null)
      corrections.set(row.turnId, { ...corrections.get(row.turnId), ...row.payload });
  }
  const events: TurnEvent[] = [];
  for (const row of rows) {
    const base = { technicianId: String(row.technicianId), at: row.at.toISOString() };
    const p = row.payload;
    const manager = { by: String(row.approvedBy ?? row.actorId ?? ''), reason: row.reason ?? '' };
    switch (row.type) {
      case 'clock_in':
        events.push(
          p.serviceIds
            ? { ...base, type: 'clock_in', serviceIds: p.serviceIds }
            : { ...base, type: 'clock_in' },
        );
        break;
      case 'take_turn': {
        if (cancelled.has(row.id)) break;
        const turn = { ...p, ...corrections.get(row.id) };
        events.push({
          ...base,
          type: 'take_turn',
          ...(turn.serviceId ? { serviceId: turn.serviceId } : {}),
          turnValue: turn.turnValue ?? 'full',
          requested: turn.requested ?? false,
          appointment: turn.appointment ?? false,
        });
        break;
      }
      case 'finish_turn':
        if (row.turnId !== null && cancelled.has(row.turnId)) break;
        events.push({ ...base, type: 'finish_turn' });
        break;
      case 'grant_bonus':
        events.push({ ...base, ...manager, type: 'grant_bonus', count: p.count ?? 0 });
        break;
      case 'reorder':
        events.push({ ...base, ...manager, type: 'reorder', position: p.position ?? 0 });
        break;
      case 'clock_out':
      case 'break_start':
      case 'break_end':
      case 'skip':
      case 'cancel_skip':
        events.push({ ...base, type: row.type });
        break;
      case 'update_turn':
      case 'cancel_turn':
        break;
    }
  }
  return events;
}

async function loadDay(db: Queryable, scope: TenantScope, storeId: number, now: Date): Promise<Day> {
  const store = await storeDay(db, scope, storeId, now);
  const rows = await loadRows(db, scope, store);
  return { store, rows, state: foldTurnDay(ledgerToEvents(rows), store.settings, store.opensAt) };
}

/**
 * One writer per store-day (docs/turns.md "The ledger on the server"): a transaction-level advisory lock on
 * the tenant, store and business date, taken before the day is read, so the check and the append see the
 * same ledger. The unique (tenant, store, date, seq) index is the backstop.
 */
async function lockStoreDay(tx: Queryable, scope: TenantScope, storeId: number, businessDate: string) {
  const key = `turns:${scope.tenantId}:${storeId}:${businessDate}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

interface Append {
  type: TurnLedgerType;
  technicianId: number;
  turnId?: number | null;
  payload?: TurnLedgerPayload;
  approvedBy?: number | null;
  reason?: string | null;
}

async function append(
  tx: Queryable,
  scope: TurnScope,
  day: Day,
  entries: readonly Append[],
  now: Date,
): Promise<LedgerRow[]> {
  if (entries.length === 0) return [];
  const last = day.rows.at(-1)?.seq ?? 0;
  const store = { tenantId: scope.tenantId, storeId: day.store.storeId };
  // The TV and the boards hear of the change when it commits (docs/live.md).
  await publishStoreChange(tx, scope.tenantId, day.store.storeId, LIVE_TOPIC.TURNS, [
    ...new Set(entries.map((e) => e.technicianId)),
  ]);
  return tx
    .insert(turnEvents)
    .values(
      entries.map((e, i) =>
        storeValues(store, {
          businessDate: day.store.businessDate,
          seq: last + i + 1,
          type: e.type,
          technicianId: e.technicianId,
          at: now,
          turnId: e.turnId ?? null,
          payload: e.payload ?? {},
          actorId: scope.userId ?? null,
          approvedBy: e.approvedBy ?? null,
          reason: e.reason ?? null,
        }),
      ),
    )
    .returning();
}

/** The store-day locked and folded, inside a transaction (nested calls become savepoints). */
async function withLockedDay<T>(
  db: Queryable,
  scope: TenantScope,
  storeId: number,
  now: Date,
  work: (tx: Queryable, day: Day) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const store = await storeDay(tx, scope, storeId, now);
    await lockStoreDay(tx, scope, storeId, store.businessDate);
    const rows = await loadRows(tx, scope, store);
    const day = { store, rows, state: foldTurnDay(ledgerToEvents(rows), store.settings, store.opensAt) };
    return work(tx as unknown as Queryable, day);
  });
}

/** The engine's problem with `event` on the day, as a refusal. */
function check(day: Day, event: TurnEvent): void {
  const problem = turnEventProblem(day.state, event);
  if (problem) throw turnRefused(problem);
}

// ---- views ------------------------------------------------------------------------------------------------

function entryOf(rows: readonly LedgerRow[], take: LedgerRow): TurnEntry {
  let finishedAt: Date | null = null;
  let cancelledAt: Date | null = null;
  let turn: TurnLedgerPayload = { ...take.payload };
  for (const row of rows) {
    if (row.turnId !== take.id) continue;
    if (row.type === 'finish_turn') finishedAt = row.at;
    if (row.type === 'cancel_turn') cancelledAt = row.at;
    if (row.type === 'update_turn') turn = { ...turn, ...row.payload };
  }
  return {
    id: take.id,
    business_date: take.businessDate,
    technician_id: take.technicianId,
    service_id: turn.serviceId ? Number(turn.serviceId) : null,
    service_name: turn.serviceName ?? null,
    turn_value: turn.turnValue ?? 'full',
    requested: turn.requested ?? false,
    appointment: turn.appointment ?? false,
    taken_at: take.at.toISOString(),
    finished_at: finishedAt?.toISOString() ?? null,
    cancelled_at: cancelledAt?.toISOString() ?? null,
    status: cancelledAt ? 'cancelled' : finishedAt ? 'finished' : 'busy',
  };
}

/** The turn she is busy with: her last take that is neither finished nor cancelled. */
function openTurnRow(rows: readonly LedgerRow[], technicianId: number): LedgerRow | undefined {
  const closed = new Set(
    rows.filter((r) => r.type === 'finish_turn' || r.type === 'cancel_turn').map((r) => r.turnId),
  );
  return rows.findLast((r) => r.type === 'take_turn' && r.technicianId === technicianId && !closed.has(r.id));
}

function stateOf(tech: TechnicianDay): BoardTechnician['state'] {
  if (!tech.clockedIn) return 'off';
  if (tech.busySince !== null) return 'busy';
  if (tech.onBreakSince !== null) return 'break';
  if (tech.skipsNext) return 'skipping';
  return 'available';
}

async function namesOf(
  db: Queryable,
  scope: TenantScope,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.displayName })
    .from(users)
    .where(tenantWhere(users, scope, inArray(users.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r.name]));
}

function reasonViews(place: QueuePlace, names: ReadonlyMap<number, string>): TurnReasonView[] {
  return place.reasons.map((r) =>
    r.code === 'moved_by_manager' ? { ...r, by_name: names.get(Number(r.by)) ?? '' } : r,
  );
}

async function boardOf(db: Queryable, scope: TenantScope, day: Day, now: Date): Promise<TurnBoard> {
  const at = now.toISOString();
  const explained = explainQueue(day.state, at);
  const movers = explained.places.flatMap((p) =>
    p.reasons.flatMap((r) => (r.code === 'moved_by_manager' ? [Number(r.by)] : [])),
  );
  const names = await namesOf(db, scope, [...explained.places.map((p) => Number(p.technicianId)), ...movers]);
  const technicians = explained.places.map((place): BoardTechnician => {
    const tech = day.state.technicians[place.technicianId] as TechnicianDay;
    const id = Number(place.technicianId);
    const open = tech.busySince !== null ? openTurnRow(day.rows, id) : undefined;
    return {
      technician_id: id,
      name: names.get(id) ?? '',
      state: stateOf(tech),
      position: place.position,
      available: place.available,
      counted_turns: tech.countedTurns,
      uncounted_turns: tech.uncountedTurns,
      bonus_left: tech.bonusLeft,
      bonus_used: tech.bonusUsed,
      queued_since: tech.clockedIn ? tech.queuedSince : null,
      ahead_of_next_by: place.aheadOfNextBy,
      reasons: reasonViews(place, names),
      current_turn: open ? entryOf(day.rows, open) : null,
    };
  });
  const firstFree = explained.places.find((p) => p.available);
  return {
    business_date: day.store.businessDate,
    at,
    technicians,
    next: firstFree
      ? {
          technician_id: Number(firstFree.technicianId),
          uses_bonus: (day.state.technicians[firstFree.technicianId]?.bonusLeft ?? 0) > 0,
        }
      : null,
  };
}

// ---- reads ------------------------------------------------------------------------------------------------

/** The board of the store's business day at `now`: the queue in order with every place explained. */
export async function turnBoard(
  tx: Queryable,
  scope: TenantScope,
  storeId: number,
  now: Date,
): Promise<TurnBoard> {
  const day = await loadDay(tx, scope, storeId, now);
  return boardOf(tx, scope, day, now);
}

interface ServiceRow {
  id: number;
  name: string;
  price: number;
  turnValue: TurnValue | null;
}

async function findService(db: Queryable, scope: TenantScope, storeId: number, serviceId: number) {
  const [row] = await db
    .select({ id: services.id, name: services.name, price: services.price, turnValue: services.turnValue })
    .from(services)
    .where(tenantIdWhere(services, scope, serviceId, eq(services.storeId, storeId)))
    .limit(1);
  if (!row) throw notFound('Service not found.');
  return row as ServiceRow;
}

function resolvedValue(service: ServiceRow, settings: TurnSettings): TurnValue {
  return serviceTurnValue(
    { id: String(service.id), price: service.price, turnValue: service.turnValue },
    settings,
  );
}

/** GET /pos/turn-system/services: the store's active services with the turn value a turn for each counts. */
export async function turnServices(
  db: Queryable,
  scope: TenantScope,
  storeId: number,
  now: Date,
): Promise<{ items: TurnServiceView[] }> {
  const store = await storeDay(db, scope, storeId, now);
  const rows = await db
    .select({ id: services.id, name: services.name, price: services.price, turnValue: services.turnValue })
    .from(services)
    .where(tenantWhere(services, scope, eq(services.storeId, storeId), eq(services.isActive, true)))
    .orderBy(asc(services.displayOrder), asc(services.name), asc(services.id));
  return {
    items: (rows as ServiceRow[]).map((s) => ({
      id: s.id,
      name: s.name,
      price: s.price,
      turn_value: resolvedValue(s, store.settings),
    })),
  };
}

/**
 * Who would take a turn for `serviceId` now (null: anyone's service, any technician), with the reasons for her
 * place; null when nobody is free. Reads only: the walk-in desk asks, then gives the turn with takeTurn.
 */
export async function suggestTechnician(
  tx: Queryable,
  scope: TenantScope,
  storeId: number,
  serviceId: number | null,
  now: Date,
): Promise<TurnSuggestion | null> {
  const day = await loadDay(tx, scope, storeId, now);
  const at = now.toISOString();
  const found =
    serviceId === null ? nextAny(day.state, at) : nextTechnician(day.state, { id: String(serviceId) }, at);
  if (!found) return null;
  const names = await namesOf(tx, scope, [
    Number(found.technicianId),
    ...found.place.reasons.flatMap((r) => (r.code === 'moved_by_manager' ? [Number(r.by)] : [])),
  ]);
  return {
    technician_id: Number(found.technicianId),
    name: names.get(Number(found.technicianId)) ?? '',
    uses_bonus: found.usesBonus,
    reasons: reasonViews(found.place, names),
  };
}

/** The first free technician whatever the service (the board's "next"). */
function nextAny(state: TurnDayState, at: string) {
  const place = explainQueue(state, at).places.find((p) => p.available);
  if (!place) return null;
  return {
    technicianId: place.technicianId,
    usesBonus: (state.technicians[place.technicianId]?.bonusLeft ?? 0) > 0,
    place,
  };
}

/** GET /pos/turn-system/{id}: one turn of the store (any day), with what became of it. */
export async function getTurn(
  db: Queryable,
  scope: TenantScope,
  storeId: number,
  turnId: number,
): Promise<TurnEntry> {
  const take = await findTake(db, scope, storeId, turnId);
  const related = await db
    .select()
    .from(turnEvents)
    .where(tenantWhere(turnEvents, scope, eq(turnEvents.storeId, storeId), eq(turnEvents.turnId, turnId)));
  return entryOf(related, take);
}

async function findTake(db: Queryable, scope: TenantScope, storeId: number, turnId: number) {
  const [take] = await db
    .select()
    .from(turnEvents)
    .where(
      tenantIdWhere(
        turnEvents,
        scope,
        turnId,
        eq(turnEvents.storeId, storeId),
        eq(turnEvents.type, 'take_turn'),
      ),
    )
    .limit(1);
  if (!take) throw notFound(TURN_NOT_FOUND);
  return take;
}

// ---- writes -----------------------------------------------------------------------------------------------

async function requireTechnician(db: Queryable, scope: TenantScope, storeId: number, technicianId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      tenantIdWhere(
        users,
        scope,
        technicianId,
        eq(users.isActive, true),
        eq(users.isTechnician, true),
        sql`(${users.storeId} is null or ${users.storeId} = ${storeId})`,
      ),
    )
    .limit(1);
  if (!row) throw turnRefused('not_a_technician');
}

export interface TakeTurnInput {
  /** Who takes it; absent: the board's next technician for the service. */
  technicianId?: number;
  /** The catalog service; null or absent: a turn without a service (counts full). */
  serviceId?: number | null;
  /** The customer asked for her. */
  requested?: boolean;
  /** The customer booked. */
  appointment?: boolean;
}

/**
 * Gives a turn: the technician named (or the next for the service), the service's value resolved now and
 * written into the ledger (docs/turns.md "Turn value"). Refused while she is busy (one customer at a time),
 * off, or not a technician; with no technician named and nobody free, `nobody_available`.
 */
export async function takeTurn(
  tx: Queryable,
  scope: TurnScope,
  storeId: number,
  input: TakeTurnInput,
  now: Date,
): Promise<TurnEntry> {
  return withLockedDay(tx, scope, storeId, now, async (db, day) => {
    const service =
      input.serviceId === undefined || input.serviceId === null
        ? null
        : await findService(db, scope, storeId, input.serviceId);
    let technicianId = input.technicianId;
    if (technicianId === undefined) {
      const at = now.toISOString();
      const next = service
        ? nextTechnician(day.state, { id: String(service.id) }, at)
        : nextAny(day.state, at);
      if (!next) throw turnRefused('nobody_available');
      technicianId = Number(next.technicianId);
    } else {
      await requireTechnician(db, scope, storeId, technicianId);
    }
    const tech = day.state.technicians[String(technicianId)];
    // The engine folds a second take as a new turn (a stored ledger must replay); the desk refuses it.
    if (tech?.clockedIn && tech.busySince !== null) throw turnRefused('busy');
    const payload: TurnLedgerPayload = {
      ...(service ? { serviceId: String(service.id), serviceName: service.name } : {}),
      turnValue: service ? resolvedValue(service, day.store.settings) : 'full',
      requested: input.requested ?? false,
      appointment: input.appointment ?? false,
    };
    check(day, {
      type: 'take_turn',
      technicianId: String(technicianId),
      at: now.toISOString(),
      ...(payload.serviceId ? { serviceId: payload.serviceId } : {}),
      turnValue: payload.turnValue ?? 'full',
      requested: payload.requested ?? false,
      appointment: payload.appointment ?? false,
    });
    const [row] = await append(db, scope, day, [{ type: 'take_turn', technicianId, payload }], now);
    return entryOf([], row!);
  });
}

/** Ends a turn (the customer is done): she is free again, her place unchanged. */
export async function finishTurn(
  tx: Queryable,
  scope: TurnScope,
  storeId: number,
  turnId: number,
  now: Date,
): Promise<TurnEntry> {
  return withLockedDay(tx, scope, storeId, now, async (db, day) => {
    const take = await findTake(db, scope, storeId, turnId);
    const entry = await getTurn(db, scope, storeId, turnId);
    if (entry.status === 'cancelled') throw turnRefused('turn_cancelled');
    if (entry.status === 'finished' || take.businessDate !== day.store.businessDate)
      throw turnRefused('not_busy');
    check(day, { type: 'finish_turn', technicianId: String(take.technicianId), at: now.toISOString() });
    await append(db, scope, day, [{ type: 'finish_turn', technicianId: take.technicianId, turnId }], now);
    return getTurn(db, scope, storeId, turnId);
  });
}

export interface TurnCorrection {
  serviceId?: number | null;
  requested?: boolean;
  appointment?: boolean;
}

/** Corrects a turn of today given with the wrong service or flags: the day replays with the correction. */
export async function updateTurn(
  tx: Queryable,
  scope: TurnScope,
  storeId: number,
  turnId: number,
  change: TurnCorrection,
  now: Date,
): Promise<TurnEntry> {
  return withLockedDay(tx, scope, storeId, now, async (db, day) => {
    const take = await findTake(db, scope, storeId, turnId);
    const entry = await getTurn(db, scope, storeId, turnId);
    if (entry.status === 'cancelled') throw turnRefused('turn_cancelled');
    if (take.businessDate !== day.store.businessDate) throw notFound(TURN_NOT_FOUND);
    const payload: TurnLedgerPayload = {};
    if (change.serviceId !== undefined) {
      if (change.serviceId === null) {
        Object.assign(payload, { serviceId: undefined, serviceName: undefined, turnValue: 'full' });
      } else {
        const service = await findService(db, scope, storeId, change.serviceId);
        Object.assign(payload, {
          serviceId: String(service.id),
          serviceName: service.name,
          turnValue: resolvedValue(service, day.store.settings),
        });
      }
    }
    if (change.requested !== undefined) payload.requested = change.requested;
    if (change.appointment !== undefined) payload.appointment = change.appointment;
    await append(
      db,
      scope,
      day,
      [
        {
          type: 'update_turn',
          technicianId: take.technicianId,
          turnId,
          payload: JSON.parse(JSON.stringify(payload)),
        },
      ],
      now,
    );
    return getTurn(db, scope, storeId, turnId);
  });
}

/** Cancels a turn of today given by mistake: the day replays without it (her count and place come back). */
export async function cancelTurn(
  tx: Queryable,
  scope: TurnScope,
  storeId: number,
  turnId: number,
  reason: string | null,
  now: Date,
): Promise<TurnEntry> {
  return withLockedDay(tx, scope, storeId, now, async (db, day) => {
    const take = await findTake(db, scope, storeId, turnId);
    const entry = await getTurn(db, scope, storeId, turnId);
    if (entry.status === 'cancelled') throw turnRefused('turn_cancelled');
    if (take.businessDate !== day.store.businessDate) throw notFound(TURN_NOT_FOUND);
    await append(
      db,
      scope,
      day,
      [{ type: 'cancel_turn', technicianId: take.technicianId, turnId, reason }],
      now,
    );
    return getTurn(db, scope, storeId, turnId);
  });
}

/** She passes the next turn given from the queue, or takes her skip back. */
export async function skipTurn(
  tx: Queryable,
  scope: TurnScope,
  storeId: number,
  technicianId: number,
  cancel: boolean,
  now: Date,
): Promise<TurnBoard> {
  return withLockedDay(tx, scope, storeId, now, async (db, day) => {
    await requireTechnician(db, scope, storeId, technicianId);
    const type = cancel ? 'cancel_skip' : 'skip';
    check(day, { type, technicianId: String(technicianId), at: now.toISOString() });
    await append(db, scope, day, [{ type, technicianId }], now);
    return boardOf(db, scope, await loadDay(db, scope, storeId, now), now);
  });
}

export interface ManagerActInput {
  technicianId: number;
  reason: string;
  /** Whose PIN approved it (request.pinApprover). */
  approvedBy: number | null;
}

/** A manager's act (bonus or move): checked, appended with who approved and why, and audited. */
async function managerAct(
  db: Queryable,
  auth: AuthContext,
  storeId: number,
  input: ManagerActInput,
  act: { type: 'grant_bonus'; count: number } | { type: 'reorder'; position: number },
  now: Date,
): Promise<TurnBoard> {
  return withLockedDay(db, auth, storeId, now, async (tx, day) => {
    await requireTechnician(tx, auth, storeId, input.technicianId);
    const by = String(input.approvedBy ?? auth.userId);
    const base = {
      technicianId: String(input.technicianId),
      at: now.toISOString(),
      by,
      reason: input.reason,
    };
    check(day, { ...base, ...act });
    const before = day.state.queue.map(Number);
    const [row] = await append(
      tx,
      auth,
      day,
      [
        {
          type: act.type,
          technicianId: input.technicianId,
          payload: act.type === 'grant_bonus' ? { count: act.count } : { position: act.position },
          approvedBy: input.approvedBy,
          reason: input.reason,
        },
      ],
      now,
    );
    const board = boardOf(tx, auth, await loadDay(tx, auth, storeId, now), now);
    const after = (await board).technicians.filter((t) => t.position !== null).map((t) => t.technician_id);
    await writeResourceAudit(tx, auth, [
      {
        action: act.type === 'grant_bonus' ? 'turns.grant_bonus' : 'turns.reorder',
        entityType: 'turn_event',
        entityId: row!.id,
        before: { queue: before },
        after: { queue: after, technician_id: input.technicianId, ...act, reason: input.reason },
        approvedBy: input.approvedBy,
        storeId,
      },
    ]);
    return board;
  });
}

/** POST /pos/turn-system/bonus: bonus turns a manager grants (PIN approval checked by the route). */
export function grantBonus(
  db: Queryable,
  auth: AuthContext,
  storeId: number,
  input: ManagerActInput & { count: number },
  now: Date,
): Promise<TurnBoard> {
  return managerAct(db, auth, storeId, input, { type: 'grant_bonus', count: input.count }, now);
}

/** POST /pos/turn-system/reorder: a manager moves one technician to a position (PIN approval, reason). */
export function reorderTechnician(
  db: Queryable,
  auth: AuthContext,
  storeId: number,
  input: ManagerActInput & { position: number },
  now: Date,
): Promise<TurnBoard> {
  return managerAct(db, auth, storeId, input, { type: 'reorder', position: input.position }, now);
}

// ---- the clock --------------------------------------------------------------------------------------------

export type ClockTurnAction = 'check_in' | 'check_out' | 'break_start' | 'break_end';

/**
 * The clock's move in the turn ledger, in the clock's transaction (docs/turns.md "The ledger on the server"):
 * the queue follows the clock, and the clock is never refused for the queue's sake. So a break or clock-out
 * while she is busy first finishes her turn; a move for a technician the day's ledger does not have clocked in
 * (a shift begun before this business day) first clocks her in; a move the day already reflects is skipped.
 * Only technicians join the queue.
 */
export async function recordClockTurn(
  tx: Queryable,
  scope: TurnScope,
  storeId: number,
  technicianId: number,
  action: ClockTurnAction,
  now: Date,
): Promise<void> {
  await withLockedDay(tx, scope, storeId, now, async (db, day) => {
    const tech = day.state.technicians[String(technicianId)];
    const clockedIn = tech?.clockedIn === true;
    const entries: Append[] = [];
    if (action === 'check_in') {
      if (!clockedIn) entries.push({ type: 'clock_in', technicianId });
    } else if (!clockedIn) {
      if (action !== 'check_out') entries.push({ type: 'clock_in', technicianId });
      if (action === 'break_start') entries.push({ type: 'break_start', technicianId });
    } else {
      // A break or a clock-out ends the customer she was with (the engine refuses a break while busy).
      if (tech.busySince !== null && action !== 'break_end') {
        const open = openTurnRow(day.rows, technicianId);
        entries.push({ type: 'finish_turn', technicianId, turnId: open?.id ?? null });
      }
      if (action === 'check_out') entries.push({ type: 'clock_out', technicianId });
      if (action === 'break_start' && tech.onBreakSince === null)
        entries.push({ type: 'break_start', technicianId });
      if (action === 'break_end' && tech.onBreakSince !== null)
        entries.push({ type: 'break_end', technicianId });
    }
    await append(db, scope, day, entries, now);
  });
}
