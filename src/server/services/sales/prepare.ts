/**
 * A sale body validated against the store's catalog, staff and customers and recomputed (the server owns the
 * arithmetic, see create.ts): what create and draft update write.
 */
import { inArray } from 'drizzle-orm';
import { ERROR_CODE } from '../../../contracts/error-codes';
import type { SaleBody } from '../../../contracts/sales';
import { ITEM_TYPE, SALE_STATUS } from '../../../domain/constants';
import type { Role, SaleStatus } from '../../../domain/constants';
import { createOrder } from '../../../domain/order-editing';
import type { OrderTotals } from '../../../domain/order-total';
import type {
  DiscountValue,
  Employee,
  Order,
  OrderCustomer,
  OrderDiscounts,
  OrderEmployee,
} from '../../../domain/order.types';
import { canApproveWithPin } from '../../../domain/permissions';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { memberships } from '../../db/schema/customers';
import { giftcards } from '../../db/schema/giftcards';
import { tenantIdWhere, tenantWhere } from '../../db/scoped';
import { unprocessable } from '../../errors';
import { findActiveCustomer } from '../customers';
import { membershipDiscountOn } from '../../../domain/membership';
import { dayInTimeZone } from '../../../domain/report-periods';
import type { SalePaymentInput } from '../payments/payment-input';
import {
  DRAFT_PAYMENTS_MESSAGE,
  NOT_PAID_MESSAGE,
  NO_LINES_MESSAGE,
  OVERPAID_NON_CASH_MESSAGE,
} from './messages';
import type { SaleStore } from './store';
import {
  FieldErrorList,
  computeTotalsOr422,
  giftcardNumberOf,
  keptDiscount,
  parseOrderAt,
} from './validation';
import { employeeOf, loadStaff, worksHere } from './staff';
import { buildLine, loadCatalog } from './lines';
import type { PriceOverride } from './lines';

export interface GiftcardSold {
  group: number;
  index: number;
  number: string;
  /** What the card is loaded with: the line's gross (price × quantity). */
  amount: number;
}

export interface PreparedSale {
  /** The server-built Order (no id or numbers yet). */
  order: Order;
  totals: OrderTotals;
  status: SaleStatus;
  orderAt: Date;
  customerName: string | null;
  mainEmployeeId: number;
  payments: SalePaymentInput[];
  overrides: PriceOverride[];
  giftcards: GiftcardSold[];
  note: string | null;
}

async function loadCustomer(
  db: Queryable,
  auth: AuthContext,
  customerId: number,
  today: string,
): Promise<{ customer: OrderCustomer; name: string; membershipDiscount?: DiscountValue } | null> {
  const row = await findActiveCustomer(db, auth, customerId);
  if (!row) return null;
  const { name } = row;
  const customer: OrderCustomer = { id: row.id, name, point_balance: row.pointBalance, membership: null };
  if (row.phone) customer.telephone = row.phone;
  let membershipDiscount: DiscountValue | undefined;
  if (row.membershipId !== null) {
    const [m] = await db
      .select({
        id: memberships.id,
        name: memberships.name,
        discountType: memberships.discountType,
        discountValue: memberships.discountValue,
        isActive: memberships.isActive,
      })
      .from(memberships)
      .where(tenantIdWhere(memberships, auth, row.membershipId))
      .limit(1);
    if (m && m.isActive) {
      const discount: DiscountValue = { type: m.discountType, value: m.discountValue };
      customer.membership = { id: m.id, name: m.name, discount, expires_on: row.membershipExpiresOn };
      // The rule the sale screen applies too: an expired membership takes nothing off (domain/membership.ts).
      membershipDiscount = membershipDiscountOn(customer.membership, today);
    }
  }
  return { customer, name, membershipDiscount };
}

/**
 * Validates a sale body against the store's catalog, staff and customers and recomputes it. Every problem found
 * is reported at once (422 with field errors); `defaultOrderAt` applies when the body names no order time.
 */
export async function prepareSale(
  db: Queryable,
  auth: AuthContext,
  store: SaleStore,
  body: SaleBody,
  options: { now: Date; defaultOrderAt: Date },
): Promise<PreparedSale> {
  const errors = new FieldErrorList();
  const status: SaleStatus = body.status;
  const orderAt = parseOrderAt(body.order_at, options.defaultOrderAt, options.now, errors);

  // Staff: every group's employee works in this store; the manager discount's approver may approve.
  const managerDiscount = keptDiscount(body.discount?.manager ?? undefined);
  const staffIds = body.orderEmployees.map((g) => g.employee.id);
  if (managerDiscount?.approved_by) staffIds.push(managerDiscount.approved_by);
  const staff = await loadStaff(db, auth, staffIds);
  const seen = new Set<number>();
  body.orderEmployees.forEach((group, g) => {
    const user = staff.get(group.employee.id);
    if (!worksHere(user, store.id)) {
      errors.add(`orderEmployees.${g}.employee.id`, 'This employee does not work in this store.');
    }
    if (seen.has(group.employee.id)) {
      errors.add(`orderEmployees.${g}.employee.id`, 'This employee is already on the sale.');
    }
    seen.add(group.employee.id);
    if (group.tips && group.tips.user_id !== group.employee.id && group.tips.tip_amount > 0) {
      errors.add(`orderEmployees.${g}.tips.user_id`, "A tip belongs to its group's employee.");
    }
  });
  if (managerDiscount) {
    const approver = managerDiscount.approved_by ? staff.get(managerDiscount.approved_by) : undefined;
    if (!approver || !approver.isActive || !canApproveWithPin(approver.role as Role)) {
      errors.add(
        'discount.manager.approved_by',
        'A manager discount must be approved by a manager, an admin or the owner.',
      );
    }
  }

  // Catalog items of the store, active; gift cards by number.
  const catalogIds: Record<1 | 2 | 3, number[]> = { 1: [], 2: [], 3: [] };
  const cardNumbers: string[] = [];
  let lineCount = 0;
  body.orderEmployees.forEach((group) =>
    group.orderItems.forEach((item) => {
      lineCount++;
      if (item.item_type === ITEM_TYPE.GIFTCARD) {
        const number = giftcardNumberOf(item.giftcard_number);
        if (number) cardNumbers.push(number);
      } else {
        catalogIds[item.item_type].push(item.item_id);
      }
    }),
  );
  if (lineCount === 0) errors.add('orderEmployees', NO_LINES_MESSAGE);
  const catalog = await loadCatalog(db, auth, catalogIds);
  const cards =
    cardNumbers.length === 0
      ? []
      : await db
          .select({ number: giftcards.number, isActive: giftcards.isActive })
          .from(giftcards)
          .where(tenantWhere(giftcards, auth, inArray(giftcards.number, [...new Set(cardNumbers)])));
  const inactiveCards = new Set(cards.filter((c) => !c.isActive).map((c) => c.number));

  // Customer and membership.
  const customerId = body.customer?.id ?? body.customer_id ?? null;
  const customer =
    customerId === null
      ? null
      : await loadCustomer(db, auth, customerId, dayInTimeZone(options.now, store.timezone));
  if (customerId !== null && !customer) {
    errors.add(
      body.customer?.id ? 'customer.id' : 'customer_id',
      'This customer does not exist or is inactive.',
    );
  }

  const overrides: PriceOverride[] = [];
  const giftcardsSold: GiftcardSold[] = [];
  const orderEmployees: OrderEmployee[] = body.orderEmployees.map((group, g) => {
    const user = staff.get(group.employee.id);
    const employee: Employee = user ? employeeOf(user) : { id: group.employee.id, name: '' };
    const orderItems = group.orderItems.map((input, i) => {
      const field = `orderEmployees.${g}.orderItems.${i}`;
      const line = buildLine(input, field, store.settings, catalog, inactiveCards, errors);
      if (line.override) overrides.push({ ...line.override, employee_id: employee.id });
      if (line.giftcard) giftcardsSold.push({ group: g, index: i, ...line.giftcard });
      return line.item;
    });
    const tip = group.tips && group.tips.tip_amount > 0 ? group.tips.tip_amount : 0;
    return {
      employee,
      orderItems,
      ...(tip > 0 ? { tips: { user_id: employee.id, tip_amount: tip } } : {}),
    };
  });

  const discount: OrderDiscounts = {};
  const ticket = keptDiscount(body.discount?.ticket ?? undefined);
  const other = keptDiscount(body.discount?.other ?? undefined);
  if (ticket) discount.ticket = { type: ticket.type, value: ticket.value };
  if (other) discount.other = { type: other.type, value: other.value };
  if (managerDiscount) {
    discount.manager = {
      type: managerDiscount.type,
      value: managerDiscount.value,
      approved_by: managerDiscount.approved_by ?? null,
    };
  }
  // The membership discount is the customer's membership's (never the client's figure).
  if (customer?.membershipDiscount) discount.membership = { ...customer.membershipDiscount };

  const payments: SalePaymentInput[] = body.payments.map((p) => ({
    payment_type: p.payment_type,
    payment_amount: p.payment_amount,
    ...(p.payment_info ? { payment_info: { ...p.payment_info } } : {}),
  }));
  if (status === SALE_STATUS.DRAFT && payments.length > 0) errors.add('payments', DRAFT_PAYMENTS_MESSAGE);

  errors.throwIfAny();

  const mainEmployeeId =
    body.employee?.id !== undefined && orderEmployees.some((g) => g.employee.id === body.employee?.id)
      ? body.employee.id
      : orderEmployees[0]!.employee.id;
  const order: Order = {
    ...createOrder(body.uuid, store.settings),
    status,
    order_at: orderAt.toISOString(),
    customer: customer?.customer ?? null,
    employee: orderEmployees.find((g) => g.employee.id === mainEmployeeId)?.employee ?? null,
    orderEmployees,
    discount,
    payments: payments.map((p) => ({ ...p })),
  };
  const totals = computeTotalsOr422(order);
  if (status === SALE_STATUS.SALE) {
    if (totals.balance_due > 0)
      throw unprocessable(NOT_PAID_MESSAGE, { payments: [NOT_PAID_MESSAGE] }, ERROR_CODE.SALE_NOT_PAID);
    if (totals.overpaid_non_cash > 0) {
      throw unprocessable(
        OVERPAID_NON_CASH_MESSAGE,
        { payments: [OVERPAID_NON_CASH_MESSAGE] },
        ERROR_CODE.OVERPAID_NON_CASH,
      );
    }
  }
  return {
    order,
    totals,
    status,
    orderAt,
    customerName: customer?.name ?? null,
    mainEmployeeId,
    payments,
    overrides,
    giftcards: giftcardsSold,
    note: body.note ?? null,
  };
}
