/** GET /api/payments: the payments of the session's store (runs in the route's transaction). */
import { eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { PaymentType } from '../../../domain/constants';
import type { ListPaymentsQuery } from '../../../contracts/payments';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { fetchPage, parsedFilter, planList, selectPage } from '../../db/list-query';
import type { ListSpec } from '../../db/list-query';
import { salePayments } from '../../db/schema/sales';
import type { SalePaymentStatus } from '../../db/schema/sales';
import { scopeStoreId, storeWhere } from '../../db/scoped';
import { loadPaymentStore, toRecordedPayment } from '../../payments/payment-rows';

/**
 * The list's spec in the one list dialect (src/server/db/list-query.ts, docs/back-office.md "Lists"); the
 * route's query schema (contracts/payments.ts) has already read each filter. Made per call: a date filter is
 * a whole day in the store's time zone.
 */
function paymentListSpec(timezone: string): ListSpec {
  const localDay = (date: string, plusDays: number) =>
    sql`((${date}::date + ${plusDays}::int)::timestamp at time zone ${timezone})`;
  const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
  return {
    sort: { taken_at: salePayments.takenAt, amount: salePayments.amount, id: salePayments.id },
    defaultSort: '-taken_at',
    tiebreak: salePayments.id,
    filters: {
      type: parsedFilter((v: string) =>
        v ? inArray(salePayments.paymentType, v.split(',').map(Number) as PaymentType[]) : undefined,
      ),
      status: parsedFilter((v: SalePaymentStatus) => (v ? eq(salePayments.status, v) : undefined)),
      sale_id: parsedFilter((v: number) => (v ? eq(salePayments.saleId, v) : undefined)),
      date_from: parsedFilter((v: string) =>
        v
          ? isDate(v)
            ? sql`${salePayments.takenAt} >= ${localDay(v, 0)}`
            : gte(salePayments.takenAt, new Date(v))
          : undefined,
      ),
      date_to: parsedFilter((v: string) =>
        v
          ? isDate(v)
            ? sql`${salePayments.takenAt} < ${localDay(v, 1)}`
            : lte(salePayments.takenAt, new Date(v))
          : undefined,
      ),
    },
  };
}

export async function listPayments(db: Queryable, auth: AuthContext, query: ListPaymentsQuery) {
  const storeId = scopeStoreId(auth);
  const store = await loadPaymentStore(db, auth, storeId);
  const plan = planList(paymentListSpec(store.timezone), query, storeWhere(salePayments, auth));
  const page = await fetchPage(db, plan, salePayments, (p) =>
    selectPage(db.select().from(salePayments).$dynamic(), p),
  );
  return { ...page, items: page.items.map(toRecordedPayment) };
}
