/**
 * A customer's membership changing (docs/back-office.md, "Memberships"): every join, renewal, change of level
 * and leaving writes a membership_histories row in the customer's transaction, and sets the customer's
 * membership_expires_on from the membership's duration (src/domain/membership.ts), counted in calendar days
 * of the store's time zone. Used by every write that sets a customer's membership: the POS customer form
 * (services/customers.ts) and the back office's customers (routes/customers/customers-admin-routes.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { membershipEndsOn, membershipHolds } from '../../domain/membership';
import { dayInTimeZone } from '../../domain/report-periods';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { customers, memberships } from '../db/schema/customers';
import type { MembershipHistoryKind } from '../db/schema/ledger-histories';
import { membershipHistories } from '../db/schema/ledger-histories';
import { stores } from '../db/schema/stores';
import { tenantIdWhere, tenantValues, tenantWhere } from '../db/scoped';
import { unprocessable } from '../errors';

export const UNKNOWN_MEMBERSHIP_MESSAGE = 'This membership does not exist or is no longer offered.';

/** What a customer holds now (the row before the write; a new customer holds nothing). */
export interface HeldMembershipState {
  membershipId: number | null;
  membershipExpiresOn: string | null;
}

/** The history row a change writes once the customer's id is known. */
interface PlannedHistory {
  kind: MembershipHistoryKind;
  membershipId: number;
  price: number;
  startsOn: string;
  endsOn: string | null;
}

export interface MembershipChange {
  /** The customer's column values (absent when nothing changes). */
  values: Partial<HeldMembershipState>;
  history: PlannedHistory | null;
}

/** Today in the session store's time zone (UTC without a store: an owner's tenant-wide session). */
export async function storeToday(db: Queryable, auth: AuthContext, now = new Date()): Promise<string> {
  if (auth.storeId === null) return dayInTimeZone(now, 'UTC');
  const [store] = await db
    .select({ timezone: stores.timezone })
    .from(stores)
    .where(tenantWhere(stores, auth, eq(stores.id, auth.storeId)))
    .limit(1);
  return dayInTimeZone(now, store?.timezone ?? 'UTC');
}

/**
 * What setting a customer's membership to `nextId` does, from `held` on `today`:
 * - none → a membership: `join`, expiring after its duration;
 * - the same membership again: `renew` once it has expired (a new term from today), else nothing changes;
 * - another membership: `change`, a new term from today;
 * - a membership → none: `leave`, the expiry cleared.
 * An unknown or inactive membership is a 422 on `membership_id`; leaving or keeping one needs no lookup.
 */
export async function planMembershipChange(
  db: Queryable,
  auth: AuthContext,
  held: HeldMembershipState,
  nextId: number | null,
  today: string,
): Promise<MembershipChange> {
  if (nextId === null) {
    if (held.membershipId === null) return { values: {}, history: null };
    return {
      values: { membershipId: null, membershipExpiresOn: null },
      history: { kind: 'leave', membershipId: held.membershipId, price: 0, startsOn: today, endsOn: today },
    };
  }
  const still = held.membershipId === nextId && membershipHolds(held.membershipExpiresOn, today);
  if (still) return { values: {}, history: null };
  const [level] = await db
    .select({ price: memberships.price, durationMonths: memberships.durationMonths })
    .from(memberships)
    .where(tenantIdWhere(memberships, auth, nextId, eq(memberships.isActive, true)))
    .limit(1);
  if (!level) {
    throw unprocessable(UNKNOWN_MEMBERSHIP_MESSAGE, { membership_id: [UNKNOWN_MEMBERSHIP_MESSAGE] });
  }
  const endsOn = membershipEndsOn(today, level.durationMonths);
  const kind: MembershipHistoryKind =
    held.membershipId === null ? 'join' : held.membershipId === nextId ? 'renew' : 'change';
  return {
    values: { membershipId: nextId, membershipExpiresOn: endsOn },
    history: { kind, membershipId: nextId, price: level.price, startsOn: today, endsOn },
  };
}

/** Writes the change's history row for customer `customerId` (nothing when nothing changed). */
export async function recordMembershipChange(
  db: Queryable,
  auth: AuthContext,
  customerId: number,
  change: MembershipChange,
): Promise<void> {
  if (!change.history) return;
  await db.insert(membershipHistories).values(
    tenantValues(auth, {
      ...change.history,
      customerId,
      storeId: auth.storeId,
      userId: auth.userId,
    }),
  );
}

/**
 * The `join` rows of customers just inserted holding a membership (a back-office create, each committed batch
 * of an import): what they paid is the membership's price, the term today to the expiry their insert set.
 */
export async function recordJoins(
  db: Queryable,
  auth: AuthContext,
  customerIds: readonly number[],
): Promise<void> {
  if (customerIds.length === 0) return;
  const joined = await db
    .select({
      customerId: customers.id,
      membershipId: customers.membershipId,
      endsOn: customers.membershipExpiresOn,
      price: memberships.price,
    })
    .from(customers)
    .innerJoin(
      memberships,
      and(eq(memberships.tenantId, customers.tenantId), eq(memberships.id, customers.membershipId)),
    )
    .where(tenantWhere(customers, auth, inArray(customers.id, [...customerIds])));
  if (joined.length === 0) return;
  const today = await storeToday(db, auth);
  await db.insert(membershipHistories).values(
    joined.map((j) =>
      tenantValues(auth, {
        kind: 'join' as const,
        membershipId: j.membershipId!,
        customerId: j.customerId,
        price: j.price,
        startsOn: today,
        endsOn: j.endsOn,
        storeId: auth.storeId,
        userId: auth.userId,
      }),
    ),
  );
}
