/**
 * The ticket: the lines per employee, the customer, the waiting tickets, the order discounts
 * and tips (the sale-extras components, in their slots below), the totals, and the ticket's actions: Clear,
 * Clear all and Pay (tender.start; Park is in the waiting-tickets slot, next to the list it fills).
 *
 * Speed: each part reads only its own facts, so a tap on an item re-renders the
 * group's amount and line list, the lines whose figures or selection changed, the totals and Pay; nothing else.
 */
import { Box, Button, CloseButton, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { memo, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaleSnapshot } from '../../../../machines/sale/sale.selectors';
import {
  selectCanTender,
  selectCurrency,
  selectIsDirty,
  selectIsEditable,
  selectTotalPrice,
  selectTotals,
} from '../../../../machines/sale/sale.selectors';
import type { LineRef } from '../../../../machines/sale/sale.types';
import { formatMoney } from '../../lib/format';
import { CustomerButton } from './customer-button';
import { DiscountsButton } from './discounts-button';
import { SaleActor } from './sale-actor';
import { DialogFallback, lineEditorPart } from './sale-parts';
import { TicketLine } from './ticket-line';
import { TipsButton } from './tips-button';
import { TotalsPanel } from './totals-panel';
import { WaitingTicketsButton } from './waiting-tickets-button';

const selectGroupCount = (s: SaleSnapshot): number => s.context.order.orderEmployees.length;
const selectHasAnyone = (s: SaleSnapshot): boolean =>
  s.context.order.orderEmployees.length > 0 || s.context.order.customer !== null;

interface GroupProps {
  index: number;
  onEdit: (line: LineRef) => void;
}

/** The group's amounts: the one part of a group that changes with every tap on an item. */
const GroupAmounts = memo(function GroupAmounts({ index }: { index: number }) {
  const { t, i18n } = useTranslation('common');
  const serviceAmount = SaleActor.useSelector((s) => selectTotals(s).employees[index]?.service_amount ?? 0);
  const tip = SaleActor.useSelector((s) => selectTotals(s).employees[index]?.tip ?? 0);
  const currency = SaleActor.useSelector(selectCurrency);
  const money = (minor: number) => formatMoney(minor, i18n.language, currency);
  return (
    <Stack gap="0" align="flex-end" fontSize="sm">
      <Text fontWeight="semibold" data-testid="group-amount">
        {money(serviceAmount)}
      </Text>
      {tip > 0 && (
        <Text fontSize="xs" color="fg.muted" data-testid="group-tip">
          {t('sale.ticket.tip', { amount: money(tip) })}
        </Text>
      )}
    </Stack>
  );
});

/** The group's lines: re-rendered when a line comes or goes; each line re-renders on its own facts. */
const GroupLines = memo(function GroupLines({ index, onEdit }: GroupProps) {
  const { t } = useTranslation('common');
  const lineCount = SaleActor.useSelector(
    (s) => s.context.order.orderEmployees[index]?.orderItems.length ?? 0,
  );
  if (lineCount === 0) {
    return (
      <Text fontSize="sm" color="fg.muted" px="1">
        {t('sale.ticket.noLines')}
      </Text>
    );
  }
  return (
    <Stack as="ul" gap="1" listStyleType="none">
      {Array.from({ length: lineCount }, (_, itemIndex) => (
        <TicketLine key={itemIndex} employeeIndex={index} itemIndex={itemIndex} onEdit={onEdit} />
      ))}
    </Stack>
  );
});

const TicketGroup = memo(function TicketGroup({ index, onEdit }: GroupProps) {
  const { t } = useTranslation('common');
  const sale = SaleActor.useActorRef();
  const employee = SaleActor.useSelector((s) => s.context.order.orderEmployees[index]?.employee);
  const active = SaleActor.useSelector((s) => s.context.order.activeEmployeeIndex === index);
  const editable = SaleActor.useSelector(selectIsEditable);
  if (!employee) return null;

  return (
    <Stack
      as="li"
      gap="1"
      p="2"
      borderRadius="lg"
      borderWidth="2px"
      borderColor={active ? 'brand.solid' : 'border.muted'}
      data-testid={`group-${index}`}
      data-employee={employee.id}
    >
      <HStack gap="2">
        {editable ? (
          <Button
            variant="plain"
            flex="1"
            minW="0"
            minH="11"
            px="1"
            justifyContent="flex-start"
            aria-pressed={active}
            onClick={() => sale.send({ type: 'employee.select', employeeIndex: index })}
            data-testid="group-select"
          >
            <Text as="span" fontWeight="bold" truncate>
              {employee.name}
            </Text>
          </Button>
        ) : (
          <Text flex="1" minW="0" px="1" fontWeight="bold" truncate>
            {employee.name}
          </Text>
        )}
        <GroupAmounts index={index} />
        {editable && (
          <CloseButton
            size="md"
            minW="11"
            minH="11"
            aria-label={t('sale.ticket.removeEmployee', { name: employee.name })}
            onClick={() => sale.send({ type: 'employee.remove', employeeIndex: index })}
            data-testid="group-remove"
          />
        )}
      </HStack>
      <GroupLines index={index} onEdit={onEdit} />
    </Stack>
  );
});

/**
 * Pay with the grand total on it: the one action whose face changes with every tap on an item. The ticket's own,
 * and the compact screen's summary bar's (ticket-summary-bar.tsx), under its own test id.
 */
export function PayButton({ testId = 'pay' }: { testId?: string }) {
  const { t, i18n } = useTranslation('common');
  const sale = SaleActor.useActorRef();
  const canTender = SaleActor.useSelector(selectCanTender);
  const total = SaleActor.useSelector(selectTotalPrice);
  const currency = SaleActor.useSelector(selectCurrency);
  return (
    <Button
      size="xl"
      flex="1"
      colorPalette="brand"
      disabled={!canTender}
      onClick={() => sale.send({ type: 'tender.start' })}
      data-testid={testId}
    >
      {t('sale.actions.pay', { amount: formatMoney(total, i18n.language, currency) })}
    </Button>
  );
}

const TicketActions = memo(function TicketActions() {
  const { t } = useTranslation('common');
  const sale = SaleActor.useActorRef();
  const dirty = SaleActor.useSelector(selectIsDirty);
  const hasAnyone = SaleActor.useSelector(selectHasAnyone);
  return (
    <HStack gap="2" flexShrink="0">
      <Button
        size="xl"
        variant="outline"
        disabled={!dirty}
        onClick={() => sale.send({ type: 'order.clear' })}
        data-testid="clear-ticket"
      >
        {t('sale.actions.clear')}
      </Button>
      <Button
        size="xl"
        variant="ghost"
        disabled={!dirty && !hasAnyone}
        onClick={() => sale.send({ type: 'order.clearAll' })}
        data-testid="clear-all"
      >
        {t('sale.actions.clearAll')}
      </Button>
      <PayButton />
    </HStack>
  );
});

export function TicketPanel() {
  const { t } = useTranslation('common');
  const groups = SaleActor.useSelector(selectGroupCount);
  const editable = SaleActor.useSelector(selectIsEditable);
  const ticketNo = SaleActor.useSelector((s) => s.context.order.ticket_no);
  // Which line's editor is open: the screen's, like an open accordion (client brief).
  const [editing, setEditing] = useState<LineRef | null>(null);
  const onEdit = useCallback((line: LineRef) => setEditing(line), []);
  const onClose = useCallback(() => setEditing(null), []);
  // The editor's chunk is mounted on the first edit and kept (its closing animation plays out).
  const [editorMounted, setEditorMounted] = useState(false);
  if (editing && !editorMounted) setEditorMounted(true);

  return (
    <Stack
      as="section"
      aria-labelledby="sale-ticket-heading"
      gap="3"
      h="full"
      minH="0"
      data-testid="ticket-panel"
    >
      <HStack justify="space-between" flexShrink="0">
        <Heading as="h2" size="md" id="sale-ticket-heading" tabIndex={-1} scrollMarginTop="16">
          {ticketNo === null ? t('sale.ticket.title') : t('sale.ticket.titleNumber', { number: ticketNo })}
        </Heading>
      </HStack>
      {editable && (
        <HStack gap="2" flexShrink="0" wrap="wrap" align="flex-start">
          <CustomerButton />
          <WaitingTicketsButton />
        </HStack>
      )}
      <Box flex="1" minH="24" overflowY="auto" data-testid="ticket-lines">
        {groups === 0 ? (
          <Text color="fg.muted" py="4" data-testid="ticket-empty">
            {t('sale.ticket.empty')}
          </Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none">
            {Array.from({ length: groups }, (_, index) => (
              <TicketGroup key={index} index={index} onEdit={onEdit} />
            ))}
          </Stack>
        )}
      </Box>
      <HStack gap="2" wrap="wrap" flexShrink="0">
        <DiscountsButton />
        <TipsButton />
      </HStack>
      <Box flexShrink="0">
        <TotalsPanel />
      </Box>
      {editable && <TicketActions />}
      {editorMounted && (
        <Suspense fallback={<DialogFallback />}>
          <lineEditorPart.Component at={editing} onClose={onClose} />
        </Suspense>
      )}
    </Stack>
  );
}
