/**
 * The open sale, beside the table: its lines per employee with discounts and taxes,
 * tips, the totals the server computed, payments, refunds, what happened to it (status history) and the actions
 * its status allows. Every amount is the server's (docs/api.md#the-server-recomputes: the server recomputes
 * every total); nothing here is recomputed except the live refund preview of the refund form. In the edit
 * mode of "save all changes" the tips of each employee are fields whose values wait with the list's other
 * pending changes.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CloseButton,
  Heading,
  HStack,
  List,
  Separator,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { managedSaleOf } from '../../../../machines/sale-list/sale-list.rules';
import {
  selectActionsRef,
  selectDetail,
  selectDetailError,
  selectDetailStatus,
  selectIsEditingChanges,
} from '../../../../machines/sale-list/sale-list.selectors';
import type { SaleDetailBundle } from '../../../../machines/sale-list/sale-list.types';
import type { SaleLine } from '../../../contracts/sales';
import { SALE_STATUS } from '../../../domain/constants';
import { canEditSale } from '../../../domain/sale-status';
import { PendingTipField } from './pending-tip-field';
import { QueuedActionsNotice } from './queued-actions';
import { SaleActionsBar } from './sale-actions-bar';
import { useSaleFormat } from './sale-format';
import { SaleListActor } from './sale-list-actor';
import { StatusBadge } from './status-badge';

/** The heading takes focus when the sale opens, so a keyboard user lands on what they opened. */
function focusOnMount(element: HTMLHeadingElement | null): void {
  element?.focus({ preventScroll: false });
}

function Row({
  label,
  value,
  strong = false,
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <HStack justify="space-between" gap="4" fontWeight={strong ? 'semibold' : undefined} data-testid={testId}>
      <Text>{label}</Text>
      <Text textAlign="end">{value}</Text>
    </HStack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="2" as="section" aria-label={title}>
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function LineItem({ line }: { line: SaleLine }) {
  const { t } = useTranslation('common');
  const format = useSaleFormat();
  const unit = line.price ?? line.unit_price;
  const discount = line.item_discount + line.employee_discount;
  return (
    <List.Item listStyleType="none" data-testid="sale-line">
      <HStack justify="space-between" align="start" gap="3">
        <Stack gap="0">
          <Text fontWeight="medium">{line.name}</Text>
          <Text fontSize="sm" color="fg.muted">
            {t('sale_management.detail.quantityTimesPrice', {
              quantity: line.quantity,
              price: format.money(unit),
            })}
            {line.refunded_quantity > 0 &&
              ` · ${t('sale_management.detail.refundedUnits', { count: line.refunded_quantity })}`}
          </Text>
          {discount > 0 && (
            <Text fontSize="sm" color="fg.muted">
              {t('sale_management.detail.lineDiscount', { amount: format.money(discount) })}
            </Text>
          )}
          {line.tax > 0 && (
            <Text fontSize="sm" color="fg.muted">
              {t('sale_management.detail.lineTax', { amount: format.money(line.tax) })}
            </Text>
          )}
        </Stack>
        <Text whiteSpace="nowrap">{format.money(line.gross)}</Text>
      </HStack>
    </List.Item>
  );
}

function SaleBody({ bundle }: { bundle: SaleDetailBundle }) {
  const { t } = useTranslation('common');
  const format = useSaleFormat();
  const { sale, refund } = bundle;
  const facts = managedSaleOf(sale);
  // In the edit mode the tips of a sale that may still be changed are fields (pending-tip-field.tsx).
  const editingTips =
    SaleListActor.useSelector(selectIsEditingChanges) && facts !== null && canEditSale(facts);
  const totals = sale.totals;
  const discounts = sale.discount_amounts;
  const orderDiscounts = (['ticket', 'manager', 'membership', 'other'] as const)
    .map((kind) => ({ kind, amount: discounts[`discount_${kind}`] }))
    .filter((d) => d.amount > 0);
  return (
    <Stack gap="5">
      <Stack gap="1">
        <Row label={t('sale_management.table.invoice')} value={sale.invoice_no} />
        <Row label={t('sale_management.table.time')} value={format.dateTime(sale.order_at)} />
        <Row
          label={t('sale_management.table.customer')}
          value={sale.customer?.name ?? sale.customer_name ?? t('sale_management.table.walkIn')}
        />
      </Stack>

      <Section title={t('sale_management.detail.lines')}>
        {sale.orderEmployees.map((group) => (
          <Stack key={group.employee.id} gap="1" data-testid="sale-employee-group">
            <Text fontWeight="semibold" color="brand.fg">
              {group.employee.name}
            </Text>
            <List.Root gap="2" ps="0">
              {group.orderItems.map((line) => (
                <LineItem key={line.id} line={line} />
              ))}
            </List.Root>
            {editingTips ? (
              <PendingTipField
                key={`${sale.id}-${group.employee.id}-${group.tips?.tip_amount ?? 0}`}
                saleId={sale.id}
                ticketNo={sale.ticket_no}
                employee={group.employee}
                original={group.tips?.tip_amount ?? 0}
              />
            ) : (
              group.tips &&
              group.tips.tip_amount > 0 && (
                <Row
                  label={t('sale_management.detail.tip')}
                  value={format.money(group.tips.tip_amount)}
                  testId="sale-tip"
                />
              )
            )}
          </Stack>
        ))}
      </Section>

      <Section title={t('sale_management.detail.totals')}>
        <Row label={t('sale_management.totals.sub_total')} value={format.money(totals.sub_total)} />
        {orderDiscounts.map((d) => (
          <Row
            key={d.kind}
            label={t(`sale_management.totals.discount_${d.kind}`)}
            value={`−${format.money(d.amount)}`}
          />
        ))}
        {totals.discount_amount > 0 && (
          <Row
            label={t('sale_management.totals.discount_amount')}
            value={`−${format.money(totals.discount_amount)}`}
          />
        )}
        <Row label={t('sale_management.totals.taxes')} value={format.money(totals.taxes)} />
        <Row label={t('sale_management.totals.tip_amount')} value={format.money(totals.tip_amount)} />
        {totals.creditcard_fee > 0 && (
          <Row
            label={t('sale_management.totals.creditcard_fee')}
            value={format.money(totals.creditcard_fee)}
          />
        )}
        <Separator />
        <Row
          label={t('sale_management.totals.total_price')}
          value={format.money(totals.total_price)}
          strong
          testId="sale-total"
        />
        <Row label={t('sale_management.totals.paid')} value={format.money(totals.paid_customer_total)} />
        {totals.paid_customer_change_amount_total > 0 && (
          <Row
            label={t('sale_management.totals.change')}
            value={format.money(totals.paid_customer_change_amount_total)}
          />
        )}
        {sale.balance_due > 0 && (
          <Row label={t('sale_management.totals.balance_due')} value={format.money(sale.balance_due)} />
        )}
        <Row
          label={t('sale_management.totals.refunded')}
          value={format.money(sale.refunded_amount)}
          strong={sale.refunded_amount > 0}
          testId="sale-refunded"
        />
      </Section>

      <Section title={t('sale_management.detail.payments')}>
        {sale.payments.length === 0 ? (
          <Text color="fg.muted">{t('sale_management.detail.noPayments')}</Text>
        ) : (
          sale.payments.map((payment) => (
            <Row
              key={payment.id}
              label={
                t(`sale_management.paymentType.${payment.payment_type}`) +
                (payment.payment_info.last4 ? ` ••${payment.payment_info.last4}` : '') +
                (payment.payment_info.reference && !payment.payment_info.last4
                  ? ` ${payment.payment_info.reference}`
                  : '')
              }
              value={
                payment.refunded_amount > 0
                  ? t('sale_management.detail.paymentRefunded', {
                      amount: format.money(payment.payment_amount),
                      refunded: format.money(payment.refunded_amount),
                    })
                  : format.money(payment.payment_amount)
              }
            />
          ))
        )}
      </Section>

      <Section title={t('sale_management.detail.history')}>
        <List.Root gap="1" ps="5" data-testid="sale-history">
          <List.Item>
            {t('sale_management.history.completed', { date: format.dateTime(sale.created_at) })}
          </List.Item>
          {refund.refunds.map((record) => (
            <List.Item key={record.id}>
              {t('sale_management.history.refund', {
                amount: format.money(record.amount),
                date: format.dateTime(record.created_at),
              })}
            </List.Item>
          ))}
          {sale.trashed_at && (
            <List.Item>
              {t('sale_management.history.trashed', { date: format.dateTime(sale.trashed_at) })}
            </List.Item>
          )}
          <List.Item>
            {t('sale_management.history.now', { status: t(`sale_management.status.${sale.status}`) })}
            {sale.status === SALE_STATUS.TRASH &&
              sale.status_before_trash !== null &&
              ` ${t('sale_management.history.before', { status: t(`sale_management.status.${sale.status_before_trash}`) })}`}
          </List.Item>
        </List.Root>
      </Section>
    </Stack>
  );
}

export function SaleDetailPanel() {
  const { t } = useTranslation('common');
  const actor = SaleListActor.useActorRef();
  const status = SaleListActor.useSelector(selectDetailStatus);
  const bundle = SaleListActor.useSelector(selectDetail);
  const error = SaleListActor.useSelector(selectDetailError);
  const actions = SaleListActor.useSelector(selectActionsRef);
  if (status === 'closed') return null;

  const close = (
    <CloseButton
      size="lg"
      aria-label={t('sale_management.detail.close')}
      onClick={() => actor.send({ type: 'detail.close' })}
    />
  );
  return (
    <Card.Root
      as="section"
      aria-labelledby="sale-detail-title"
      w={{ base: 'full', xl: 'md' }}
      flexShrink="0"
      alignSelf="start"
      data-testid="sale-detail"
    >
      {/* While an action's result reloads, the sale shown so far stays (no blink); a new sale starts empty. */}
      {status !== 'failed' && bundle ? (
        <>
          <Card.Header>
            <HStack justify="space-between" align="start">
              <Stack gap="1">
                <Heading
                  as="h2"
                  size="lg"
                  id="sale-detail-title"
                  tabIndex={-1}
                  ref={focusOnMount}
                  outline="none"
                >
                  {t('sale_management.detail.title', { ticket: bundle.sale.ticket_no })}
                </Heading>
                <Box>
                  <StatusBadge status={bundle.sale.status} partlyRefunded={bundle.sale.has_refund} />
                </Box>
              </Stack>
              {close}
            </HStack>
          </Card.Header>
          <Card.Body gap="5" aria-busy={status === 'loading'}>
            <QueuedActionsNotice saleId={bundle.sale.id} />
            {actions && <SaleActionsBar actions={actions} bundle={bundle} />}
            <SaleBody bundle={bundle} />
          </Card.Body>
        </>
      ) : (
        <>
          <Card.Header>
            <HStack justify="space-between">
              <Heading as="h2" size="lg" id="sale-detail-title">
                {t('sale_management.detail.heading')}
              </Heading>
              {close}
            </HStack>
          </Card.Header>
          <Card.Body>
            {status === 'failed' ? (
              <Alert.Root status="error" data-testid="sale-detail-failed">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{t('sale_management.errors.detail_failed')}</Alert.Title>
                  {error && <Alert.Description>{error.message}</Alert.Description>}
                </Alert.Content>
                <Button size="lg" variant="outline" onClick={() => actor.send({ type: 'detail.retry' })}>
                  {t('sale_management.list.retry')}
                </Button>
              </Alert.Root>
            ) : (
              <HStack role="status" gap="2">
                <Spinner color="brand.solid" />
                <Text>{t('sale_management.detail.loading')}</Text>
              </HStack>
            )}
          </Card.Body>
        </>
      )}
    </Card.Root>
  );
}
