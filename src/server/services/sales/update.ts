/** POST /api/pos/sales/{id}: a draft replaced by its body, completed with status 1. */
import { eq } from 'drizzle-orm';
import { ERROR_CODE } from '../../../contracts/error-codes';
import type { SaleBody, SaleDetail } from '../../../contracts/sales';
import { SALE_STATUS } from '../../../domain/constants';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { saleEmployees, sales } from '../../db/schema/sales';
import { storeIdWhere, storeWhere } from '../../db/scoped';
import { conflict, unprocessable, VALIDATION_MESSAGE } from '../../errors';
import { NOT_A_DRAFT_MESSAGE } from './messages';
import { loadSaleStoreAndRow } from './store';
import { prepareSale } from './prepare';
import { loadSale } from './read';
import { saleChange } from './audit';
import { finishWalkInBySale } from '../walk-in-moves';
import { completeBookingForSale } from '../booking-moves';
import { assertDrawerOpenForCash } from '../cash-drawer';
import {
  draftFacts,
  finishSaleWrite,
  preparedSaleColumns,
  storedOrder,
  storedStatus,
  writeSaleChildren,
} from './write';

/** POST /api/pos/sales/{id}: a draft is replaced by the body (recomputed) and, with status 1, completed. */
export async function updateSale(
  tx: Queryable,
  auth: AuthContext,
  saleId: number,
  body: SaleBody,
  now: Date = new Date(),
): Promise<SaleDetail> {
  const { store, row: storeRow } = await loadSaleStoreAndRow(tx, auth);
  const before = await loadSale(tx, auth, saleId, { lock: true });
  if (before.status !== SALE_STATUS.DRAFT) throw conflict(NOT_A_DRAFT_MESSAGE, ERROR_CODE.SALE_NOT_DRAFT);
  if (body.uuid !== before.uuid) {
    throw unprocessable(VALIDATION_MESSAGE, { uuid: ['The uuid is the sale’s own and cannot change.'] });
  }
  const completing = body.status === SALE_STATUS.SALE;
  // A draft completed with cash needs the open drawer a new cash sale needs (docs/cash-drawer.md).
  if (completing) await assertDrawerOpenForCash(tx, auth, { ...storeRow, name: store.name }, body.payments);
  const prepared = await prepareSale(tx, auth, store, body, {
    now,
    defaultOrderAt: completing ? now : before.orderAt,
  });
  // What the status machine decides on: a draft's facts (its status is checked above), with its own status
  // before trash.
  const facts = { ...draftFacts(), statusBeforeTrash: before.statusBeforeTrash };
  const status = storedStatus(completing, prepared.orderAt, now, store.timezone, facts);
  const customerId = prepared.order.customer?.id ?? null;

  await tx.delete(saleEmployees).where(storeWhere(saleEmployees, auth, eq(saleEmployees.saleId, saleId)));
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
  const order = storedOrder(prepared, saleId, status, before);
  const [sale] = await tx
    .update(sales)
    .set(preparedSaleColumns(prepared, order))
    .where(storeIdWhere(sales, auth, saleId))
    .returning();
  const detail = await finishSaleWrite(tx, auth, {
    ...children,
    sale: sale!,
    order,
    audit: [
      saleChange('sale.update', before, sale!),
      ...(completing ? [saleChange('sale.complete', before, sale!)] : []),
    ],
  });
  return detail;
}
