/**
 * The walk-in TV's board (docs/front-desk.md#the-tv; src/contracts/live.ts tvBoardSchema): the store's open
 * walk-ins of today, who is next for whom, and the technicians on shift, available, busy or on a break.
 *
 * Everything the waiting room sees passes through shortName (src/domain/short-name.ts): first names and
 * last initials only. Read in one REPEATABLE READ transaction so the board and its `seq` describe one
 * moment: a change committed after the read has a higher seq and reaches the screen as its own event.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TvBoard, TvTechnician, TvTurn } from '../../contracts/live';
import { shortName, shortNameOf } from '../../domain/short-name';
import { WALK_IN_STATUS } from '../../domain/walk-in-status';
import { nextForWhom } from '../../domain/walk-in-queue';
import type { Db, Queryable } from '../db/client';
import { customers } from '../db/schema/customers';
import { stores } from '../db/schema/stores';
import { users } from '../db/schema/users';
import { walkIns } from '../db/schema/walk-ins';
import { workingTimeBreaks, workingTimes } from '../db/schema/working-times';
import { notFound } from '../errors';
import { currentStoreSeq } from '../live/publish';
import { turnBoard } from './turn-system';

const technicians = alias(users, 'technician');
const requested = alias(users, 'requested');

function firstNameOf(row: { firstName: string | null; displayName: string | null }): string {
  const first = (row.firstName ?? '').trim();
  return first !== '' ? first : shortNameOf(row.displayName ?? '').split(' ')[0]!;
}

async function readBoard(tx: Queryable, tenantId: number, storeId: number, now: Date): Promise<TvBoard> {
  const [store] = await tx
    .select({
      name: stores.name,
      today: sql<string>`to_char(${now.toISOString()}::timestamptz at time zone ${stores.timezone}, 'YYYY-MM-DD')`,
    })
    .from(stores)
    .where(and(eq(stores.tenantId, tenantId), eq(stores.id, storeId)))
    .limit(1);
  if (!store) throw notFound('Store not found.');
  const seq = await currentStoreSeq(tx, tenantId, storeId);

  const open = await tx
    .select({
      id: walkIns.id,
      status: walkIns.status,
      customerName: walkIns.customerName,
      customerFirst: customers.firstName,
      customerLast: customers.lastName,
      checkedInAt: walkIns.checkedInAt,
      technicianId: walkIns.technicianId,
      technicianFirst: technicians.firstName,
      technicianDisplay: technicians.displayName,
      requestedId: walkIns.userId,
      requestedFirst: requested.firstName,
      requestedDisplay: requested.displayName,
    })
    .from(walkIns)
    .leftJoin(customers, and(eq(customers.tenantId, walkIns.tenantId), eq(customers.id, walkIns.customerId)))
    .leftJoin(
      technicians,
      and(eq(technicians.tenantId, walkIns.tenantId), eq(technicians.id, walkIns.technicianId)),
    )
    .leftJoin(requested, and(eq(requested.tenantId, walkIns.tenantId), eq(requested.id, walkIns.userId)))
    .where(
      and(
        eq(walkIns.tenantId, tenantId),
        eq(walkIns.storeId, storeId),
        eq(walkIns.businessDate, store.today),
        inArray(walkIns.status, [WALK_IN_STATUS.WAITING, WALK_IN_STATUS.ASSIGNED, WALK_IN_STATUS.IN_SERVICE]),
      ),
    )
    .orderBy(asc(walkIns.checkedInAt), asc(walkIns.id));

  const nameOf = (row: (typeof open)[number]) =>
    row.customerFirst !== null
      ? shortName(row.customerFirst, row.customerLast)
      : shortNameOf(row.customerName);

  const queued = open.filter((row) => row.status !== WALK_IN_STATUS.IN_SERVICE);
  const waiting: TvBoard['waiting'] = queued.map((row, index) => {
    const technician =
      row.technicianId !== null
        ? {
            id: row.technicianId,
            first_name: firstNameOf({ firstName: row.technicianFirst, displayName: row.technicianDisplay }),
          }
        : row.requestedId !== null
          ? {
              id: row.requestedId,
              first_name: firstNameOf({ firstName: row.requestedFirst, displayName: row.requestedDisplay }),
            }
          : null;
    return {
      id: row.id,
      name: nameOf(row),
      position: index + 1,
      status: row.status as 'waiting' | 'assigned',
      technician,
      checked_in_at: row.checkedInAt.toISOString(),
    };
  });
  const byId = new Map(waiting.map((w) => [w.id, w]));
  const next: TvBoard['next'] = nextForWhom(
    waiting.map((w) => ({ id: w.id, name: w.name, technicianId: w.technician?.id ?? null })),
  ).map((n) => ({
    technician: byId.get(n.walkIn.id)!.technician,
    walk_in_id: n.walkIn.id,
    name: n.walkIn.name,
  }));

  // On shift now: an open working time of today in this store (docs/front-desk.md#clock-in-and-out).
  const onShift = await tx
    .select({
      id: users.id,
      firstName: users.firstName,
      displayName: users.displayName,
      onBreak: sql<boolean>`${workingTimeBreaks.id} is not null`,
    })
    .from(workingTimes)
    .innerJoin(users, and(eq(users.tenantId, workingTimes.tenantId), eq(users.id, workingTimes.userId)))
    .leftJoin(
      workingTimeBreaks,
      and(
        eq(workingTimeBreaks.tenantId, workingTimes.tenantId),
        eq(workingTimeBreaks.workingTimeId, workingTimes.id),
        isNull(workingTimeBreaks.endedAt),
      ),
    )
    .where(
      and(
        eq(workingTimes.tenantId, tenantId),
        eq(workingTimes.storeId, storeId),
        isNull(workingTimes.checkOutAt),
        eq(workingTimes.dateWork, store.today),
        eq(users.isActive, true),
        eq(users.isTechnician, true),
        eq(users.enableWalkin, true),
      ),
    )
    .orderBy(asc(users.displayOrder), asc(users.displayName), asc(users.id));

  const serving = new Map<number, string>();
  for (const row of open) {
    if (row.status === WALK_IN_STATUS.IN_SERVICE && row.technicianId !== null) {
      serving.set(row.technicianId, nameOf(row));
    }
  }
  const seen = new Set<number>();
  const techniciansOnShift: TvTechnician[] = [];
  for (const row of onShift) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    const servingName = serving.get(row.id) ?? null;
    techniciansOnShift.push({
      id: row.id,
      first_name: firstNameOf(row),
      state: servingName !== null ? 'busy' : row.onBreak ? 'on_break' : 'available',
      serving: servingName,
    });
  }

  return {
    store: { id: storeId, name: store.name },
    business_date: store.today,
    waiting,
    next,
    technicians: techniciansOnShift,
    turns: await turnOrder(tx, tenantId, storeId, now),
    seq,
  };
}

/**
 * The turn board's queue for the waiting room (docs/turns.md "Reasons"): who is where and why, first names
 * only (a manager's move names the manager by first name).
 */
async function turnOrder(tx: Queryable, tenantId: number, storeId: number, now: Date): Promise<TvTurn[]> {
  const board = await turnBoard(tx, { tenantId }, storeId, now);
  const first = (name: string) => shortNameOf(name).split(' ')[0]!;
  return board.technicians
    .filter((t) => t.position !== null)
    .sort((x, y) => x.position! - y.position!)
    .map((t) => ({
      id: t.technician_id,
      first_name: first(t.name),
      position: t.position!,
      state: t.state,
      reasons: t.reasons.map((r) =>
        r.code === 'moved_by_manager' ? { ...r, by_name: first(r.by_name) } : r,
      ),
    }));
}

/** The board now, read in one snapshot of the database. */
export async function tvBoard(
  db: Db,
  tenantId: number,
  storeId: number,
  now: Date = new Date(),
): Promise<TvBoard> {
  return db.transaction((tx) => readBoard(tx, tenantId, storeId, now), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}
