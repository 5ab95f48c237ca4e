/** Gift cards sold on a sale: issued or topped up when the sale completes. */
import { eq, sql } from 'drizzle-orm';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { giftcards } from '../../db/schema/giftcards';
import { giftcardHistories } from '../../db/schema/ledger-histories';
import { tenantValues } from '../../db/scoped';
import { unprocessable, VALIDATION_MESSAGE } from '../../errors';

/**
 * Sells or loads gift cards (sale lines of type 90) when a sale completes: a new number issues a card, a
 * known active one is topped up, atomically (INSERT … ON CONFLICT DO UPDATE … WHERE is_active), with a
 * giftcard_histories 'issue' row each. Returns the card id per line.
 */
export async function issueGiftcards(
  tx: Queryable,
  auth: AuthContext,
  sale: { id: number; storeId: number; customerId: number | null },
  sold: readonly { key: string; number: string; amount: number }[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const card of sold) {
    const [row] = await tx
      .insert(giftcards)
      .values(
        tenantValues(auth, {
          storeId: sale.storeId,
          number: card.number,
          balance: card.amount,
          initialAmount: card.amount,
          customerId: sale.customerId,
        }),
      )
      .onConflictDoUpdate({
        target: [giftcards.tenantId, giftcards.number],
        set: { balance: sql`${giftcards.balance} + excluded.balance`, updatedAt: sql`now()` },
        setWhere: eq(giftcards.isActive, true),
      })
      .returning({ id: giftcards.id, balance: giftcards.balance });
    if (!row) {
      throw unprocessable(VALIDATION_MESSAGE, {
        giftcard_number: [`The gift card ${card.number} is deactivated.`],
      });
    }
    await tx.insert(giftcardHistories).values(
      tenantValues(auth, {
        giftcardId: row.id,
        storeId: sale.storeId,
        saleId: sale.id,
        kind: 'issue' as const,
        amount: card.amount,
        balanceAfter: row.balance,
        userId: auth.userId,
      }),
    );
    ids.set(card.key, row.id);
  }
  return ids;
}
