import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiHarness, dataOf } from '../../../../tests/support/server/api-harness';
import { createSaleCatalog, saleBody } from '../../../../tests/support/server/sale-test-data';
import { STAFF_PERMISSIONS } from '../../../../tests/support/server/tenant-fixture';
import type { CustomerProfile } from '../../../contracts/customer-profile';
import type { CustomerListItem } from '../../../contracts/customers';
import type { Page } from '../../../contracts/envelope';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { MODULE, SALE_STATUS } from '../../../domain/constants';
import { withModule } from '../../../domain/permissions';
import { customerGroups, customers } from '../../db/schema/customers';
import { sales } from '../../db/schema/sales';

const api = await apiHarness();

/** Staff as a receptionist: the front desk's modules and the Customer module (readable only). */
const STAFF_WITH_CUSTOMERS = withModule([...STAFF_PERMISSIONS], MODULE.CUSTOMER, {
  enable: true,
  is_readable: true,
  is_writable: false,
});

describe('GET /api/customers/{id}/profile', () => {
  it('counts standing visits and net spend, lists the last services with their technicians, newest first', async () => {
    const a = await api.tenant();
    const cat = await createSaleCatalog(api.db, a);
    const [group] = await api.db
      .insert(customerGroups)
      .values({ tenantId: a.tenantId, name: 'Regulars' })
      .returning();
    await api.db
      .update(customers)
      .set({ customerGroupId: group!.id, acceptsMessages: true })
      .where(eq(customers.id, cat.member));
    const sell = async (employeeId: number, item: number) => {
      const res = await api.as(a, 'staff').post(
        '/api/pos/sales',
        saleBody({
          employeeId,
          lines: [{ item_id: item }],
          extra: { customer: { id: cat.member, name: 'x' } },
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const sale = dataOf<{ id: number; invoice_no: string }>(res);
      const [row] = await api.db.select({ total: sales.totalPrice }).from(sales).where(eq(sales.id, sale.id));
      return { ...sale, total_price: row!.total };
    };
    const first = await sell(a.users.staff.id, cat.pedicure);
    const second = await sell(a.users.manager.id, cat.manicure);
    const voided = await sell(a.users.staff.id, cat.pedicure);
    await api.db
      .update(sales)
      .set({ status: SALE_STATUS.VOID })
      .where(and(eq(sales.tenantId, a.tenantId), eq(sales.id, voided.id)));
    // A partial refund: the visit stands, the spend drops by what went back.
    await api.db
      .update(sales)
      .set({ refundedAmount: 500, hasRefund: true })
      .where(and(eq(sales.tenantId, a.tenantId), eq(sales.id, first.id)));

    const res = await api.as(a, 'admin').get(`/api/customers/${cat.member}/profile`);
    expect(res.statusCode, res.body).toBe(200);
    const profile = dataOf<CustomerProfile>(res);
    expect(profile.customer).toMatchObject({ id: cat.member, membership: { name: expect.any(String) } });
    expect(profile.group).toEqual({ id: group!.id, name: 'Regulars' });
    expect(profile.accepts_messages).toBe(true);
    expect(profile.membership_holds).toBe(true);
    expect(profile.visits.count).toBe(2);
    expect(profile.visits.spend).toBe(first.total_price + second.total_price - 500);
    expect(profile.visits.last_at).not.toBeNull();
    expect(profile.last_services.map((s) => [s.sale_id, s.employee_id])).toEqual([
      [second.id, a.users.manager.id],
      [first.id, a.users.staff.id],
    ]);
    expect(profile.last_services[0]).toMatchObject({ invoice_no: second.invoice_no, quantity: 1 });
    expect(profile.technicians.map((t) => [t.employee_id, t.visits])).toEqual([
      [a.users.manager.id, 1],
      [a.users.staff.id, 1],
    ]);
  });

  it('answers a customer with no visits with zeros and empty lists', async () => {
    const a = await api.tenant();
    const cat = await createSaleCatalog(api.db, a);
    const profile = dataOf<CustomerProfile>(
      await api.as(a, 'admin').get(`/api/customers/${cat.customer}/profile`),
    );
    expect(profile.visits).toEqual({ count: 0, spend: 0, first_at: null, last_at: null });
    expect(profile.last_services).toEqual([]);
    expect(profile.technicians).toEqual([]);
    expect(profile.group).toBeNull();
    expect(profile.membership_holds).toBe(false);
  });

  it('is any role’s with the Customer module, 403 without it, and 404 for another tenant’s customer', async () => {
    const [a, b] = await Promise.all([
      api.tenant({ permissions: { staff: STAFF_WITH_CUSTOMERS } }),
      api.tenant(),
    ]);
    const [catA, catB] = await Promise.all([createSaleCatalog(api.db, a), createSaleCatalog(api.db, b)]);
    expect((await api.as(a, 'staff').get(`/api/customers/${catA.member}/profile`)).statusCode).toBe(200);
    expect((await api.as(b, 'staff').get(`/api/customers/${catB.member}/profile`)).statusCode).toBe(403);
    const other = await api.as(a, 'admin').get(`/api/customers/${catB.member}/profile`);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe(ERROR_CODE.NOT_FOUND);
  });
});

describe('GET /api/customers/search', () => {
  it('finds active customers by name or phone fragment for a role with the Customer module only', async () => {
    const a = await api.tenant({ permissions: { staff: STAFF_WITH_CUSTOMERS } });
    const cat = await createSaleCatalog(api.db, a);
    const [member] = await api.db.select().from(customers).where(eq(customers.id, cat.member));
    const byName = await api
      .as(a, 'staff')
      .get(`/api/customers/search?search=${encodeURIComponent(member!.firstName)}`);
    expect(byName.statusCode, byName.body).toBe(200);
    expect(dataOf<Page<CustomerListItem>>(byName).items.map((c) => c.id)).toContain(cat.member);
    const fragment = member!.phone!.slice(-4);
    const byPhone = dataOf<Page<CustomerListItem>>(
      await api.as(a, 'staff').get(`/api/customers/search?search=${fragment}`),
    );
    expect(byPhone.items.map((c) => c.id)).toContain(cat.member);
  });

  it('is refused without the Customer module', async () => {
    const a = await api.tenant();
    expect((await api.as(a, 'staff').get('/api/customers/search?search=an')).statusCode).toBe(403);
  });
});
