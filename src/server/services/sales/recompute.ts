/** A stored sale recomputed from its rows after a management edit (tips, employees, status, time). */
import type { Order, OrderSettings } from '../../../domain/order.types';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { saleEmployees, saleLines, sales } from '../../db/schema/sales';
import { storeIdWhere } from '../../db/scoped';
import { countedSalePayments, toDomainPayment } from '../../payments/sale-totals';
import type { SaleStore } from './store';
import { computeTotalsOr422 } from './validation';
import { snapshotOf, totalColumns } from './detail';
import { loadSaleRows } from './read';
import type { LoadedSale } from './read';

/**
 * The Order of a stored sale rebuilt from its rows, with the store's settings and the payments that count
 * (payments service: approved, pending, refunded; a card tip is part of its payment).
 */
export async function orderOfStoredSale(
  tx: Queryable,
  auth: AuthContext,
  loaded: LoadedSale,
  settings: OrderSettings,
): Promise<Order> {
  const counted = (await countedSalePayments(tx, auth, loaded.sale.id)).map(toDomainPayment);
  return snapshotOf(loaded.detail, settings, counted);
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
  const order = await orderOfStoredSale(tx, auth, loaded, store.settings);
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
