/**
 * POS customers (docs/sales.md#the-sale-screen sale screen; docs/api.md#endpoints /pos/customers,
 * /pos/customers/{id}): the active-customer search, details with points, membership and gift cards, create
 * and update.
 *
 * Customers belong to the tenant (schema customers.ts): a chain's client is the same person in every shop,
 * so every query is tenant-scoped and `store_id` only records the creating store.
 *
 * Duplicate phones: a phone identifies a client at the till (search, walk-in sign-in), so two ACTIVE
 * customers of a tenant never share one. A duplicate is a 422 on the `phone` field (the form shows it
 * beside the field), checked under a transaction-scoped advisory lock on (tenant, phone) so two tills
 * saving the same new client at once cannot both pass the check (there is no unique index: inactive
 * customers may keep an old number).
 */
import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { CUSTOMER_SEARCH_COUNT_CAP } from '../../contracts/customers';
import type {
  CreateCustomerBody,
  CustomerDetail,
  CustomerListItem,
  CustomerListQuery,
  CustomerMembership,
  CustomerSearchPage,
  OrderCustomerView,
  UpdateCustomerBody,
} from '../../contracts/customers';
import { ERROR_CODE } from '../../contracts/error-codes';
import type { DiscountType } from '../../domain/constants';
import { normalisePhone } from '../../domain/normalise';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { containsPattern, fetchPage, parsedFilter, planList, selectPage } from '../db/list-query';
import type { ListPlan, ListSpec } from '../db/list-query';
import { customers, memberships } from '../db/schema/customers';
import { giftcards } from '../db/schema/giftcards';
import { tenantIdWhere, tenantValues, tenantWhere } from '../db/scoped';
import { notFound, unprocessable } from '../errors';
import { planMembershipChange, recordMembershipChange, storeToday } from './membership-assignment';

export const CUSTOMER_NOT_FOUND = 'Customer not found.';
export const DUPLICATE_PHONE_MESSAGE = 'A customer with this phone number already exists.';
export { UNKNOWN_MEMBERSHIP_MESSAGE } from './membership-assignment';

/** Gift cards shown on a customer's details; a client with more sees the newest. */
const MAX_CUSTOMER_GIFTCARDS = 100;

// An inactive membership gives no discount, so it is not shown as the customer's membership.
const membershipJoin = and(
  eq(memberships.tenantId, customers.tenantId),
  eq(memberships.id, customers.membershipId),
  eq(memberships.isActive, true),
);

const listColumns = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  phone: customers.phone,
  email: customers.email,
  birthday: customers.birthday,
  pointBalance: customers.pointBalance,
  membershipId: memberships.id,
  membershipName: memberships.name,
  membershipExpiresOn: customers.membershipExpiresOn,
  discountType: memberships.discountType,
  discountValue: memberships.discountValue,
  pointsPerUnit: memberships.pointsPerUnit,
  pointsUnitAmount: memberships.pointsUnitAmount,
};

interface ListRow {
  id: number;
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
  birthday: string | null;
  pointBalance: number;
  membershipId: number | null;
  membershipName: string | null;
  membershipExpiresOn: string | null;
  discountType: DiscountType | null;
  discountValue: number | null;
  pointsPerUnit: number | null;
  pointsUnitAmount: number | null;
}

function displayName(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`.trim();
}

/** What a sale or a walk-in takes from the customer it names. */
export interface ActiveCustomer {
  id: number;
  name: string;
  phone: string | null;
  pointBalance: number;
  membershipId: number | null;
  /** The last day the membership holds (null = no end): a sale reads it through domain/membership.ts. */
  membershipExpiresOn: string | null;
}

/**
 * An active customer of the tenant by id, named as the till shows them; null when the tenant has none by
 * that id or it is inactive (a sale or a walk-in never takes an inactive customer).
 */
export async function findActiveCustomer(
  db: Queryable,
  auth: AuthContext,
  customerId: number,
): Promise<ActiveCustomer | null> {
  const [row] = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      phone: customers.phone,
      pointBalance: customers.pointBalance,
      membershipId: customers.membershipId,
      membershipExpiresOn: customers.membershipExpiresOn,
    })
    .from(customers)
    .where(tenantIdWhere(customers, auth, customerId, eq(customers.isActive, true)))
    .limit(1);
  if (!row) return null;
  const { firstName, lastName, ...rest } = row;
  return { ...rest, name: displayName(firstName, lastName) };
}

function membershipView(row: ListRow): CustomerMembership | null {
  if (row.membershipId === null || row.membershipName === null) return null;
  return {
    id: row.membershipId,
    name: row.membershipName,
    discount: { type: row.discountType ?? 0, value: row.discountValue ?? 0 },
    points_per_unit: row.pointsPerUnit ?? 0,
    points_unit_amount: row.pointsUnitAmount ?? 100,
    expires_on: row.membershipExpiresOn,
  };
}

function listItemView(row: ListRow): CustomerListItem {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    name: displayName(row.firstName, row.lastName),
    phone: row.phone,
    email: row.email,
    birthday: row.birthday,
    point_balance: row.pointBalance,
    membership: membershipView(row),
  };
}

/**
 * Name (first, last, full in either order) or phone (in its normalised form) contains the term. The reversed
 * full name only matters for a term with a space in it ("lee ann"): a term without one lies inside a single
 * word, and both orders hold the same words, so a second trigram lookup would find the same rows.
 */
export function searchCondition(term: string): SQL | undefined {
  if (term === '') return undefined;
  const name = containsPattern(term.toLowerCase());
  const conditions: SQL[] = [sql`lower(${customers.firstName} || ' ' || ${customers.lastName}) like ${name}`];
  if (term.includes(' ')) {
    conditions.push(sql`lower(${customers.lastName} || ' ' || ${customers.firstName}) like ${name}`);
  }
  const phone = normalisePhone(term);
  if (/\d/.test(phone)) conditions.push(sql`${customers.phone} like ${containsPattern(phone)}`);
  return or(...conditions);
}

function nameCondition(term: string | undefined): SQL | undefined {
  if (!term) return undefined;
  return sql`lower(${customers.firstName} || ' ' || ${customers.lastName}) like ${containsPattern(term.toLowerCase())}`;
}

function phoneCondition(term: string | undefined): SQL | undefined {
  const phone = term ? normalisePhone(term) : '';
  return phone ? sql`${customers.phone} like ${containsPattern(phone)}` : undefined;
}

/**
 * The fragments a query's text conditions look for with LIKE '%…%' (searchCondition, nameCondition,
 * phoneCondition): none means the query is not a text search.
 */
function searchFragments(query: CustomerListQuery): string[] {
  const fragments: string[] = [];
  for (const term of [query.search, query.filter?.search]) {
    if (!term) continue;
    fragments.push(term.toLowerCase());
    const phone = normalisePhone(term);
    if (/\d/.test(phone)) fragments.push(phone);
  }
  if (query.filter?.name) fragments.push(query.filter.name.toLowerCase());
  const phone = query.filter?.phone ? normalisePhone(query.filter.phone) : '';
  if (phone) fragments.push(phone);
  return fragments;
}

/**
 * Whether pg_trgm finds trigrams in LIKE '%fragment%', as its wildcard extraction does: each run of word
 * characters, padded with two blanks where a non-word character (a space, a "+") precedes it inside the
 * fragment and one where one follows it, gives a trigram once it is three characters long. Without one ("an",
 * "+84", "%_") a trigram index can only be read whole.
 */
function hasTrigram(fragment: string): boolean {
  for (const word of fragment.matchAll(/[\p{L}\p{N}]+/gu)) {
    const start = word.index;
    const end = start + word[0].length;
    const padded = [...word[0]].length + (start > 0 ? 2 : 0) + (end < fragment.length ? 1 : 0);
    if (padded >= 3) return true;
  }
  return false;
}

/**
 * The list's spec in the one list dialect (src/server/db/list-query.ts, docs/back-office.md "Lists"); the
 * route's query schema (contracts/customers.ts) has already read each filter and the sort.
 */
const CUSTOMER_LIST: ListSpec = {
  sort: {
    name: [sql`lower(${customers.firstName})`, sql`lower(${customers.lastName})`],
    first_name: sql`lower(${customers.firstName})`,
    last_name: sql`lower(${customers.lastName})`,
    phone: customers.phone,
    created_at: customers.createdAt,
    point_balance: customers.pointBalance,
  },
  defaultSort: 'name',
  tiebreak: customers.id,
  tiebreakAscending: true,
  filters: {
    search: parsedFilter((term: string) => searchCondition(term)),
    name: parsedFilter(nameCondition),
    phone: parsedFilter(phoneCondition),
    membership_id: parsedFilter((id: number) => eq(customers.membershipId, id)),
  },
  search: searchCondition,
};

/**
 * GET /api/pos/customers: active customers of the tenant, searched by name or phone, paged. A text search is
 * capped (cappedSearch); a list without one (all customers, or by membership) is counted exactly.
 */
export async function listCustomers(
  db: Queryable,
  auth: AuthContext,
  query: CustomerListQuery,
): Promise<CustomerSearchPage> {
  const plan = planList(CUSTOMER_LIST, query, tenantWhere(customers, auth), eq(customers.isActive, true));
  const fragments = searchFragments(query);
  if (fragments.length > 0) return cappedSearch(db, plan, fragments.every(hasTrigram));
  const page = await fetchPage(db, plan, customers, (p) =>
    selectPage(db.select(listColumns).from(customers).leftJoin(memberships, membershipJoin).$dynamic(), p),
  );
  return { ...page, items: (page.items as ListRow[]).map(listItemView), total_capped: false };
}

/**
 * The till's search (docs/sales.md#finding-a-customer): at most CUSTOMER_SEARCH_COUNT_CAP + 1 matching rows are
 * read, in whatever order the index gives them, then sorted and paged; the total is their count, capped. A broad
 * term ("nguyen": one customer in twelve) therefore costs about what a narrow one does, instead of an exact
 * count of every match and a page the planner found by walking the name index in order (docs/back-office.md
 * "Customers", Search speed: 0.4-0.8 s over 200,000 customers).
 *
 * The plan is chosen here, not by the planner: it expects the matches of a LIMIT to be spread evenly through
 * the table, so for a broad term it walks the table (or the name index) and stops at the 101st match; where
 * the matches lie together (a name sorting last, customers imported in name order) that walk reads most of the
 * tenant's rows. With trigrams in every fragment the trigram indexes of migration 0008 are used, whose cost is
 * bounded by their posting lists; without any (a two-letter term) a trigram index would be read whole, so the
 * table is scanned and the scan stops at the 101st match.
 */
async function cappedSearch(db: Queryable, plan: ListPlan, trigrams: boolean): Promise<CustomerSearchPage> {
  const cap = CUSTOMER_SEARCH_COUNT_CAP;
  // Pages end at the cap: the 101st row only says that there are more.
  const limit = Math.max(0, Math.min(plan.limit, cap - plan.offset));
  // Named `customers`, so the list's columns, join and sort terms (which name that table) apply to it unchanged.
  const matched = db
    .select({
      tenantId: customers.tenantId,
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      phone: customers.phone,
      email: customers.email,
      birthday: customers.birthday,
      pointBalance: customers.pointBalance,
      membershipId: customers.membershipId,
      membershipExpiresOn: customers.membershipExpiresOn,
      createdAt: customers.createdAt,
    })
    .from(customers)
    .where(plan.where)
    .limit(cap + 1)
    .as('customers');
  return db.transaction(async (tx) => {
    // set_config(…, true) is SET LOCAL: the settings end with this transaction.
    await tx.execute(
      trigrams
        ? sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`
        : sql`select set_config('enable_bitmapscan', 'off', true)`,
    );
    const rows =
      limit === 0
        ? []
        : await tx
            .select({ ...listColumns, matchedCount: sql<number>`count(*) over ()`.mapWith(Number) })
            .from(matched)
            .leftJoin(memberships, membershipJoin)
            .orderBy(...plan.orderBy)
            .limit(limit)
            .offset(plan.offset);
    // An empty page past the first says nothing of the count: ask it alone (paging past the end only).
    let count = rows[0]?.matchedCount ?? 0;
    if (rows.length === 0 && (plan.offset > 0 || limit === 0)) {
      const [counted] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(matched);
      count = counted?.n ?? 0;
    }
    return {
      items: rows.map(({ matchedCount: _, ...row }) => listItemView(row as ListRow)),
      total: Math.min(count, cap),
      total_capped: count > cap,
      page: plan.page,
      per_page: plan.per_page,
    };
  });
}

/** GET /api/pos/customers/{id}: any customer of the tenant (inactive ones too: old sales name them). */
export async function getCustomer(db: Queryable, auth: AuthContext, id: number): Promise<CustomerDetail> {
  const [row] = await db
    .select({
      ...listColumns,
      notes: customers.notes,
      isActive: customers.isActive,
      storeId: customers.storeId,
      createdAt: customers.createdAt,
      updatedAt: customers.updatedAt,
    })
    .from(customers)
    .leftJoin(memberships, membershipJoin)
    .where(tenantIdWhere(customers, auth, id))
    .limit(1);
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  const cards = await db
    .select({
      id: giftcards.id,
      number: giftcards.number,
      balance: giftcards.balance,
      isActive: giftcards.isActive,
      expiresAt: giftcards.expiresAt,
    })
    .from(giftcards)
    .where(tenantWhere(giftcards, auth, eq(giftcards.customerId, id)))
    .orderBy(desc(giftcards.createdAt), desc(giftcards.id))
    .limit(MAX_CUSTOMER_GIFTCARDS);
  return {
    ...listItemView(row as ListRow),
    notes: row.notes,
    is_active: row.isActive,
    store_id: row.storeId,
    giftcards: cards.map((c) => ({
      id: c.id,
      number: c.number,
      balance: c.balance,
      is_active: c.isActive,
      expires_at: c.expiresAt ? c.expiresAt.toISOString() : null,
    })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The order's customer (domain OrderCustomer) for sale init: active customers only. */
export async function orderCustomer(
  db: Queryable,
  auth: AuthContext,
  id: number,
): Promise<OrderCustomerView> {
  const [row] = await db
    .select(listColumns)
    .from(customers)
    .leftJoin(memberships, membershipJoin)
    .where(tenantIdWhere(customers, auth, id, eq(customers.isActive, true)))
    .limit(1);
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  const item = listItemView(row as ListRow);
  return {
    id: item.id,
    name: item.name,
    ...(item.phone ? { telephone: item.phone } : {}),
    point_balance: item.point_balance,
    membership: item.membership
      ? {
          id: item.membership.id,
          name: item.membership.name,
          discount: item.membership.discount,
          expires_on: item.membership.expires_on ?? null,
        }
      : null,
  };
}

/** 422 when another active customer of the tenant has `phone`; holds the (tenant, phone) lock until commit. */
async function requireFreePhone(
  tx: Queryable,
  auth: AuthContext,
  phone: string,
  exceptId?: number,
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`customer-phone:${auth.tenantId}:${phone}`}, 0))`,
  );
  const [taken] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(
      tenantWhere(
        customers,
        auth,
        eq(customers.phone, phone),
        eq(customers.isActive, true),
        exceptId !== undefined ? ne(customers.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) {
    throw unprocessable(DUPLICATE_PHONE_MESSAGE, { phone: [DUPLICATE_PHONE_MESSAGE] }, ERROR_CODE.DUPLICATE);
  }
}

/** POST /api/pos/customers. */
export async function createCustomer(
  db: Queryable,
  auth: AuthContext,
  body: CreateCustomerBody,
): Promise<CustomerDetail> {
  return db.transaction(async (tx) => {
    const membership = await planMembershipChange(
      tx,
      auth,
      { membershipId: null, membershipExpiresOn: null },
      body.membership_id ?? null,
      await storeToday(tx, auth),
    );
    if (body.phone) await requireFreePhone(tx, auth, body.phone);
    const [created] = await tx
      .insert(customers)
      .values(
        tenantValues(auth, {
          storeId: auth.storeId,
          firstName: body.first_name,
          lastName: body.last_name ?? '',
          phone: body.phone ?? null,
          email: body.email ?? null,
          birthday: body.birthday ?? null,
          notes: body.notes ?? null,
          ...membership.values,
        }),
      )
      .returning({ id: customers.id });
    await recordMembershipChange(tx, auth, created!.id, membership);
    return getCustomer(tx, auth, created!.id);
  });
}

/** POST /api/pos/customers/{id}: fields left out stay as they are; null (or '') clears an optional one. */
export async function updateCustomer(
  db: Queryable,
  auth: AuthContext,
  id: number,
  body: UpdateCustomerBody,
): Promise<CustomerDetail> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({
        id: customers.id,
        phone: customers.phone,
        membershipId: customers.membershipId,
        membershipExpiresOn: customers.membershipExpiresOn,
      })
      .from(customers)
      .where(tenantIdWhere(customers, auth, id))
      .limit(1)
      .for('update');
    if (!existing) throw notFound(CUSTOMER_NOT_FOUND);
    // A membership written is a join, renewal, change or leaving, with its history row
    // (services/membership-assignment.ts); left out, the customer keeps what they hold.
    const membership =
      body.membership_id === undefined
        ? { values: {}, history: null }
        : await planMembershipChange(tx, auth, existing, body.membership_id, await storeToday(tx, auth));
    if (body.phone && body.phone !== existing.phone) await requireFreePhone(tx, auth, body.phone, id);

    const changes = {
      ...(body.first_name !== undefined ? { firstName: body.first_name } : {}),
      ...(body.last_name !== undefined ? { lastName: body.last_name ?? '' } : {}),
      ...(body.phone !== undefined ? { phone: body.phone } : {}),
      ...(body.email !== undefined ? { email: body.email } : {}),
      ...(body.birthday !== undefined ? { birthday: body.birthday } : {}),
      ...(body.notes !== undefined ? { notes: body.notes } : {}),
      ...membership.values,
    };
    if (Object.keys(changes).length > 0) {
      await tx
        .update(customers)
        .set(changes)
        .where(tenantIdWhere(customers, auth, id));
    }
    await recordMembershipChange(tx, auth, id, membership);
    return getCustomer(tx, auth, id);
  });
}
