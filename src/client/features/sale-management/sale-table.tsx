/**
 * The order report table (000 §2 /pos/report/order): one row per sale with its ticket and invoice numbers, time,
 * employee, customer, total and status; the loading, empty and failed states of the list chart; paging. A row
 * opens the sale in the detail panel: the ticket number is a button (Tab and Enter reach it), and a tap anywhere
 * on the row does the same.
 */
import { Alert, Box, Button, HStack, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  samePaging,
  selectIsListLoading,
  selectItems,
  selectListError,
  selectListStatus,
  selectPaging,
  selectSelectedId,
  selectTotal,
} from '../../../../machines/sale-list/sale-list.selectors';
import type { SaleSummary } from '../../../contracts/sales';
import { useSaleFormat } from './sale-format';
import { SaleListActor } from './sale-list-actor';
import { StatusBadge } from './status-badge';

function SaleRow({ sale, selected }: { sale: SaleSummary; selected: boolean }) {
  const { t } = useTranslation('common');
  const format = useSaleFormat();
  const actor = SaleListActor.useActorRef();
  const open = () => actor.send({ type: 'sale.select', id: sale.id });
  return (
    <Table.Row
      onClick={open}
      cursor="pointer"
      bg={selected ? 'brand.subtle' : undefined}
      _hover={{ bg: selected ? 'brand.subtle' : 'bg.muted' }}
      data-testid="sale-row"
      data-sale-id={sale.id}
    >
      <Table.Cell>
        <Button
          variant="ghost"
          size="md"
          minH="11"
          fontWeight="semibold"
          color="brand.fg"
          onClick={(event) => {
            event.stopPropagation();
            open();
          }}
          aria-label={t('sale_management.table.open', { ticket: sale.ticket_no })}
          aria-current={selected ? 'true' : undefined}
        >
          #{sale.ticket_no}
        </Button>
      </Table.Cell>
      <Table.Cell>{sale.invoice_no}</Table.Cell>
      <Table.Cell whiteSpace="nowrap">{format.dateTime(sale.order_at)}</Table.Cell>
      <Table.Cell>{sale.employee_name ?? '—'}</Table.Cell>
      <Table.Cell>{sale.customer_name ?? t('sale_management.table.walkIn')}</Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap" data-testid="sale-row-total">
        {format.money(sale.totals.total_price)}
      </Table.Cell>
      <Table.Cell>
        <StatusBadge status={sale.status} partlyRefunded={sale.has_refund} />
      </Table.Cell>
    </Table.Row>
  );
}

function Paging() {
  const { t } = useTranslation('common');
  const actor = SaleListActor.useActorRef();
  const paging = SaleListActor.useSelector(selectPaging, samePaging);
  const total = SaleListActor.useSelector(selectTotal);
  return (
    <HStack
      as="nav"
      aria-label={t('sale_management.list.paging')}
      justify="space-between"
      wrap="wrap"
      gap="3"
    >
      <Text color="fg.muted">{t('sale_management.list.count', { count: total })}</Text>
      <HStack gap="2">
        <Button
          size="lg"
          variant="outline"
          disabled={!paging.canGoBack}
          onClick={() => actor.send({ type: 'page.go', page: paging.page - 1 })}
        >
          {t('sale_management.list.previous')}
        </Button>
        <Text minW="24" textAlign="center" aria-live="polite">
          {t('sale_management.list.page', { page: paging.page, pages: paging.pageCount })}
        </Text>
        <Button
          size="lg"
          variant="outline"
          disabled={!paging.canGoForward}
          onClick={() => actor.send({ type: 'page.go', page: paging.page + 1 })}
        >
          {t('sale_management.list.next')}
        </Button>
      </HStack>
    </HStack>
  );
}

export function SaleTable() {
  const { t } = useTranslation('common');
  const actor = SaleListActor.useActorRef();
  const status = SaleListActor.useSelector(selectListStatus);
  const items = SaleListActor.useSelector(selectItems);
  const loading = SaleListActor.useSelector(selectIsListLoading);
  const error = SaleListActor.useSelector(selectListError);
  const selectedId = SaleListActor.useSelector(selectSelectedId);

  if (status === 'failed') {
    return (
      <Alert.Root status="error" data-testid="sale-list-failed">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('sale_management.errors.load_failed')}</Alert.Title>
          {error && <Alert.Description>{error.message}</Alert.Description>}
        </Alert.Content>
        <Button size="lg" variant="outline" onClick={() => actor.send({ type: 'list.retry' })}>
          {t('sale_management.list.retry')}
        </Button>
      </Alert.Root>
    );
  }
  if (status === 'empty') {
    return (
      <Box py="10" textAlign="center" data-testid="sale-list-empty">
        <Text fontSize="lg">{t('sale_management.list.empty')}</Text>
      </Box>
    );
  }
  if (loading && items.length === 0) {
    return (
      <HStack py="10" justify="center" role="status" data-testid="sale-list-loading">
        <Spinner color="brand.solid" />
        <Text>{t('sale_management.list.loading')}</Text>
      </HStack>
    );
  }
  return (
    <Stack gap="3" aria-busy={loading} data-testid="sale-list">
      <Table.ScrollArea borderWidth="1px" borderRadius="l2">
        <Table.Root size="md" interactive>
          <Table.Caption srOnly>{t('sale_management.table.caption')}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('sale_management.table.ticket')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('sale_management.table.invoice')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('sale_management.table.time')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('sale_management.table.employees')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('sale_management.table.customer')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('sale_management.table.total')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('sale_management.table.status')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((sale) => (
              <SaleRow key={sale.id} sale={sale} selected={sale.id === selectedId} />
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Paging />
    </Stack>
  );
}
