/**
 * /api/customers (docs/api.md#endpoints "Customers: /customers, /customers/{id}, /customers/bulk,
 * /customers/import", plus export): the back office's customers, a config of the resource factory
 * (docs/back-office.md, "Customers"). The sale screen's own routes are /api/pos/customers (customers-routes.ts);
 * both write the same rows. Customers are the tenant's; the screen is the Customer module's and the admin's
 * (docs/roles.md#access-rules, the owner above them).
 *
 * - One ACTIVE customer per phone (normalised) and per email (case ignored): a 409 `duplicate` naming the field
 *   and the customer who has it (`details.conflict`), so the screen offers to open that customer; an import
 *   lists such a row as a `duplicate` error and imports none (docs/back-office.md "Import").
 * - A membership set here joins, renews, changes or leaves with its history row and expiry
 *   (services/membership-assignment.ts), as the POS form does.
 * - Points are never a field: they change with sales and adjustments, each with its history row.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  adminCustomerSchema,
  createAdminCustomerBody,
  CUSTOMER_CSV_COLUMNS,
  updateAdminCustomerBody,
} from '../../../contracts/customers-admin';
import type { AdminCustomer } from '../../../contracts/customers-admin';
import { queryBoolean } from '../../../contracts/customers';
import { z } from 'zod';
import { MODULE } from '../../../domain/constants';
import { normalisePhone } from '../../../domain/normalise';
import { containsPattern, listFilter, lowerOf } from '../../db/list-query';
import { customerGroups, customers } from '../../db/schema/customers';
import type { WriteContext } from '../../resources/resource-config';
import { saveImage } from '../../resources/media';
import { registerCustomerRecordRoutes } from './customer-records-routes';
import {
  BACK_OFFICE_ROLES,
  defineResource,
  registerResource,
  usedBy,
} from '../../resources/resource-factory';
import { giftcards } from '../../db/schema/giftcards';
import { couponHistories } from '../../db/schema/ledger-histories';
import { sales } from '../../db/schema/sales';
import { walkIns } from '../../db/schema/walk-ins';
import { checkReference, timestampSorts } from '../../resources/resource-parts';
import type { Reference } from '../../resources/resource-parts';
import { fieldValues } from '../../resources/resource-repository';
import {
  planMembershipChange,
  recordJoins,
  recordMembershipChange,
  storeToday,
} from '../../services/membership-assignment';
import { DUPLICATE_PHONE_MESSAGE } from '../../services/customers';

export const DUPLICATE_EMAIL_MESSAGE = 'A customer with this email address already exists.';
const UNKNOWN_GROUP_MESSAGE = 'This customer group does not exist.';

type CustomerRecord = typeof customers.$inferSelect;

/** The plain fields: everything but the membership (its own rule) and what the server alone sets. */
const PLAIN_FIELDS = {
  first_name: 'firstName',
  phone: 'phone',
  email: 'email',
  birthday: 'birthday',
  notes: 'notes',
  customer_group_id: 'customerGroupId',
  accepts_messages: 'acceptsMessages',
  is_active: 'isActive',
} as const;

const GROUP: Reference = {
  table: customerGroups,
  scope: 'tenant',
  field: 'customer_group_id',
  message: UNKNOWN_GROUP_MESSAGE,
};

function toRow(record: CustomerRecord): AdminCustomer {
  return {
    id: record.id,
    first_name: record.firstName,
    last_name: record.lastName,
    name: `${record.firstName} ${record.lastName}`.trim(),
    phone: record.phone,
    email: record.email,
    birthday: record.birthday,
    notes: record.notes,
    customer_group_id: record.customerGroupId,
    membership_id: record.membershipId,
    membership_expires_on: record.membershipExpiresOn,
    point_balance: record.pointBalance,
    accepts_messages: record.acceptsMessages,
    avatar_path: record.avatarPath,
    is_active: record.isActive,
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
  };
}

/** Directory of customers' pictures under the media root. */
export const CUSTOMER_AVATAR_DIR = 'customers';

interface Body {
  avatar?: Uint8Array | undefined;
  last_name?: string | null | undefined;
  customer_group_id?: number | null | undefined;
  membership_id?: number | null | undefined;
}

/** The column values every write shares: the plain fields, the last name ('' when cleared), the group checked. */
async function plainValues(
  body: Body,
  { db, auth, request }: WriteContext,
): Promise<Partial<CustomerRecord>> {
  await checkReference(db, auth, GROUP, body.customer_group_id);
  return {
    ...fieldValues<CustomerRecord>(PLAIN_FIELDS, body),
    ...(body.last_name !== undefined ? { lastName: body.last_name ?? '' } : {}),
    // A picture is checked by its bytes and stored before the row names it (resources/media.ts).
    ...(body.avatar !== undefined
      ? {
          avatarPath: await saveImage(
            request.server.mediaDir,
            CUSTOMER_AVATAR_DIR,
            auth.tenantId,
            body.avatar,
            'avatar',
          ),
        }
      : {}),
  };
}

/** "(555) 123" finds "5551234567": a phone fragment is matched in its normalised form. */
function customerSearch(term: string) {
  const name = containsPattern(term.toLowerCase());
  const conditions = [sql`lower(${customers.firstName} || ' ' || ${customers.lastName}) like ${name}`];
  const phone = normalisePhone(term);
  if (/\d/.test(phone)) conditions.push(sql`${customers.phone} like ${containsPattern(phone)}`);
  conditions.push(sql`lower(${customers.email}) like ${name}`);
  return sql`(${sql.join(conditions, sql` or `)})`;
}

const positiveId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const CUSTOMER_RESOURCE = defineResource({
  name: 'customers',
  label: 'Customer',
  table: customers,
  scope: 'tenant',
  module: MODULE.CUSTOMER,
  roles: BACK_OFFICE_ROLES,
  row: adminCustomerSchema,
  toRow,
  createBody: createAdminCustomerBody,
  updateBody: updateAdminCustomerBody,
  toInsert: async (body, ctx) => {
    const values = await plainValues(body, ctx);
    const membership = await planMembershipChange(
      ctx.db,
      ctx.auth,
      { membershipId: null, membershipExpiresOn: null },
      body.membership_id ?? null,
      await storeToday(ctx.db, ctx.auth),
    );
    // The storeId is the creating store's (for reports), not a filter: customers are the tenant's.
    return { ...values, ...membership.values, storeId: ctx.auth.storeId };
  },
  // The join row needs the new customer's id (a create, or each committed batch of an import).
  afterInsert: (db, auth, ids) => recordJoins(db, auth, ids),
  toUpdate: async (body, ctx) => {
    const values = await plainValues(body, ctx);
    if (body.membership_id === undefined) return values;
    const membership = await planMembershipChange(
      ctx.db,
      ctx.auth,
      ctx.before,
      body.membership_id,
      await storeToday(ctx.db, ctx.auth),
    );
    await recordMembershipChange(ctx.db, ctx.auth, ctx.before.id, membership);
    return { ...values, ...membership.values };
  },
  list: {
    sort: {
      name: [lowerOf(customers.firstName), lowerOf(customers.lastName)],
      first_name: lowerOf(customers.firstName),
      last_name: lowerOf(customers.lastName),
      phone: customers.phone,
      point_balance: customers.pointBalance,
      ...timestampSorts(customers),
    },
    defaultSort: 'name',
    tiebreak: customers.id,
    filters: {
      is_active: listFilter(queryBoolean, (v) => eq(customers.isActive, v)),
      customer_group_id: listFilter(positiveId, (v) => eq(customers.customerGroupId, v)),
      membership_id: listFilter(positiveId, (v) => eq(customers.membershipId, v)),
      accepts_messages: listFilter(queryBoolean, (v) => eq(customers.acceptsMessages, v)),
    },
    search: customerSearch,
  },
  unique: [
    {
      field: 'phone',
      column: customers.phone,
      index: 'customers_tenant_phone_key',
      message: DUPLICATE_PHONE_MESSAGE,
      where: sql`${customers.isActive}`,
      namesHolder: true,
    },
    {
      field: 'email',
      column: customers.email,
      index: 'customers_tenant_email_key',
      message: DUPLICATE_EMAIL_MESSAGE,
      caseInsensitive: true,
      where: sql`${customers.isActive}`,
      namesHolder: true,
    },
  ],
  // A customer with sales, gift cards, walk-ins or coupon uses is kept (deactivate instead): those records name
  // them. Points, membership histories and reviews go with the customer (their keys cascade).
  inUse: usedBy(
    { resource: 'sales', table: sales, column: sales.customerId },
    { resource: 'giftcards', table: giftcards, column: giftcards.customerId },
    { resource: 'walk_ins', table: walkIns, column: walkIns.customerId },
    { resource: 'coupon_uses', table: couponHistories, column: couponHistories.customerId },
  ),
  active: customers.isActive,
  importColumns: CUSTOMER_CSV_COLUMNS,
});

export function registerCustomerAdminRoutes(app: FastifyInstance): void {
  registerResource(app, CUSTOMER_RESOURCE);
  registerCustomerRecordRoutes(app);
}
