/**
 * The parked tickets of this workstation (docs/sales.md#waiting-tickets
 * "saved by id, deleted by ticket id, or merged by a list of ticket ids"), in a drawer opened from
 * waiting-tickets-button.tsx (a chunk of its own, sale-parts.tsx): each ticket with its employees, items,
 * total and parking time; resume one, delete one (asked twice: a parked ticket is a customer's open bill), or
 * tick several and merge them into the current ticket.
 *
 * What may be done is the sale machine's answer (`snapshot.can`): resuming or merging needs the current
 * ticket empty (park or clear it first), which the drawer says instead of offering a dead button. The list is
 * what the machine holds; saving it locally is the app's persistWaitingTickets.
 */
import { Alert, Button, Checkbox, CloseButton, Drawer, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectActiveTicketId,
  selectCurrency,
  selectWaitingTickets,
} from '../../../../machines/sale/sale.selectors';
import type { WaitingTicket } from '../../../domain/order.types';
import { formatDateTime, formatMoney } from '../../lib/format';
import type { PartDialogProps } from './part-dialog';
import { SaleActor } from './sale-actor';
import { SeveralTicketsWarning } from './several-tickets-warning';
import { summariseTicket } from './waiting-tickets-summary';

interface TicketCardProps {
  ticket: WaitingTicket;
  selected: boolean;
  confirmingDelete: boolean;
  onToggle: (id: string, selected: boolean) => void;
  onAskDelete: (id: string | null) => void;
  onResumed: () => void;
}

function TicketCard({
  ticket,
  selected,
  confirmingDelete,
  onToggle,
  onAskDelete,
  onResumed,
}: TicketCardProps) {
  const { t, i18n } = useTranslation('common');
  const sale = SaleActor.useActorRef();
  const currency = SaleActor.useSelector(selectCurrency);
  const isCurrent = SaleActor.useSelector((snapshot) => selectActiveTicketId(snapshot) === ticket.id);
  const canResume = SaleActor.useSelector((snapshot) =>
    snapshot.can({ type: 'ticket.resume', ticketId: ticket.id }),
  );
  const summary = summariseTicket(ticket);
  const label = summary.employees.join(', ') || t('saleExtras.waiting.noEmployee');

  return (
    <Stack
      as="li"
      gap="3"
      p="4"
      borderWidth="1px"
      borderRadius="l3"
      borderColor={isCurrent ? 'brand.solid' : 'border'}
      data-testid="waiting-ticket"
    >
      <HStack justify="space-between" align="flex-start" gap="3">
        <Checkbox.Root
          size="lg"
          minH="11"
          checked={selected}
          disabled={isCurrent}
          onCheckedChange={(details) => onToggle(ticket.id, details.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label fontSize="md" fontWeight="semibold">
            {label}
          </Checkbox.Label>
        </Checkbox.Root>
        <Text fontWeight="semibold" fontSize="lg" data-testid="waiting-ticket-total">
          {formatMoney(summary.total, i18n.language, currency)}
        </Text>
      </HStack>
      <Text color="fg.muted" fontSize="sm">
        {t('saleExtras.waiting.details', {
          count: summary.itemCount,
          time: formatDateTime(summary.savedAt, i18n.language),
        })}
        {summary.customer && ` · ${summary.customer}`}
        {isCurrent && ` · ${t('saleExtras.waiting.onScreen')}`}
      </Text>
      {confirmingDelete ? (
        <HStack
          gap="3"
          wrap="wrap"
          role="group"
          aria-label={t('saleExtras.waiting.confirmDelete', { label })}
        >
          <Text flexBasis="full">{t('saleExtras.waiting.confirmDelete', { label })}</Text>
          <Button
            size="xl"
            colorPalette="red"
            onClick={() => {
              onAskDelete(null);
              sale.send({ type: 'ticket.delete', ticketId: ticket.id });
            }}
          >
            {t('saleExtras.waiting.deleteYes')}
          </Button>
          <Button size="xl" variant="outline" onClick={() => onAskDelete(null)}>
            {t('saleExtras.waiting.deleteNo')}
          </Button>
        </HStack>
      ) : (
        <HStack gap="3" wrap="wrap">
          <Button
            size="xl"
            colorPalette="brand"
            disabled={!canResume}
            onClick={() => {
              sale.send({ type: 'ticket.resume', ticketId: ticket.id });
              onResumed();
            }}
            aria-label={t('saleExtras.waiting.resumeTicket', { label })}
          >
            {t('saleExtras.waiting.resume')}
          </Button>
          <Button
            size="xl"
            variant="outline"
            onClick={() => onAskDelete(ticket.id)}
            aria-label={t('saleExtras.waiting.deleteTicket', { label })}
          >
            {t('saleExtras.waiting.delete')}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}

interface ContentProps {
  picked: string[];
  confirming: string | null;
  onToggle: (id: string, selected: boolean) => void;
  onAskDelete: (id: string | null) => void;
  onClose: () => void;
}

/** What the open drawer shows: read from the sale only while open (a closed drawer has no content). */
function WaitingTicketsContent({ picked, confirming, onToggle, onAskDelete, onClose }: ContentProps) {
  const { t } = useTranslation('common');
  const sale = SaleActor.useActorRef();
  const tickets = SaleActor.useSelector(selectWaitingTickets);
  const ticketIds = picked.filter((id) => tickets.some((ticket) => ticket.id === id));
  const canMerge = SaleActor.useSelector(
    (snapshot) => ticketIds.length >= 2 && snapshot.can({ type: 'ticket.merge', ticketIds }),
  );
  // WHY one ticket stands for all: what blocks resuming or merging is the current ticket, not the one picked.
  const firstId = tickets[0]?.id;
  const busyWithTicket = SaleActor.useSelector(
    (snapshot) => firstId !== undefined && !snapshot.can({ type: 'ticket.merge', ticketIds: [firstId] }),
  );

  return (
    <>
      <Drawer.Header>
        <Drawer.Title>{t('saleExtras.waiting.title', { count: tickets.length })}</Drawer.Title>
      </Drawer.Header>
      <Drawer.Body>
        <Stack gap="4">
          <SeveralTicketsWarning />
          {busyWithTicket && (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Title>{t('saleExtras.waiting.parkFirst')}</Alert.Title>
            </Alert.Root>
          )}
          {tickets.length === 0 ? (
            <Text color="fg.muted" data-testid="waiting-tickets-empty">
              {t('saleExtras.waiting.empty')}
            </Text>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none" aria-label={t('saleExtras.waiting.listLabel')}>
              {tickets.map((ticket) => (
                <TicketCard
                  key={ticket.id}
                  ticket={ticket}
                  selected={ticketIds.includes(ticket.id)}
                  confirmingDelete={confirming === ticket.id}
                  onToggle={onToggle}
                  onAskDelete={onAskDelete}
                  onResumed={onClose}
                />
              ))}
            </Stack>
          )}
        </Stack>
      </Drawer.Body>
      <Drawer.Footer>
        <Stack w="full" gap="2">
          {tickets.length >= 2 && (
            <Text fontSize="sm" color="fg.muted">
              {t('saleExtras.waiting.mergeHint')}
            </Text>
          )}
          <Button
            size="xl"
            colorPalette="brand"
            disabled={!canMerge}
            onClick={() => {
              sale.send({ type: 'ticket.merge', ticketIds });
              onClose();
            }}
            data-testid="merge-tickets"
          >
            {ticketIds.length >= 2
              ? t('saleExtras.waiting.merge', { count: ticketIds.length })
              : t('saleExtras.waiting.mergeChoose')}
          </Button>
        </Stack>
      </Drawer.Footer>
    </>
  );
}

export function WaitingTicketsDrawer({ open, onOpenChange, finalFocusEl }: PartDialogProps) {
  const { t } = useTranslation('common');
  // Which tickets are ticked for a merge, and which one asks "delete?": the drawer's own view state.
  const [picked, setPicked] = useState<string[]>([]);
  const [confirming, setConfirming] = useState<string | null>(null);

  const close = () => {
    setPicked([]);
    setConfirming(null);
    onOpenChange(false);
  };
  const toggle = (id: string, selected: boolean) =>
    setPicked((ids) => (selected ? [...ids.filter((x) => x !== id), id] : ids.filter((x) => x !== id)));

  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => (details.open ? onOpenChange(true) : close())}
      finalFocusEl={finalFocusEl}
      placement="end"
      size={{ base: 'full', md: 'md' }}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="waiting-tickets-drawer">
            <WaitingTicketsContent
              picked={picked}
              confirming={confirming}
              onToggle={toggle}
              onAskDelete={setConfirming}
              onClose={close}
            />
            <Drawer.CloseTrigger asChild>
              <CloseButton size="lg" aria-label={t('saleExtras.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
