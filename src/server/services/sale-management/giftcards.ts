import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { conflict } from '../../errors';
import { moveGiftcardBalance } from '../balance-moves';
import type { SaleRow } from '../sales/detail';

/**
 * A void or refund of a gift card line takes its value back off the card, atomically; a card already spent
 * below that value cannot be taken back (409), which keeps the ledger whole.
 */
export async function takeBackGiftcards(
  tx: Queryable,
  auth: AuthContext,
  sale: SaleRow,
  taken: readonly { cardId: number; number: string; amount: number }[],
  kind: 'void' | 'refund',
): Promise<void> {
  for (const card of taken) {
    if (card.amount <= 0 || card.cardId <= 0) continue;
    const balance = await moveGiftcardBalance(tx, auth, card.cardId, {
      storeId: sale.storeId,
      saleId: sale.id,
      kind,
      amount: -card.amount,
    });
    if (balance === null) {
      throw conflict(
        `The gift card ${card.number} sold on this sale has been spent; its value cannot be taken back.`,
      );
    }
  }
}
