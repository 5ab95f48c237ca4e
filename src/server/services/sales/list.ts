/** GET /api/pos/sales: the order report list. */
import { asc, desc, eq, exists, getTableColumns, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { SaleListQuery, SaleSummary } from '../../../contracts/sales';
import type { SaleStatus } from '../../../domain/constants';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { saleEmployees, sales } from '../../db/schema/sales';
import { storeWhere } from '../../db/scoped';
import { saleHeaderOf } from './detail';

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
      ...saleHeaderOf(sale),
      employee_id: sale.employeeId,
      employee_name: employeeName,
    })),
    total: counted?.n ?? 0,
    page: query.page,
    per_page: query.per_page,
  };
}
