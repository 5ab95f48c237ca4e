/**
 * What the sale screen shows once a sale is completed (item 5): the
 * receipt with Print and New sale.
 *
 *   <SaleReceipt saleUuid={order.uuid} onNewSale={() => send({ type: 'sale.new' })} />
 *   <SaleReceipt saleUuid={uuid} pendingSync localReceipt={receiptFromOrder} onNewSale={...} />
 *
 * Online, the receipt is the server's (GET /api/pos/receipts/:uuid through the receipt chart), so what prints
 * are the server's totals. A sale made offline is not on the server yet (docs/offline.md: "receipts for
 * offline sales are shown from local data and marked pending"): with `pendingSync` nothing is loaded; the
 * local receipt the sale screen passes, if any, is shown marked pending, and otherwise a note says the
 * receipt comes once the sale syncs. When the sale syncs, render it again without `pendingSync`: the key
 * below starts a fresh load for it.
 */
import { Alert, Button, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ReceiptData } from '../../../contracts/receipts';
import { PrintReceiptButton, ReceiptLoader } from './receipt-loader';
import { ReceiptView } from './receipt-view';

export interface SaleReceiptProps {
  saleUuid: string;
  onNewSale: () => void;
  /** The sale is queued offline and not on the server yet. */
  pendingSync?: boolean;
  /** The receipt built from the local sale, shown while it waits to sync. */
  localReceipt?: ReceiptData;
}

function NewSaleButton({ onNewSale }: { onNewSale: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Button size="lg" variant="outline" onClick={onNewSale} data-testid="receipt-new-sale">
      {t('receipt.actions.newSale')}
    </Button>
  );
}

export function SaleReceipt({ saleUuid, onNewSale, pendingSync = false, localReceipt }: SaleReceiptProps) {
  const { t } = useTranslation('common');
  if (pendingSync) {
    return (
      <Stack gap="4" align="center" w="full" data-testid="sale-receipt" data-status="pending">
        <Alert.Root status="info" maxW="md" data-testid="receipt-pending-sync">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('receipt.pendingSyncTitle')}</Alert.Title>
            <Alert.Description>
              {t(localReceipt ? 'receipt.pendingSyncLocal' : 'receipt.pendingSyncNoLocal')}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        {localReceipt && <ReceiptView receipt={localReceipt} pending />}
        <Stack
          direction={{ base: 'column', sm: 'row' }}
          gap="3"
          justify="center"
          className="receipt-no-print"
        >
          {localReceipt && <PrintReceiptButton receipt={localReceipt} pending justSold />}
          <NewSaleButton onNewSale={onNewSale} />
        </Stack>
      </Stack>
    );
  }
  return (
    <Stack w="full" data-testid="sale-receipt">
      <ReceiptLoader
        key={saleUuid}
        uuid={saleUuid}
        actions={(receipt) => (
          <>
            {receipt && <PrintReceiptButton receipt={receipt} justSold />}
            <NewSaleButton onNewSale={onNewSale} />
          </>
        )}
      />
    </Stack>
  );
}
