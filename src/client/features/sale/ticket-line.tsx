/**
 * One line of the ticket: select it, change its quantity (−/+; at 0 it leaves the ticket,
 * docs/sales.md#editing-the-order), open its editor (price override, line discounts, another employee). Each
 * line reads only its own line and amounts, so adding a line elsewhere re-renders the lines whose amounts
 * changed and no other. Whether the line is the selected one is read by its frame and its select button
 * alone: when the selection moves (every tap on an item), the line that lost it re-renders those two, not its
 * contents.
 */
import { Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaleSnapshot } from '../../../../machines/sale/sale.selectors';
import { selectCurrency, selectIsEditable, selectTotals } from '../../../../machines/sale/sale.selectors';
import type { LineRef } from '../../../../machines/sale/sale.types';
import type { LineTotals } from '../../../domain/order-total';
import { formatMoney, formatNumber } from '../../lib/format';
import { SaleActor } from './sale-actor';

function sameAmounts(a: LineTotals | undefined, b: LineTotals | undefined): boolean {
  return (
    a === b ||
    (a !== undefined &&
      b !== undefined &&
      a.gross === b.gross &&
      a.net === b.net &&
      a.tax === b.tax &&
      a.item_discount === b.item_discount &&
      a.employee_discount === b.employee_discount)
  );
}

export interface TicketLineProps extends LineRef {
  onEdit: (line: LineRef) => void;
}

const useIsActive = ({ employeeIndex, itemIndex }: LineRef): boolean =>
  SaleActor.useSelector(
    (s: SaleSnapshot) =>
      s.context.order.activeEmployeeIndex === employeeIndex && s.context.order.activeItemIndex === itemIndex,
  );

function LineFrame({ employeeIndex, itemIndex, children }: LineRef & { children: ReactNode }) {
  const active = useIsActive({ employeeIndex, itemIndex });
  return (
    <HStack
      as="li"
      gap="2"
      px="2"
      py="1"
      borderRadius="md"
      borderWidth="1px"
      borderColor={active ? 'brand.solid' : 'border'}
      bg={active ? 'brand.subtle' : undefined}
      data-testid={`line-${employeeIndex}-${itemIndex}`}
      data-active={active || undefined}
    >
      {children}
    </HStack>
  );
}

function SelectLineButton({ employeeIndex, itemIndex, children }: LineRef & { children: ReactNode }) {
  const sale = SaleActor.useActorRef();
  const active = useIsActive({ employeeIndex, itemIndex });
  return (
    <Button
      variant="plain"
      flex="1"
      minW="0"
      h="auto"
      minH="11"
      px="1"
      justifyContent="flex-start"
      textAlign="start"
      whiteSpace="normal"
      aria-pressed={active}
      onClick={() => sale.send({ type: 'line.select', employeeIndex, itemIndex })}
    >
      {children}
    </Button>
  );
}

export const TicketLine = memo(function TicketLine({ employeeIndex, itemIndex, onEdit }: TicketLineProps) {
  const { t, i18n } = useTranslation('common');
  const sale = SaleActor.useActorRef();
  const line = SaleActor.useSelector(
    (s: SaleSnapshot) => s.context.order.orderEmployees[employeeIndex]?.orderItems[itemIndex],
  );
  const amounts = SaleActor.useSelector(
    (s: SaleSnapshot) => selectTotals(s).employees[employeeIndex]?.lines[itemIndex],
    sameAmounts,
  );
  const editable = SaleActor.useSelector(selectIsEditable);
  const currency = SaleActor.useSelector(selectCurrency);
  if (!line) return null;

  const money = (minor: number) => formatMoney(minor, i18n.language, currency);
  const ref = { employeeIndex, itemIndex };
  const unit = line.price ?? line.unit_price;
  const discount = (amounts?.item_discount ?? 0) + (amounts?.employee_discount ?? 0);

  const description = (
    <Stack as="span" gap="0" minW="0" w="full">
      <Text as="span" display="block" fontWeight="medium" lineClamp={2} data-testid="line-name">
        {line.name}
      </Text>
      <Text as="span" display="block" fontSize="xs" color="fg.muted">
        {t('sale.ticket.unitPrice', {
          quantity: formatNumber(line.quantity, i18n.language),
          price: money(unit),
        })}
        {line.price !== null && ` · ${t('sale.ticket.overridden', { price: money(line.unit_price) })}`}
      </Text>
      {discount > 0 && (
        <Text as="span" display="block" fontSize="xs" color="fg.success" data-testid="line-discount">
          {t('sale.ticket.lineDiscount', { amount: money(discount) })}
        </Text>
      )}
    </Stack>
  );

  return (
    <LineFrame employeeIndex={employeeIndex} itemIndex={itemIndex}>
      {editable ? (
        <SelectLineButton employeeIndex={employeeIndex} itemIndex={itemIndex}>
          {description}
        </SelectLineButton>
      ) : (
        // While tendering the ticket is read, not edited: plain text, fully legible (no faded disabled button).
        <Box flex="1" minW="0" px="1" py="1">
          {description}
        </Box>
      )}
      {editable && (
        <HStack gap="1" flexShrink="0">
          <IconButton
            size="md"
            minW="11"
            minH="11"
            variant="outline"
            aria-label={t('sale.ticket.decrease', { name: line.name })}
            onClick={() => sale.send({ type: 'line.quantity', ...ref, delta: -1 })}
            data-testid="line-dec"
          >
            <Text as="span" aria-hidden="true" fontSize="xl">
              −
            </Text>
          </IconButton>
          <Text minW="6" textAlign="center" fontWeight="semibold" aria-live="polite" data-testid="line-qty">
            {formatNumber(line.quantity, i18n.language)}
          </Text>
          <IconButton
            size="md"
            minW="11"
            minH="11"
            variant="outline"
            aria-label={t('sale.ticket.increase', { name: line.name })}
            onClick={() => sale.send({ type: 'line.quantity', ...ref, delta: 1 })}
            data-testid="line-inc"
          >
            <Text as="span" aria-hidden="true" fontSize="xl">
              +
            </Text>
          </IconButton>
        </HStack>
      )}
      <Box minW="16" textAlign="end" flexShrink="0">
        <Text fontWeight="semibold" data-testid="line-amount">
          {money(amounts?.net ?? 0)}
        </Text>
      </Box>
      {editable && (
        <Button
          size="md"
          minH="11"
          variant="ghost"
          flexShrink="0"
          aria-label={t('sale.ticket.editLine', { name: line.name })}
          onClick={() => onEdit(ref)}
          data-testid="line-edit"
        >
          {t('sale.ticket.edit')}
        </Button>
      )}
    </LineFrame>
  );
});
