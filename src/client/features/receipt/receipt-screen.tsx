/**
 * /pos/receipts/:id (docs/sales.md#receipts, public; ADR 007): the receipt of the sale whose uuid is `:id`,
 * on a plain page (layout 'none', no app chrome) with a Print button. Customers open it without a session,
 * and sale management links here for a reprint (lib/receipt-path.ts). On screen it is a centred card; printed,
 * only the 80 mm receipt remains (components/receipt/receipt.css).
 */
import { Box } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import { PrintReceiptButton, ReceiptLoader } from '../../components/receipt/receipt-loader';

export function ReceiptScreen() {
  const { id = '' } = useParams();
  return (
    <Box
      minH="100dvh"
      bg="bg.subtle"
      px="4"
      pt={{ base: '16', md: '12' }}
      pb="10"
      data-testid="receipt-screen"
    >
      <ReceiptLoader
        key={id}
        uuid={id}
        headingLevel="h1"
        actions={(receipt) => (receipt ? <PrintReceiptButton receipt={receipt} /> : null)}
      />
    </Box>
  );
}
