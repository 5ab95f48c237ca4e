/**
 * A customer's page (docs/back-office.md "The customer's page"): the till's customer detail plus their group,
 * visits and spend, the service lines they had last and the technicians who served them.
 *
 * What counts (docs/back-office.md "The customer's page"): a visit is a sale naming them that stands, Sale or
 * Refund (a refunded visit still happened); drafts, voids and trashed sales are not visits. Spend is what those
 * sales came to less what was refunded. Every query is the tenant's, in every store: customers belong to the
 * tenant (services/customers.ts).
 */
import { and, desc, eq, inArray, max, min, sql } from 'drizzle-orm';
import type { CustomerProfile } from '../../contracts/customer-profile';
import { PROFILE_LAST_SERVICES, PROFILE_TECHNICIANS } from '../../contracts/customer-profile';
import { ITEM_TYPE, SALE_STATUS } from '../../domain/constants';
import { membershipHolds } from '../../domain/membership';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { customerGroups, customers } from '../db/schema/customers';
import { saleLines, sales } from '../db/schema/sales';
import { users } from '../db/schema/users';
import { tenantIdWhere, tenantWhere } from '../db/scoped';
import { getCustomer } from './customers';
import { storeToday } from './membership-assignment';

const STANDING = [SALE_STATUS.SALE, SALE_STATUS.REFUND];

const iso = (at: Date | string | null): string | null =>
  at === null ? null : (at instanceof Date ? at : new Date(at)).toISOString();

export async function getCustomerProfile(
  db: Queryable,
  auth: AuthContext,
  id: number,
): Promise<CustomerProfile> {
  // 404s first, with the till's message, before any other read.
  const customer = await getCustomer(db, auth, id);
  const theirSales = tenantWhere(sales, auth, eq(sales.customerId, id), inArray(sales.status, STANDING));
  const lineOfTheirs = and(eq(saleLines.tenantId, sales.tenantId), eq(saleLines.saleId, sales.id));
  const servedBy = and(eq(users.tenantId, saleLines.tenantId), eq(users.id, saleLines.employeeId));
  const [[own], [visits], lastServices, technicians, today] = await Promise.all([
    db
      .select({
        acceptsMessages: customers.acceptsMessages,
        avatarPath: customers.avatarPath,
        groupId: customerGroups.id,
        groupName: customerGroups.name,
      })
      .from(customers)
      .leftJoin(
        customerGroups,
        and(
          eq(customerGroups.tenantId, customers.tenantId),
          eq(customerGroups.id, customers.customerGroupId),
        ),
      )
      .where(tenantIdWhere(customers, auth, id))
      .limit(1),
    db
      .select({
        count: sql<number>`count(*)::int`,
        spend: sql<number>`coalesce(sum(${sales.totalPrice} - ${sales.refundedAmount}), 0)::bigint`,
        firstAt: min(sales.orderAt),
        lastAt: max(sales.orderAt),
      })
      .from(sales)
      .where(theirSales),
    db
      .select({
        saleId: sales.id,
        invoiceNo: sales.invoiceNo,
        orderAt: sales.orderAt,
        name: saleLines.name,
        quantity: saleLines.quantity,
        employeeId: saleLines.employeeId,
        employeeName: users.displayName,
      })
      .from(sales)
      .innerJoin(saleLines, lineOfTheirs)
      .innerJoin(users, servedBy)
      .where(and(theirSales, eq(saleLines.itemType, ITEM_TYPE.SERVICE)))
      .orderBy(desc(sales.orderAt), desc(sales.id), saleLines.position)
      .limit(PROFILE_LAST_SERVICES),
    db
      .select({
        employeeId: saleLines.employeeId,
        name: users.displayName,
        visits: sql<number>`count(distinct ${sales.id})::int`,
        lastAt: max(sales.orderAt),
      })
      .from(sales)
      .innerJoin(saleLines, lineOfTheirs)
      .innerJoin(users, servedBy)
      .where(and(theirSales, eq(saleLines.itemType, ITEM_TYPE.SERVICE)))
      .groupBy(saleLines.employeeId, users.displayName)
      .orderBy(desc(max(sales.orderAt)), saleLines.employeeId)
      .limit(PROFILE_TECHNICIANS),
    storeToday(db, auth),
  ]);
  return {
    customer,
    group: own?.groupId != null && own.groupName != null ? { id: own.groupId, name: own.groupName } : null,
    membership_holds:
      customer.membership !== null && membershipHolds(customer.membership.expires_on ?? null, today),
    accepts_messages: own?.acceptsMessages ?? false,
    has_avatar: Boolean(own?.avatarPath),
    visits: {
      count: visits?.count ?? 0,
      spend: Number(visits?.spend ?? 0),
      first_at: iso(visits?.firstAt ?? null),
      last_at: iso(visits?.lastAt ?? null),
    },
    last_services: lastServices.map((s) => ({
      sale_id: s.saleId,
      invoice_no: s.invoiceNo,
      order_at: s.orderAt.toISOString(),
      name: s.name,
      quantity: s.quantity,
      employee_id: s.employeeId,
      employee_name: s.employeeName,
    })),
    technicians: technicians.map((t) => ({
      employee_id: t.employeeId,
      name: t.name,
      visits: t.visits,
      last_at: iso(t.lastAt)!,
    })),
  };
}
