/**
 * The compact sale screen's summary bar (docs/sales.md "The sale screen on a tablet in portrait and on a
 * phone"): below the wide layout the ticket sits under the catalog, out of sight, so a bar stays at the bottom of
 * the screen with the ticket's line count, which takes the cashier to the ticket, and Pay with the total on it.
 * Building a ticket only: tendering has its own Complete sale.
 */
import { Badge, Box, Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { selectLineCount } from '../../../../machines/sale/sale.selectors';
import { SaleActor } from './sale-actor';
import { PayButton } from './ticket-panel';

/** The ticket's heading: a view change, so the page scrolls and focus follows (no event for the machine). */
function showTicket(): void {
  const heading = document.getElementById('sale-ticket-heading');
  heading?.scrollIntoView({ block: 'start' });
  heading?.focus({ preventScroll: true });
}

export function TicketSummaryBar() {
  const { t } = useTranslation('common');
  const lines = SaleActor.useSelector(selectLineCount);
  return (
    <Box
      gridColumn="1 / -1"
      position="sticky"
      bottom="0"
      zIndex="sticky"
      mx="-3"
      mb="-3"
      px="3"
      py="2"
      bg="bg"
      borderTopWidth="1px"
      shadow="md"
      data-testid="ticket-summary-bar"
    >
      <HStack gap="2">
        <Button size="xl" variant="outline" onClick={showTicket} data-testid="summary-ticket">
          {t('sale.summary.ticket')}
          <Badge colorPalette="brand" variant="solid" data-testid="summary-line-count">
            {lines}
          </Badge>
        </Button>
        <PayButton testId="summary-pay" />
      </HStack>
    </Box>
  );
}
