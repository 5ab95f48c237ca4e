/**
 * Waiting tickets on the ticket panel ("Waiting tickets: park, list, resume, merge … and the
 * warning when one employee is on several tickets"): Park puts the current ticket aside (the sale machine's
 * ticket.park, offered only when it can), the list button opens the drawer of parked tickets
 * (waiting-tickets-drawer.tsx, its own chunk), and the warning shows right here, where the cashier is ringing
 * up, when someone on this ticket is also on a parked one.
 */
import { Badge, Button, HStack, Stack } from '@chakra-ui/react';
import { memo, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { selectCanPark, selectWaitingCount } from '../../../../machines/sale/sale.selectors';
import { usePartDialog } from './part-dialog';
import { SaleActor } from './sale-actor';
import { DialogFallback, waitingTicketsPart } from './sale-parts';
import { SeveralTicketsWarning } from './several-tickets-warning';

export const WaitingTicketsButton = memo(function WaitingTicketsButton() {
  const { t } = useTranslation('common');
  const sale = SaleActor.useActorRef();
  const canPark = SaleActor.useSelector(selectCanPark);
  const count = SaleActor.useSelector(selectWaitingCount);
  const drawer = usePartDialog();

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
          ref={drawer.trigger}
          size="xl"
          variant="outline"
          onClick={drawer.show}
          aria-haspopup="dialog"
          aria-expanded={drawer.open}
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
      {drawer.mounted && (
        <Suspense fallback={<DialogFallback />}>
          <waitingTicketsPart.Component
            open={drawer.open}
            onOpenChange={drawer.setOpen}
            finalFocusEl={drawer.finalFocusEl}
          />
        </Suspense>
      )}
    </Stack>
  );
});
