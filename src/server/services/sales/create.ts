/**
 * POST /api/pos/sales: create a sale.
 *
 * The server owns the arithmetic (docs/api.md): a sale body is read for what a person chose (items,
 * quantities, price overrides, discounts, tips, employees, customer, payments); names, catalog prices, taxes,
 * costs and commission rates come from the catalog of the session's store, tax rules from its settings, the
 * membership discount from the customer's membership, and every total from src/domain's computeOrderTotals.
 * Totals a client sends are ignored.
 *
 * Create, in one transaction (the Idempotency-Key's, src/server/idempotency.ts):
 *   advisory lock on (tenant, uuid) and the sale id → an existing sale with that uuid is answered (same order:
 *   200 with it; another order: 409) → validate and recompute → the sale-status machine's Draft → Sale move →
 *   allocateSaleNumbers (last, to hold the counter lock briefly: only writes follow it) → sales,
 *   sale_employees, gift cards sold, sale_lines → recordSalePayments (payments service) → the customer's
 *   points (awardSalePoints) → audit rows.
 * Customer points: a completed sale earns its customer's membership points on the money paid (see
 * pointsSpend); sale management takes them back on a void or refund (takeBackSalePoints).
 * order_snapshot holds the Order as loadSale would rebuild it, with the store settings, so computeOrderTotals of
 * the snapshot gives the stored totals (the payments service recomputes from it after a payment change).
 */
import { eq, sql } from 'drizzle-orm';
import { ERROR_CODE } from '../../../contracts/error-codes';
import type { SaleBody, SaleDetail } from '../../../contracts/sales';
import { SALE_STATUS } from '../../../domain/constants';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { allocateSaleNumbers } from '../../db/schema/counters';
import { sales } from '../../db/schema/sales';
import { storeValues, tenantWhere } from '../../db/scoped';
import { conflict } from '../../errors';
import { UUID_REUSED_MESSAGE } from './messages';
import { loadSaleStoreAndRow } from './store';
import { assertDrawerOpenForCash } from '../cash-drawer';
import { prepareSale } from './prepare';
import { sameOrder } from './same-order';
import { loadRowsOf } from './read';
import { auditView } from './audit';
import { finishWalkInBySale } from '../walk-in-moves';
import { completeBookingForSale } from '../booking-moves';
import { finishSaleWrite, preparedSaleColumns, storedOrder, storedStatus, writeSaleChildren } from './write';

export interface CreateSaleResult {
  sale: SaleDetail;
  /** false: the uuid was already a sale of this order; `sale` is that sale. */
  created: boolean;
}

/** POST /api/pos/sales (see the file comment). */
export async function createSale(
  tx: Queryable,
  auth: AuthContext,
  body: SaleBody,
  now: Date = new Date(),
): Promise<CreateSaleResult> {
  const { store, row: storeRow } = await loadSaleStoreAndRow(tx, auth);
  // Two creates of one uuid (different Idempotency-Keys, e.g. two devices replaying one offline sale) run one
  // after the other, so the second finds the first instead of failing on the unique index.
  // The sale id is taken here too (one round trip, and none under the counter lock below); an id used by
  // nothing (a replay, a 422, a rollback) is a harmless gap, ids are not the gap-free numbers.
  const lockResult = await tx.execute<{ id: string }>(
    sql`select pg_advisory_xact_lock(hashtextextended(${`sale-uuid:${auth.tenantId}:${body.uuid}`}, 0)),
      nextval(pg_get_serial_sequence('sales', 'id'))::text as id`,
  );
  const saleId = Number(lockResult.rows[0]!.id);
  const [existing] = await tx
    .select()
    .from(sales)
    .where(tenantWhere(sales, auth, eq(sales.uuid, body.uuid)))
    .limit(1);
  if (existing) {
    if (
      existing.storeId !== store.id ||
      existing.clearedAt !== null ||
      !sameOrder(body, existing.orderSnapshot)
    ) {
      throw conflict(UUID_REUSED_MESSAGE, ERROR_CODE.UUID_REUSED);
    }
    return { sale: (await loadRowsOf(tx, auth, existing)).detail, created: false };
  }

  // Before anything is written: with the store's "open drawer before cash" on, cash needs an open drawer.
  await assertDrawerOpenForCash(tx, auth, { ...storeRow, name: store.name }, body.payments);
  const prepared = await prepareSale(tx, auth, store, body, { now, defaultOrderAt: now });
  const status = storedStatus(prepared.status === SALE_STATUS.SALE, prepared.orderAt, now, store.timezone);

  // From here to COMMIT the store's counter rows are locked: every sale of the store waits, so only writes
  // follow (everything read or checked without a lock was done above).
  const numbers = await allocateSaleNumbers(tx, auth.tenantId, store.id, prepared.orderAt);
  const customerId = prepared.order.customer?.id ?? null;
  const order = storedOrder(prepared, saleId, status, numbers);
  const [sale] = await tx
    .insert(sales)
    .values(
      storeValues(auth, {
        id: saleId,
        workstationId: auth.workstationId ?? null,
        uuid: body.uuid,
        ticketNo: numbers.ticketNo,
        dailyTicketNo: numbers.dailyTicketNo,
        businessDate: numbers.businessDate,
        invoiceNo: numbers.invoiceNo,
        cashierId: auth.userId,
        ...preparedSaleColumns(prepared, order),
      }),
    )
    .returning();

  const completing = status === SALE_STATUS.SALE;
  const children = await writeSaleChildren(tx, auth, { saleId, store, customerId, prepared, completing });
  if (completing && body.walk_in_id) await finishWalkInBySale(tx, auth, body.walk_in_id, now);
  // The booking the sale carries is completed in the same transaction (docs/appointments.md#status).
  if (completing && body.booking_id) {
    await completeBookingForSale(tx, {
      tenantId: auth.tenantId,
      storeId: store.id,
      bookingId: body.booking_id,
      saleId,
    });
  }
  const detail = await finishSaleWrite(tx, auth, {
    ...children,
    sale: sale!,
    order,
    known: { saleUuid: body.uuid, store: storeRow },
    audit: [{ action: completing ? 'sale.create' : 'sale.create_draft', saleId, after: auditView(sale!) }],
  });
  return { sale: detail, created: true };
}
