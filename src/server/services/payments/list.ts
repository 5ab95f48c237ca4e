/** GET /api/payments: the payments of the session's store (runs in the route's transaction). */
import { asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { PaymentType } from '../../../domain/constants';
import type { ListPaymentsQuery } from '../../../contracts/payments';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { salePayments } from '../../db/schema/sales';
import { scopeStoreId, storeWhere } from '../../db/scoped';
import { loadPaymentStore, toRecordedPayment } from '../../payments/payment-rows';

export async function listPayments(db: Queryable, auth: AuthContext, query: ListPaymentsQuery) {
  const storeId = scopeStoreId(auth);
  const store = await loadPaymentStore(db, auth, storeId);
  const f = query.filter ?? {};
  const types = f.type ? f.type.split(',').map(Number) : undefined;
  const localDay = (date: string, plusDays: number) =>
    sql`((${date}::date + ${plusDays}::int)::timestamp at time zone ${store.timezone})`;
  const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
  const where = storeWhere(
    salePayments,
    auth,
    types ? inArray(salePayments.paymentType, types as PaymentType[]) : undefined,
    f.status ? eq(salePayments.status, f.status) : undefined,
    f.sale_id ? eq(salePayments.saleId, f.sale_id) : undefined,
    f.date_from
      ? isDate(f.date_from)
        ? sql`${salePayments.takenAt} >= ${localDay(f.date_from, 0)}`
        : gte(salePayments.takenAt, new Date(f.date_from))
      : undefined,
    f.date_to
      ? isDate(f.date_to)
        ? sql`${salePayments.takenAt} < ${localDay(f.date_to, 1)}`
        : lte(salePayments.takenAt, new Date(f.date_to))
      : undefined,
  );
  const column = {
    taken_at: salePayments.takenAt,
    amount: salePayments.amount,
    id: salePayments.id,
  }[query.sort.replace('-', '') as 'taken_at' | 'amount' | 'id'];
  const direction = query.sort.startsWith('-') ? desc : asc;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(salePayments)
      .where(where)
      .orderBy(direction(column), direction(salePayments.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(salePayments)
      .where(where),
  ]);
  return {
    items: rows.map(toRecordedPayment),
    total: counted?.total ?? 0,
    page: query.page,
    per_page: query.per_page,
  };
}
