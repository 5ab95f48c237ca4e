/**
 * The employee bar: the store's staff from the catalog
 * browser, those clocked in first; a tap puts the person on the ticket, or makes them the active one when they
 * already are (the sale machine's employee.add, docs/sales.md#editing-the-order), so the next item lands on
 * them. Removing someone and moving a line are on the ticket itself.
 */
import { Badge, Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { memo, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectCatalogEmployees,
  selectCatalogStatus,
} from '../../../../machines/catalog-browser/catalog-browser.selectors';
import type { EmployeeChoice } from '../../../../machines/catalog-browser/catalog-browser.types';
import type { SaleSnapshot } from '../../../../machines/sale/sale.selectors';
import { selectActiveEmployee, selectIsEditable } from '../../../../machines/sale/sale.selectors';
import type { Employee } from '../../../domain/order.types';
import { CatalogActor } from './catalog-actor';
import { SaleActor } from './sale-actor';
import { SkeletonBlock } from './skeleton-block';

/** The ids on the ticket as one string: equal strings, no re-render, whatever else the edit changed. */
const selectTicketEmployeeIds = (snapshot: SaleSnapshot): string =>
  snapshot.context.order.orderEmployees.map((group) => group.employee.id).join(',');
const selectActiveEmployeeId = (snapshot: SaleSnapshot): number | null =>
  selectActiveEmployee(snapshot)?.employee.id ?? null;

interface EmployeeButtonProps {
  choice: EmployeeChoice;
  active: boolean;
  onTicket: boolean;
  disabled: boolean;
  onPick: (employee: Employee) => void;
}

const EmployeeButton = memo(function EmployeeButton({
  choice,
  active,
  onTicket,
  disabled,
  onPick,
}: EmployeeButtonProps) {
  const { t } = useTranslation('common');
  return (
    <Button
      variant={active ? 'solid' : onTicket ? 'subtle' : 'outline'}
      colorPalette="brand"
      minH="14"
      h="auto"
      py="2"
      w="full"
      justifyContent="flex-start"
      textAlign="start"
      whiteSpace="normal"
      aria-pressed={active}
      disabled={disabled}
      onClick={() => onPick(choice.employee)}
      data-testid={`employee-${choice.employee.id}`}
    >
      <Stack as="span" gap="1" align="flex-start" w="full">
        <Text as="span" display="block" fontWeight="semibold" lineClamp={2}>
          {choice.employee.name}
        </Text>
        <Stack as="span" direction="row" gap="1" wrap="wrap">
          {choice.checkedIn && (
            <Badge colorPalette="green" variant={active ? 'solid' : 'subtle'}>
              {t('sale.employees.checkedIn')}
            </Badge>
          )}
          {onTicket && (
            <Badge colorPalette="gray" variant={active ? 'solid' : 'subtle'}>
              {t('sale.employees.onTicket')}
            </Badge>
          )}
        </Stack>
      </Stack>
    </Button>
  );
});

export function EmployeeBar() {
  const { t } = useTranslation('common');
  const status = CatalogActor.useSelector(selectCatalogStatus);
  const choices = CatalogActor.useSelector(selectCatalogEmployees);
  const sale = SaleActor.useActorRef();
  const editable = SaleActor.useSelector(selectIsEditable);
  const ticketIds = SaleActor.useSelector(selectTicketEmployeeIds);
  const activeId = SaleActor.useSelector(selectActiveEmployeeId);
  const onPick = useCallback((employee: Employee) => sale.send({ type: 'employee.add', employee }), [sale]);
  const onTicket = new Set(ticketIds.split(',').filter(Boolean).map(Number));

  return (
    <Stack as="section" aria-labelledby="sale-employees-heading" gap="2" data-testid="employee-bar">
      <Heading as="h2" size="sm" id="sale-employees-heading" color="fg.muted">
        {t('sale.employees.title')}
      </Heading>
      {status === 'loading' && <SkeletonBlock count={5} height="14" label={t('sale.employees.loading')} />}
      {status === 'failed' && (
        <Text fontSize="sm" color="fg.muted">
          {t('sale.employees.unavailable')}
        </Text>
      )}
      {status === 'ready' && choices.length === 0 && (
        <Text fontSize="sm" color="fg.muted" data-testid="no-employees">
          {t('sale.employees.none')}
        </Text>
      )}
      {/* On a phone the staff are one row that scrolls sideways, so the catalog is on the first screen too. */}
      <Box
        as="ul"
        listStyleType="none"
        display="flex"
        flexDirection={{ base: 'row', md: 'column' }}
        overflowX={{ base: 'auto', md: 'visible' }}
        gap="2"
        pb={{ base: '1', md: '0' }}
      >
        {choices.map((choice) => (
          <Box as="li" key={choice.employee.id} flexShrink="0" minW={{ base: '36', md: 'auto' }}>
            <EmployeeButton
              choice={choice}
              active={activeId === choice.employee.id}
              onTicket={onTicket.has(choice.employee.id)}
              disabled={!editable}
              onPick={onPick}
            />
          </Box>
        ))}
      </Box>
    </Stack>
  );
}
