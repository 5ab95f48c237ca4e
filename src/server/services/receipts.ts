/**
 * The public receipt (docs/sales.md#receipts: /pos/receipts/:id is public; ADR 007): a sale found by its
 * client uuid, answered with only what a printed receipt shows (src/contracts/receipts.ts).
 *
 * The one lookup in the code base that starts without a tenant: a customer holding the link has no session.
 * The sale row is found by uuid alone; every row after it (store, groups, lines, payments, customer, staff) is
 * read through the scoped helpers with the tenant and store OF THAT SALE, so nothing of another store can be
 * joined in. The uuid is unique per tenant only (sales_tenant_uuid_key): should two tenants hold the same
 * uuid, the earliest sale wins, so a later copy made on purpose in another tenant can neither replace nor hide
 * the original receipt.
 *
 * Every amount is a stored figure (the sale's totals columns and the lines' computed amounts); nothing is
 * recomputed, so the receipt prints what the sale holds, to the cent.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { receiptUuidSchema } from '../../contracts/receipts';
import type {
  ReceiptData,
  ReceiptEmployee,
  ReceiptOrderDiscount,
  ReceiptPayment,
  ReceiptTax,
  receiptStatusSchema,
} from '../../contracts/receipts';
import { ACTION_MODE, ITEM_TYPE, PAYMENT_TYPE, printedPaymentType } from '../../domain/constants';
import type { OrderDiscountKind } from '../../domain/constants';
import { printedTotals } from '../../domain/order-total';
import { actionModeError } from '../../domain/sale-status';
import { parseTaxRates } from '../../domain/tax';
import type { Queryable } from '../db/client';
import { customers } from '../db/schema/customers';
import { SALE_PAYMENT_STATUS, sales } from '../db/schema/sales';
import type { SaleDiscountRecord } from '../db/schema/sales';
import { stores } from '../db/schema/stores';
import { users } from '../db/schema/users';
import { tenantIdWhere, tenantWhere } from '../db/scoped';
import type { StoreScope } from '../db/scoped';
import { notFound } from '../errors';
import { saleChildRows } from './sales/read';

/** The spec's error style ("Sale not found."): one answer for unknown, malformed, draft, trashed and cleared. */
export const RECEIPT_NOT_FOUND_MESSAGE = 'Receipt not found.';

/**
 * Per client IP, like login (auth/throttling.ts): a salon's tills and a customer's phone share little, and no
 * person opens sixty receipts a minute. Guessing is hopeless anyway (122 random bits); the bound keeps a
 * scripted prober from costing the database.
 */
export const RECEIPT_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

/** Gift card lines print without their number: it is a bearer credential and the receipt URL is public. */
export const GIFTCARD_LINE_NAME = 'Gift card';

/** Order discounts in the order a receipt lists them, with the stored amount of each. */
const ORDER_DISCOUNT_AMOUNTS: readonly [OrderDiscountKind, keyof SaleDiscountRecord['amounts']][] = [
  ['ticket', 'discount_ticket'],
  ['membership', 'discount_membership'],
  ['manager', 'discount_manager'],
  ['other', 'discount_other'],
];

/** Payments that did not take money print nothing. */
const NOT_TAKEN: readonly string[] = [SALE_PAYMENT_STATUS.VOIDED, SALE_PAYMENT_STATUS.DECLINED];

type ReceiptStatus = z.infer<typeof receiptStatusSchema>;

/** The sale of a receipt uuid, or 404. */
async function findSale(db: Queryable, text: string, now: Date) {
  if (!receiptUuidSchema.safeParse(text).success) throw notFound(RECEIPT_NOT_FOUND_MESSAGE);
  // WHY no tenant here: see the file comment (the public lookup; every later read is scoped to this row).
  const [sale] = await db
    .select()
    .from(sales)
    .where(and(eq(sales.uuid, text.toLowerCase()), isNull(sales.clearedAt)))
    .orderBy(asc(sales.createdAt), asc(sales.id))
    .limit(1);
  if (!sale) throw notFound(RECEIPT_NOT_FOUND_MESSAGE);
  // The same rule as a reprint from sale management: a receipt exists once the sale is completed, whatever
  // happened since, except in the trash. A draft or trashed sale is simply "not found" to the public.
  const facts = {
    status: sale.status,
    statusBeforeTrash: sale.statusBeforeTrash,
    orderAt: sale.orderAt.toISOString(),
    hasRefund: sale.hasRefund,
  };
  // The time zone plays no part in the reprint rule; UTC keeps the store read for after the check.
  if (actionModeError(ACTION_MODE.REPRINT, facts, now, 'UTC')) throw notFound(RECEIPT_NOT_FOUND_MESSAGE);
  return { ...sale, status: sale.status as ReceiptStatus };
}

function settingText(settings: unknown, key: 'name' | 'address' | 'phone' | 'footer'): string | null {
  const receipt =
    typeof settings === 'object' && settings !== null ? (settings as Record<string, unknown>).receipt : null;
  if (typeof receipt !== 'object' || receipt === null) return null;
  const value = (receipt as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 500) : null;
}

async function loadStore(db: Queryable, scope: StoreScope & { storeId: number }) {
  const [row] = await db
    .select({
      name: stores.name,
      currency: stores.currency,
      timezone: stores.timezone,
      settings: stores.settings,
    })
    .from(stores)
    .where(tenantIdWhere(stores, scope, scope.storeId))
    .limit(1);
  if (!row) throw notFound(RECEIPT_NOT_FOUND_MESSAGE);
  return {
    name: settingText(row.settings, 'name') ?? row.name,
    address: settingText(row.settings, 'address'),
    phone: settingText(row.settings, 'phone'),
    footer: settingText(row.settings, 'footer'),
    currency: row.currency,
    timezone: row.timezone,
  };
}

/** The first word of a name ("Mai Tran" → "Mai"). */
function firstWord(name: string | null | undefined): string | null {
  const word = (name ?? '').trim().split(/\s+/)[0];
  return word ? word : null;
}

async function customerFirstName(
  db: Queryable,
  scope: StoreScope,
  customerId: number | null,
  customerName: string | null,
): Promise<string | null> {
  if (customerId !== null) {
    const [row] = await db
      .select({ firstName: customers.firstName })
      .from(customers)
      .where(tenantIdWhere(customers, scope, customerId))
      .limit(1);
    if (row) return firstWord(row.firstName) ?? null;
  }
  // A customer removed since, or a name typed without a record: its first word, never the rest.
  return firstWord(customerName);
}

/** Names as the sale showed them (the snapshot), else the person's display name now. */
async function employeeNames(
  db: Queryable,
  scope: StoreScope,
  snapshot: { orderEmployees?: { employee: { id: number; name: string } }[] } | null,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const group of snapshot?.orderEmployees ?? []) {
    if (group.employee.name) names.set(group.employee.id, group.employee.name);
  }
  const missing = ids.filter((id) => !names.has(id));
  if (missing.length > 0) {
    const rows = await db
      .select({ id: users.id, name: users.displayName })
      .from(users)
      .where(tenantWhere(users, scope, inArray(users.id, missing)));
    for (const row of rows) names.set(row.id, row.name);
  }
  return names;
}

/** Each rate's tax over every line, in the order the rates first appear (docs/money.md step 4, per line). */
export function taxesByRate(
  lines: readonly { taxes: string; taxAmounts: readonly number[] }[],
): ReceiptTax[] {
  const byRate = new Map<number, number>();
  for (const line of lines) {
    const rates = parseTaxRates(line.taxes);
    line.taxAmounts.forEach((amount, i) => {
      const rate = rates[i];
      if (rate === undefined || amount === 0) return;
      byRate.set(rate, (byRate.get(rate) ?? 0) + amount);
    });
  }
  return [...byRate].map(([rate, amount]) => ({ rate, amount }));
}

/**
 * Payments as printed (docs/sales.md#payments: Momo, VnPay and VietQr print as Cash), one entry per printed
 * type and card, in the order they were taken. Only a card keeps anything beyond its type: brand and last 4.
 */
export function printedPayments(
  rows: readonly {
    paymentType: number;
    amount: number;
    tipAmount: number;
    status: string;
    cardBrand: string | null;
    last4: string | null;
  }[],
): ReceiptPayment[] {
  const out: ReceiptPayment[] = [];
  for (const row of rows) {
    if (NOT_TAKEN.includes(row.status)) continue;
    const type = printedPaymentType(row.paymentType as ReceiptPayment['payment_type']);
    const card =
      type === PAYMENT_TYPE.CREDIT
        ? {
            ...(row.cardBrand ? { card_brand: row.cardBrand } : {}),
            ...(row.last4 ? { last4: row.last4 } : {}),
          }
        : {};
    const amount = row.amount + row.tipAmount;
    const same = out.find(
      (p) => p.payment_type === type && p.card_brand === card.card_brand && p.last4 === card.last4,
    );
    if (same) same.amount += amount;
    else out.push({ payment_type: type, amount, ...card });
  }
  return out;
}

export async function publicReceipt(db: Queryable, uuid: string, now: Date): Promise<ReceiptData> {
  const sale = await findSale(db, uuid, now);
  const scope = { tenantId: sale.tenantId, storeId: sale.storeId };
  const store = await loadStore(db, scope);
  const { groups, lines, payments } = await saleChildRows(db, scope, sale.id);
  const names = await employeeNames(
    db,
    scope,
    sale.orderSnapshot,
    groups.map((g) => g.userId),
  );

  const employees: ReceiptEmployee[] = groups.map((group) => ({
    name: names.get(group.userId) ?? '',
    tip: group.tipAmount,
    lines: lines
      .filter((line) => line.employeeId === group.userId)
      .map((line) => ({
        item_type: line.itemType,
        name: line.itemType === ITEM_TYPE.GIFTCARD ? GIFTCARD_LINE_NAME : line.name,
        quantity: line.quantity,
        unit_price: line.priceOverride ?? line.unitPrice,
        gross: line.gross,
        item_discount: line.itemDiscount,
        employee_discount: line.employeeDiscount,
        net: line.net,
        refunded_quantity: line.refundedQuantity,
      })),
  }));

  const amounts = sale.discount.amounts;
  const orderDiscounts: ReceiptOrderDiscount[] = ORDER_DISCOUNT_AMOUNTS.filter(
    ([, key]) => (amounts?.[key] ?? 0) > 0,
  ).map(([kind, key]) => ({ kind, amount: amounts[key] }));

  return {
    uuid: sale.uuid,
    status: sale.status,
    store,
    ticket_no: sale.ticketNo,
    daily_ticket_no: sale.dailyTicketNo,
    invoice_no: sale.invoiceNo,
    order_at: sale.orderAt.toISOString(),
    customer_first_name: await customerFirstName(db, scope, sale.customerId, sale.customerName),
    employees,
    order_discounts: orderDiscounts,
    taxes: taxesByRate(lines),
    totals: printedTotals({
      sub_total: sale.subTotal,
      discount_amount: sale.discountAmount,
      taxes: sale.taxes,
      tip_amount: sale.tipAmount,
      creditcard_fee: sale.creditcardFee,
      total_price: sale.totalPrice,
      paid_customer_total: sale.paidCustomerTotal,
      paid_customer_change_amount_total: sale.paidCustomerChangeAmountTotal,
    }),
    payments: printedPayments(payments),
    refunded_amount: sale.refundedAmount,
  };
}
