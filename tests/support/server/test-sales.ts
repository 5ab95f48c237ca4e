/**
 * Test support for payment tests: a completed sale written straight to the database (numbers, totals from
 * src/domain, the Order snapshot, the employee group), without payments, so the payment services and
 * routes can be tested without the sales endpoints. Not used by the application.
 */
import { randomUUID } from 'node:crypto';
import { ITEM_TYPE, SALE_STATUS } from '../../../src/domain/constants';
import type { SaleStatus } from '../../../src/domain/constants';
import { addItem, createOrder, DEFAULT_ORDER_SETTINGS } from '../../../src/domain/order-editing';
import type { Order, OrderSettings } from '../../../src/domain/order.types';
import { computeOrderTotals } from '../../../src/domain/order-total';
import type { AuthContext } from '../../../src/server/auth-context';
import type { Queryable } from '../../../src/server/db/client';
import { allocateSaleNumbers } from '../../../src/server/db/schema/counters';
import { saleEmployees, sales } from '../../../src/server/db/schema/sales';
import { scopeStoreId, storeValues } from '../../../src/server/db/scoped';
import { totalColumns } from '../../../src/server/services/sales/detail';

export interface TestSaleOptions {
  /** Unit prices of one service line each, minor units; default one line of 10000. */
  prices?: readonly number[];
  customerId?: number | null;
  status?: SaleStatus;
  orderAt?: Date;
  settings?: Partial<OrderSettings>;
  /** The employee of the sale's one group; default the auth user. */
  employee?: { id: number; name: string };
}

export interface TestSale {
  id: number;
  uuid: string;
  totalPrice: number;
  orderAt: Date;
  order: Order;
}

export async function createTestSale(
  db: Queryable,
  auth: AuthContext,
  options: TestSaleOptions = {},
): Promise<TestSale> {
  const storeId = scopeStoreId(auth);
  const employee = options.employee ?? { id: auth.userId, name: `Employee ${auth.userId}` };
  const uuid = randomUUID();
  const orderAt = options.orderAt ?? new Date();
  let order = createOrder(uuid, { ...DEFAULT_ORDER_SETTINGS, ...options.settings });
  (options.prices ?? [10_000]).forEach((price, i) => {
    order = addItem(
      order,
      {
        item_id: i + 1,
        item_type: ITEM_TYPE.SERVICE,
        name: `Service ${i + 1}`,
        taxes: '',
        unit_price: price,
      },
      employee,
    );
  });
  const totals = computeOrderTotals(order);
  const t = totals.total;
  const status = options.status ?? SALE_STATUS.SALE;
  return db.transaction(async (tx) => {
    const numbers = await allocateSaleNumbers(tx, auth.tenantId, storeId, orderAt);
    const snapshot: Order = {
      ...order,
      status,
      order_at: orderAt.toISOString(),
      ticket_no: numbers.ticketNo,
    };
    const [row] = await tx
      .insert(sales)
      .values(
        storeValues(auth, {
          ...numbers,
          uuid,
          status,
          orderAt,
          customerId: options.customerId ?? null,
          cashierId: auth.userId,
          employeeId: employee.id,
          ...totalColumns(t),
          discount: { discounts: {}, amounts: totals.discount },
          orderSnapshot: snapshot,
        }),
      )
      .returning({ id: sales.id });
    await tx
      .insert(saleEmployees)
      .values(
        storeValues(auth, { saleId: row!.id, userId: employee.id, position: 0, serviceAmount: t.sub_total }),
      );
    return { id: row!.id, uuid, totalPrice: t.total_price, orderAt, order: { ...snapshot, id: row!.id } };
  });
}
