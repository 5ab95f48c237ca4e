/**
 * Print jobs from what the screens hold (docs/printing.md): a receipt for the configured printer, the drawer
 * kick alone, and the kick outside any chart for a caller that only needs the drawer open (the cash drawer
 * screen, when it opens the drawer for a count).
 */
import type { PrintJob } from '../../../../machines/printing/printing.types';
import type { ReceiptData } from '../../../contracts/receipts';
import { PAYMENT_TYPE, printedPaymentType, SALE_STATUS } from '../../../domain/constants';
import { readPrinterSettings } from './printer-settings';
import type { PrinterSettings } from './printer-settings';
import { drawerKickCommands, receiptCommands } from './receipt-commands';
import type { ReceiptTranslate } from './receipt-commands';
import { PrinterError } from './transport';
import { printerTransport } from './transports';
import type { PrinterNavigator } from './transports';

/** A completed sale some of which was paid in cash (Momo, VnPay and VietQr print as cash and count as it). */
export function isCashSale(receipt: ReceiptData): boolean {
  return (
    receipt.status === SALE_STATUS.SALE &&
    receipt.payments.some((payment) => printedPaymentType(payment.payment_type) === PAYMENT_TYPE.CASH)
  );
}

export interface ReceiptJobOptions {
  t: ReceiptTranslate;
  uiLanguage: string;
  pending?: boolean;
  /**
   * The receipt of a sale just completed at this till (the sale screen), not a reprint: only then may a cash
   * sale open the drawer (a reprint from sale management never does).
   */
  justSold?: boolean;
}

export function receiptPrintJob(
  receipt: ReceiptData,
  settings: PrinterSettings,
  options: ReceiptJobOptions,
): PrintJob {
  if (settings.transport === 'browser')
    return { kind: 'receipt', transport: 'browser', bytes: new Uint8Array() };
  const kickDrawer = Boolean(options.justSold) && settings.kickDrawerOnCash && isCashSale(receipt);
  return {
    kind: 'receipt',
    transport: settings.transport,
    bytes: receiptCommands({
      receipt,
      t: options.t,
      uiLanguage: options.uiLanguage,
      pending: options.pending ?? false,
      language: settings.language,
      columns: settings.columns,
      codepage: settings.codepage,
      kickDrawer,
    }),
  };
}

export function drawerKickJob(settings: PrinterSettings): PrintJob {
  return {
    kind: 'drawer',
    transport: settings.transport,
    bytes: settings.transport === 'browser' ? new Uint8Array() : drawerKickCommands(settings),
  };
}

/**
 * Opens the cash drawer through the configured printer and resolves once the pulse was sent; rejects with a
 * PrinterError (notConfigured when the till prints in the browser: a browser cannot open a drawer).
 */
export async function openCashDrawer(
  settings: PrinterSettings = readPrinterSettings(),
  nav?: PrinterNavigator,
): Promise<void> {
  const transport = printerTransport(settings, nav);
  if (!transport) throw new PrinterError('notConfigured', 'No receipt printer is set up on this device');
  const connection = await transport.connect();
  try {
    await connection.write(drawerKickCommands(settings));
  } finally {
    await connection.close();
  }
}
