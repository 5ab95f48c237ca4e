/**
 * The gift card rules the check and the tendering panel share, pure so both (and the tests) read one
 * definition. The server re-checks all of it when the sale is created (services/payments/tenders.ts debits the card
 * atomically with `balance >= amount`); these only stop a payment that is bound to be refused.
 */
import { normaliseCode } from '../../src/domain/normalise';
import type { Minor } from '../../src/domain/order.types';
import type { GiftCard, GiftCardCheckErrorCode } from './gift-card-check.types';

/** docs/money.md: codes strip everything but letters, digits and dashes; numbers are stored upper-cased. */
export function normaliseGiftCardNumber(input: string): string {
  return normaliseCode(input).toUpperCase();
}

/** Why a card that was found still cannot pay, or null when it can (the server's `is_usable`, spelt out). */
export function unusableReason(card: GiftCard): GiftCardCheckErrorCode | null {
  if (!card.is_active) return 'giftCardInactive';
  if (card.is_expired) return 'giftCardExpired';
  if (card.balance <= 0 || !card.is_usable) return 'giftCardEmpty';
  return null;
}

/**
 * Null when `amount` may be taken from `card`, else why not. Only the card's own limit: the balance due is the
 * sale's rule (domain validatePayment: a non-cash payment may not exceed what is owed).
 */
export function giftCardAmountError(
  card: GiftCard | null,
  amount: Minor,
): 'giftCardNotChecked' | 'giftCardBalanceExceeded' | GiftCardCheckErrorCode | null {
  if (!card) return 'giftCardNotChecked';
  const unusable = unusableReason(card);
  if (unusable) return unusable;
  return amount > card.balance ? 'giftCardBalanceExceeded' : null;
}
