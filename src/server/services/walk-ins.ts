/**
 * Walk-in check-ins (docs/front-desk.md "check customers in as walk-ins" and the walk-in register form;
 * docs/front-desk.md /pos/walk-in, /pos/walk-in/group-by-employee: the check-in is what notifies the store's
 * devices). Schemas: src/contracts/walk-ins.ts. Routes: src/server/routes/walk-ins/walk-ins-routes.ts.
 *
 * Create, in the caller's transaction (the Idempotency-Key's, src/server/idempotency.ts):
 *   a client uuid already checked in → that walk-in (same check-in) or 409 (another) →
 *   validate the requested technician, the customer and every service against the session's store →
 *   register the new customer (customer_info) through the customers service → insert.
 * Every refusal of the body is one 422 naming all the fields at once, before anything is written.
 * The notification is NOT sent here: the route sends it after the transaction commits (a push cannot be
 * rolled back, and a failed push must never fail the check-in).
 *
 * "Today" is the store-local date (stores.timezone), stored as walk_ins.business_date at check-in.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FieldErrors, Page } from '../../contracts/envelope';
import { ERROR_CODE } from '../../contracts/error-codes';
import { ANY_EMPLOYEE_GROUP, registersCustomer, WALK_IN_STATUS } from '../../contracts/walk-ins';
import type {
  CreateWalkInBody,
  WalkIn,
  WalkInGroup,
  WalkInGroupQuery,
  WalkInGroups,
  WalkInListQuery,
  WalkInService,
  WalkInStatusValue,
} from '../../contracts/walk-ins';
import type { AuthContext } from '../auth-context';
import { requireStore } from '../auth-context';
import type { Queryable } from '../db/client';
import { services } from '../db/schema/catalog';
import { users } from '../db/schema/users';
import { walkIns } from '../db/schema/walk-ins';
import { scopeStoreId, storeValues, storeWhere, tenantIdWhere, tenantWhere } from '../db/scoped';
import { conflict, HttpError, unprocessable, VALIDATION_MESSAGE } from '../errors';
import { createCustomer, findActiveCustomer } from './customers';
import type { ActiveCustomer } from './customers';
import { storeLocalDate } from './employees';
import { LIVE_TOPIC } from '../../contracts/live';
import { publishStoreChange } from '../live/publish';

export const UNKNOWN_TECHNICIAN_MESSAGE = 'This technician does not take walk-ins in this store.';
export const UNKNOWN_CUSTOMER_MESSAGE = 'This customer does not exist or is no longer active.';
export const UNKNOWN_SERVICE_MESSAGE = 'This service is not offered in this store.';
export const UUID_REUSED_MESSAGE =
  'A different walk-in was already checked in with this uuid. Use a new uuid for a new check-in.';
export const ALREADY_CHECKED_IN_MESSAGE = 'This walk-in is already checked in.';

const MAX_NAME_LENGTH = 200;
const STORED_PHONE = /^\+?\d{4,20}$/;

/** The store a request is for: the one it names (only the session's own, else 403) or the session's. */
function storeOf(auth: AuthContext, storeId: number | undefined): number {
  return storeId !== undefined ? requireStore(auth, storeId) : scopeStoreId(auth);
}

// ---- reading -----------------------------------------------------------------------------------------

const employeeJoin = and(eq(users.tenantId, walkIns.tenantId), eq(users.id, walkIns.userId));
/** The technician who took the walk-in (a second join of users). */
const technicians = alias(users, 'technician');
const technicianJoin = and(
  eq(technicians.tenantId, walkIns.tenantId),
  eq(technicians.id, walkIns.technicianId),
);

const walkInColumns = {
  id: walkIns.id,
  uuid: walkIns.uuid,
  storeId: walkIns.storeId,
  status: walkIns.status,
  version: walkIns.version,
  customerId: walkIns.customerId,
  customerName: walkIns.customerName,
  telephone: walkIns.telephone,
  title: walkIns.title,
  notes: walkIns.notes,
  userId: walkIns.userId,
  employeeName: users.displayName,
  technicianId: walkIns.technicianId,
  technicianName: technicians.displayName,
  services: walkIns.services,
  effectiveStart: walkIns.effectiveStart,
  effectiveEnd: walkIns.effectiveEnd,
  businessDate: walkIns.businessDate,
  checkedInAt: walkIns.checkedInAt,
  assignedAt: walkIns.assignedAt,
  startedAt: walkIns.startedAt,
  finishedAt: walkIns.finishedAt,
  createdAt: walkIns.createdAt,
};

interface WalkInRow {
  id: number;
  uuid: string;
  storeId: number;
  status: WalkInStatusValue;
  version: number;
  customerId: number | null;
  customerName: string;
  telephone: string | null;
  title: string | null;
  notes: string | null;
  userId: number | null;
  employeeName: string | null;
  technicianId: number | null;
  technicianName: string | null;
  services: WalkInService[];
  effectiveStart: Date | null;
  effectiveEnd: Date | null;
  businessDate: string;
  checkedInAt: Date;
  assignedAt: Date | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  createdAt: Date;
}

function walkInView(row: WalkInRow): WalkIn {
  return {
    id: row.id,
    uuid: row.uuid,
    store_id: row.storeId,
    status: row.status,
    version: row.version,
    customer_id: row.customerId,
    customer_name: row.customerName,
    telephone: row.telephone,
    title: row.title,
    notes: row.notes,
    user_id: row.userId,
    employee: row.userId !== null ? { id: row.userId, name: row.employeeName ?? '' } : null,
    technician: row.technicianId !== null ? { id: row.technicianId, name: row.technicianName ?? '' } : null,
    booking_appt_service: row.services.map((s) => ({ ...s })),
    effective_start: row.effectiveStart?.toISOString() ?? null,
    effective_end: row.effectiveEnd?.toISOString() ?? null,
    business_date: row.businessDate,
    checked_in_at: row.checkedInAt.toISOString(),
    assigned_at: row.assignedAt?.toISOString() ?? null,
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function loadWalkIn(db: Queryable, auth: AuthContext, where: SQL): Promise<WalkIn | null> {
  const [row] = await db
    .select(walkInColumns)
    .from(walkIns)
    .leftJoin(users, employeeJoin)
    .leftJoin(technicians, technicianJoin)
    .where(tenantWhere(walkIns, auth, where))
    .limit(1);
  return row ? walkInView(row as WalkInRow) : null;
}

/** The day's walk-ins of a store, oldest check-in first (then id: two at the same instant stay put). */
const queueOrder = [asc(walkIns.checkedInAt), asc(walkIns.id)];

/** GET /api/pos/walk-in: the store's queue of a day (default today), oldest first, by status if asked. */
export async function listWalkIns(
  db: Queryable,
  auth: AuthContext,
  query: WalkInListQuery,
  now: Date = new Date(),
): Promise<Page<WalkIn>> {
  const storeId = storeOf(auth, query.store_id);
  const date = query.filter?.date ?? (await storeLocalDate(db, auth, storeId, now));
  const statuses = query.filter?.status ?? [];
  const where = storeWhere(
    walkIns,
    { tenantId: auth.tenantId, storeId },
    eq(walkIns.businessDate, date),
    statuses.length > 0 ? inArray(walkIns.status, statuses) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(walkInColumns)
      .from(walkIns)
      .leftJoin(users, employeeJoin)
      .leftJoin(technicians, technicianJoin)
      .where(where)
      .orderBy(...queueOrder)
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(walkIns).where(where),
  ]);
  return {
    items: (rows as WalkInRow[]).map(walkInView),
    total: total?.n ?? 0,
    page: query.page,
    per_page: query.per_page,
  };
}

/**
 * GET /api/pos/walk-in/group-by-employee: the day's walk-ins (WAITING unless filter[status] says otherwise)
 * by technician: the one who took them (assigned, in service), else the one asked for. Each group oldest
 * first. Technician groups come in the employee lists' order (display_order, then name); the 'any' group (no
 * technician asked for or assigned) comes last. Only groups with someone in them are listed.
 */
export async function walkInsByEmployee(
  db: Queryable,
  auth: AuthContext,
  query: WalkInGroupQuery,
  now: Date = new Date(),
): Promise<WalkInGroups> {
  const storeId = storeOf(auth, query.store_id);
  const date = query.filter?.date ?? (await storeLocalDate(db, auth, storeId, now));
  const statuses = query.filter?.status?.length ? query.filter.status : [WALK_IN_STATUS.WAITING];
  const rows = (await db
    .select({
      ...walkInColumns,
      displayOrder: users.displayOrder,
      technicianOrder: technicians.displayOrder,
    })
    .from(walkIns)
    .leftJoin(users, employeeJoin)
    .leftJoin(technicians, technicianJoin)
    .where(
      storeWhere(
        walkIns,
        { tenantId: auth.tenantId, storeId },
        eq(walkIns.businessDate, date),
        inArray(walkIns.status, statuses),
      ),
    )
    .orderBy(...queueOrder)) as (WalkInRow & {
    displayOrder: number | null;
    technicianOrder: number | null;
  })[];

  const byEmployee = new Map<number, { group: WalkInGroup; order: number }>();
  const anyone: WalkInGroup = { key: ANY_EMPLOYEE_GROUP, employee: null, items: [] };
  for (const row of rows) {
    const view = walkInView(row);
    const employee = view.technician ?? view.employee;
    if (employee === null) {
      anyone.items.push(view);
      continue;
    }
    let entry = byEmployee.get(employee.id);
    if (!entry) {
      entry = {
        group: { key: String(employee.id), employee, items: [] },
        order: (view.technician ? row.technicianOrder : row.displayOrder) ?? 0,
      };
      byEmployee.set(employee.id, entry);
    }
    entry.group.items.push(view);
  }
  const groups = [...byEmployee.values()]
    .sort(
      (x, y) =>
        x.order - y.order ||
        (x.group.employee?.name ?? '').localeCompare(y.group.employee?.name ?? '') ||
        (x.group.employee?.id ?? 0) - (y.group.employee?.id ?? 0),
    )
    .map((entry) => entry.group);
  if (anyone.items.length > 0) groups.push(anyone);
  return { business_date: date, groups };
}

// ---- creating ----------------------------------------------------------------------------------------

class FieldErrorList {
  readonly errors: FieldErrors = {};
  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }
  throwIfAny(): void {
    if (Object.keys(this.errors).length > 0) throw unprocessable(VALIDATION_MESSAGE, this.errors);
  }
}

/** The requested technician: active, working in this store (or tenant-wide), taking walk-ins. */
async function checkTechnician(
  db: Queryable,
  auth: AuthContext,
  storeId: number,
  userId: number,
  errors: FieldErrorList,
): Promise<void> {
  if (!(await takesWalkIns(db, auth, storeId, userId))) errors.add('user_id', UNKNOWN_TECHNICIAN_MESSAGE);
}

/** Active, working in this store (or tenant-wide), taking walk-ins: who may be asked for or assigned. */
export async function takesWalkIns(
  db: Queryable,
  auth: Pick<AuthContext, 'tenantId'>,
  storeId: number,
  userId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      tenantIdWhere(
        users,
        auth,
        userId,
        eq(users.isActive, true),
        eq(users.enableWalkin, true),
        // users.store_id is a nullable home store (null = every store), not a scope column.
        or(isNull(users.storeId), eq(users.storeId, storeId)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

async function checkCustomer(
  db: Queryable,
  auth: AuthContext,
  customerId: number,
  errors: FieldErrorList,
): Promise<ActiveCustomer | null> {
  const row = await findActiveCustomer(db, auth, customerId);
  if (!row) errors.add('customer_id', UNKNOWN_CUSTOMER_MESSAGE);
  return row;
}

/** Every requested service, as the store's catalog has it now (active services of this store only). */
async function checkServices(
  db: Queryable,
  auth: AuthContext,
  storeId: number,
  ids: readonly number[],
  errors: FieldErrorList,
): Promise<WalkInService[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: services.id, name: services.name, taxes: services.taxes, price: services.price })
    .from(services)
    .where(
      storeWhere(
        services,
        { tenantId: auth.tenantId, storeId },
        inArray(services.id, [...new Set(ids)]),
        eq(services.isActive, true),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: WalkInService[] = [];
  ids.forEach((serviceId, index) => {
    const row = byId.get(serviceId);
    if (!row) errors.add(`booking_appt_service.${index}.service_id`, UNKNOWN_SERVICE_MESSAGE);
    else out.push({ service_id: row.id, service_name: row.name, taxes: row.taxes, unit_price: row.price });
  });
  return out;
}

/** The customers service's field names, as they sit in the walk-in form (customer_info.telephone...). */
function asCustomerInfoErrors(error: unknown): unknown {
  if (!(error instanceof HttpError) || error.statusCode !== 422 || !error.errors) return error;
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    errors[`customer_info.${field === 'phone' ? 'telephone' : field}`] = messages;
  }
  return unprocessable(error.message, errors, error.code);
}

/** What a repeat of a check-in under its uuid must match to be the same check-in. */
function sameCheckIn(stored: WalkIn, storeId: number, body: CreateWalkInBody): boolean {
  const serviceIds = body.booking_appt_service.map((s) => s.service_id);
  return (
    stored.store_id === storeId &&
    stored.user_id === (body.user_id ?? null) &&
    (body.customer_id == null || stored.customer_id === body.customer_id) &&
    (body.customer_name == null || stored.customer_name === body.customer_name.slice(0, MAX_NAME_LENGTH)) &&
    stored.booking_appt_service.map((s) => s.service_id).join(',') === serviceIds.join(',')
  );
}

function nameToCall(...names: (string | null | undefined)[]): string {
  for (const name of names) {
    const cut = (name ?? '').trim().slice(0, MAX_NAME_LENGTH).trim();
    if (cut !== '') return cut;
  }
  return 'Walk-in';
}

export interface CreatedWalkIn {
  walkIn: WalkIn;
  /** false: the uuid was already checked in, and `walkIn` is that check-in (nothing was written). */
  created: boolean;
}

/** Who checks the customer in: the session (the desk), or the customer on a kiosk (src/server/services/kiosk.ts). */
export interface CheckInOrigin {
  kioskTokenId: number;
}

/** POST /api/pos/walk-in (and the kiosk's check-in), in the caller's transaction. */
export async function createWalkIn(
  db: Queryable,
  auth: AuthContext,
  body: CreateWalkInBody,
  now: Date = new Date(),
  origin: CheckInOrigin | null = null,
): Promise<CreatedWalkIn> {
  const storeId = scopeStoreId(auth);
  const uuid = body.uuid ?? randomUUID();
  if (body.uuid) {
    // Two creates of one uuid under different Idempotency-Keys (two devices replaying one offline
    // check-in) run one after the other; the second finds the first.
    await db.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`walk-in-uuid:${auth.tenantId}:${uuid}`}, 0))`,
    );
    const existing = await loadWalkIn(db, auth, eq(walkIns.uuid, uuid));
    if (existing) {
      if (!sameCheckIn(existing, storeId, body)) throw conflict(UUID_REUSED_MESSAGE, ERROR_CODE.UUID_REUSED);
      return { walkIn: existing, created: false };
    }
  }

  const errors = new FieldErrorList();
  if (body.user_id) await checkTechnician(db, auth, storeId, body.user_id, errors);
  const customer = body.customer_id ? await checkCustomer(db, auth, body.customer_id, errors) : null;
  const requested = await checkServices(
    db,
    auth,
    storeId,
    body.booking_appt_service.map((s) => s.service_id),
    errors,
  );
  errors.throwIfAny();

  let customerId = customer?.id ?? null;
  let customerName = nameToCall(body.customer_name, customer?.name);
  let customerPhone = customer?.phone ?? null;
  const info = body.customer_info;
  if (!customer && registersCustomer(info)) {
    const registered = await createCustomer(db, auth, {
      first_name: info.first_name ?? '',
      last_name: info.last_name ?? null,
      phone: info.telephone ?? body.telephone ?? null,
      email: info.email ?? null,
      birthday: info.birthday ?? null,
    }).catch((error: unknown) => {
      throw asCustomerInfoErrors(error);
    });
    customerId = registered.id;
    customerName = nameToCall(body.customer_name, registered.name);
    customerPhone = registered.phone;
  }
  const telephone =
    body.telephone ?? (customerPhone && STORED_PHONE.test(customerPhone) ? customerPhone : null);

  const businessDate = await storeLocalDate(db, auth, storeId, now);
  const [row] = await db
    .insert(walkIns)
    .values(
      storeValues(
        { tenantId: auth.tenantId, storeId },
        {
          uuid,
          customerId,
          customerName,
          telephone,
          title: body.title ?? null,
          notes: body.notes ?? null,
          userId: body.user_id ?? null,
          services: requested,
          status: WALK_IN_STATUS.WAITING,
          effectiveStart: body.effective_start ? new Date(body.effective_start) : null,
          effectiveEnd: body.effective_end ? new Date(body.effective_end) : null,
          businessDate,
          checkedInAt: now,
          createdBy: origin ? null : auth.userId,
          kioskTokenId: origin?.kioskTokenId ?? null,
        },
      ),
    )
    .returning({ id: walkIns.id });
  const walkIn = await loadWalkIn(db, auth, eq(walkIns.id, row!.id));
  if (!walkIn) throw new Error(`walk-in ${row!.id} was not stored`);
  // In this transaction: the live screens hear of the check-in when (and only if) it commits (docs/live.md).
  await publishStoreChange(db, auth.tenantId, storeId, LIVE_TOPIC.WALK_INS, [walkIn.id], walkIn.version);
  return { walkIn, created: true };
}
