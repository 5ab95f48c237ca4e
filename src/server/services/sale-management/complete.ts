import { ITEM_TYPE } from '../../../domain/constants';
import { ERROR_CODE } from '../../../contracts/error-codes';
import type { Order } from '../../../domain/order.types';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { saleLines, sales } from '../../db/schema/sales';
import { storeIdWhere } from '../../db/scoped';
import { unprocessable } from '../../errors';
import { saleChange, writeAudit } from '../sales/audit';
import { awardSalePoints } from '../sales/points';
import { computeTotalsOr422 } from '../sales/validation';
import { NOT_PAID_MESSAGE } from '../sales/messages';
import { issueGiftcards } from '../sales/giftcards';
import { loadRowsOf } from '../sales/read';
import { orderOfStoredSale } from '../sales/recompute';
import { totalColumns } from '../sales/detail';
import type { SaleRow } from '../sales/detail';
import type { SaleStore } from '../sales/store';
import { lockAndMove } from './status';

/** Draft → Sale without new payments (POST /status): only a draft whose total is 0 is paid in full. */
export async function completeDraft(
  tx: Queryable,
  auth: AuthContext,
  store: SaleStore,
  saleId: number,
  now: Date,
): Promise<SaleRow> {
  const { before, next } = await lockAndMove(
    tx,
    auth,
    store,
    saleId,
    { type: 'sale.complete', orderAt: now.toISOString() },
    now,
  );
  const loaded = await loadRowsOf(tx, auth, before);
  const order = await orderOfStoredSale(tx, auth, loaded, store.settings);
  const totals = computeTotalsOr422(order);
  if (totals.balance_due > 0)
    throw unprocessable(NOT_PAID_MESSAGE, { payments: [NOT_PAID_MESSAGE] }, ERROR_CODE.SALE_NOT_PAID);
  const cards = loaded.lines
    .filter((l) => l.itemType === ITEM_TYPE.GIFTCARD && l.giftcardNumber)
    .map((l) => ({ key: String(l.id), number: l.giftcardNumber!, amount: l.gross }));
  const cardIds = await issueGiftcards(
    tx,
    auth,
    { id: saleId, storeId: store.id, customerId: before.customerId },
    cards,
  );
  for (const [lineId, cardId] of cardIds) {
    await tx
      .update(saleLines)
      .set({ itemId: cardId })
      .where(storeIdWhere(saleLines, auth, Number(lineId)));
  }
  const snapshot: Order = {
    ...order,
    status: next.status,
    order_at: now.toISOString(),
    orderEmployees: order.orderEmployees.map((g) => ({
      ...g,
      orderItems: g.orderItems.map((item, i) => {
        const line = loaded.detail.orderEmployees.find((d) => d.employee.id === g.employee.id)?.orderItems[i];
        const cardId = line ? cardIds.get(String(line.id)) : undefined;
        return cardId !== undefined ? { ...item, item_id: cardId } : item;
      }),
    })),
  };
  const [after] = await tx
    .update(sales)
    .set({ status: next.status, orderAt: now, ...totalColumns(totals.total), orderSnapshot: snapshot })
    .where(storeIdWhere(sales, auth, saleId))
    .returning();
  await awardSalePoints(tx, auth, saleId);
  await writeAudit(tx, auth, [saleChange('sale.complete', before, after!)]);
  return after!;
}
