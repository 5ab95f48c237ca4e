/**
 * /api/memberships (docs/api.md#endpoints "Memberships: /memberships, /memberships/{id}, /memberships/bulk,
 * /memberships/{id}/histories", plus import and export): a config of the resource factory
 * (docs/back-office.md, "Memberships"), its history through the factory's `histories`. Memberships are the tenant's,
 * like the customers who hold them; the screen is the Membership module's and the admin's
 * (docs/roles.md#access-rules, and the owner above them). A membership a customer holds cannot be deleted.
 * A name is unique in the tenant whatever its case, as a customer group's is: a level is picked by its name on
 * the customer's form, where two "Gold" could not be told apart (migration 0009, which renamed duplicates).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listFilter } from '../../db/list-query';
import {
  createMembershipBody,
  MEMBERSHIP_CSV_COLUMNS,
  membershipDiscountProblem,
  membershipHistoryQuery,
  membershipHistorySchema,
  membershipSchema,
  updateMembershipBody,
} from '../../../contracts/memberships';
import type { MembershipHistory } from '../../../contracts/memberships';
import { MODULE } from '../../../domain/constants';
import { customers, memberships } from '../../db/schema/customers';
import { membershipHistories } from '../../db/schema/ledger-histories';
import { unprocessable } from '../../errors';
import { kindHistories } from '../../resources/kind-histories';
import {
  BACK_OFFICE_ROLES,
  defineResource,
  registerResource,
  usedBy,
} from '../../resources/resource-factory';
import { activeRowFields, namedList, uniqueName } from '../../resources/resource-parts';
import { fieldValues } from '../../resources/resource-repository';

export const DUPLICATE_MEMBERSHIP_MESSAGE = 'A membership with this name already exists.';

const MEMBERSHIP_FIELDS = activeRowFields({
  name: 'name',
  discount_type: 'discountType',
  discount_value: 'discountValue',
  price: 'price',
  duration_months: 'durationMonths',
  benefits: 'benefits',
  points_per_unit: 'pointsPerUnit',
  points_unit_amount: 'pointsUnitAmount',
});

export const MEMBERSHIP_RESOURCE = defineResource({
  name: 'memberships',
  label: 'Membership',
  table: memberships,
  scope: 'tenant',
  module: MODULE.MEMBERSHIP,
  roles: BACK_OFFICE_ROLES,
  row: membershipSchema,
  fields: MEMBERSHIP_FIELDS,
  createBody: createMembershipBody,
  updateBody: updateMembershipBody,
  // An update may change the type or the value alone: the pair it leaves stored must still be a discount
  // (a percentage 0-100, an amount in whole minor units), said as a field error before the table's CHECK.
  toUpdate: (body, { before }) => {
    const type = body.discount_type ?? before.discountType;
    const value = body.discount_value ?? before.discountValue;
    const problem = membershipDiscountProblem(type, value);
    if (problem) throw unprocessable(problem, { discount_value: [problem] });
    return fieldValues(MEMBERSHIP_FIELDS, body);
  },
  list: {
    ...namedList(memberships, [memberships.name, memberships.benefits]),
    sort: {
      name: sql`lower(${memberships.name})`,
      price: memberships.price,
      created_at: memberships.createdAt,
      updated_at: memberships.updatedAt,
    },
    filters: {
      ...namedList(memberships, []).filters,
      discount_type: listFilter(z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])), (v) =>
        eq(memberships.discountType, v),
      ),
    },
  },
  unique: [uniqueName(memberships.name, 'memberships_tenant_name_key', DUPLICATE_MEMBERSHIP_MESSAGE)],
  inUse: usedBy({ resource: 'customers', table: customers, column: customers.membershipId }),
  active: memberships.isActive,
  importColumns: MEMBERSHIP_CSV_COLUMNS,
  histories: kindHistories({
    summary: 'Who joined, renewed, changed to or left the membership, newest first (filter kind)',
    query: membershipHistoryQuery,
    item: membershipHistorySchema,
    table: membershipHistories,
    of: membershipHistories.membershipId,
    // Each row with the customer's name (a customer's history goes with them: an inner join).
    select: (db) =>
      db
        .select({
          id: membershipHistories.id,
          membershipId: membershipHistories.membershipId,
          customerId: membershipHistories.customerId,
          firstName: customers.firstName,
          lastName: customers.lastName,
          kind: membershipHistories.kind,
          price: membershipHistories.price,
          startsOn: membershipHistories.startsOn,
          endsOn: membershipHistories.endsOn,
          userId: membershipHistories.userId,
          note: membershipHistories.note,
          createdAt: membershipHistories.createdAt,
        })
        .from(membershipHistories)
        .innerJoin(
          customers,
          and(
            eq(customers.tenantId, membershipHistories.tenantId),
            eq(customers.id, membershipHistories.customerId),
          ),
        )
        .$dynamic(),
    toItem: (r): MembershipHistory => ({
      id: r.id,
      membership_id: r.membershipId,
      customer_id: r.customerId,
      customer_name: `${r.firstName} ${r.lastName}`.trim(),
      kind: r.kind,
      price: r.price,
      starts_on: r.startsOn,
      ends_on: r.endsOn,
      user_id: r.userId,
      note: r.note,
      created_at: r.createdAt.toISOString(),
    }),
  }),
});

export function registerMembershipRoutes(app: FastifyInstance): void {
  registerResource(app, MEMBERSHIP_RESOURCE);
}
