/** GET /api/pos/sales: the order report list. */
import { eq, exists, getTableColumns, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { SaleListQuery, SaleSummary } from '../../../contracts/sales';
import type { SaleStatus } from '../../../domain/constants';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { fetchPage, parsedFilter, planList, selectPage } from '../../db/list-query';
import type { ListSpec } from '../../db/list-query';
import { saleEmployees, sales } from '../../db/schema/sales';
import { storeWhere } from '../../db/scoped';
import { saleHeaderOf } from './detail';

/**
 * The list's spec in the one list dialect (src/server/db/list-query.ts, docs/back-office.md "Lists"); the
 * route's query schema (contracts/sales.ts) has already read each filter. Made per call: the employee filter
 * looks into the session's store.
 */
function saleListSpec(db: Queryable, auth: AuthContext): ListSpec {
  return {
    sort: {
      order_at: sales.orderAt,
      ticket_no: sales.ticketNo,
      daily_ticket_no: sales.dailyTicketNo,
      total_price: sales.totalPrice,
      created_at: sales.createdAt,
    },
    defaultSort: '-order_at',
    tiebreak: sales.id,
    filters: {
      from: parsedFilter((v: string) => (v ? gte(sales.orderAt, new Date(v)) : undefined)),
      to: parsedFilter((v: string) => (v ? lt(sales.orderAt, new Date(v)) : undefined)),
      business_date_from: parsedFilter((v: string) => (v ? gte(sales.businessDate, v) : undefined)),
      business_date_to: parsedFilter((v: string) => (v ? lte(sales.businessDate, v) : undefined)),
      status: parsedFilter((v: number[]) => (v ? inArray(sales.status, v as SaleStatus[]) : undefined)),
      cashier_id: parsedFilter((v: number) => (v ? eq(sales.cashierId, v) : undefined)),
      customer_id: parsedFilter((v: number) => (v ? eq(sales.customerId, v) : undefined)),
      ticket_no: parsedFilter((v: number) => (v ? eq(sales.ticketNo, v) : undefined)),
      invoice_no: parsedFilter((v: string) => (v ? eq(sales.invoiceNo, v.trim().toUpperCase()) : undefined)),
      employee_id: parsedFilter((v: number) =>
        v
          ? exists(
              db
                .select({ one: sql`1` })
                .from(saleEmployees)
                .where(
                  storeWhere(
                    saleEmployees,
                    auth,
                    eq(saleEmployees.saleId, sales.id),
                    eq(saleEmployees.userId, v),
                  ),
                ),
            )
          : undefined,
      ),
    },
  };
}

/** GET /api/pos/sales: the order report list of the session's store, cleared sales never included. */
export async function listSales(
  db: Queryable,
  auth: AuthContext,
  query: SaleListQuery,
): Promise<{ items: SaleSummary[]; total: number; page: number; per_page: number }> {
  const plan = planList(saleListSpec(db, auth), query, storeWhere(sales, auth), isNull(sales.clearedAt));
  const { orderSnapshot: _snapshot, ...summaryColumns } = getTableColumns(sales);
  const page = await fetchPage(db, plan, sales, (p) =>
    selectPage(
      db
        .select({
          sale: summaryColumns,
          employeeName: sql<string | null>`${sales.orderSnapshot} -> 'employee' ->> 'name'`,
        })
        .from(sales)
        .$dynamic(),
      p,
    ),
  );
  return {
    ...page,
    items: page.items.map(({ sale, employeeName }) => ({
      ...saleHeaderOf(sale),
      employee_id: sale.employeeId,
      employee_name: employeeName,
    })),
  };
}
