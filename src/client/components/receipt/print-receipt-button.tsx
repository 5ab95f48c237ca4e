/**
 * Print, to the till's receipt printer when the device has one set up (docs/printing.md, ADR 018), else in the
 * browser (the 80 mm page, ADR 007). Drives a printing chart (machines/printing, app/printing-actors.ts): the
 * button builds the job from the receipt and the printer settings and sends it; while the chart connects and
 * sends the button says so; when it fails the reason shows with Try again and Print in the browser.
 *
 * `justSold`: the receipt of the sale this till just completed; with "open the drawer on a cash sale" set, its
 * print carries the drawer pulse. A reprint never opens the drawer.
 */
import { Button, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectCanPrintInBrowser,
  selectCanRetryPrint,
  selectIsPrinting,
  selectPrintError,
  selectPrintedBy,
  selectPrintingStatus,
} from '../../../../machines/printing/printing.selectors';
import type { ReceiptData } from '../../../contracts/receipts';
import { readPrinterSettings } from '../../lib/printing/printer-settings';
import { printingActors } from '../../lib/printing/printing-logic';

export interface PrintReceiptButtonProps {
  receipt: ReceiptData;
  pending?: boolean;
  justSold?: boolean;
}

function ConnectedPrintButton({ receipt, pending = false, justSold = false }: PrintReceiptButtonProps) {
  const { t, i18n } = useTranslation('common');
  const actors = printingActors.use();
  const actor = useActorRef(actors.printing);
  const status = useSelector(actor, selectPrintingStatus);
  const busy = useSelector(actor, selectIsPrinting);
  const error = useSelector(actor, selectPrintError);
  const printedBy = useSelector(actor, selectPrintedBy);
  const canRetry = useSelector(actor, selectCanRetryPrint);
  const canFallBack = useSelector(actor, selectCanPrintInBrowser);

  const print = () => {
    const job = actors.receiptJob(receipt, readPrinterSettings(), {
      t: (key, options) => t(key, options ?? {}),
      uiLanguage: i18n.language,
      pending,
      justSold,
    });
    actor.send({ type: 'print.start', job });
  };

  return (
    <Stack gap="2" align="stretch" data-testid="receipt-printing" data-status={status}>
      <Button
        size="lg"
        colorPalette="brand"
        onClick={print}
        loading={busy}
        loadingText={t(status === 'connecting' ? 'printing.connecting' : 'printing.sending')}
        data-testid="receipt-print"
      >
        {t('receipt.actions.print')}
      </Button>
      {/* The browser's dialog says for itself whether it printed; only the printer's answer is worth a line. */}
      {status === 'done' && printedBy === 'printer' && (
        <Text role="status" fontSize="sm" textAlign="center" data-testid="receipt-printed">
          {t('printing.done')}
        </Text>
      )}
      {error && (
        <Stack gap="2" role="alert" data-testid="receipt-print-failed">
          <Text color="fg.error" fontSize="sm" title={error.message}>
            {t(`printing.errors.${error.code}`)}
          </Text>
          {canRetry && (
            <Button variant="outline" onClick={() => actor.send({ type: 'print.retry' })}>
              {t('printing.retry')}
            </Button>
          )}
          {canFallBack && (
            <Button variant="outline" onClick={() => actor.send({ type: 'print.fallback' })}>
              {t('printing.inBrowser')}
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/** The printer's chart loads with the first receipt (its own chunk); until then the button shows, disabled. */
export function PrintReceiptButton(props: PrintReceiptButtonProps) {
  const { t } = useTranslation('common');
  return (
    <Suspense
      fallback={
        <Button size="lg" colorPalette="brand" disabled data-testid="receipt-print">
          {t('receipt.actions.print')}
        </Button>
      }
    >
      <ConnectedPrintButton {...props} />
    </Suspense>
  );
}
