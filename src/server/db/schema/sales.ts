import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ITEM_TYPE, PAYMENT_TYPES, SALE_STATUS } from '../../../domain/constants';
import type { ItemType, PaymentType, SaleStatus } from '../../../domain/constants';
import type { DiscountAmounts, LineDiscount, Order, OrderDiscounts } from '../../../domain/order.types';
import {
  createdAtColumn,
  idColumn,
  moneyColumn,
  percentColumn,
  tenantIdColumn,
  updatedAtColumn,
} from './columns';
import { coupons } from './coupons';
import { customers } from './customers';
import { giftcards } from './giftcards';
import { stores } from './stores';
import { users } from './users';
import { workstations } from './workstations';

// The sales ledger. A sale row is never deleted: "delete" moves it to Trash (9) and
// "clear" stamps cleared_at (hidden from every list), so ticket and invoice numbers stay gap-free and
// the audit log keeps pointing at something. Every amount is minor units, computed by src/domain
// (computeOrderTotals) from catalog prices on the server; the client's totals are never stored.
// Child rows carry store_id and reference the sale by (tenant_id, store_id, sale_id): a line can never
// belong to another store's sale.

const sqlList = (values: readonly (string | number)[]) =>
  sql.raw(values.map((v) => (typeof v === 'number' ? String(v) : `'${v}'`)).join(', '));

const saleStatuses = Object.values(SALE_STATUS);
const itemTypes = Object.values(ITEM_TYPE);

/** sales.discount: the order discounts as entered and the amounts computeOrderTotals gave each source. */
export interface SaleDiscountRecord {
  discounts: OrderDiscounts;
  amounts: DiscountAmounts;
}

/**
 * ticket_no: per store, from store_counters 'ticket'. daily_ticket_no: per store per business_date (the
 * store-local date of creation, stores.timezone), from store_daily_counters. invoice_no: 'S' + store
 * code padded to 4 + '-' + the store's 'invoice' counter padded to 6 ('S0001-000123'), unique per tenant
 * (the store code is in it). All three are allocated by allocateSaleNumbers (counters.ts) inside the
 * sale's insert transaction. status_before_trash is set exactly while the sale is in Trash, as is
 * trashed_at. order_at is the business time of the sale (change order time moves it); created_at never
 * moves.
 */
export const sales = pgTable(
  'sales',
  {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    id: idColumn(),
    workstationId: bigint('workstation_id', { mode: 'number' }),
    uuid: uuid('uuid').notNull(),
    status: integer('status').$type<SaleStatus>().notNull(),
    statusBeforeTrash: integer('status_before_trash').$type<SaleStatus>(),
    ticketNo: integer('ticket_no').notNull(),
    dailyTicketNo: integer('daily_ticket_no').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    invoiceNo: text('invoice_no').notNull(),
    orderAt: timestamp('order_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    customerId: bigint('customer_id', { mode: 'number' }),
    customerName: text('customer_name'),
    cashierId: bigint('cashier_id', { mode: 'number' }).notNull(),
    employeeId: bigint('employee_id', { mode: 'number' }),
    // OrderTotal, every field (docs/sales.md#the-order).
    subTotal: moneyColumn('sub_total').notNull(),
    discountAmount: moneyColumn('discount_amount').notNull(),
    taxes: moneyColumn('taxes').notNull(),
    tipAmount: moneyColumn('tip_amount').notNull(),
    totalPrice: moneyColumn('total_price').notNull(),
    paidCustomerTotal: moneyColumn('paid_customer_total').notNull(),
    paidCustomerChangeAmountTotal: moneyColumn('paid_customer_change_amount_total').notNull(),
    totalCost: moneyColumn('total_cost').notNull(),
    totalCommission: moneyColumn('total_commission').notNull(),
    totalDeductible: moneyColumn('total_deductible').notNull(),
    creditcardFee: moneyColumn('creditcard_fee').notNull(),
    indian: boolean('indian').notNull().default(false),
    discount: jsonb('discount').$type<SaleDiscountRecord>().notNull(),
    /** The Order as the server recomputed it (what get-sale and loadSale give back). */
    orderSnapshot: jsonb('order_snapshot').$type<Order>().notNull(),
    refundedAmount: moneyColumn('refunded_amount').notNull().default(0),
    hasRefund: boolean('has_refund').notNull().default(false),
    note: text('note'),
    trashedAt: timestamp('trashed_at', { withTimezone: true, mode: 'date' }),
    clearedAt: timestamp('cleared_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'sales_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }),
    foreignKey({
      name: 'sales_workstation_fk',
      columns: [t.tenantId, t.workstationId],
      foreignColumns: [workstations.tenantId, workstations.id],
    }),
    foreignKey({
      name: 'sales_customer_fk',
      columns: [t.tenantId, t.customerId],
      foreignColumns: [customers.tenantId, customers.id],
    }),
    foreignKey({
      name: 'sales_cashier_fk',
      columns: [t.tenantId, t.cashierId],
      foreignColumns: [users.tenantId, users.id],
    }),
    foreignKey({
      name: 'sales_employee_fk',
      columns: [t.tenantId, t.employeeId],
      foreignColumns: [users.tenantId, users.id],
    }),
    unique('sales_tenant_store_id_key').on(t.tenantId, t.storeId, t.id),
    uniqueIndex('sales_tenant_uuid_key').on(t.tenantId, t.uuid),
    uniqueIndex('sales_store_ticket_no_key').on(t.tenantId, t.storeId, t.ticketNo),
    uniqueIndex('sales_store_daily_ticket_no_key').on(t.tenantId, t.storeId, t.businessDate, t.dailyTicketNo),
    uniqueIndex('sales_tenant_invoice_no_key').on(t.tenantId, t.invoiceNo),
    index('sales_store_order_at_idx').on(t.tenantId, t.storeId, t.orderAt),
    index('sales_store_status_idx').on(t.tenantId, t.storeId, t.status, t.orderAt),
    index('sales_customer_idx').on(t.tenantId, t.customerId),
    check('sales_status_known', sql`${t.status} in (${sqlList(saleStatuses)})`),
    check(
      'sales_status_before_trash',
      sql`(${t.status} = ${sql.raw(String(SALE_STATUS.TRASH))}) = (${t.statusBeforeTrash} is not null)
        and (${t.statusBeforeTrash} is null or ${t.statusBeforeTrash} <> ${sql.raw(String(SALE_STATUS.TRASH))})
        and (${t.status} = ${sql.raw(String(SALE_STATUS.TRASH))}) = (${t.trashedAt} is not null)`,
    ),
    check(
      'sales_cleared_only_in_trash',
      sql`${t.clearedAt} is null or ${t.status} = ${sql.raw(String(SALE_STATUS.TRASH))}`,
    ),
    check('sales_numbers_positive', sql`${t.ticketNo} > 0 and ${t.dailyTicketNo} > 0`),
    check(
      'sales_amounts_non_negative',
      sql`${t.subTotal} >= 0 and ${t.discountAmount} >= 0 and ${t.taxes} >= 0 and ${t.tipAmount} >= 0
        and ${t.totalPrice} >= 0 and ${t.paidCustomerTotal} >= 0 and ${t.paidCustomerChangeAmountTotal} >= 0
        and ${t.totalCost} >= 0 and ${t.totalCommission} >= 0 and ${t.totalDeductible} >= 0
        and ${t.creditcardFee} >= 0 and ${t.refundedAmount} >= 0`,
    ),
  ],
);

/** The per-employee groups of a sale (Order.orderEmployees), in `position` order. */
export const saleEmployees = pgTable(
  'sale_employees',
  {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    id: idColumn(),
    saleId: bigint('sale_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    serviceAmount: moneyColumn('service_amount').notNull().default(0),
    tipAmount: moneyColumn('tip_amount').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'sale_employees_sale_fk',
      columns: [t.tenantId, t.storeId, t.saleId],
      foreignColumns: [sales.tenantId, sales.storeId, sales.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'sale_employees_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }),
    unique('sale_employees_sale_user_key').on(t.tenantId, t.saleId, t.userId),
    index('sale_employees_user_idx').on(t.tenantId, t.userId),
    check('sale_employees_amounts_non_negative', sql`${t.serviceAmount} >= 0 and ${t.tipAmount} >= 0`),
  ],
);

/**
 * One order item as sold, with its computed amounts (LineTotals of src/domain/order-total.ts). The item's
 * catalog fields are copied (name, taxes, unit_price, cost, commission_rate, tax_on, indian_tax): a later
 * catalog change never changes a past sale. `price_override` is the overridden unit price (null = catalog
 * price), recorded. `item_id` is not a foreign key: it points into services, products or
 * product_kits by `item_type` (gift cards: the giftcards id, or 0 when sold by number only).
 * `employee_id` names the line's sale_employees group (ON UPDATE CASCADE: changing a group's employee
 * moves its lines along).
 */
export const saleLines = pgTable(
  'sale_lines',
  {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    id: idColumn(),
    saleId: bigint('sale_id', { mode: 'number' }).notNull(),
    employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    itemType: integer('item_type').$type<ItemType>().notNull(),
    name: text('name').notNull(),
    taxes: text('taxes').notNull().default(''),
    taxOn: integer('tax_on').notNull().default(0),
    indianTax: text('indian_tax').$type<'0' | '1'>().notNull().default('0'),
    unitPrice: moneyColumn('unit_price').notNull(),
    priceOverride: moneyColumn('price_override'),
    quantity: integer('quantity').notNull(),
    discounts: jsonb('discounts').$type<LineDiscount[]>().notNull().default([]),
    gross: moneyColumn('gross').notNull(),
    itemDiscount: moneyColumn('item_discount').notNull().default(0),
    employeeDiscount: moneyColumn('employee_discount').notNull().default(0),
    net: moneyColumn('net').notNull(),
    tax: moneyColumn('tax').notNull().default(0),
    /** One amount per applied rate, in the order of `taxes` (LineTotals.tax_amounts). */
    taxAmounts: jsonb('tax_amounts').$type<number[]>().notNull().default([]),
    commissionRate: percentColumn('commission_rate'),
    commission: moneyColumn('commission').notNull().default(0),
    cost: moneyColumn('cost').notNull().default(0),
    deductible: moneyColumn('deductible').notNull().default(0),
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    giftcardNumber: text('giftcard_number'),
    info: jsonb('info').$type<Record<string, unknown>>(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'sale_lines_sale_fk',
      columns: [t.tenantId, t.storeId, t.saleId],
      foreignColumns: [sales.tenantId, sales.storeId, sales.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'sale_lines_employee_group_fk',
      columns: [t.tenantId, t.saleId, t.employeeId],
      foreignColumns: [saleEmployees.tenantId, saleEmployees.saleId, saleEmployees.userId],
    })
      .onUpdate('cascade')
      .onDelete('cascade'),
    index('sale_lines_sale_idx').on(t.tenantId, t.saleId, t.position),
    index('sale_lines_item_idx').on(t.tenantId, t.itemType, t.itemId),
    check('sale_lines_item_type_known', sql`${t.itemType} in (${sqlList(itemTypes)})`),
    check('sale_lines_indian_tax_flag', sql`${t.indianTax} in ('0', '1')`),
    check('sale_lines_quantity_positive', sql`${t.quantity} >= 1`),
    check('sale_lines_refunded_quantity_range', sql`${t.refundedQuantity} between 0 and ${t.quantity}`),
    check(
      'sale_lines_amounts',
      sql`${t.unitPrice} >= 0 and (${t.priceOverride} is null or ${t.priceOverride} >= 0)
        and ${t.gross} >= 0 and ${t.itemDiscount} >= 0 and ${t.employeeDiscount} >= 0
        and ${t.net} = ${t.gross} - ${t.itemDiscount} - ${t.employeeDiscount} and ${t.net} >= 0
        and ${t.tax} >= 0 and ${t.commission} >= 0 and ${t.cost} >= 0 and ${t.deductible} >= 0`,
    ),
  ],
);

export const SALE_PAYMENT_STATUS = {
  PENDING: 'pending',
  APPROVED: 'approved',
  DECLINED: 'declined',
  VOIDED: 'voided',
  REFUNDED: 'refunded',
} as const;
export type SalePaymentStatus = (typeof SALE_PAYMENT_STATUS)[keyof typeof SALE_PAYMENT_STATUS];

/**
 * A payment on a sale (Payment + PaymentInfo of the domain). Card payments keep brand, last 4, approval
 * code and processor reference ONLY: there is no column for a card number, CVV or PIN block, and none may
 * be added (docs/security.md#card-data; a test greps the database for Luhn-valid 13-19 digit numbers).
 * `amount` is what was tendered (cash change is the sale's paid_customer_change_amount_total). `tip_amount`
 * is a tip added on the card after the fact (tipAdjust). `giftcard_id`, `coupon_id`, `points` link the
 * instrument spent; `reference` is the gift card number, check number, coupon or voucher code as the domain's
 * PaymentInfo.reference.
 */
export const salePayments = pgTable(
  'sale_payments',
  {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    id: idColumn(),
    saleId: bigint('sale_id', { mode: 'number' }).notNull(),
    paymentType: integer('payment_type').$type<PaymentType>().notNull(),
    amount: moneyColumn('amount').notNull(),
    tipAmount: moneyColumn('tip_amount').notNull().default(0),
    refundedAmount: moneyColumn('refunded_amount').notNull().default(0),
    status: text('status').$type<SalePaymentStatus>().notNull().default('approved'),
    reference: text('reference'),
    cardBrand: text('card_brand'),
    last4: text('last4'),
    approvalCode: text('approval_code'),
    processorReference: text('processor_reference'),
    giftcardId: bigint('giftcard_id', { mode: 'number' }),
    couponId: bigint('coupon_id', { mode: 'number' }),
    points: integer('points'),
    takenAt: timestamp('taken_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    offline: boolean('offline').notNull().default(false),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'sale_payments_sale_fk',
      columns: [t.tenantId, t.storeId, t.saleId],
      foreignColumns: [sales.tenantId, sales.storeId, sales.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'sale_payments_giftcard_fk',
      columns: [t.tenantId, t.giftcardId],
      foreignColumns: [giftcards.tenantId, giftcards.id],
    }),
    foreignKey({
      name: 'sale_payments_coupon_fk',
      columns: [t.tenantId, t.couponId],
      foreignColumns: [coupons.tenantId, coupons.id],
    }),
    foreignKey({
      name: 'sale_payments_created_by_fk',
      columns: [t.tenantId, t.createdBy],
      foreignColumns: [users.tenantId, users.id],
    }),
    index('sale_payments_sale_idx').on(t.tenantId, t.saleId),
    index('sale_payments_store_taken_idx').on(t.tenantId, t.storeId, t.takenAt),
    check('sale_payments_type_known', sql`${t.paymentType} in (${sqlList(PAYMENT_TYPES)})`),
    check('sale_payments_status_known', sql`${t.status} in (${sqlList(Object.values(SALE_PAYMENT_STATUS))})`),
    check('sale_payments_amount_positive', sql`${t.amount} > 0`),
    check('sale_payments_tip_non_negative', sql`${t.tipAmount} >= 0`),
    check(
      'sale_payments_refunded_range',
      sql`${t.refundedAmount} between 0 and ${t.amount} + ${t.tipAmount}`,
    ),
    check('sale_payments_last4_digits', sql`${t.last4} is null or ${t.last4} ~ '^[0-9]{4}$'`),
    check('sale_payments_points_positive', sql`${t.points} is null or ${t.points} > 0`),
  ],
);

/** One refund of a sale (full or by lines). `amount` is what went back (docs/money.md step 10). */
export interface SaleRefundLine {
  sale_line_id: number;
  quantity: number;
  amount: number;
}

export const saleRefunds = pgTable(
  'sale_refunds',
  {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    id: idColumn(),
    saleId: bigint('sale_id', { mode: 'number' }).notNull(),
    lines: jsonb('lines').$type<SaleRefundLine[]>().notNull().default([]),
    /** How the money went back: [{ payment_type, amount, sale_payment_id? }]. */
    payments: jsonb('payments').$type<Record<string, unknown>[]>().notNull().default([]),
    amount: moneyColumn('amount').notNull(),
    approvedBy: bigint('approved_by', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    reason: text('reason'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'sale_refunds_sale_fk',
      columns: [t.tenantId, t.storeId, t.saleId],
      foreignColumns: [sales.tenantId, sales.storeId, sales.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'sale_refunds_approved_by_fk',
      columns: [t.tenantId, t.approvedBy],
      foreignColumns: [users.tenantId, users.id],
    }),
    foreignKey({
      name: 'sale_refunds_created_by_fk',
      columns: [t.tenantId, t.createdBy],
      foreignColumns: [users.tenantId, users.id],
    }),
    index('sale_refunds_sale_idx').on(t.tenantId, t.saleId),
    // The reports count a refund on the store day it was made (docs/reports.md#speed): a range of a store's refunds.
    index('sale_refunds_store_created_idx').on(t.tenantId, t.storeId, t.createdAt),
    check('sale_refunds_amount_non_negative', sql`${t.amount} >= 0`),
  ],
);
