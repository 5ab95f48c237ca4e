/**
 * The receipt area's screen in its own chunk ("one chunk per area"): routes.ts imports this
 * module lazily for /pos/receipts/:id, so a customer opening a receipt link downloads the receipt and nothing
 * of the sale screen or the back office. Its actor's real load comes from app/receipt-actors.ts, provided here.
 */
import { receiptLogic } from '../../components/receipt/receipt-logic';
import { ReceiptScreen } from '../../features/receipt/receipt-screen';
import { appReceiptMachine } from '../receipt-actors';

function ReceiptAreaScreen() {
  return (
    <receiptLogic.Provider value={appReceiptMachine}>
      <ReceiptScreen />
    </receiptLogic.Provider>
  );
}

export const RECEIPT_SCREENS = {
  receipt: ReceiptAreaScreen,
} as const;
