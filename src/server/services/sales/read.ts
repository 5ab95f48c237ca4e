/** Loading a sale of the session's store with its rows (GET /api/pos/sales/{id} and every change). */
import { asc, eq, isNull } from 'drizzle-orm';
import type { SaleDetail } from '../../../contracts/sales';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { saleEmployees, saleLines, salePayments, sales } from '../../db/schema/sales';
import { storeIdWhere, storeWhere } from '../../db/scoped';
import type { StoreScope } from '../../db/scoped';
import { notFound } from '../../errors';
import { SALE_NOT_FOUND_MESSAGE } from './messages';
import { employeeOf, loadStaff } from './staff';
import { employeesOfSnapshot, paymentViewOfRow, saleDetailOf } from './detail';
import type { SaleRow, SaleRows } from './detail';

export interface LoadedSale extends SaleRows {
  detail: SaleDetail;
}

/**
 * A sale of the session's store; cleared sales do not exist any more (404), nor do other stores' or tenants'
 * (404). `lock` takes the row lock for the rest of the transaction (every change does).
 */
export async function loadSale(
  db: Queryable,
  auth: AuthContext,
  saleId: number,
  options: { lock?: boolean } = {},
): Promise<SaleRow> {
  const query = db
    .select()
    .from(sales)
    .where(storeIdWhere(sales, auth, saleId, isNull(sales.clearedAt)))
    .limit(1);
  const [sale] = options.lock ? await query.for('update') : await query;
  if (!sale) throw notFound(SALE_NOT_FOUND_MESSAGE);
  return sale;
}

/** A sale of the session's store (loadSale) with its rows. */
export async function loadSaleRows(
  db: Queryable,
  auth: AuthContext,
  saleId: number,
  options: { lock?: boolean } = {},
): Promise<LoadedSale> {
  return loadRowsOf(db, auth, await loadSale(db, auth, saleId, options));
}

/** The rows under a sale, each kind in its order: employee groups, lines, payments (the receipt reads them too). */
export async function saleChildRows(db: Queryable, scope: StoreScope, saleId: number) {
  const groups = await db
    .select()
    .from(saleEmployees)
    .where(storeWhere(saleEmployees, scope, eq(saleEmployees.saleId, saleId)))
    .orderBy(asc(saleEmployees.position), asc(saleEmployees.id));
  const lines = await db
    .select()
    .from(saleLines)
    .where(storeWhere(saleLines, scope, eq(saleLines.saleId, saleId)))
    .orderBy(asc(saleLines.position), asc(saleLines.id));
  const payments = await db
    .select()
    .from(salePayments)
    .where(storeWhere(salePayments, scope, eq(salePayments.saleId, saleId)))
    .orderBy(asc(salePayments.id));
  return { groups, lines, payments };
}

export async function loadRowsOf(db: Queryable, auth: AuthContext, sale: SaleRow): Promise<LoadedSale> {
  const { groups, lines, payments: paymentRows } = await saleChildRows(db, auth, sale.id);
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

/** The detail of a sale row just changed. */
export async function detailOf(tx: Queryable, auth: AuthContext, row: SaleRow): Promise<SaleDetail> {
  return (await loadRowsOf(tx, auth, row)).detail;
}
