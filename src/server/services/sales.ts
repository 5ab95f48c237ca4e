/**
 * Sales (issue 3 item 4): create, read, update a draft, list; and the pieces sale management
 * (sale-management.ts) shares: the store's settings, loading a sale with its rows, the sale detail, the
 * recompute from rows, the snapshot and the audit rows.
 *
 * The server owns the arithmetic (design.md §5): a sale body is read for what a person chose (items,
 * quantities, price overrides, discounts, tips, employees, customer, payments); names, catalog prices, taxes,
 * costs and commission rates come from the catalog of the session's store, tax rules from its settings, the
 * membership discount from the customer's membership, and every total from src/domain's computeOrderTotals.
 * Totals a client sends are ignored.
 *
 * Create, in one transaction (the Idempotency-Key's, src/server/idempotency.ts):
 *   advisory lock on (tenant, uuid) and the sale id → an existing sale with that uuid is answered (same order:
 *   200 with it; another order: 409) → validate and recompute → the sale-status machine's Draft → Sale move →
 *   allocateSaleNumbers (last, to hold the counter lock briefly: only writes follow it) → sales,
 *   sale_employees, gift cards sold, sale_lines → recordSalePayments (payments service) → the customer's
 *   points (awardSalePoints) → audit rows.
 * Customer points: a completed sale earns its customer's membership points on the money paid (see
 * pointsSpend); sale management takes them back on a void or refund (takeBackSalePoints).
 * order_snapshot holds the Order as loadSale would rebuild it, with the store settings, so computeOrderTotals of
 * the snapshot gives the stored totals (the payments service recomputes from it after a payment change).
 */
import { asc, desc, eq, exists, getTableColumns, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type {
  SaleBody,
  SaleDetail,
  SaleLine,
  SaleListQuery,
  SaleSummary,
  OrderItemInput,
} from '../../contracts/sales';
import { ITEM_TYPE, PAYMENT_TYPE, SALE_STATUS } from '../../domain/constants';
import type { ItemType, PaymentType, Role, SaleStatus } from '../../domain/constants';
import { normaliseCode } from '../../domain/normalise';
import { createOrder, loadSale } from '../../domain/order-editing';
import type { SaleRecord } from '../../domain/order-editing';
import { computeOrderTotals } from '../../domain/order-total';
import type { OrderTotals } from '../../domain/order-total';
import type {
  DiscountValue,
  Employee,
  LineDiscount,
  Order,
  OrderCustomer,
  OrderDiscounts,
  OrderEmployee,
  OrderItem,
  OrderSettings,
  OrderTotal,
  Payment,
} from '../../domain/order.types';
import { canApproveWithPin } from '../../domain/permissions';
import { nextStatus } from '../../../machines/sale-status/sale-status.rules';
import type { StoredSaleStatus } from '../../../machines/sale-status/sale-status.rules';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { auditLog } from '../db/schema/audit-log';
import { productKits, products, services } from '../db/schema/catalog';
import { allocateSaleNumbers } from '../db/schema/counters';
import { customers, memberships } from '../db/schema/customers';
import { giftcards } from '../db/schema/giftcards';
import { customerPointHistory, giftcardHistories } from '../db/schema/ledger-histories';
import { SALE_PAYMENT_STATUS, saleEmployees, saleLines, salePayments, sales } from '../db/schema/sales';
import { stores } from '../db/schema/stores';
import { users } from '../db/schema/users';
import {
  scopeStoreId,
  storeIdWhere,
  storeValues,
  storeValuesAll,
  storeWhere,
  tenantIdWhere,
  tenantValues,
  tenantValuesAll,
  tenantWhere,
} from '../db/scoped';
import { conflict, notFound, unprocessable, VALIDATION_MESSAGE } from '../errors';
import type { FieldErrors } from '../../contracts/envelope';
import { containsCardNumber } from '../../contracts/payments';
import type { PaymentStore } from '../payments/payment-rows';
import { countedSalePayments, toDomainPayment } from '../payments/sale-totals';
import { recordSalePayments } from './payments';
import type { RecordedPayment, SalePaymentInput } from './payments';
import { storeSettingsView } from './settings/views';

export type SaleRow = typeof sales.$inferSelect;
export type SaleEmployeeRow = typeof saleEmployees.$inferSelect;
export type SaleLineRow = typeof saleLines.$inferSelect;
export type SalePaymentRow = typeof salePayments.$inferSelect;

export const NOT_PAID_MESSAGE = 'The sale is not paid in full.';
export const OVERPAID_NON_CASH_MESSAGE =
  'Card and other non-cash payments are more than the total; only cash can be given back as change.';
export const DRAFT_PAYMENTS_MESSAGE =
  'A draft carries no payments: take them when the sale is completed (status 1).';
export const UUID_REUSED_MESSAGE =
  'A different sale was already saved with this uuid. Start a new sale (a new uuid) for a different order.';
export const NOT_A_DRAFT_MESSAGE =
  'Only a draft can be changed here; a completed sale is changed through the sale management actions.';
export const SALE_NOT_FOUND_MESSAGE = 'Sale not found.';
export const NO_LINES_MESSAGE = 'A sale needs at least one item.';
export const TOO_LARGE_MESSAGE = 'The amounts of this sale are too large.';
export const FUTURE_ORDER_AT_MESSAGE = 'The order time cannot be in the future.';
export const GIFTCARD_LOOKS_LIKE_CARD_MESSAGE =
  'This gift card number reads as a payment card number, which is never stored or accepted as a payment: use another number.';

/** An order time a few minutes ahead of the server's clock is a till's clock drift, not the future. */
export const ORDER_AT_CLOCK_SKEW_MS = 5 * 60 * 1000;
/** Nothing was sold before this: a year-1900 order time is a bug, not an offline sale. */
export const EARLIEST_ORDER_AT = Date.parse('2000-01-01T00:00:00Z');

const PRICE_OVERRIDE_ACTION = 'sale.price_override';

// ---- the store ---------------------------------------------------------------------------------------

export interface SaleStore {
  id: number;
  code: string;
  name: string;
  timezone: string;
  currency: string;
  /** What changes the arithmetic (currency, tax-on-tax, Indian tax, card fee). */
  settings: OrderSettings;
  receipt: { name?: string; address?: string; phone?: string; footer?: string };
}

function receiptOf(settings: unknown): SaleStore['receipt'] {
  const raw =
    typeof settings === 'object' && settings !== null ? (settings as Record<string, unknown>).receipt : null;
  if (typeof raw !== 'object' || raw === null) return {};
  const out: SaleStore['receipt'] = {};
  for (const key of ['name', 'address', 'phone', 'footer'] as const) {
    const value = (raw as Record<string, unknown>)[key];
    if (typeof value === 'string') out[key] = value.slice(0, 500);
  }
  return out;
}

/** The session's store (sales live in the store the session works in; another store's sale is 404). */
export async function loadSaleStore(db: Queryable, auth: AuthContext): Promise<SaleStore> {
  return (await loadSaleStoreAndRow(db, auth)).store;
}

/** loadSaleStore and the row it read, which is the payments service's PaymentStore (create hands it on). */
async function loadSaleStoreAndRow(
  db: Queryable,
  auth: AuthContext,
): Promise<{ store: SaleStore; row: PaymentStore }> {
  const storeId = scopeStoreId(auth);
  const [row] = await db
    .select({
      id: stores.id,
      code: stores.code,
      name: stores.name,
      timezone: stores.timezone,
      currency: stores.currency,
      settings: stores.settings,
    })
    .from(stores)
    .where(tenantIdWhere(stores, auth, storeId))
    .limit(1);
  if (!row) throw notFound('Store not found.');
  const view = storeSettingsView(row);
  const store: SaleStore = {
    id: row.id,
    code: row.code,
    name: row.name,
    timezone: row.timezone,
    currency: row.currency,
    settings: {
      currency: row.currency,
      config_tax_on_tax: view.config_tax_on_tax,
      config_indian_tax: view.config_indian_tax,
      creditcard_fee_percent: view.creditcard_fee_percent,
      creditcard_fee_to_customer: view.creditcard_fee_to_customer,
    },
    receipt: receiptOf(row.settings),
  };
  return { store, row };
}

// ---- validation helpers ------------------------------------------------------------------------------

class FieldErrorList {
  readonly errors: FieldErrors = {};
  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }
  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }
  throwIfAny(message = VALIDATION_MESSAGE): void {
    if (!this.empty) throw unprocessable(message, this.errors);
  }
}

/** computeOrderTotals refuses amounts beyond safe integers by throwing: that is the caller's input. */
export function computeTotalsOr422(order: Order): OrderTotals {
  try {
    return computeOrderTotals(order);
  } catch (error) {
    if (error instanceof RangeError) throw unprocessable(TOO_LARGE_MESSAGE);
    throw error;
  }
}

/** A gift card number as stored: normaliseCode + upper case (schema-ready.md), or null when nothing is left. */
export function giftcardNumberOf(input: string | null | undefined): string | null {
  if (typeof input !== 'string') return null;
  const number = normaliseCode(input).toUpperCase();
  return /^[A-Z0-9-]{1,64}$/.test(number) ? number : null;
}

/** Amounts ≤ 0 are never kept as discounts (000 §5). */
function keptDiscount<T extends DiscountValue>(d: T | null | undefined): T | undefined {
  return d && d.value > 0 ? d : undefined;
}

function keptLineDiscounts(discounts: readonly LineDiscount[] | undefined): LineDiscount[] {
  return (discounts ?? [])
    .filter((d) => d.discount.value > 0)
    .map((d) => ({ ...d, discount: { ...d.discount } }));
}

export function parseOrderAt(
  value: string | null | undefined,
  fallback: Date,
  now: Date,
  errors: FieldErrorList,
) {
  if (value === null || value === undefined) return fallback;
  const at = new Date(value);
  if (at.getTime() > now.getTime() + ORDER_AT_CLOCK_SKEW_MS) errors.add('order_at', FUTURE_ORDER_AT_MESSAGE);
  else if (at.getTime() < EARLIEST_ORDER_AT) errors.add('order_at', 'The order time is too far in the past.');
  return at;
}

/** A user who may ring up sales in this store: active, and of this store or tenant-wide. */
interface StaffRow {
  id: number;
  role: string;
  displayName: string;
  commissionRate: number;
  isActive: boolean;
  storeId: number | null;
}

function worksHere(user: StaffRow | undefined, storeId: number): user is StaffRow {
  return !!user && user.isActive && (user.storeId === null || user.storeId === storeId);
}

export function employeeOf(user: StaffRow): Employee {
  return { id: user.id, name: user.displayName, commission_rate: user.commissionRate };
}

export async function loadStaff(db: Queryable, auth: AuthContext, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, StaffRow>();
  const rows = await db
    .select({
      id: users.id,
      role: users.role,
      displayName: users.displayName,
      commissionRate: users.commissionRate,
      isActive: users.isActive,
      storeId: users.storeId,
    })
    .from(users)
    .where(tenantWhere(users, auth, inArray(users.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Checks that `userId` may work on sales of the store; the 422 names `field`. */
export async function requireStoreEmployee(
  db: Queryable,
  auth: AuthContext,
  storeId: number,
  userId: number,
  field: string,
): Promise<Employee> {
  const staff = await loadStaff(db, auth, [userId]);
  const user = staff.get(userId);
  if (!worksHere(user, storeId)) {
    throw unprocessable(VALIDATION_MESSAGE, { [field]: ['This employee does not work in this store.'] });
  }
  return employeeOf(user);
}

// ---- catalog -----------------------------------------------------------------------------------------

interface CatalogRow {
  id: number;
  name: string;
  price: number;
  taxes: string;
  cost: number;
  commissionRate: number | null;
  isActive: boolean;
}

async function loadCatalog(
  db: Queryable,
  auth: AuthContext,
  ids: Record<1 | 2 | 3, number[]>,
): Promise<Record<1 | 2 | 3, Map<number, CatalogRow>>> {
  const out: Record<1 | 2 | 3, Map<number, CatalogRow>> = { 1: new Map(), 2: new Map(), 3: new Map() };
  const tables = [
    [ITEM_TYPE.SERVICE, services],
    [ITEM_TYPE.PRODUCT, products],
    [ITEM_TYPE.PRODUCT_KIT, productKits],
  ] as const;
  for (const [type, table] of tables) {
    const wanted = [...new Set(ids[type])];
    if (wanted.length === 0) continue;
    const rows = await db
      .select({
        id: table.id,
        name: table.name,
        price: table.price,
        taxes: table.taxes,
        cost: table.cost,
        commissionRate: table.commissionRate,
        isActive: table.isActive,
      })
      .from(table)
      .where(storeWhere(table, auth, inArray(table.id, wanted)));
    for (const row of rows) out[type].set(row.id, row);
  }
  return out;
}

// ---- preparing a sale from its body --------------------------------------------------------------------

export interface PriceOverride {
  employee_id: number;
  item_id: number;
  item_type: ItemType;
  name: string;
  unit_price: number;
  price: number;
}

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
): Promise<{ customer: OrderCustomer; name: string; membershipDiscount?: DiscountValue } | null> {
  const [row] = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      phone: customers.phone,
      pointBalance: customers.pointBalance,
      membershipId: customers.membershipId,
      isActive: customers.isActive,
    })
    .from(customers)
    .where(tenantIdWhere(customers, auth, customerId))
    .limit(1);
  if (!row || !row.isActive) return null;
  const name = `${row.firstName} ${row.lastName}`.trim();
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
      customer.membership = { id: m.id, name: m.name, discount };
      if (m.discountValue > 0) membershipDiscount = discount;
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
  const customer = customerId === null ? null : await loadCustomer(db, auth, customerId);
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
    if (totals.balance_due > 0) throw unprocessable(NOT_PAID_MESSAGE, { payments: [NOT_PAID_MESSAGE] });
    if (totals.overpaid_non_cash > 0) {
      throw unprocessable(OVERPAID_NON_CASH_MESSAGE, { payments: [OVERPAID_NON_CASH_MESSAGE] });
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

function buildLine(
  input: OrderItemInput,
  field: string,
  settings: OrderSettings,
  catalog: Record<1 | 2 | 3, Map<number, CatalogRow>>,
  inactiveCards: ReadonlySet<string>,
  errors: FieldErrorList,
): {
  item: OrderItem;
  override?: Omit<PriceOverride, 'employee_id'>;
  giftcard?: { number: string; amount: number };
} {
  const discounts = keptLineDiscounts(input.discounts);
  if (new Set(discounts.map((d) => d.type)).size !== discounts.length) {
    errors.add(`${field}.discounts`, 'A line has at most one item discount and one employee discount.');
  }
  const common = {
    quantity: input.quantity,
    discounts,
    info: input.info ?? null,
    // WHY: the line keeps the tax rules it was rung under (order.types.ts); the server's are the store's now.
    tax_on: settings.config_tax_on_tax,
    indian_tax: settings.config_indian_tax,
  };
  if (input.item_type === ITEM_TYPE.GIFTCARD) {
    const number = giftcardNumberOf(input.giftcard_number);
    const amount = input.price ?? input.unit_price ?? 0;
    // A number that reads as a card number (13-19 digits passing Luhn) could be sold but never spent: the
    // payments contract refuses it as a reference (contracts/payments.ts), and it must never be stored.
    const cardLike =
      containsCardNumber(input.giftcard_number ?? '') || (!!number && containsCardNumber(number));
    if (!number) errors.add(`${field}.giftcard_number`, 'Enter the number of the gift card sold.');
    else if (cardLike) errors.add(`${field}.giftcard_number`, GIFTCARD_LOOKS_LIKE_CARD_MESSAGE);
    else if (inactiveCards.has(number))
      errors.add(`${field}.giftcard_number`, 'This gift card is deactivated.');
    if (!(amount > 0)) errors.add(`${field}.price`, 'Enter the amount of the gift card.');
    if (discounts.length > 0) errors.add(`${field}.discounts`, 'A gift card is sold at its value.');
    const item: OrderItem = {
      ...common,
      discounts: [],
      item_id: 0,
      item_type: ITEM_TYPE.GIFTCARD,
      name: number ? `Gift card ${number}` : 'Gift card',
      taxes: '',
      unit_price: amount,
      price: null,
      giftcard_number: number,
      cost: 0,
    };
    return number && amount > 0 && !cardLike
      ? { item, giftcard: { number, amount: amount * input.quantity } }
      : { item };
  }
  const row = catalog[input.item_type].get(input.item_id);
  if (!row || !row.isActive) {
    errors.add(`${field}.item_id`, 'This item is not sold in this store (unknown or inactive).');
  }
  const unitPrice = row?.price ?? 0;
  const override =
    input.price !== null && input.price !== undefined && input.price !== unitPrice ? input.price : null;
  const item: OrderItem = {
    ...common,
    item_id: input.item_id,
    item_type: input.item_type,
    name: row?.name ?? '',
    taxes: row?.taxes ?? '',
    unit_price: unitPrice,
    price: override,
    giftcard_number: null,
    cost: row?.cost ?? 0,
    ...(row?.commissionRate !== null && row?.commissionRate !== undefined
      ? { commission_rate: row.commissionRate }
      : {}),
  };
  return override === null || !row
    ? { item }
    : {
        item,
        override: {
          item_id: input.item_id,
          item_type: input.item_type,
          name: row.name,
          unit_price: unitPrice,
          price: override,
        },
      };
}

// ---- same order? (uuid reuse) ------------------------------------------------------------------------

function discountKey(d: { type: number; value: number; approved_by?: number | null } | null | undefined) {
  return d && d.value > 0 ? `${d.type}:${d.value}:${d.approved_by ?? ''}` : '';
}

function lineDiscountsKey(discounts: readonly LineDiscount[] | undefined): string {
  return keptLineDiscounts(discounts)
    .map((d) => `${d.type}:${d.discount.type}:${d.discount.value}`)
    .sort()
    .join('|');
}

function paymentsKey(payments: readonly Payment[]): string {
  return payments
    .filter((p) => p.payment_amount > 0)
    .map((p) => `${p.payment_type}:${p.payment_amount}:${p.payment_info?.reference ?? ''}`)
    .sort()
    .join('|');
}

/**
 * Whether a body describes the order a stored sale holds: same status, customer, employees, lines (item,
 * quantity, effective price, discounts, gift card), tips, ticket/manager/other discounts and payments. Names,
 * catalog prices and client totals are not compared (the server rebuilt them); a price equal to the catalog's is
 * the same as no override.
 */
export function sameOrder(body: SaleBody, stored: Order): boolean {
  if (body.status !== stored.status) return false;
  if ((body.customer?.id ?? body.customer_id ?? null) !== (stored.customer?.id ?? null)) return false;
  for (const kind of ['ticket', 'manager', 'other'] as const) {
    if (discountKey(body.discount?.[kind]) !== discountKey(stored.discount[kind])) return false;
  }
  if (paymentsKey(body.payments) !== paymentsKey(stored.payments)) return false;
  if (body.orderEmployees.length !== stored.orderEmployees.length) return false;
  return body.orderEmployees.every((group, g) => {
    const s = stored.orderEmployees[g]!;
    if (group.employee.id !== s.employee.id) return false;
    if ((group.tips?.tip_amount ?? 0) !== (s.tips?.tip_amount ?? 0)) return false;
    if (group.orderItems.length !== s.orderItems.length) return false;
    return group.orderItems.every((item, i) => {
      const line = s.orderItems[i]!;
      if (item.item_type !== line.item_type || item.quantity !== line.quantity) return false;
      if (lineDiscountsKey(item.discounts) !== lineDiscountsKey(line.discounts)) return false;
      if (item.item_type === ITEM_TYPE.GIFTCARD) {
        return (
          giftcardNumberOf(item.giftcard_number) === line.giftcard_number &&
          (item.price ?? item.unit_price ?? 0) === line.unit_price
        );
      }
      return (
        item.item_id === line.item_id && (item.price ?? line.unit_price) === (line.price ?? line.unit_price)
      );
    });
  });
}

// ---- rows → detail -------------------------------------------------------------------------------------

/** Unit cost back from a line's total cost (cost × quantity is exact for whole quantities). */
function unitCost(row: SaleLineRow): number {
  return row.quantity > 0 ? Math.round(row.cost / row.quantity) : 0;
}

export function saleLineOf(row: SaleLineRow): SaleLine {
  return {
    id: row.id,
    item_id: row.itemId,
    item_type: row.itemType,
    name: row.name,
    taxes: row.taxes,
    unit_price: row.unitPrice,
    price: row.priceOverride,
    price_override: row.priceOverride,
    quantity: row.quantity,
    refunded_quantity: row.refundedQuantity,
    giftcard_number: row.giftcardNumber,
    info: row.info ?? null,
    discounts: row.discounts,
    tax_on: row.taxOn,
    indian_tax: row.indianTax,
    cost: unitCost(row),
    ...(row.commissionRate !== null ? { commission_rate: row.commissionRate } : {}),
    gross: row.gross,
    item_discount: row.itemDiscount,
    employee_discount: row.employeeDiscount,
    net: row.net,
    tax: row.tax,
    tax_amounts: row.taxAmounts,
    commission: row.commission,
    line_cost: row.cost,
    deductible: row.deductible,
  };
}

/** The OrderItem a sold line was (what computeOrderTotals and loadSale read). */
export function orderItemOf(line: SaleLine): OrderItem {
  return {
    item_id: line.item_id,
    item_type: line.item_type,
    name: line.name,
    taxes: line.taxes,
    unit_price: line.unit_price,
    price: line.price_override,
    quantity: line.quantity,
    giftcard_number: line.giftcard_number,
    info: line.info,
    discounts: line.discounts.map((d) => ({ ...d, discount: { ...d.discount } })),
    tax_on: line.tax_on,
    indian_tax: line.indian_tax,
    cost: line.cost,
    ...(line.commission_rate !== undefined ? { commission_rate: line.commission_rate } : {}),
  };
}

type PaymentView = SaleDetail['payments'][number];

export function paymentViewOfRow(row: SalePaymentRow): PaymentView {
  const info: PaymentView['payment_info'] = {};
  if (row.reference !== null) info.reference = row.reference;
  if (row.cardBrand !== null) info.card_brand = row.cardBrand;
  if (row.last4 !== null) info.last4 = row.last4;
  if (row.approvalCode !== null) info.approval_code = row.approvalCode;
  if (row.processorReference !== null) info.processor_reference = row.processorReference;
  if (row.points !== null) info.points = row.points;
  info.taken_at = row.takenAt.toISOString();
  if (row.offline) info.offline = true;
  return {
    id: row.id,
    payment_type: row.paymentType,
    payment_amount: row.amount,
    payment_info: info,
    status: row.status,
    tip_amount: row.tipAmount,
    refunded_amount: row.refundedAmount,
  };
}

function paymentViewOfRecorded(p: RecordedPayment): PaymentView {
  const info: PaymentView['payment_info'] = {};
  if (p.reference !== null) info.reference = p.reference;
  if (p.card_brand !== null) info.card_brand = p.card_brand;
  if (p.last4 !== null) info.last4 = p.last4;
  if (p.approval_code !== null) info.approval_code = p.approval_code;
  if (p.processor_reference !== null) info.processor_reference = p.processor_reference;
  if (p.points !== null) info.points = p.points;
  info.taken_at = p.taken_at;
  if (p.offline) info.offline = true;
  return {
    id: p.id,
    // The payments contract keeps the wire type a plain number; the row's CHECK holds it to PAYMENT_TYPES.
    payment_type: p.payment_type as PaymentType,
    payment_amount: p.amount,
    payment_info: info,
    status: p.status,
    tip_amount: p.tip_amount,
    refunded_amount: p.refunded_amount,
  };
}

export function totalOf(row: Omit<SaleRow, 'orderSnapshot'>): OrderTotal {
  return {
    total_cost: row.totalCost,
    total_commission: row.totalCommission,
    total_deductible: row.totalDeductible,
    creditcard_fee: row.creditcardFee,
    taxes: row.taxes,
    discount_amount: row.discountAmount,
    tip_amount: row.tipAmount,
    sub_total: row.subTotal,
    total_price: row.totalPrice,
    paid_customer_total: row.paidCustomerTotal,
    paid_customer_change_amount_total: row.paidCustomerChangeAmountTotal,
    indian: row.indian,
  };
}

/** The sales columns of an OrderTotal. */
export function totalColumns(t: OrderTotal) {
  return {
    subTotal: t.sub_total,
    discountAmount: t.discount_amount,
    taxes: t.taxes,
    tipAmount: t.tip_amount,
    totalPrice: t.total_price,
    paidCustomerTotal: t.paid_customer_total,
    paidCustomerChangeAmountTotal: t.paid_customer_change_amount_total,
    totalCost: t.total_cost,
    totalCommission: t.total_commission,
    totalDeductible: t.total_deductible,
    creditcardFee: t.creditcard_fee,
    indian: t.indian,
  };
}

function employeesOfSnapshot(snapshot: Order | null | undefined): Map<number, Employee> {
  const map = new Map<number, Employee>();
  if (!snapshot) return map;
  if (snapshot.employee) map.set(snapshot.employee.id, snapshot.employee);
  for (const group of snapshot.orderEmployees ?? []) map.set(group.employee.id, group.employee);
  return map;
}

export interface SaleRows {
  sale: SaleRow;
  groups: SaleEmployeeRow[];
  lines: SaleLineRow[];
  payments: PaymentView[];
  employees: Map<number, Employee>;
  customer: OrderCustomer | null;
}

export function saleDetailOf(rows: SaleRows): SaleDetail {
  const { sale, groups, lines, payments, employees } = rows;
  const employeeOfId = (id: number): Employee => employees.get(id) ?? { id, name: '' };
  const orderEmployees = groups.map((g) => ({
    employee: employeeOfId(g.userId),
    orderItems: lines.filter((l) => l.employeeId === g.userId).map(saleLineOf),
    ...(g.tipAmount > 0 ? { tips: { user_id: g.userId, tip_amount: g.tipAmount } } : {}),
    service_amount: g.serviceAmount,
  }));
  return {
    id: sale.id,
    uuid: sale.uuid,
    store_id: sale.storeId,
    workstation_id: sale.workstationId,
    status: sale.status,
    status_before_trash: sale.statusBeforeTrash,
    ticket_no: sale.ticketNo,
    daily_ticket_no: sale.dailyTicketNo,
    invoice_no: sale.invoiceNo,
    business_date: sale.businessDate,
    order_at: sale.orderAt.toISOString(),
    created_at: sale.createdAt.toISOString(),
    updated_at: sale.updatedAt.toISOString(),
    trashed_at: sale.trashedAt ? sale.trashedAt.toISOString() : null,
    customer: rows.customer,
    customer_id: sale.customerId,
    customer_name: sale.customerName,
    cashier_id: sale.cashierId,
    employee: sale.employeeId !== null ? employeeOfId(sale.employeeId) : null,
    orderEmployees,
    discount: sale.discount.discounts,
    discount_amounts: sale.discount.amounts,
    payments,
    totals: totalOf(sale),
    balance_due: Math.max(0, sale.totalPrice - sale.paidCustomerTotal),
    refunded_amount: sale.refundedAmount,
    has_refund: sale.hasRefund,
    note: sale.note,
  };
}

/** The Order loadSale rebuilds from a sale detail, with the store settings (what order_snapshot holds). */
export function snapshotOf(
  detail: SaleDetail,
  settings: OrderSettings,
  payments?: readonly Payment[],
): Order {
  const record: SaleRecord = {
    id: detail.id,
    uuid: detail.uuid,
    status: detail.status,
    ticket_no: detail.ticket_no,
    daily_ticket_no: detail.daily_ticket_no,
    invoice_no: detail.invoice_no,
    order_at: detail.order_at,
    customer: detail.customer,
    employee: detail.employee,
    orderEmployees: detail.orderEmployees.map((g) => ({
      employee: { ...g.employee },
      orderItems: g.orderItems.map(orderItemOf),
      ...(g.tips ? { tips: { ...g.tips } } : {}),
      service_amount: g.service_amount,
    })),
    discount: detail.discount,
    payments: payments
      ? payments.map((p) => ({ ...p }))
      : detail.payments.map((p) => ({
          payment_type: p.payment_type,
          payment_amount: p.payment_amount + p.tip_amount,
          payment_info: { ...p.payment_info },
        })),
  };
  return loadSale(record, settings);
}

export interface LoadedSale extends SaleRows {
  detail: SaleDetail;
}

/**
 * A sale of the session's store with its rows; cleared sales do not exist any more (404), nor do other
 * stores' or tenants' (404). `lock` takes the row lock for the rest of the transaction (every change does).
 */
export async function loadSaleRows(
  db: Queryable,
  auth: AuthContext,
  saleId: number,
  options: { lock?: boolean } = {},
): Promise<LoadedSale> {
  const query = db
    .select()
    .from(sales)
    .where(storeIdWhere(sales, auth, saleId, isNull(sales.clearedAt)))
    .limit(1);
  const [sale] = options.lock ? await query.for('update') : await query;
  if (!sale) throw notFound(SALE_NOT_FOUND_MESSAGE);
  return loadRowsOf(db, auth, sale);
}

export async function loadRowsOf(db: Queryable, auth: AuthContext, sale: SaleRow): Promise<LoadedSale> {
  const groups = await db
    .select()
    .from(saleEmployees)
    .where(storeWhere(saleEmployees, auth, eq(saleEmployees.saleId, sale.id)))
    .orderBy(asc(saleEmployees.position), asc(saleEmployees.id));
  const lines = await db
    .select()
    .from(saleLines)
    .where(storeWhere(saleLines, auth, eq(saleLines.saleId, sale.id)))
    .orderBy(asc(saleLines.position), asc(saleLines.id));
  const paymentRows = await db
    .select()
    .from(salePayments)
    .where(storeWhere(salePayments, auth, eq(salePayments.saleId, sale.id)))
    .orderBy(asc(salePayments.id));
  const employees = employeesOfSnapshot(sale.orderSnapshot);
  const missing = groups.map((g) => g.userId).filter((id) => !employees.has(id));
  if (sale.employeeId !== null && !employees.has(sale.employeeId)) missing.push(sale.employeeId);
  if (missing.length > 0) {
    for (const user of (await loadStaff(db, auth, missing)).values())
      employees.set(user.id, employeeOf(user));
  }
  const rows: SaleRows = {
    sale,
    groups,
    lines,
    payments: paymentRows.map(paymentViewOfRow),
    employees,
    customer: sale.orderSnapshot?.customer ?? null,
  };
  return { ...rows, detail: saleDetailOf(rows) };
}

export async function getSale(db: Queryable, auth: AuthContext, saleId: number): Promise<SaleDetail> {
  return (await loadSaleRows(db, auth, saleId)).detail;
}

// ---- writing -------------------------------------------------------------------------------------------

export interface AuditEntry {
  action: string;
  saleId: number;
  approvedBy?: number | null;
  before?: unknown;
  after?: unknown;
}

/** Issue 3 item 5: every status change and money change writes who, when, the approving PIN owner, before, after. */
export async function writeAudit(
  tx: Queryable,
  auth: AuthContext,
  entries: readonly AuditEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(
    tenantValuesAll(
      auth,
      entries.map((e) => ({
        storeId: auth.storeId,
        userId: auth.userId,
        approvedBy: e.approvedBy ?? null,
        action: e.action,
        entityType: 'sale',
        entityId: String(e.saleId),
        before: e.before ?? null,
        after: e.after ?? null,
      })),
    ),
  );
}

/** The fields of a sale an audit row shows before and after a change. */
export function auditView(sale: SaleRow) {
  return {
    status: sale.status,
    status_before_trash: sale.statusBeforeTrash,
    order_at: sale.orderAt.toISOString(),
    employee_id: sale.employeeId,
    sub_total: sale.subTotal,
    discount_amount: sale.discountAmount,
    taxes: sale.taxes,
    tip_amount: sale.tipAmount,
    total_price: sale.totalPrice,
    paid_customer_total: sale.paidCustomerTotal,
    refunded_amount: sale.refundedAmount,
    has_refund: sale.hasRefund,
    cleared_at: sale.clearedAt ? sale.clearedAt.toISOString() : null,
  };
}

/**
 * Sells or loads gift cards (sale lines of type 90) when a sale completes: a new number issues a card, a
 * known active one is topped up, atomically (INSERT … ON CONFLICT DO UPDATE … WHERE is_active), with a
 * giftcard_histories 'issue' row each. Returns the card id per line.
 */
export async function issueGiftcards(
  tx: Queryable,
  auth: AuthContext,
  sale: { id: number; storeId: number; customerId: number | null },
  sold: readonly { key: string; number: string; amount: number }[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const card of sold) {
    const [row] = await tx
      .insert(giftcards)
      .values(
        tenantValues(auth, {
          storeId: sale.storeId,
          number: card.number,
          balance: card.amount,
          initialAmount: card.amount,
          customerId: sale.customerId,
        }),
      )
      .onConflictDoUpdate({
        target: [giftcards.tenantId, giftcards.number],
        set: { balance: sql`${giftcards.balance} + excluded.balance`, updatedAt: sql`now()` },
        setWhere: eq(giftcards.isActive, true),
      })
      .returning({ id: giftcards.id, balance: giftcards.balance });
    if (!row) {
      throw unprocessable(VALIDATION_MESSAGE, {
        giftcard_number: [`The gift card ${card.number} is deactivated.`],
      });
    }
    await tx.insert(giftcardHistories).values(
      tenantValues(auth, {
        giftcardId: row.id,
        storeId: sale.storeId,
        saleId: sale.id,
        kind: 'issue' as const,
        amount: card.amount,
        balanceAfter: row.balance,
        userId: auth.userId,
      }),
    );
    ids.set(card.key, row.id);
  }
  return ids;
}

/**
 * The rows under a sale row, shared by create and draft update: gift cards sold (issued or topped up only when
 * the sale completes), then the employee groups and lines (gift card lines point at their card).
 */
async function writeSaleChildren(
  tx: Queryable,
  auth: AuthContext,
  input: {
    saleId: number;
    store: SaleStore;
    customerId: number | null;
    prepared: PreparedSale;
    completing: boolean;
  },
): Promise<{ groups: SaleEmployeeRow[]; lines: SaleLineRow[]; cardIds: ReadonlyMap<string, number> }> {
  const { saleId, store, customerId, prepared, completing } = input;
  const cardIds = completing
    ? await issueGiftcards(
        tx,
        auth,
        { id: saleId, storeId: store.id, customerId },
        prepared.giftcards.map((c) => ({ key: `${c.group}:${c.index}`, number: c.number, amount: c.amount })),
      )
    : new Map<string, number>();
  const { groups, lines } = await insertGroupsAndLines(tx, auth, saleId, prepared, cardIds);
  return { groups, lines, cardIds };
}

/**
 * What follows the rows, shared by create and draft update: a completing sale records its payments and earns
 * its customer's points; the detail is built from the rows; and the stored Order is rewritten only when it must
 * rebuild what the rows say and differs from what was written (gift card ids of cards sold).
 */
async function finishSaleWrite(
  tx: Queryable,
  auth: AuthContext,
  input: {
    sale: SaleRow;
    store: SaleStore;
    order: Order;
    prepared: PreparedSale;
    completing: boolean;
    groups: SaleEmployeeRow[];
    lines: SaleLineRow[];
    cardIds: ReadonlyMap<string, number>;
    /** Sale uuid and store row the caller already holds, so payments do not read them again. */
    known?: { saleUuid: string; store: PaymentStore };
  },
): Promise<SaleDetail> {
  const { sale, store, order, prepared, completing } = input;
  const customerId = sale.customerId;
  const recorded =
    completing && prepared.payments.length > 0
      ? await recordSalePayments(tx, auth, {
          saleId: sale.id,
          storeId: store.id,
          customerId,
          payments: prepared.payments,
          totalPrice: prepared.totals.total.total_price,
          orderAt: prepared.orderAt,
          ...(input.known ? { known: input.known } : {}),
        })
      : [];
  // Only a customer earns points; the row the caller just wrote is what awardSalePoints would read again
  // (payments do not change the sale row).
  if (completing && customerId !== null) await awardSalePoints(tx, auth, sale.id, sale);
  const detail = saleDetailOf({
    sale,
    groups: input.groups,
    lines: input.lines,
    payments: recorded.map(paymentViewOfRecorded),
    employees: employeesOfSnapshot(order),
    customer: order.customer,
  });
  if (input.cardIds.size > 0) {
    await tx
      .update(sales)
      .set({ orderSnapshot: snapshotOf(detail, store.settings, order.payments) })
      .where(storeIdWhere(sales, auth, sale.id));
  }
  return detail;
}

/** The rows of a prepared sale's groups and lines (gift card lines get their card's id). */
async function insertGroupsAndLines(
  tx: Queryable,
  auth: AuthContext,
  saleId: number,
  prepared: PreparedSale,
  cardIds: ReadonlyMap<string, number>,
): Promise<{ groups: SaleEmployeeRow[]; lines: SaleLineRow[] }> {
  const { order, totals } = prepared;
  const groups = await tx
    .insert(saleEmployees)
    .values(
      storeValuesAll(
        auth,
        order.orderEmployees.map((g, i) => ({
          saleId,
          userId: g.employee.id,
          position: i,
          serviceAmount: totals.employees[i]!.service_amount,
          tipAmount: totals.employees[i]!.tip,
        })),
      ),
    )
    .returning();
  let position = 0;
  const lineValues = order.orderEmployees.flatMap((g, gi) =>
    g.orderItems.map((item, ii) => {
      const t = totals.employees[gi]!.lines[ii]!;
      return {
        saleId,
        employeeId: g.employee.id,
        position: position++,
        itemId: cardIds.get(`${gi}:${ii}`) ?? item.item_id,
        itemType: item.item_type,
        name: item.name,
        taxes: item.taxes,
        taxOn: item.tax_on,
        indianTax: item.indian_tax,
        unitPrice: item.unit_price,
        priceOverride: item.price,
        quantity: item.quantity,
        discounts: item.discounts ?? [],
        gross: t.gross,
        itemDiscount: t.item_discount,
        employeeDiscount: t.employee_discount,
        net: t.net,
        tax: t.tax,
        taxAmounts: t.tax_amounts,
        commissionRate: item.commission_rate ?? null,
        commission: t.commission,
        cost: t.cost,
        deductible: t.deductible,
        giftcardNumber: item.giftcard_number ?? null,
        info: item.info ?? null,
      };
    }),
  );
  const lines =
    lineValues.length === 0
      ? []
      : await tx.insert(saleLines).values(storeValuesAll(auth, lineValues)).returning();
  return { groups, lines };
}

function overrideAudit(saleId: number, overrides: readonly PriceOverride[]): AuditEntry[] {
  return overrides.length === 0
    ? []
    : [{ action: PRICE_OVERRIDE_ACTION, saleId, after: { lines: overrides } }];
}

function draftFacts(): StoredSaleStatus {
  return { status: SALE_STATUS.DRAFT, statusBeforeTrash: null, orderAt: null, hasRefund: false };
}

/** Draft → Sale, decided by the sale-status machine (409 with its message otherwise). */
export function completeMove(
  facts: StoredSaleStatus,
  orderAt: Date,
  now: Date,
  timeZone: string,
): SaleStatus {
  const move = nextStatus(facts, { type: 'sale.complete', orderAt: orderAt.toISOString() }, now, timeZone);
  if (!move.allowed) throw conflict(move.error.message);
  if ('cleared' in move) throw conflict('This status change is not allowed.');
  return move.next.status;
}

export interface CreateSaleResult {
  sale: SaleDetail;
  /** false: the uuid was already a sale of this order; `sale` is that sale. */
  created: boolean;
}

/** POST /api/pos/sales (see the file comment). */
export async function createSale(
  tx: Queryable,
  auth: AuthContext,
  body: SaleBody,
  now: Date = new Date(),
): Promise<CreateSaleResult> {
  const { store, row: storeRow } = await loadSaleStoreAndRow(tx, auth);
  // Two creates of one uuid (different Idempotency-Keys, e.g. two devices replaying one offline sale) run one
  // after the other, so the second finds the first instead of failing on the unique index.
  // The sale id is taken here too (one round trip, and none under the counter lock below); an id used by
  // nothing (a replay, a 422, a rollback) is a harmless gap, ids are not the gap-free numbers.
  const lockResult = await tx.execute<{ id: string }>(
    sql`select pg_advisory_xact_lock(hashtextextended(${`sale-uuid:${auth.tenantId}:${body.uuid}`}, 0)),
      nextval(pg_get_serial_sequence('sales', 'id'))::text as id`,
  );
  const saleId = Number(lockResult.rows[0]!.id);
  const [existing] = await tx
    .select()
    .from(sales)
    .where(tenantWhere(sales, auth, eq(sales.uuid, body.uuid)))
    .limit(1);
  if (existing) {
    if (
      existing.storeId !== store.id ||
      existing.clearedAt !== null ||
      !sameOrder(body, existing.orderSnapshot)
    ) {
      throw conflict(UUID_REUSED_MESSAGE);
    }
    return { sale: (await loadRowsOf(tx, auth, existing)).detail, created: false };
  }

  const prepared = await prepareSale(tx, auth, store, body, { now, defaultOrderAt: now });
  const status =
    prepared.status === SALE_STATUS.SALE
      ? completeMove(draftFacts(), prepared.orderAt, now, store.timezone)
      : SALE_STATUS.DRAFT;

  // From here to COMMIT the store's counter rows are locked: every sale of the store waits, so only writes
  // follow (everything read or checked without a lock was done above).
  const numbers = await allocateSaleNumbers(tx, auth.tenantId, store.id, prepared.orderAt);
  const customerId = prepared.order.customer?.id ?? null;
  const order: Order = {
    ...prepared.order,
    id: saleId,
    status,
    ticket_no: numbers.ticketNo,
    daily_ticket_no: numbers.dailyTicketNo,
    invoice_no: numbers.invoiceNo,
  };
  const [sale] = await tx
    .insert(sales)
    .values(
      storeValues(auth, {
        id: saleId,
        workstationId: auth.workstationId ?? null,
        uuid: body.uuid,
        status,
        ticketNo: numbers.ticketNo,
        dailyTicketNo: numbers.dailyTicketNo,
        businessDate: numbers.businessDate,
        invoiceNo: numbers.invoiceNo,
        orderAt: prepared.orderAt,
        customerId,
        customerName: prepared.customerName,
        cashierId: auth.userId,
        employeeId: prepared.mainEmployeeId,
        ...totalColumns(prepared.totals.total),
        discount: { discounts: order.discount, amounts: prepared.totals.discount },
        orderSnapshot: order,
        note: prepared.note,
      }),
    )
    .returning();

  const completing = status === SALE_STATUS.SALE;
  const { groups, lines, cardIds } = await writeSaleChildren(tx, auth, {
    saleId,
    store,
    customerId,
    prepared,
    completing,
  });
  const detail = await finishSaleWrite(tx, auth, {
    sale: sale!,
    store,
    order,
    prepared,
    completing,
    groups,
    lines,
    cardIds,
    known: { saleUuid: body.uuid, store: storeRow },
  });
  await writeAudit(tx, auth, [
    { action: completing ? 'sale.create' : 'sale.create_draft', saleId, after: auditView(sale!) },
    ...overrideAudit(saleId, prepared.overrides),
  ]);
  return { sale: detail, created: true };
}

/** POST /api/pos/sales/{id}: a draft is replaced by the body (recomputed) and, with status 1, completed. */
export async function updateSale(
  tx: Queryable,
  auth: AuthContext,
  saleId: number,
  body: SaleBody,
  now: Date = new Date(),
): Promise<SaleDetail> {
  const store = await loadSaleStore(tx, auth);
  const [before] = await tx
    .select()
    .from(sales)
    .where(storeIdWhere(sales, auth, saleId, isNull(sales.clearedAt)))
    .for('update')
    .limit(1);
  if (!before) throw notFound(SALE_NOT_FOUND_MESSAGE);
  if (before.status !== SALE_STATUS.DRAFT) throw conflict(NOT_A_DRAFT_MESSAGE);
  if (body.uuid !== before.uuid) {
    throw unprocessable(VALIDATION_MESSAGE, { uuid: ['The uuid is the sale’s own and cannot change.'] });
  }
  const completing = body.status === SALE_STATUS.SALE;
  const prepared = await prepareSale(tx, auth, store, body, {
    now,
    defaultOrderAt: completing ? now : before.orderAt,
  });
  const status = completing
    ? completeMove(
        {
          status: before.status,
          statusBeforeTrash: before.statusBeforeTrash,
          orderAt: null,
          hasRefund: false,
        },
        prepared.orderAt,
        now,
        store.timezone,
      )
    : SALE_STATUS.DRAFT;
  const customerId = prepared.order.customer?.id ?? null;

  await tx.delete(saleEmployees).where(storeWhere(saleEmployees, auth, eq(saleEmployees.saleId, saleId)));
  const { groups, lines, cardIds } = await writeSaleChildren(tx, auth, {
    saleId,
    store,
    customerId,
    prepared,
    completing,
  });
  const order: Order = {
    ...prepared.order,
    id: saleId,
    status,
    ticket_no: before.ticketNo,
    daily_ticket_no: before.dailyTicketNo,
    invoice_no: before.invoiceNo,
  };
  const [sale] = await tx
    .update(sales)
    .set({
      status,
      orderAt: prepared.orderAt,
      customerId,
      customerName: prepared.customerName,
      employeeId: prepared.mainEmployeeId,
      ...totalColumns(prepared.totals.total),
      discount: { discounts: order.discount, amounts: prepared.totals.discount },
      orderSnapshot: order,
      note: prepared.note,
    })
    .where(storeIdWhere(sales, auth, saleId))
    .returning();
  const detail = await finishSaleWrite(tx, auth, {
    sale: sale!,
    store,
    order,
    prepared,
    completing,
    groups,
    lines,
    cardIds,
  });
  await writeAudit(tx, auth, [
    { action: 'sale.update', saleId, before: auditView(before), after: auditView(sale!) },
    ...(completing
      ? [{ action: 'sale.complete', saleId, before: auditView(before), after: auditView(sale!) }]
      : []),
    ...overrideAudit(saleId, prepared.overrides),
  ]);
  return detail;
}

// ---- customer points (memberships) ---------------------------------------------------------------------

/**
 * Tenders that are not money paid for the sale, so they earn no points: a gift card was paid (and earned)
 * when it was sold, points were earned already, and a coupon is a discount taken as a tender (our decision,
 * the spec is silent on coupons).
 */
export const NO_POINTS_TENDERS: readonly PaymentType[] = [
  PAYMENT_TYPE.GIFTCARD,
  PAYMENT_TYPE.POINT,
  PAYMENT_TYPE.COUPON,
];
/** customers.point_balance is an integer column: an award stops there instead of failing the sale. */
export const MAX_POINT_BALANCE = 2_147_483_647;
const EARNED_TAKEN_BACK_NOTE = 'Points earned on this sale, taken back';

/** The points rule of memberships (db/schema/customers.ts): floor(spent / unit) × per unit. */
export function pointsForSpend(
  spent: number,
  membership: { pointsPerUnit: number; pointsUnitAmount: number },
): number {
  if (!(spent > 0) || !(membership.pointsUnitAmount > 0) || !(membership.pointsPerUnit > 0)) return 0;
  return Math.floor(spent / membership.pointsUnitAmount) * membership.pointsPerUnit;
}

/**
 * What a completed sale's customer spent for points: its live payments (approved, or pending offline card)
 * without NO_POINTS_TENDERS, minus the change handed back, and never more than total_price − tips (a tip is
 * the employee's, not a purchase).
 */
export function pointsSpend(
  sale: Pick<SaleRow, 'totalPrice' | 'tipAmount' | 'paidCustomerChangeAmountTotal'>,
  payments: readonly Pick<SalePaymentRow, 'paymentType' | 'amount' | 'status'>[],
): number {
  const money = payments
    .filter(
      (p) =>
        (p.status === SALE_PAYMENT_STATUS.APPROVED || p.status === SALE_PAYMENT_STATUS.PENDING) &&
        !NO_POINTS_TENDERS.includes(p.paymentType),
    )
    .reduce((sum, p) => sum + p.amount, 0);
  return Math.max(0, Math.min(money - sale.paidCustomerChangeAmountTotal, sale.totalPrice - sale.tipAmount));
}

/** The customer row, locked for the balance change that follows. */
async function lockPoints(tx: Queryable, auth: AuthContext, customerId: number) {
  const [row] = await tx
    .select({ id: customers.id, balance: customers.pointBalance, membershipId: customers.membershipId })
    .from(customers)
    .where(tenantIdWhere(customers, auth, customerId))
    .for('update')
    .limit(1);
  return row;
}

/**
 * When a sale completes (create, draft update, draft completion): its customer earns the points of their
 * active membership on what they spent (pointsSpend, pointsForSpend), with a customer_point_history 'earn'
 * row, in the sale's transaction. Returns the points earned.
 */
export async function awardSalePoints(
  tx: Queryable,
  auth: AuthContext,
  saleId: number,
  /** The sale row when the caller holds it as stored (create just inserted it); read otherwise. */
  current?: SaleRow,
): Promise<number> {
  const [sale] =
    current && current.id === saleId
      ? [current]
      : await tx
          .select()
          .from(sales)
          .where(storeIdWhere(sales, auth, saleId))
          .limit(1);
  if (!sale || sale.customerId === null || sale.status !== SALE_STATUS.SALE) return 0;
  const customer = await lockPoints(tx, auth, sale.customerId);
  if (!customer || customer.membershipId === null) return 0;
  const [membership] = await tx
    .select({
      pointsPerUnit: memberships.pointsPerUnit,
      pointsUnitAmount: memberships.pointsUnitAmount,
      isActive: memberships.isActive,
    })
    .from(memberships)
    .where(tenantIdWhere(memberships, auth, customer.membershipId))
    .limit(1);
  if (!membership?.isActive) return 0;
  const spent = pointsSpend(sale, await countedSalePayments(tx, auth, saleId));
  const points = Math.min(pointsForSpend(spent, membership), MAX_POINT_BALANCE - customer.balance);
  if (points <= 0) return 0;
  const balance = customer.balance + points;
  await tx
    .update(customers)
    .set({ pointBalance: balance })
    .where(tenantIdWhere(customers, auth, customer.id));
  await tx.insert(customerPointHistory).values(
    tenantValues(auth, {
      customerId: customer.id,
      storeId: sale.storeId,
      saleId,
      kind: 'earn' as const,
      points,
      balanceAfter: balance,
      userId: auth.userId,
    }),
  );
  return points;
}

/**
 * After a void or a refund (by lines, in full, or through one payment): the points the sale earned are taken
 * back in proportion to what went back, floor(earned × refunded_amount / total_price) in all, and all of them
 * on a void or once the sale is fully refunded; a 'void' or 'refund' history row with the negative points.
 * A balance never goes below zero: points the customer already spent are not taken (the row's note says how
 * many), and a later refund of the same sale takes them if the balance allows by then. Returns the points
 * taken.
 */
export async function takeBackSalePoints(
  tx: Queryable,
  auth: AuthContext,
  saleId: number,
  kind: 'void' | 'refund',
): Promise<number> {
  const [sale] = await tx
    .select()
    .from(sales)
    .where(storeIdWhere(sales, auth, saleId))
    .limit(1);
  if (!sale || sale.customerId === null) return 0;
  const rows = await tx
    .select({ kind: customerPointHistory.kind, points: customerPointHistory.points })
    .from(customerPointHistory)
    .where(
      tenantWhere(
        customerPointHistory,
        auth,
        eq(customerPointHistory.saleId, saleId),
        eq(customerPointHistory.customerId, sale.customerId),
      ),
    );
  const earned = rows.filter((r) => r.kind === 'earn').reduce((sum, r) => sum + r.points, 0);
  // Negative void/refund rows are earned points taken back; positive ones gave back a points payment.
  const taken = -rows
    .filter((r) => (r.kind === 'void' || r.kind === 'refund') && r.points < 0)
    .reduce((sum, r) => sum + r.points, 0);
  if (earned <= 0) return 0;
  const whole =
    kind === 'void' ||
    sale.status === SALE_STATUS.VOID ||
    sale.status === SALE_STATUS.REFUND ||
    sale.refundedAmount >= sale.totalPrice;
  // BigInt: earned × refunded can pass 2^53.
  const target = whole
    ? earned
    : Number((BigInt(earned) * BigInt(sale.refundedAmount)) / BigInt(sale.totalPrice));
  const due = target - taken;
  if (due <= 0) return 0;
  const customer = await lockPoints(tx, auth, sale.customerId);
  const points = Math.min(due, customer?.balance ?? 0);
  if (!customer || points <= 0) return 0;
  const balance = customer.balance - points;
  await tx
    .update(customers)
    .set({ pointBalance: balance })
    .where(tenantIdWhere(customers, auth, customer.id));
  await tx.insert(customerPointHistory).values(
    tenantValues(auth, {
      customerId: customer.id,
      storeId: sale.storeId,
      saleId,
      kind,
      points: -points,
      balanceAfter: balance,
      userId: auth.userId,
      note:
        points < due
          ? `${EARNED_TAKEN_BACK_NOTE}; ${due - points} of them were spent already.`
          : EARNED_TAKEN_BACK_NOTE,
    }),
  );
  return points;
}

// ---- recompute from rows (management edits) ------------------------------------------------------------

/**
 * The Order of a stored sale rebuilt from its rows, with the store's settings and the payments that count
 * (payments service: approved, pending, refunded; a card tip is part of its payment).
 */
export function orderOfRows(
  loaded: LoadedSale,
  settings: OrderSettings,
  countedPayments: readonly Payment[],
): Order {
  return snapshotOf(loaded.detail, settings, countedPayments);
}

/**
 * After an edit of tips or employees: recomputes the sale with src/domain from its rows and stores every
 * amount (lines, groups, sale totals) and the snapshot. Returns the fresh detail.
 */
export async function recomputeStoredSale(
  tx: Queryable,
  auth: AuthContext,
  store: SaleStore,
  saleId: number,
): Promise<LoadedSale> {
  const loaded = await loadSaleRows(tx, auth, saleId);
  const counted = (await countedSalePayments(tx, auth, saleId)).map(toDomainPayment);
  const order = orderOfRows(loaded, store.settings, counted);
  const totals = computeTotalsOr422(order);
  for (const [gi, group] of loaded.detail.orderEmployees.entries()) {
    const t = totals.employees[gi]!;
    const groupRow = loaded.groups[gi]!;
    if (groupRow.serviceAmount !== t.service_amount || groupRow.tipAmount !== t.tip) {
      await tx
        .update(saleEmployees)
        .set({ serviceAmount: t.service_amount, tipAmount: t.tip })
        .where(storeIdWhere(saleEmployees, auth, groupRow.id));
    }
    for (const [li, line] of group.orderItems.entries()) {
      const lt = t.lines[li]!;
      if (
        line.gross !== lt.gross ||
        line.net !== lt.net ||
        line.tax !== lt.tax ||
        line.commission !== lt.commission ||
        line.line_cost !== lt.cost ||
        line.deductible !== lt.deductible ||
        line.item_discount !== lt.item_discount ||
        line.employee_discount !== lt.employee_discount
      ) {
        await tx
          .update(saleLines)
          .set({
            gross: lt.gross,
            itemDiscount: lt.item_discount,
            employeeDiscount: lt.employee_discount,
            net: lt.net,
            tax: lt.tax,
            taxAmounts: lt.tax_amounts,
            commission: lt.commission,
            cost: lt.cost,
            deductible: lt.deductible,
          })
          .where(storeIdWhere(saleLines, auth, line.id));
      }
    }
  }
  await tx
    .update(sales)
    .set({
      ...totalColumns(totals.total),
      discount: { discounts: loaded.sale.discount.discounts, amounts: totals.discount },
      orderSnapshot: order,
    })
    .where(storeIdWhere(sales, auth, saleId));
  return loadSaleRows(tx, auth, saleId);
}

/** Rewrites order_snapshot from the rows (after a status or time change) and returns the fresh sale. */
export async function refreshSnapshot(
  tx: Queryable,
  auth: AuthContext,
  store: SaleStore,
  saleId: number,
): Promise<LoadedSale> {
  const loaded = await loadSaleRows(tx, auth, saleId);
  const counted = (await countedSalePayments(tx, auth, saleId)).map(toDomainPayment);
  const order = snapshotOf(loaded.detail, store.settings, counted);
  await tx
    .update(sales)
    .set({ orderSnapshot: order })
    .where(storeIdWhere(sales, auth, saleId));
  return loaded;
}

// ---- list ----------------------------------------------------------------------------------------------

const SORT_COLUMNS = {
  order_at: sales.orderAt,
  ticket_no: sales.ticketNo,
  daily_ticket_no: sales.dailyTicketNo,
  total_price: sales.totalPrice,
  created_at: sales.createdAt,
} as const;

/** GET /api/pos/sales: the order report list of the session's store, cleared sales never included. */
export async function listSales(
  db: Queryable,
  auth: AuthContext,
  query: SaleListQuery,
): Promise<{ items: SaleSummary[]; total: number; page: number; per_page: number }> {
  const f = query.filter ?? {};
  const conditions: (SQL | undefined)[] = [isNull(sales.clearedAt)];
  if (f.from) conditions.push(gte(sales.orderAt, new Date(f.from)));
  if (f.to) conditions.push(lt(sales.orderAt, new Date(f.to)));
  if (f.business_date_from) conditions.push(gte(sales.businessDate, f.business_date_from));
  if (f.business_date_to) conditions.push(lte(sales.businessDate, f.business_date_to));
  if (f.status) conditions.push(inArray(sales.status, f.status as SaleStatus[]));
  if (f.cashier_id) conditions.push(eq(sales.cashierId, f.cashier_id));
  if (f.customer_id) conditions.push(eq(sales.customerId, f.customer_id));
  if (f.ticket_no) conditions.push(eq(sales.ticketNo, f.ticket_no));
  if (f.invoice_no) conditions.push(eq(sales.invoiceNo, f.invoice_no.trim().toUpperCase()));
  if (f.employee_id) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(saleEmployees)
          .where(
            storeWhere(
              saleEmployees,
              auth,
              eq(saleEmployees.saleId, sales.id),
              eq(saleEmployees.userId, f.employee_id),
            ),
          ),
      ),
    );
  }
  const where = storeWhere(sales, auth, ...conditions);
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sales)
    .where(where);
  const descending = query.sort.startsWith('-');
  const column = SORT_COLUMNS[query.sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
  const { orderSnapshot: _snapshot, ...summaryColumns } = getTableColumns(sales);
  const rows = await db
    .select({
      sale: summaryColumns,
      employeeName: sql<string | null>`${sales.orderSnapshot} -> 'employee' ->> 'name'`,
    })
    .from(sales)
    .where(where)
    .orderBy(descending ? desc(column) : asc(column), descending ? desc(sales.id) : asc(sales.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return {
    items: rows.map(({ sale, employeeName }) => ({
      id: sale.id,
      uuid: sale.uuid,
      status: sale.status,
      status_before_trash: sale.statusBeforeTrash,
      ticket_no: sale.ticketNo,
      daily_ticket_no: sale.dailyTicketNo,
      invoice_no: sale.invoiceNo,
      business_date: sale.businessDate,
      order_at: sale.orderAt.toISOString(),
      created_at: sale.createdAt.toISOString(),
      trashed_at: sale.trashedAt ? sale.trashedAt.toISOString() : null,
      customer_id: sale.customerId,
      customer_name: sale.customerName,
      cashier_id: sale.cashierId,
      employee_id: sale.employeeId,
      employee_name: employeeName,
      totals: totalOf(sale),
      refunded_amount: sale.refundedAmount,
      has_refund: sale.hasRefund,
    })),
    total: counted?.n ?? 0,
    page: query.page,
    per_page: query.per_page,
  };
}
