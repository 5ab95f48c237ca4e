/**
 * Context, events and actor contracts of the gift card check ("gift card by number with balance
 * shown and checked"). The card is the server's view (GET /api/pos/giftcards/:id, src/contracts/giftcards.ts).
 */
import type { GiftcardView } from '../../src/contracts/giftcards';

export type GiftCard = GiftcardView;

/** Codes mapped to i18n keys (`tendering.errors.<code>`); `message` is the server's English text, if any. */
export type GiftCardCheckErrorCode =
  /** Nothing left to look up once the number is cleaned (docs/money.md). */
  | 'giftCardNumberRequired'
  /** No card with that number in this salon (404). */
  | 'giftCardNotFound'
  /** Found, but switched off by the back office. */
  | 'giftCardInactive'
  | 'giftCardExpired'
  /** Found and active, but nothing left on it. */
  | 'giftCardEmpty'
  /** The lookup itself failed (network, server): the card may well be fine, so the cashier can try again. */
  | 'giftCardLookupFailed';

export interface GiftCardCheckError {
  code: GiftCardCheckErrorCode;
  message?: string;
}

export interface GiftCardCheckContext {
  /** The number as it was sent (normalised: docs/money.md codes, upper-cased as the server stores them). */
  number: string;
  /** The card as the server answered, also when it cannot pay (the screen shows why). */
  card: GiftCard | null;
  error: GiftCardCheckError | null;
}

export type GiftCardCheckEvent = { type: 'card.check'; number: string } | { type: 'card.reset' };

export interface LookupGiftCardInput {
  number: string;
}
