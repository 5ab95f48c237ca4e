/**
 * The refund amount shown live while lines are chosen (docs/money.md step 10, docs/money.md: "Refund amount =
 * sum + tax minus item and employee discounts"), computed exactly as the server will (src/server/services/
 * sale-management/refund.ts): per line, A(already + q) − A(already), where A(n) is the domain's refundAmountOfLines of
 * n units of that line, so a line refunded in parts adds up to the amount of the whole line; the total is capped
 * at what was taken and not given back yet (total_price − refunded_amount), because order discounts are not in a
 * line's amount.
 */
import type { SaleDetail } from '../../../contracts/sales';
import type { Minor, Order } from '../../../domain/order.types';
import { DEFAULT_ORDER_SETTINGS, loadSale } from '../../../domain/order-editing';
import { refundAmountOfLines } from '../../../domain/refund';

/** One chosen line: the sale line's id and how many of its units go back. */
export interface RefundChoice {
  sale_line_id: number;
  quantity: number;
}

/** A line that still has units to give back, with what it is and who sold it. */
export interface RefundableLine {
  saleLineId: number;
  name: string;
  employeeName: string;
  quantity: number;
  refundedQuantity: number;
  remaining: number;
}

function unitsAmount(order: Order, employeeIndex: number, itemIndex: number, units: number): Minor {
  if (units <= 0) return 0;
  const group = order.orderEmployees[employeeIndex];
  const item = group?.orderItems[itemIndex];
  if (!group || !item) return 0;
  const one: Order = {
    ...order,
    orderEmployees: [{ ...group, orderItems: [{ ...item, quantity: units }] }],
  };
  return refundAmountOfLines(one, [{ employeeIndex: 0, itemIndex: 0 }]);
}

/** The lines of the sale that can still be refunded, in the order they were rung. */
export function refundableLines(sale: SaleDetail): RefundableLine[] {
  return sale.orderEmployees.flatMap((group) =>
    group.orderItems
      .filter((line) => line.quantity > line.refunded_quantity)
      .map((line) => ({
        saleLineId: line.id,
        name: line.name,
        employeeName: group.employee.name,
        quantity: line.quantity,
        refundedQuantity: line.refunded_quantity,
        remaining: line.quantity - line.refunded_quantity,
      })),
  );
}

/** Every refundable line at its whole remaining quantity. */
export function everythingLeft(sale: SaleDetail): RefundChoice[] {
  return refundableLines(sale).map((line) => ({ sale_line_id: line.saleLineId, quantity: line.remaining }));
}

/** What refunding `choices` gives back now. Choices of unknown lines or past what is left are not counted. */
export function refundPreview(sale: SaleDetail, currency: string, choices: readonly RefundChoice[]): Minor {
  const order = loadSale(sale, { ...DEFAULT_ORDER_SETTINGS, currency });
  let amount = 0;
  sale.orderEmployees.forEach((group, employeeIndex) => {
    group.orderItems.forEach((line, itemIndex) => {
      const wanted = choices
        .filter((c) => c.sale_line_id === line.id)
        .reduce((sum, c) => sum + Math.max(0, Math.trunc(c.quantity)), 0);
      const quantity = Math.min(wanted, line.quantity - line.refunded_quantity);
      if (quantity <= 0) return;
      const already = line.refunded_quantity;
      amount +=
        unitsAmount(order, employeeIndex, itemIndex, already + quantity) -
        unitsAmount(order, employeeIndex, itemIndex, already);
    });
  });
  return Math.min(amount, Math.max(0, sale.totals.total_price - sale.refunded_amount));
}
