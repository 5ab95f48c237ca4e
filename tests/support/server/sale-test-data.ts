/**
 * Test data for the sale route tests: a small catalog in a fixture tenant's store and sale bodies as the
 * client's Order would send them. Written straight to the database (no HTTP), like tenant-fixture.ts.
 */
import { randomUUID } from 'node:crypto';
import { ITEM_TYPE, PAYMENT_TYPE, SALE_STATUS } from '../../../src/domain/constants';
import type { TenantFixture } from './tenant-fixture';
import type { Queryable } from '../../../src/server/db/client';
import { categories, productKits, products, services } from '../../../src/server/db/schema/catalog';
import { customers, memberships } from '../../../src/server/db/schema/customers';

export interface SaleCatalog {
  /** Gel manicure 45.00, taxes "5,9.5", supply cost 3.00, employee's commission. */
  manicure: number;
  /** Pedicure 30.00, no tax. */
  pedicure: number;
  /** Cuticle oil 12.00, taxes "5", cost 4.00, 10 % commission. */
  oil: number;
  /** Spa kit 60.00, taxes "8". */
  kit: number;
  /** A service switched off in the catalog. */
  inactive: number;
  /** A customer with a 10 % membership. */
  member: number;
  /** A customer without membership. */
  customer: number;
}

export async function createSaleCatalog(db: Queryable, f: TenantFixture): Promise<SaleCatalog> {
  const tenantId = f.tenantId;
  const storeId = f.store.id;
  const [serviceCategory, productCategory] = await db
    .insert(categories)
    .values([
      { tenantId, storeId, type: 'service', name: 'Nails' },
      { tenantId, storeId, type: 'product', name: 'Care' },
    ])
    .returning({ id: categories.id });
  const svc = await db
    .insert(services)
    .values([
      {
        tenantId,
        storeId,
        categoryId: serviceCategory!.id,
        name: 'Gel manicure',
        price: 4500,
        taxes: '5,9.5',
        cost: 300,
      },
      { tenantId, storeId, categoryId: serviceCategory!.id, name: 'Pedicure', price: 3000, taxes: '' },
      {
        tenantId,
        storeId,
        categoryId: serviceCategory!.id,
        name: 'Old service',
        price: 1000,
        isActive: false,
      },
    ])
    .returning({ id: services.id });
  const [oil] = await db
    .insert(products)
    .values({
      tenantId,
      storeId,
      categoryId: productCategory!.id,
      name: 'Cuticle oil',
      price: 1200,
      taxes: '5',
      cost: 400,
      commissionRate: 10,
    })
    .returning({ id: products.id });
  const [kit] = await db
    .insert(productKits)
    .values({ tenantId, storeId, name: 'Spa kit', price: 6000, taxes: '8' })
    .returning({ id: productKits.id });
  const [gold] = await db
    .insert(memberships)
    .values({ tenantId, name: 'Gold', discountType: 0, discountValue: 10 })
    .returning({ id: memberships.id });
  const people = await db
    .insert(customers)
    .values([
      { tenantId, storeId, firstName: 'Mai', lastName: 'Tran', phone: '5551234567', membershipId: gold!.id },
      { tenantId, storeId, firstName: 'Ann', lastName: 'Lee' },
    ])
    .returning({ id: customers.id });
  return {
    manicure: svc[0]!.id,
    pedicure: svc[1]!.id,
    inactive: svc[2]!.id,
    oil: oil!.id,
    kit: kit!.id,
    member: people[0]!.id,
    customer: people[1]!.id,
  };
}

export interface LineSpec {
  item_id: number;
  item_type?: number;
  quantity?: number;
  price?: number | null;
  discounts?: unknown[];
  giftcard_number?: string;
  unit_price?: number;
}

/** A sale body (the client's Order shape, plus the fields the server ignores) for one employee. */
export function saleBody(options: {
  employeeId: number;
  lines: LineSpec[];
  payments?: { payment_type: number; payment_amount: number; payment_info?: Record<string, unknown> }[];
  status?: number;
  uuid?: string;
  tip?: number;
  extra?: Record<string, unknown>;
}): Record<string, unknown> {
  return {
    id: null,
    uuid: options.uuid ?? randomUUID(),
    status: options.status ?? SALE_STATUS.SALE,
    ticket_no: null,
    customer: null,
    employee: { id: options.employeeId, name: 'whoever' },
    orderEmployees: [
      {
        employee: { id: options.employeeId, name: 'whoever' },
        orderItems: options.lines.map((l) => ({
          item_id: l.item_id,
          item_type: l.item_type ?? ITEM_TYPE.SERVICE,
          name: 'client name (ignored)',
          taxes: '',
          unit_price: l.unit_price ?? 1,
          price: l.price ?? null,
          quantity: l.quantity ?? 1,
          discounts: l.discounts ?? [],
          tax_on: 0,
          indian_tax: '0',
          ...(l.giftcard_number ? { giftcard_number: l.giftcard_number } : {}),
        })),
        ...(options.tip ? { tips: { user_id: options.employeeId, tip_amount: options.tip } } : {}),
      },
    ],
    discount: {},
    payments: options.payments ?? [{ payment_type: PAYMENT_TYPE.CASH, payment_amount: 1_000_000 }],
    settings: { currency: 'USD', config_tax_on_tax: 0, config_indian_tax: '0' },
    activeEmployeeIndex: 0,
    activeItemIndex: -1,
    ...options.extra,
  };
}
