/**
 * Cash drawer sessions (docs/cash-drawer.md). One session per workstation of the caller (the session's
 * login_workstation_id); opened with a counted float, cash moved by hand with a reason, closed with a blind
 * count. The cash that flows in by itself (cash tendered, change given, cash refunds) is read from the sales
 * rung at the workstation between the session's open and close, never written per sale: a sale does not wait
 * on the drawer row, and an offline sale replayed later is counted in the session it was taken in.
 *
 * Writes run under the route's Idempotency-Key (src/server/idempotency.ts), so an offline replay answers the
 * first answer and changes nothing.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  CloseDrawerBody,
  DrawerMovementBody,
  DrawerSession,
  DrawerState,
  OpenDrawerBody,
} from '../../contracts/cash-drawer';
import { ERROR_CODE } from '../../contracts/error-codes';
import { countTotal, expectedCash, needsManager, overShort, piecesOf } from '../../domain/cash-drawer';
import type { CashFlow, MovementKind } from '../../domain/cash-drawer';
import { PAYMENT_TYPE } from '../../domain/constants';
import type { AuthContext, PinApprover } from '../auth-context';
import type { Queryable } from '../db/client';
import { cashDrawerMovements, cashDrawerSessions } from '../db/schema/cash-drawer';
import { SALE_PAYMENT_STATUS, salePayments, saleRefunds, sales } from '../db/schema/sales';
import { stores } from '../db/schema/stores';
import { users } from '../db/schema/users';
import { workstations } from '../db/schema/workstations';
import { scopeStoreId, storeValues, storeWhere } from '../db/scoped';
import { HttpError, conflict, notFound, pgErrorCode } from '../errors';
import { writeResourceAudit } from '../resources/audit';
import { storeSettingsView } from './settings/views';
import type { StoreRow } from './settings/views';

type SessionRow = typeof cashDrawerSessions.$inferSelect;

/** A payment still in the drawer's money: not voided (given back) and not declined or pending (never taken). */
const TAKEN_STATUSES = [SALE_PAYMENT_STATUS.APPROVED, SALE_PAYMENT_STATUS.REFUNDED];

export interface DrawerSettings {
  tolerance: number;
  required: boolean;
}

/** The store's drawer settings (docs/cash-drawer.md#settings), read leniently like every store setting. */
export async function drawerSettings(db: Queryable, auth: AuthContext): Promise<DrawerSettings> {
  const storeId = scopeStoreId(auth);
  const [row] = await db
    .select({
      id: stores.id,
      name: stores.name,
      currency: stores.currency,
      timezone: stores.timezone,
      settings: stores.settings,
    })
    .from(stores)
    .where(and(eq(stores.tenantId, auth.tenantId), eq(stores.id, storeId)))
    .limit(1);
  if (!row) throw notFound('Store not found.');
  const view = storeSettingsView(row);
  return { tolerance: view.cash_drawer_tolerance ?? 0, required: view.cash_drawer_required ?? false };
}

/**
 * The caller's till: the session's workstation, or null for a session that logged in without one (the
 * login screen does not ask), which works the store's drawer without a workstation (docs/cash-drawer.md).
 */
function workstationOf(auth: AuthContext): number | null {
  return auth.workstationId ?? null;
}

/** `column` is the workstation, the null till included (SQL's = never matches null). */
function sameWorkstation(column: AnyPgColumn, workstationId: number | null): SQL {
  return workstationId === null ? isNull(column) : eq(column, workstationId);
}

async function openSessionRow(
  db: Queryable,
  auth: AuthContext,
  workstationId: number | null,
  lock = false,
): Promise<SessionRow | null> {
  const query = db
    .select()
    .from(cashDrawerSessions)
    .where(
      storeWhere(
        cashDrawerSessions,
        auth,
        sameWorkstation(cashDrawerSessions.workstationId, workstationId),
        isNull(cashDrawerSessions.closedAt),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** True when the workstation has an open drawer: what a cash sale needs when the store says so. */
export async function hasOpenDrawer(
  db: Queryable,
  auth: AuthContext,
  workstationId: number | null,
): Promise<boolean> {
  return (await openSessionRow(db, auth, workstationId)) !== null;
}

/**
 * Refuses cash into a closed drawer when the store says so (docs/cash-drawer.md#settings): a 409
 * `drawer_closed`, thrown before anything is written. Only Cash (1) counts: a wallet payment never enters
 * the drawer (domain cashTendered).
 */
export async function assertDrawerOpenForCash(
  db: Queryable,
  auth: AuthContext,
  storeRow: StoreRow,
  payments: readonly { payment_type: number }[],
): Promise<void> {
  if (!payments.some((p) => p.payment_type === PAYMENT_TYPE.CASH)) return;
  if (!(storeSettingsView(storeRow).cash_drawer_required ?? false)) return;
  if (await hasOpenDrawer(db, auth, workstationOf(auth))) return;
  throw conflict("Open this workstation's cash drawer before taking cash.", ERROR_CODE.DRAWER_CLOSED);
}

/** The last close of the workstation: its count is the float the next opening should find. */
async function lastCloseCount(
  db: Queryable,
  auth: AuthContext,
  workstationId: number | null,
): Promise<number | null> {
  const [row] = await db
    .select({ counted: cashDrawerSessions.countedCash })
    .from(cashDrawerSessions)
    .where(
      storeWhere(
        cashDrawerSessions,
        auth,
        sameWorkstation(cashDrawerSessions.workstationId, workstationId),
        isNotNull(cashDrawerSessions.closedAt),
      ),
    )
    .orderBy(desc(cashDrawerSessions.closedAt), desc(cashDrawerSessions.id))
    .limit(1);
  return row?.counted ?? null;
}

/**
 * Cash that flowed through the workstation in [from, to): cash tendered on its sales (payments still taken),
 * the change those sales gave back, and the cash handed back on refunds of its sales. A sale counts by its
 * order time (sales.order_at, the time it was rung, which an offline sale keeps when it is replayed later),
 * not by when the server wrote it. A refund is counted at the workstation the sale was rung on, at the time
 * it was made (sale_refunds keeps no workstation of its own; docs/cash-drawer.md#expected-cash).
 */
export async function cashFlowOf(
  db: Queryable,
  auth: AuthContext,
  workstationId: number | null,
  from: Date,
  to: Date | null,
): Promise<CashFlow> {
  const storeId = scopeStoreId(auth);
  // Half-open [opened_at, closed_at): a sale at the very instant of a close belongs to the next session.
  const inWindow = (column: AnyPgColumn): SQL => and(gte(column, from), to ? lt(column, to) : undefined)!;
  const onWorkstation = and(
    eq(sales.tenantId, auth.tenantId),
    eq(sales.storeId, storeId),
    sameWorkstation(sales.workstationId, workstationId),
  );

  const [taken] = await db
    .select({ sum: sql<string>`coalesce(sum(${salePayments.amount}), 0)` })
    .from(salePayments)
    .innerJoin(
      sales,
      and(
        eq(sales.tenantId, salePayments.tenantId),
        eq(sales.storeId, salePayments.storeId),
        eq(sales.id, salePayments.saleId),
      ),
    )
    .where(
      and(
        onWorkstation,
        eq(salePayments.paymentType, PAYMENT_TYPE.CASH),
        inArray(salePayments.status, TAKEN_STATUSES),
        inWindow(sales.orderAt),
      ),
    );

  // Change comes only out of cash (domain changeDue), so a sale whose cash was all voided gave none back.
  const [change] = await db
    .select({ sum: sql<string>`coalesce(sum(${sales.paidCustomerChangeAmountTotal}), 0)` })
    .from(sales)
    .where(
      and(
        onWorkstation,
        inWindow(sales.orderAt),
        sql`exists (select 1 from ${salePayments} p where p.tenant_id = ${sales.tenantId}
          and p.store_id = ${sales.storeId} and p.sale_id = ${sales.id}
          and p.payment_type = ${PAYMENT_TYPE.CASH}
          and p.status in (${sql.join(
            TAKEN_STATUSES.map((s) => sql`${s}`),
            sql`, `,
          )}))`,
      ),
    );

  const refunds = await db
    .select({
      sum: sql<string>`coalesce(sum((e.value ->> 'amount')::bigint), 0)`,
    })
    .from(saleRefunds)
    .innerJoin(
      sales,
      and(
        eq(sales.tenantId, saleRefunds.tenantId),
        eq(sales.storeId, saleRefunds.storeId),
        eq(sales.id, saleRefunds.saleId),
      ),
    )
    .innerJoin(sql`jsonb_array_elements(${saleRefunds.payments}) as e(value)`, sql`true`)
    .where(
      and(
        onWorkstation,
        inWindow(saleRefunds.createdAt),
        sql`(e.value ->> 'payment_type')::int = ${PAYMENT_TYPE.CASH}`,
      ),
    );

  return {
    cashTaken: Number(taken?.sum ?? 0),
    changeGiven: Number(change?.sum ?? 0),
    cashRefunds: Number(refunds[0]?.sum ?? 0),
  };
}

const openedBy = alias(users, 'opened_by');
const closedBy = alias(users, 'closed_by');
const approvedBy = alias(users, 'approved_by');

/** The session as the wire shows it: counts, expected cash part by part, movements with who made them. */
async function sessionView(db: Queryable, auth: AuthContext, row: SessionRow): Promise<DrawerSession> {
  const [names] = await db
    .select({
      workstation: workstations.name,
      openedBy: openedBy.displayName,
      closedBy: closedBy.displayName,
      approvedBy: approvedBy.displayName,
    })
    .from(cashDrawerSessions)
    .leftJoin(
      workstations,
      and(
        eq(workstations.tenantId, cashDrawerSessions.tenantId),
        eq(workstations.id, cashDrawerSessions.workstationId),
      ),
    )
    .innerJoin(
      openedBy,
      and(eq(openedBy.tenantId, cashDrawerSessions.tenantId), eq(openedBy.id, cashDrawerSessions.openedBy)),
    )
    .leftJoin(
      closedBy,
      and(eq(closedBy.tenantId, cashDrawerSessions.tenantId), eq(closedBy.id, cashDrawerSessions.closedBy)),
    )
    .leftJoin(
      approvedBy,
      and(
        eq(approvedBy.tenantId, cashDrawerSessions.tenantId),
        eq(approvedBy.id, cashDrawerSessions.approvedBy),
      ),
    )
    .where(storeWhere(cashDrawerSessions, auth, eq(cashDrawerSessions.id, row.id)));
  const movements = await db
    .select({
      id: cashDrawerMovements.id,
      kind: cashDrawerMovements.kind,
      amount: cashDrawerMovements.amount,
      reason: cashDrawerMovements.reason,
      createdBy: cashDrawerMovements.createdBy,
      createdByName: users.displayName,
      createdAt: cashDrawerMovements.createdAt,
    })
    .from(cashDrawerMovements)
    .innerJoin(
      users,
      and(eq(users.tenantId, cashDrawerMovements.tenantId), eq(users.id, cashDrawerMovements.createdBy)),
    )
    .where(storeWhere(cashDrawerMovements, auth, eq(cashDrawerMovements.sessionId, row.id)))
    .orderBy(asc(cashDrawerMovements.createdAt), asc(cashDrawerMovements.id));
  const flow = await cashFlowOf(db, auth, row.workstationId, row.openedAt, row.closedAt);
  const parts = expectedCash(
    row.openingFloat,
    flow,
    movements.map((m) => ({ kind: m.kind as MovementKind, amount: m.amount })),
  );
  return {
    id: row.id,
    workstation_id: row.workstationId,
    workstation_name: names?.workstation ?? '',
    status: row.closedAt ? 'closed' : 'open',
    opened_at: row.openedAt.toISOString(),
    opened_by_name: names?.openedBy ?? '',
    opening_count: piecesOf(row.openingCount),
    expected_opening: row.expectedOpening,
    closed_at: row.closedAt?.toISOString() ?? null,
    closed_by_name: names?.closedBy ?? null,
    closing_count: row.closingCount ? piecesOf(row.closingCount) : null,
    counted: row.countedCash,
    over_short: row.overShort,
    approved_by_name: names?.approvedBy ?? null,
    expected: {
      opening_float: parts.openingFloat,
      cash_taken: flow.cashTaken,
      change_given: flow.changeGiven,
      net_cash_sales: parts.netCashSales,
      pay_ins: parts.payIns,
      pay_outs: parts.payOuts,
      drops: parts.drops,
      tip_outs: parts.tipOuts,
      cash_refunds: parts.cashRefunds,
      // A closed session shows what the close froze, so a sale edited later never rewrites a Z report.
      expected: row.expectedCash ?? parts.expected,
    },
    movements: movements.map((m) => ({
      id: m.id,
      kind: m.kind as MovementKind,
      amount: m.amount,
      reason: m.reason,
      created_by: m.createdBy,
      created_by_name: m.createdByName,
      created_at: m.createdAt.toISOString(),
    })),
  };
}

/** GET /api/pos/cash-drawer: the caller's workstation's open session, the expected opening and the settings. */
export async function drawerState(db: Queryable, auth: AuthContext): Promise<DrawerState> {
  const workstationId = workstationOf(auth);
  const settings = await drawerSettings(db, auth);
  const open = await openSessionRow(db, auth, workstationId);
  return {
    session: open ? await sessionView(db, auth, open) : null,
    expected_opening: await lastCloseCount(db, auth, workstationId),
    tolerance: settings.tolerance,
    required: settings.required,
  };
}

/** POST /api/pos/cash-drawer/open: a new session with the counted float; 409 when one is already open. */
export async function openDrawer(
  db: Queryable,
  auth: AuthContext,
  body: OpenDrawerBody,
  now = new Date(),
): Promise<DrawerSession> {
  const workstationId = workstationOf(auth);
  const alreadyOpen = () =>
    conflict("This workstation's cash drawer is already open.", ERROR_CODE.DRAWER_ALREADY_OPEN);
  if (await openSessionRow(db, auth, workstationId)) throw alreadyOpen();
  const expectedOpening = await lastCloseCount(db, auth, workstationId);
  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(cashDrawerSessions)
        .values(
          storeValues(auth, {
            workstationId,
            openedBy: auth.userId,
            openedAt: now,
            openingCount: piecesOf(body.count),
            openingFloat: countTotal(body.count),
            expectedOpening,
          }),
        )
        .returning();
      return inserted!;
    });
    return sessionView(db, auth, row);
  } catch (error) {
    // Two tills of the same workstation opening at once: the partial unique index lets one through.
    if (pgErrorCode(error) === '23505') throw alreadyOpen();
    throw error;
  }
}

function noOpenDrawer(): HttpError {
  return conflict('The cash drawer of this workstation is not open.', ERROR_CODE.DRAWER_CLOSED);
}

/** POST /api/pos/cash-drawer/movements: pay in, pay out, drop or tip out on the open session. */
export async function recordMovement(
  db: Queryable,
  auth: AuthContext,
  body: DrawerMovementBody,
  now = new Date(),
): Promise<DrawerSession> {
  const workstationId = workstationOf(auth);
  const row = await db.transaction(async (tx) => {
    const open = await openSessionRow(tx, auth, workstationId, true);
    if (!open) throw noOpenDrawer();
    await tx.insert(cashDrawerMovements).values(
      storeValues(auth, {
        sessionId: open.id,
        kind: body.kind,
        amount: body.amount,
        reason: body.reason,
        createdBy: auth.userId,
        createdAt: now,
      }),
    );
    return open;
  });
  return sessionView(db, auth, row);
}

/**
 * POST /api/pos/cash-drawer/close: the blind count against the expected cash. Past the store's tolerance the
 * close needs a manager's PIN approval (`approver` asks for it only then); without one it is a 403 that names
 * the over/short, so the screen can show it and ask for the PIN. The close past tolerance is audited.
 */
export async function closeDrawer(
  db: Queryable,
  auth: AuthContext,
  body: CloseDrawerBody,
  approver: () => Promise<PinApprover>,
  now = new Date(),
): Promise<DrawerSession> {
  const workstationId = workstationOf(auth);
  const settings = await drawerSettings(db, auth);
  const closed = await db.transaction(async (tx) => {
    const open = await openSessionRow(tx, auth, workstationId, true);
    if (!open) throw noOpenDrawer();
    const before = await sessionView(tx, auth, open);
    const counted = countTotal(body.count);
    const expected = before.expected.expected;
    const difference = overShort(expected, counted);
    let approval: PinApprover | null = null;
    if (needsManager(difference, settings.tolerance)) {
      approval = await approver().catch((error: unknown) => {
        if (error instanceof HttpError && error.code === ERROR_CODE.PIN_APPROVAL_REQUIRED) {
          throw new HttpError(
            403,
            "The count is over or short by more than the store allows. A manager's PIN is needed to close.",
            undefined,
            ERROR_CODE.DRAWER_MANAGER_REQUIRED,
            { over_short: difference, tolerance: settings.tolerance },
          );
        }
        throw error;
      });
    }
    const [row] = await tx
      .update(cashDrawerSessions)
      .set({
        closedAt: now,
        closedBy: auth.userId,
        closingCount: piecesOf(body.count),
        countedCash: counted,
        expectedCash: expected,
        overShort: difference,
        approvedBy: approval?.userId ?? null,
      })
      .where(storeWhere(cashDrawerSessions, auth, eq(cashDrawerSessions.id, open.id)))
      .returning();
    if (approval) {
      await writeResourceAudit(tx, auth, [
        {
          action: 'cash_drawer.close_over_tolerance',
          entityType: 'cash_drawer_session',
          entityId: open.id,
          before: { expected, tolerance: settings.tolerance },
          after: { counted, over_short: difference, closing_count: body.count },
          approvedBy: approval.userId,
        },
      ]);
    }
    return row!;
  });
  return sessionView(db, auth, closed);
}

/** GET /api/pos/cash-drawer/sessions/{id}: one session of the store, for its Z report. */
export async function getDrawerSession(db: Queryable, auth: AuthContext, id: number): Promise<DrawerSession> {
  const [row] = await db
    .select()
    .from(cashDrawerSessions)
    .where(storeWhere(cashDrawerSessions, auth, eq(cashDrawerSessions.id, id)))
    .limit(1);
  if (!row) throw notFound('Cash drawer session not found.');
  return sessionView(db, auth, row);
}
