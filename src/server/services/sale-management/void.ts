import { eq } from 'drizzle-orm';
import { ITEM_TYPE } from '../../../domain/constants';
import type { AuthContext, PinApprover } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { saleLines } from '../../db/schema/sales';
import { storeWhere } from '../../db/scoped';
import { reverseSalePayments } from '../payments/reverse';
import { approvedChange, writeAudit } from '../sales/audit';
import { takeBackSalePoints } from '../sales/points';
import type { SaleRow } from '../sales/detail';
import type { SaleStore } from '../sales/store';
import { lockAndMove, setStatusColumns } from './status';
import { takeBackGiftcards } from './giftcards';

/** Void: only on the sale's business day and before any refund (the machine says so); payments go back. */
export async function voidSale(
  tx: Queryable,
  auth: AuthContext,
  store: SaleStore,
  saleId: number,
  approver: PinApprover,
  reason: string | undefined,
  now: Date,
): Promise<SaleRow> {
  const { before, next } = await lockAndMove(tx, auth, store, saleId, { type: 'sale.void' }, now);
  await reverseSalePayments(tx, auth, { saleId, kind: 'void' });
  const lines = await tx
    .select()
    .from(saleLines)
    .where(storeWhere(saleLines, auth, eq(saleLines.saleId, saleId)));
  await takeBackGiftcards(
    tx,
    auth,
    before,
    lines
      .filter((l) => l.itemType === ITEM_TYPE.GIFTCARD)
      .map((l) => ({
        cardId: l.itemId,
        number: l.giftcardNumber ?? '',
        amount: l.unitPrice * (l.quantity - l.refundedQuantity),
      })),
    'void',
  );
  const after = await setStatusColumns(tx, auth, saleId, { status: next.status });
  await takeBackSalePoints(tx, auth, saleId, 'void');
  await writeAudit(tx, auth, [approvedChange('sale.void', before, after, approver.userId, reason)]);
  return after;
}
