/** What a sale write answers when its body is refused, and the bounds of an order time. */

export const NOT_PAID_MESSAGE = 'The sale is not paid in full.';
export const OVERPAID_NON_CASH_MESSAGE =
  'Card and other non-cash payments are more than the total; only cash can be given back as change.';
export const DRAFT_PAYMENTS_MESSAGE =
  'A draft carries no payments: take them when the sale is completed (status 1).';
export const UUID_REUSED_MESSAGE =
  'A different sale was already saved with this uuid. Start a new sale (a new uuid) for a different order.';
export const NOT_A_DRAFT_MESSAGE =
  'Only a draft can be changed here; a completed sale is changed through the sale management actions.';
export const SALE_NOT_FOUND_MESSAGE = 'Sale not found.';
export const NO_LINES_MESSAGE = 'A sale needs at least one item.';
export const TOO_LARGE_MESSAGE = 'The amounts of this sale are too large.';
export const FUTURE_ORDER_AT_MESSAGE = 'The order time cannot be in the future.';
export const GIFTCARD_LOOKS_LIKE_CARD_MESSAGE =
  'This gift card number reads as a payment card number, which is never stored or accepted as a payment: use another number.';

/** An order time a few minutes ahead of the server's clock is a till's clock drift, not the future. */
export const ORDER_AT_CLOCK_SKEW_MS = 5 * 60 * 1000;
/** Nothing was sold before this: a year-1900 order time is a bug, not an offline sale. */
export const EARLIEST_ORDER_AT = Date.parse('2000-01-01T00:00:00Z');
