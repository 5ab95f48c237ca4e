/** What create and draft update share: the rows under a sale, payments and points, and the Draft → Sale move. */
import type { SaleDetail } from '../../../contracts/sales';
import { SALE_STATUS_ERROR, saleStatusError } from '../../../domain/sale-status';
import { SALE_STATUS } from '../../../domain/constants';
import type { SaleStatus } from '../../../domain/constants';
import { couponLinesOf } from '../../../domain/coupons';
import type { Order } from '../../../domain/order.types';
import { nextStatus } from '../../../../machines/sale-status/sale-status.rules';
import type { StoredSaleStatus } from '../../../../machines/sale-status/sale-status.rules';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { saleEmployees, saleLines, sales } from '../../db/schema/sales';
import { storeIdWhere, storeValuesAll } from '../../db/scoped';
import { saleStatusRefused } from '../../errors';
import type { PaymentStore } from '../../payments/payment-rows';
import { recordSalePayments } from '../payments/record';
import type { SaleStore } from './store';
import type { PriceOverride } from './lines';
import type { PreparedSale } from './prepare';
import { employeesOfSnapshot, paymentViewOfRecorded, saleDetailOf, snapshotOf, totalColumns } from './detail';
import type { SaleEmployeeRow, SaleLineRow, SaleRow } from './detail';
import { writeAudit } from './audit';
import type { AuditEntry } from './audit';
import { issueGiftcards } from './giftcards';
import { awardSalePoints } from './points';

const PRICE_OVERRIDE_ACTION = 'sale.price_override';

/** The Order a sale row stores: the prepared Order under the sale's id, status and numbers. */
export function storedOrder(
  prepared: PreparedSale,
  saleId: number,
  status: SaleStatus,
  numbers: Pick<SaleRow, 'ticketNo' | 'dailyTicketNo' | 'invoiceNo'>,
): Order {
  return {
    ...prepared.order,
    id: saleId,
    status,
    ticket_no: numbers.ticketNo,
    daily_ticket_no: numbers.dailyTicketNo,
    invoice_no: numbers.invoiceNo,
  };
}

/** The sale row's columns a prepared sale decides, written alike by create and draft update. */
export function preparedSaleColumns(prepared: PreparedSale, order: Order) {
  return {
    status: order.status,
    orderAt: prepared.orderAt,
    customerId: prepared.order.customer?.id ?? null,
    customerName: prepared.customerName,
    employeeId: prepared.mainEmployeeId,
    ...totalColumns(prepared.totals.total),
    discount: { discounts: order.discount, amounts: prepared.totals.discount },
    orderSnapshot: order,
    note: prepared.note,
  };
}

/**
 * The rows under a sale row, shared by create and draft update: gift cards sold (issued or topped up only when
 * the sale completes), then the employee groups and lines (gift card lines point at their card).
 */
/** The rows under a sale, with what finishSaleWrite needs of the write that made them. */
export interface WrittenChildren {
  store: SaleStore;
  prepared: PreparedSale;
  completing: boolean;
  groups: SaleEmployeeRow[];
  lines: SaleLineRow[];
  cardIds: ReadonlyMap<string, number>;
}

export async function writeSaleChildren(
  tx: Queryable,
  auth: AuthContext,
  input: {
    saleId: number;
    store: SaleStore;
    customerId: number | null;
    prepared: PreparedSale;
    completing: boolean;
  },
): Promise<WrittenChildren> {
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
  return { store, prepared, completing, groups, lines, cardIds };
}

/**
 * What follows the rows, shared by create and draft update: a completing sale records its payments and earns
 * its customer's points; the detail is built from the rows; and the stored Order is rewritten only when it must
 * rebuild what the rows say and differs from what was written (gift card ids of cards sold).
 */
export async function finishSaleWrite(
  tx: Queryable,
  auth: AuthContext,
  input: WrittenChildren & {
    sale: SaleRow;
    order: Order;
    /** Sale uuid and store row the caller already holds, so payments do not read them again. */
    known?: { saleUuid: string; store: PaymentStore };
    /** The write's own audit rows; its price overrides' row follows them. */
    audit: readonly AuditEntry[];
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
          lines: couponLinesOf(prepared.order.orderEmployees, prepared.totals.employees),
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
  await writeAudit(tx, auth, [...input.audit, ...overrideAudit(sale.id, prepared.overrides)]);
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

export function draftFacts(): StoredSaleStatus {
  return { status: SALE_STATUS.DRAFT, statusBeforeTrash: null, orderAt: null, hasRefund: false };
}

/**
 * The status a prepared sale is stored with: Sale when it completes (completeMove from `facts`, a new draft's
 * unless given), else Draft.
 */
export function storedStatus(
  completing: boolean,
  orderAt: Date,
  now: Date,
  timeZone: string,
  facts: StoredSaleStatus = draftFacts(),
): SaleStatus {
  return completing ? completeMove(facts, orderAt, now, timeZone) : SALE_STATUS.DRAFT;
}

/** Draft → Sale, decided by the sale-status machine (409 with its message otherwise). */
function completeMove(facts: StoredSaleStatus, orderAt: Date, now: Date, timeZone: string): SaleStatus {
  const move = nextStatus(facts, { type: 'sale.complete', orderAt: orderAt.toISOString() }, now, timeZone);
  if (!move.allowed) throw saleStatusRefused(move.error);
  if ('cleared' in move) throw saleStatusRefused(saleStatusError(SALE_STATUS_ERROR.MOVE_REFUSED));
  return move.next.status;
}
