import { eq } from 'drizzle-orm';
import { ITEM_TYPE } from '../../../domain/constants';
import { saleLines } from '../../db/schema/sales';
import { storeWhere } from '../../db/scoped';
import { reverseSalePayments } from '../payments/reverse';
import { takeBackSalePoints } from '../sales/points';
import { approvedMove, setStatusColumns } from './status';
import { takeBackGiftcards } from './giftcards';

/** Void: only on the sale's business day and before any refund (the machine says so); payments go back. */
export const voidSale = approvedMove('sale.void', async (tx, auth, saleId, { before, next }) => {
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
  return after;
});
