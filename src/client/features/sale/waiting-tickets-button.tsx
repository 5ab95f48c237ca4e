/**
 * Waiting tickets on the ticket panel (issue 4 item 4 "Waiting tickets: park, list, resume, merge … and the
 * warning when one employee is on several tickets"): Park puts the current ticket aside (the sale machine's
 * ticket.park, offered only when it can), the list button opens the drawer of parked tickets, and the warning
 * shows right here, where the cashier is ringing up, when someone on this ticket is also on a parked one.
 */
import { Badge, Button, HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectCanPark, selectWaitingTickets } from '../../../../machines/sale/sale.selectors';
import { SaleActor } from './sale-actor';
import { SeveralTicketsWarning, WaitingTicketsDrawer } from './waiting-tickets-drawer';

export function WaitingTicketsButton() {
  const { t } = useTranslation('common');
  const sale = SaleActor.useActorRef();
  const canPark = SaleActor.useSelector(selectCanPark);
  const count = SaleActor.useSelector((snapshot) => selectWaitingTickets(snapshot).length);
  const [open, setOpen] = useState(false);

  return (
    <Stack gap="2">
      <HStack gap="2" wrap="wrap">
        <Button
          size="xl"
          variant="outline"
          disabled={!canPark}
          onClick={() => sale.send({ type: 'ticket.park' })}
          data-testid="park-ticket"
        >
          {t('saleExtras.waiting.park')}
        </Button>
        <Button
          size="xl"
          variant="outline"
          onClick={() => setOpen(true)}
          aria-haspopup="dialog"
          data-testid="waiting-tickets-button"
        >
          {t('saleExtras.waiting.open')}
          <Badge
            colorPalette={count > 0 ? 'brand' : 'gray'}
            variant="solid"
            size="lg"
            data-testid="waiting-count"
          >
            {count}
          </Badge>
        </Button>
      </HStack>
      <SeveralTicketsWarning />
      <WaitingTicketsDrawer open={open} onOpenChange={setOpen} />
    </Stack>
  );
}
