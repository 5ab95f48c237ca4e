/**
 * The receipt area's screen in its own chunk (issue 4 item 1: "one chunk per area"): routes.ts imports this
 * module lazily for /pos/receipts/:id, so a customer opening a receipt link downloads the receipt and nothing
 * of the sale screen or the back office. Its actor's real load comes from app/receipt-actors.ts.
 */
import { ReceiptScreen } from '../../features/receipt/receipt-screen';

export const RECEIPT_SCREENS = {
  receipt: ReceiptScreen,
} as const;
