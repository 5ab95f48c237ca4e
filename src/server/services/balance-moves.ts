/**
 * The balances kept beside a history (gift card balances, customer points): a change moves the balance in one
 * UPDATE that adds to the stored value, so concurrent changes add up under the row lock, and writes the history
 * row with the balance after it, in the caller's transaction. A take (a negative change) happens only while the
 * balance covers it: the WHERE re-reads the balance after any concurrent change commits, and when it does not
 * cover the take nothing is written and the answer is null, for the caller to say why.
 */
import { eq, gte, sql } from 'drizzle-orm';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { customers } from '../db/schema/customers';
import { giftcards } from '../db/schema/giftcards';
import { customerPointHistory, giftcardHistories } from '../db/schema/ledger-histories';
import type { GiftcardHistoryKind, PointHistoryKind } from '../db/schema/ledger-histories';
import { tenantIdWhere, tenantValues } from '../db/scoped';

interface Move<Kind> {
  storeId: number | null;
  /** The sale that moved it; null for a move of its own (a gift card reloaded from the back office). */
  saleId: number | null;
  kind: Kind;
  note?: string | null;
}

/**
 * Adds `amount` (negative: takes it) to a gift card's balance, with its history row. `onlyActive`: a
 * deactivated card is left as it is. Returns the balance after, or null when nothing moved.
 */
export async function moveGiftcardBalance(
  tx: Queryable,
  auth: AuthContext,
  giftcardId: number,
  move: Move<GiftcardHistoryKind> & { amount: number; onlyActive?: boolean },
): Promise<number | null> {
  const { onlyActive, ...history } = move;
  const [card] = await tx
    .update(giftcards)
    .set({ balance: sql`${giftcards.balance} + ${move.amount}` })
    .where(
      tenantIdWhere(
        giftcards,
        auth,
        giftcardId,
        onlyActive ? eq(giftcards.isActive, true) : undefined,
        move.amount < 0 ? gte(giftcards.balance, -move.amount) : undefined,
      ),
    )
    .returning({ balance: giftcards.balance });
  if (!card) return null;
  await tx
    .insert(giftcardHistories)
    .values(tenantValues(auth, { giftcardId, ...history, balanceAfter: card.balance, userId: auth.userId }));
  return card.balance;
}

/** Adds `points` (negative: takes them) to a customer's balance, with its history row. Null: nothing moved. */
export async function moveCustomerPoints(
  tx: Queryable,
  auth: AuthContext,
  customerId: number,
  move: Move<PointHistoryKind> & { points: number },
): Promise<number | null> {
  const [customer] = await tx
    .update(customers)
    .set({ pointBalance: sql`${customers.pointBalance} + ${move.points}` })
    .where(
      tenantIdWhere(
        customers,
        auth,
        customerId,
        move.points < 0 ? gte(customers.pointBalance, -move.points) : undefined,
      ),
    )
    .returning({ pointBalance: customers.pointBalance });
  if (!customer) return null;
  await tx
    .insert(customerPointHistory)
    .values(
      tenantValues(auth, { customerId, ...move, balanceAfter: customer.pointBalance, userId: auth.userId }),
    );
  return customer.pointBalance;
}
