/**
 * The customer kiosk (docs/front-desk.md#the-kiosk; src/contracts/kiosk.ts) and its tokens
 * (docs/settings.md#kiosk-tokens).
 *
 * A kiosk request carries a store kiosk token; `kioskOf` finds the token by its SHA-256 (the only form
 * stored) and answers the tenant and store it is for, or 401. Everything after is scoped to that one store.
 * What a kiosk may learn of customers is what a greeting needs: sign-in by phone answers the first name,
 * the last initial and an opaque handle (a random secret stored hashed, bound to the token, valid
 * HANDLE_TTL_MS), which check-in and review send back instead of an id.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { ERROR_CODE } from '../../contracts/error-codes';
import type {
  IssuedKioskToken,
  IssueKioskTokenBody,
  KioskCatalog,
  KioskCheckedIn,
  KioskCheckInBody,
  KioskCustomer,
  KioskReview,
  KioskReviewBody,
  KioskSession,
  KioskSignIn,
  KioskSignUp,
  KioskSignUpBody,
  KioskTechnician,
  KioskToken,
} from '../../contracts/kiosk';
import { ROLE } from '../../domain/constants';
import { lastInitial } from '../../domain/short-name';
import { WALK_IN_STATUS } from '../../domain/walk-in-status';
import type { AuthContext } from '../auth-context';
import { requireStore } from '../auth-context';
import type { Db, Queryable } from '../db/client';
import { categories, services } from '../db/schema/catalog';
import { customers } from '../db/schema/customers';
import { kioskHandles, kioskTokens } from '../db/schema/kiosk';
import { customerReviews } from '../db/schema/ledger-histories';
import { stores } from '../db/schema/stores';
import { users } from '../db/schema/users';
import { walkIns } from '../db/schema/walk-ins';
import { workingTimeBreaks, workingTimes } from '../db/schema/working-times';
import { HttpError, notFound, unauthorized, unprocessable } from '../errors';
import { createCustomer } from './customers';
import { createWalkIn, takesWalkIns, UNKNOWN_TECHNICIAN_MESSAGE } from './walk-ins';
import type { WalkIn } from '../../contracts/walk-ins';

/** A visit's length: long enough to pick services and check in, or to leave a review after. */
export const HANDLE_TTL_MS = 30 * 60 * 1000;
/** last_used_at is written at most this often (a kiosk calls many times a minute; the list needs the day). */
const LAST_USED_EVERY_MS = 60 * 1000;

export const KIOSK_TOKEN_INVALID_MESSAGE = 'This kiosk is not set up. Enter a kiosk token from settings.';
export const KIOSK_TOKEN_REVOKED_MESSAGE = 'This kiosk token was revoked. Enter a new one from settings.';
export const KIOSK_HANDLE_EXPIRED_MESSAGE = 'Please sign in again.';
export const KIOSK_TOKEN_NOT_FOUND = 'Kiosk token not found.';

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

// ---- tokens (settings) -----------------------------------------------------------------------------------

const tokenColumns = {
  id: kioskTokens.id,
  storeId: kioskTokens.storeId,
  storeName: stores.name,
  label: kioskTokens.label,
  hint: kioskTokens.hint,
  createdAt: kioskTokens.createdAt,
  createdById: kioskTokens.createdBy,
  createdByName: users.displayName,
  lastUsedAt: kioskTokens.lastUsedAt,
  revokedAt: kioskTokens.revokedAt,
};

type TokenRow = {
  [K in keyof typeof tokenColumns]: (typeof tokenColumns)[K]['_']['data'] | null;
};

function tokenView(row: TokenRow): KioskToken {
  return {
    id: row.id!,
    store_id: row.storeId!,
    store_name: row.storeName ?? '',
    label: row.label!,
    hint: row.hint!,
    created_at: row.createdAt!.toISOString(),
    created_by: row.createdById !== null ? { id: row.createdById, name: row.createdByName ?? '' } : null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

function selectTokens(db: Queryable) {
  return db
    .select(tokenColumns)
    .from(kioskTokens)
    .innerJoin(stores, and(eq(stores.tenantId, kioskTokens.tenantId), eq(stores.id, kioskTokens.storeId)))
    .leftJoin(users, and(eq(users.tenantId, kioskTokens.tenantId), eq(users.id, kioskTokens.createdBy)));
}

/** GET /api/settings/kiosk-tokens: the session store's tokens, newest first, revoked ones included. */
export async function listKioskTokens(db: Queryable, auth: AuthContext): Promise<KioskToken[]> {
  const storeId = requireStore(auth, auth.storeId ?? -1);
  const rows = await selectTokens(db)
    .where(and(eq(kioskTokens.tenantId, auth.tenantId), eq(kioskTokens.storeId, storeId)))
    .orderBy(desc(kioskTokens.createdAt), desc(kioskTokens.id));
  return rows.map((row) => tokenView(row as TokenRow));
}

/** POST /api/settings/kiosk-tokens: a new secret (256 random bits), shown once; only its hash is kept. */
export async function issueKioskToken(
  db: Queryable,
  auth: AuthContext,
  body: IssueKioskTokenBody,
): Promise<IssuedKioskToken> {
  const storeId = requireStore(auth, body.store_id);
  const token = `kiosk_${randomBytes(32).toString('base64url')}`;
  const [row] = await db
    .insert(kioskTokens)
    .values({
      tenantId: auth.tenantId,
      storeId,
      label: body.label,
      tokenHash: sha256(token),
      hint: token.slice(-4),
      createdBy: auth.userId,
    })
    .returning({ id: kioskTokens.id });
  const [view] = await selectTokens(db).where(
    and(eq(kioskTokens.tenantId, auth.tenantId), eq(kioskTokens.id, row!.id)),
  );
  return { ...tokenView(view as TokenRow), token };
}

/** DELETE /api/settings/kiosk-tokens/:id: revoked at once; the row stays for the record. */
export async function revokeKioskToken(db: Queryable, auth: AuthContext, id: number): Promise<KioskToken> {
  const storeId = requireStore(auth, auth.storeId ?? -1);
  const where = and(
    eq(kioskTokens.tenantId, auth.tenantId),
    eq(kioskTokens.storeId, storeId),
    eq(kioskTokens.id, id),
  );
  const [row] = await db
    .update(kioskTokens)
    .set({ revokedAt: sql`coalesce(${kioskTokens.revokedAt}, now())`, revokedBy: auth.userId })
    .where(where)
    .returning({ id: kioskTokens.id });
  if (!row) throw notFound(KIOSK_TOKEN_NOT_FOUND);
  const [view] = await selectTokens(db).where(where);
  return tokenView(view as TokenRow);
}

// ---- the kiosk's identity --------------------------------------------------------------------------------

export interface Kiosk {
  tokenId: number;
  tenantId: number;
  storeId: number;
  storeName: string;
  timezone: string;
}

/** The token's kiosk, or 401 (no token, unknown, revoked). */
export async function kioskOf(db: Queryable, token: string | undefined, now = new Date()): Promise<Kiosk> {
  if (!token || token.length > 200)
    throw unauthorized(KIOSK_TOKEN_INVALID_MESSAGE, ERROR_CODE.KIOSK_TOKEN_INVALID);
  const [row] = await db
    .select({
      tokenId: kioskTokens.id,
      tenantId: kioskTokens.tenantId,
      storeId: kioskTokens.storeId,
      revokedAt: kioskTokens.revokedAt,
      lastUsedAt: kioskTokens.lastUsedAt,
      storeName: stores.name,
      timezone: stores.timezone,
    })
    .from(kioskTokens)
    .innerJoin(stores, and(eq(stores.tenantId, kioskTokens.tenantId), eq(stores.id, kioskTokens.storeId)))
    .where(eq(kioskTokens.tokenHash, sha256(token)))
    .limit(1);
  if (!row) throw unauthorized(KIOSK_TOKEN_INVALID_MESSAGE, ERROR_CODE.KIOSK_TOKEN_INVALID);
  if (row.revokedAt) throw unauthorized(KIOSK_TOKEN_REVOKED_MESSAGE, ERROR_CODE.KIOSK_TOKEN_REVOKED);
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS) {
    await db
      .update(kioskTokens)
      .set({ lastUsedAt: now })
      .where(and(eq(kioskTokens.tenantId, row.tenantId), eq(kioskTokens.id, row.tokenId)));
  }
  return {
    tokenId: row.tokenId,
    tenantId: row.tenantId,
    storeId: row.storeId,
    storeName: row.storeName,
    timezone: row.timezone,
  };
}

/**
 * The services the kiosk reuses (customers, walk-ins) take a caller; the kiosk's is the store, acting as
 * nobody: createWalkIn records the token instead of a user (CheckInOrigin), and nothing else it reaches
 * reads the user id.
 */
function kioskCaller(kiosk: Kiosk): AuthContext {
  return { tenantId: kiosk.tenantId, userId: 0, storeId: kiosk.storeId, role: ROLE.STAFF };
}

export function kioskSession(kiosk: Kiosk): KioskSession {
  return { store: { id: kiosk.storeId, name: kiosk.storeName }, timezone: kiosk.timezone };
}

// ---- reading ---------------------------------------------------------------------------------------------

function firstWord(text: string): string {
  return text.trim().split(/\s+/)[0] ?? '';
}

async function storeToday(db: Queryable, kiosk: Kiosk, now: Date): Promise<string> {
  const result = await db.execute<{ today: string }>(
    sql`select to_char(${now.toISOString()}::timestamptz at time zone ${kiosk.timezone}, 'YYYY-MM-DD') as today`,
  );
  return result.rows[0]!.today;
}

/** GET /api/kiosk/technicians: who takes walk-ins in the store, by the employee list's order. */
export async function kioskTechnicians(
  db: Queryable,
  kiosk: Kiosk,
  now: Date = new Date(),
): Promise<{ items: KioskTechnician[] }> {
  const today = await storeToday(db, kiosk, now);
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, displayName: users.displayName })
    .from(users)
    .where(
      and(
        eq(users.tenantId, kiosk.tenantId),
        eq(users.isActive, true),
        eq(users.isTechnician, true),
        eq(users.enableWalkin, true),
        or(isNull(users.storeId), eq(users.storeId, kiosk.storeId)),
      ),
    )
    .orderBy(asc(users.displayOrder), asc(users.displayName), asc(users.id));
  const working = await db
    .select({ userId: workingTimes.userId, onBreak: sql<boolean>`${workingTimeBreaks.id} is not null` })
    .from(workingTimes)
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
        eq(workingTimes.tenantId, kiosk.tenantId),
        eq(workingTimes.storeId, kiosk.storeId),
        eq(workingTimes.dateWork, today),
        isNull(workingTimes.checkOutAt),
      ),
    );
  const available = new Set(working.filter((w) => !w.onBreak).map((w) => w.userId));
  return {
    items: rows.map((row) => ({
      id: row.id,
      first_name: row.firstName.trim() !== '' ? row.firstName.trim() : firstWord(row.displayName),
      available: available.has(row.id),
    })),
  };
}

/** GET /api/kiosk/services: active service categories with their active services, in display order. */
export async function kioskCatalog(db: Queryable, kiosk: Kiosk): Promise<KioskCatalog> {
  const rows = await db
    .select({
      categoryId: categories.id,
      categoryName: categories.name,
      id: services.id,
      name: services.name,
      price: services.price,
    })
    .from(services)
    .innerJoin(
      categories,
      and(eq(categories.tenantId, services.tenantId), eq(categories.id, services.categoryId)),
    )
    .where(
      and(
        eq(services.tenantId, kiosk.tenantId),
        eq(services.storeId, kiosk.storeId),
        eq(services.isActive, true),
        eq(categories.isActive, true),
        eq(categories.type, 'service'),
      ),
    )
    .orderBy(
      asc(categories.displayOrder),
      asc(categories.name),
      asc(categories.id),
      asc(services.displayOrder),
      asc(services.name),
      asc(services.id),
    );
  const byCategory = new Map<number, KioskCatalog['categories'][number]>();
  for (const row of rows) {
    let category = byCategory.get(row.categoryId);
    if (!category) {
      category = { id: row.categoryId, name: row.categoryName, services: [] };
      byCategory.set(row.categoryId, category);
    }
    category.services.push({ id: row.id, name: row.name, price: row.price });
  }
  return { categories: [...byCategory.values()] };
}

// ---- customers -------------------------------------------------------------------------------------------

async function handleFor(
  db: Queryable,
  kiosk: Kiosk,
  customer: { id: number; firstName: string; lastName: string | null },
  now: Date,
): Promise<KioskCustomer> {
  const handle = randomBytes(24).toString('base64url');
  // Expired handles of the tenant go as new ones are made: the table holds a visit's worth.
  await db
    .delete(kioskHandles)
    .where(and(eq(kioskHandles.tenantId, kiosk.tenantId), lt(kioskHandles.expiresAt, now)));
  await db.insert(kioskHandles).values({
    tenantId: kiosk.tenantId,
    kioskTokenId: kiosk.tokenId,
    customerId: customer.id,
    handleHash: sha256(handle),
    expiresAt: new Date(now.getTime() + HANDLE_TTL_MS),
  });
  return { handle, first_name: customer.firstName, last_initial: lastInitial(customer.lastName) };
}

/** The customer a handle names, if this kiosk made it and it has not expired; else 401. */
async function customerOfHandle(db: Queryable, kiosk: Kiosk, handle: string, now: Date) {
  const [row] = await db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
    .from(kioskHandles)
    .innerJoin(
      customers,
      and(eq(customers.tenantId, kioskHandles.tenantId), eq(customers.id, kioskHandles.customerId)),
    )
    .where(
      and(
        eq(kioskHandles.handleHash, sha256(handle)),
        eq(kioskHandles.tenantId, kiosk.tenantId),
        eq(kioskHandles.kioskTokenId, kiosk.tokenId),
        gt(kioskHandles.expiresAt, now),
        eq(customers.isActive, true),
      ),
    )
    .limit(1);
  if (!row) throw unauthorized(KIOSK_HANDLE_EXPIRED_MESSAGE, ERROR_CODE.KIOSK_HANDLE_EXPIRED);
  return row;
}

async function activeCustomerByPhone(db: Queryable, kiosk: Kiosk, phone: string) {
  const [row] = await db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(
      and(eq(customers.tenantId, kiosk.tenantId), eq(customers.phone, phone), eq(customers.isActive, true)),
    )
    .orderBy(asc(customers.id))
    .limit(1);
  return row ?? null;
}

/** POST /api/kiosk/sign-in: that phone's customer, greeted and nothing more; found: false otherwise. */
export async function kioskSignIn(
  db: Queryable,
  kiosk: Kiosk,
  phone: string,
  now: Date = new Date(),
): Promise<KioskSignIn> {
  const customer = await activeCustomerByPhone(db, kiosk, phone);
  if (!customer) return { found: false };
  return { found: true, customer: await handleFor(db, kiosk, customer, now) };
}

/** POST /api/kiosk/sign-up: a new customer, or the phone's customer when there is one (registered: false). */
export async function kioskSignUp(
  db: Db,
  kiosk: Kiosk,
  body: KioskSignUpBody,
  now: Date = new Date(),
): Promise<KioskSignUp> {
  return db.transaction(async (tx) => {
    // Two sign-ups of one phone at once register it once.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`kiosk-phone:${kiosk.tenantId}:${body.phone}`}, 0))`,
    );
    const existing = await activeCustomerByPhone(tx, kiosk, body.phone);
    if (existing) return { customer: await handleFor(tx, kiosk, existing, now), registered: false };
    const created = await createCustomer(tx, kioskCaller(kiosk), {
      first_name: body.first_name,
      last_name: body.last_name ?? null,
      phone: body.phone,
      email: body.email ?? null,
      birthday: body.birthday ?? null,
    });
    const customer = { id: created.id, firstName: body.first_name, lastName: body.last_name ?? null };
    return { customer: await handleFor(tx, kiosk, customer, now), registered: true };
  });
}

// ---- check-in and review ---------------------------------------------------------------------------------

export interface KioskCheckInResult {
  answer: KioskCheckedIn;
  walkIn: WalkIn;
  created: boolean;
}

/** POST /api/kiosk/check-in: the walk-in, through the desk's own check-in (rules, live event) in one transaction. */
export async function kioskCheckIn(
  db: Db,
  kiosk: Kiosk,
  body: KioskCheckInBody,
  now: Date = new Date(),
): Promise<KioskCheckInResult> {
  return db.transaction(async (tx) => {
    const customer = await customerOfHandle(tx, kiosk, body.customer_handle, now);
    const { walkIn, created } = await createWalkIn(
      tx,
      kioskCaller(kiosk),
      {
        uuid: body.uuid,
        user_id: body.technician_id ?? null,
        customer_id: customer.id,
        booking_appt_service: body.service_ids.map((service_id) => ({ service_id })),
      },
      now,
      { kioskTokenId: kiosk.tokenId },
    ).catch((error: unknown) => {
      throw kioskFieldNames(error);
    });
    const [ahead] = await tx
      .select({ n: count() })
      .from(walkIns)
      .where(
        and(
          eq(walkIns.tenantId, kiosk.tenantId),
          eq(walkIns.storeId, kiosk.storeId),
          eq(walkIns.businessDate, walkIn.business_date),
          inArray(walkIns.status, [WALK_IN_STATUS.WAITING, WALK_IN_STATUS.ASSIGNED]),
          or(
            lt(walkIns.checkedInAt, new Date(walkIn.checked_in_at)),
            and(eq(walkIns.checkedInAt, new Date(walkIn.checked_in_at)), lt(walkIns.id, walkIn.id)),
          ),
        ),
      );
    const technicianName =
      walkIn.employee !== null
        ? (await kioskTechnicians(tx, kiosk, now)).items.find((t) => t.id === walkIn.employee!.id)?.first_name
        : undefined;
    return {
      walkIn,
      created,
      answer: {
        walk_in_id: walkIn.id,
        first_name: customer.firstName,
        last_initial: lastInitial(customer.lastName),
        technician:
          walkIn.employee !== null
            ? { id: walkIn.employee.id, first_name: technicianName ?? firstWord(walkIn.employee.name) }
            : null,
        services: walkIn.booking_appt_service.map((s) => ({ id: s.service_id, name: s.service_name })),
        ahead: ahead?.n ?? 0,
      },
    };
  });
}

/** The check-in's field errors under the kiosk's own field names (user_id → technician_id, ...). */
function kioskFieldNames(error: unknown): unknown {
  if (!(error instanceof HttpError) || error.statusCode !== 422 || !error.errors) return error;
  const renamed: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    const name =
      field === 'user_id'
        ? 'technician_id'
        : field.replace(/^booking_appt_service\.(\d+)\.service_id$/, 'service_ids.$1');
    renamed[name] = messages;
  }
  return unprocessable(error.message, renamed, error.code);
}

/** POST /api/kiosk/reviews: the customer's stars for the visit, and the technician when they name one. */
export async function kioskReview(
  db: Db,
  kiosk: Kiosk,
  body: KioskReviewBody,
  now: Date = new Date(),
): Promise<KioskReview> {
  return db.transaction(async (tx) => {
    const customer = await customerOfHandle(tx, kiosk, body.customer_handle, now);
    if (
      body.technician_id !== undefined &&
      !(await takesWalkIns(tx, kiosk, kiosk.storeId, body.technician_id))
    ) {
      throw unprocessable(UNKNOWN_TECHNICIAN_MESSAGE, { technician_id: [UNKNOWN_TECHNICIAN_MESSAGE] });
    }
    const [review] = await tx
      .insert(customerReviews)
      .values({
        tenantId: kiosk.tenantId,
        customerId: customer.id,
        storeId: kiosk.storeId,
        employeeId: body.technician_id ?? null,
        rating: body.rating,
        comment: body.comment ?? null,
      })
      .returning({ id: customerReviews.id, createdAt: customerReviews.createdAt });
    return { id: review!.id, created_at: review!.createdAt.toISOString() };
  });
}
