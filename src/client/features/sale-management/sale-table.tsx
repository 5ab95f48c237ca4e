/**
 * The order report table (docs/sales.md#sale-management /pos/report/order): one row per sale with its ticket
 * and invoice numbers, time, employee, customer, total and status; the loading, empty and failed states of
 * the list chart; paging. A row opens the sale in the detail panel: the ticket number is a button (Tab and
 * Enter reach it), and a tap anywhere on the row does the same. In the edit mode (changes-bar.tsx) the time
 * of each sale that may still be changed is a field, and a sale with unsaved changes is marked, as is one
 * with a change waiting in the offline queue.
 */
import { Alert, Badge, Box, Button, HStack, Input, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  samePaging,
  selectIsEditingChanges,
  selectIsListLoading,
  selectItems,
  selectListError,
  selectListStatus,
  selectPaging,
  selectPendingOf,
  selectSelectedId,
  selectTotal,
} from '../../../../machines/sale-list/sale-list.selectors';
import type { SaleSummary } from '../../../contracts/sales';
import { canEditSale } from '../../../domain/sale-status';
import { isoToStoreTime, storeTimeToIso } from './action-forms';
import { QueuedBadge } from './queued-actions';
import { useSaleFormat } from './sale-format';
import { SaleListActor } from './sale-list-actor';
import { StatusBadge } from './status-badge';

/** The facts the domain's edit rule reads (a draft, or a sale without a refund, can be changed). */
function isEditable(sale: SaleSummary): boolean {
  return canEditSale({
    status: sale.status,
    statusBeforeTrash: sale.status_before_trash,
    orderAt: sale.order_at,
    hasRefund: sale.has_refund,
  });
}

/**
 * The order time as a field of the edit mode: the store's wall time (its zone, not the tablet's), the pending
 * value when there is one, empty while what is typed is not a time. Every keystroke goes to the chart.
 */
function OrderTimeField({ sale }: { sale: SaleSummary }) {
  const { t } = useTranslation('common');
  const format = useSaleFormat();
  const actor = SaleListActor.useActorRef();
  const pending = SaleListActor.useSelector((snapshot) => selectPendingOf(snapshot, sale.id)?.orderAt);
  const value =
    pending === undefined
      ? isoToStoreTime(sale.order_at, format.timeZone)
      : pending === null
        ? ''
        : isoToStoreTime(pending, format.timeZone);
  return (
    <Input
      type="datetime-local"
      size="md"
      minH="11"
      minW="52"
      aria-label={t('sale_management.changes.timeOf', { ticket: sale.ticket_no })}
      aria-invalid={pending === null ? true : undefined}
      borderColor={pending !== undefined ? 'brand.solid' : undefined}
      value={value}
      // The row's tap opens the sale; typing a time must not.
      onClick={(event) => event.stopPropagation()}
      onChange={(event) =>
        actor.send({
          type: 'change.orderAt',
          saleId: sale.id,
          ticketNo: sale.ticket_no,
          orderAt: storeTimeToIso(event.currentTarget.value, format.timeZone),
          original: sale.order_at,
        })
      }
      data-testid="sale-row-time-input"
    />
  );
}

function SaleRow({ sale, selected, editing }: { sale: SaleSummary; selected: boolean; editing: boolean }) {
  const { t } = useTranslation('common');
  const format = useSaleFormat();
  const actor = SaleListActor.useActorRef();
  const edited = SaleListActor.useSelector((snapshot) => selectPendingOf(snapshot, sale.id) !== undefined);
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
        {edited && (
          <Badge colorPalette="brand" variant="solid" ms="1" data-testid="sale-row-edited">
            {t('sale_management.changes.edited')}
          </Badge>
        )}
        <QueuedBadge saleId={sale.id} />
      </Table.Cell>
      <Table.Cell>{sale.invoice_no}</Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        {editing && isEditable(sale) ? <OrderTimeField sale={sale} /> : format.dateTime(sale.order_at)}
      </Table.Cell>
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
  const editing = SaleListActor.useSelector(selectIsEditingChanges);

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
              <SaleRow key={sale.id} sale={sale} selected={sale.id === selectedId} editing={editing} />
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Paging />
    </Stack>
  );
}
