/**
 * A receipt as the customer reads it: the store header, ticket and invoice numbers, date and
 * time in the store's time zone, the lines of each employee with their discounts and tip, the order discounts,
 * each tax, the total, the payments as printed (Momo, VnPay and VietQr as Cash, docs/sales.md#payments: the
 * server's receipt already maps them, a local one is mapped here), the
 * change, and a mark when the sale was voided or refunded. Presentational only: it renders the ReceiptData it
 * is given (the server's receipt, or the sale screen's local one while a sale waits to sync) and formats every
 * amount in the store's currency and the reader's language (lib/format.ts); it computes nothing.
 *
 * On screen it is a card; printed, receipt.css turns it into an 80 mm roll with nothing else on the page.
 */
import { Badge, Box, Card, Flex, Heading, Separator, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceiptData, ReceiptEmployee, ReceiptLine } from '../../../contracts/receipts';
import { ITEM_TYPE, printedPaymentType, SALE_STATUS } from '../../../domain/constants';
import { formatDateTime, formatMoney, formatNumber, formatPercent } from '../../lib/format';
import { watchPrintShortcut } from './print-page';
import './receipt.css';

export interface ReceiptViewProps {
  receipt: ReceiptData;
  /** h1 on the receipt page, h2 inside another screen (the sale screen has its own h1). */
  headingLevel?: 'h1' | 'h2';
  /** Made offline and not yet on the server: marked as pending, without the numbers only the server gives. */
  pending?: boolean;
}

type Money = (minor: number) => string;

function Row({
  label,
  value,
  testId,
  emphasis = false,
  indent = false,
}: {
  label: ReactNode;
  value: ReactNode;
  testId?: string;
  emphasis?: boolean;
  indent?: boolean;
}) {
  return (
    <Flex
      justify="space-between"
      gap="3"
      ps={indent ? '4' : '0'}
      fontWeight={emphasis ? 'bold' : 'normal'}
      fontSize={emphasis ? 'lg' : 'sm'}
      data-testid={testId}
      {...(emphasis ? { 'data-receipt-emphasis': '' } : {})}
    >
      <Text as="span" minW="0">
        {label}
      </Text>
      <Text as="span" flexShrink={0} fontVariantNumeric="tabular-nums" textAlign="end">
        {value}
      </Text>
    </Flex>
  );
}

function StatusMark({ receipt }: { receipt: ReceiptData }) {
  const { t } = useTranslation('common');
  const key =
    receipt.status === SALE_STATUS.VOID
      ? 'voided'
      : receipt.status === SALE_STATUS.REFUND
        ? 'refunded'
        : receipt.refunded_amount > 0
          ? 'partiallyRefunded'
          : null;
  if (!key) return null;
  return (
    <Flex justify="center">
      <Badge
        size="lg"
        variant="solid"
        colorPalette={key === 'voided' ? 'red' : 'orange'}
        textTransform="uppercase"
        data-testid="receipt-status"
        data-receipt-status=""
      >
        {t(`receipt.status.${key}`)}
      </Badge>
    </Flex>
  );
}

function LineRows({ line, money }: { line: ReceiptLine; money: Money }) {
  const { t, i18n } = useTranslation('common');
  const name = line.item_type === ITEM_TYPE.GIFTCARD ? t('receipt.giftcard') : line.name;
  return (
    <Box data-testid="receipt-line">
      <Row
        label={
          <>
            {name}
            {line.quantity > 1 && (
              <Text as="span" display="block" color="fg.muted" fontSize="xs">
                {t('receipt.quantityTimesPrice', {
                  quantity: formatNumber(line.quantity, i18n.language),
                  price: money(line.unit_price),
                })}
              </Text>
            )}
          </>
        }
        value={money(line.gross)}
      />
      {line.item_discount > 0 && (
        <Row indent label={t('receipt.itemDiscount')} value={`−${money(line.item_discount)}`} />
      )}
      {line.employee_discount > 0 && (
        <Row indent label={t('receipt.employeeDiscount')} value={`−${money(line.employee_discount)}`} />
      )}
      {line.refunded_quantity > 0 && (
        <Row
          indent
          label={t('receipt.refundedQuantity', {
            count: line.refunded_quantity,
            quantity: formatNumber(line.refunded_quantity, i18n.language),
          })}
          value=""
        />
      )}
    </Box>
  );
}

function EmployeeSection({ employee, money }: { employee: ReceiptEmployee; money: Money }) {
  const { t } = useTranslation('common');
  return (
    <Stack gap="1" data-testid="receipt-employee">
      <Text fontWeight="semibold" fontSize="sm">
        {employee.name}
      </Text>
      {employee.lines.map((line, i) => (
        <LineRows key={i} line={line} money={money} />
      ))}
      {employee.tip > 0 && <Row indent label={t('receipt.tip')} value={money(employee.tip)} />}
    </Stack>
  );
}

export function ReceiptView({ receipt, headingLevel = 'h2', pending = false }: ReceiptViewProps) {
  const { t, i18n } = useTranslation('common');
  const headingId = useId();
  const language = i18n.language;
  const money: Money = (minor) => formatMoney(minor, language, receipt.store.currency);
  const { totals } = receipt;
  // A subscription to the browser's print event, not workflow: Ctrl+P gets the 80 mm page as Print does.
  useEffect(() => watchPrintShortcut(), []);

  return (
    <Card.Root
      as="section"
      aria-labelledby={headingId}
      className="receipt-print"
      w="full"
      maxW="md"
      variant="outline"
      data-testid="receipt"
    >
      <Card.Body gap="4" p={{ base: '4', md: '6' }}>
        <Stack gap="1" textAlign="center" align="center">
          <Heading as={headingLevel} id={headingId} size="xl" data-testid="receipt-store-name">
            {receipt.store.name}
          </Heading>
          {receipt.store.address && (
            <Text fontSize="sm" data-testid="receipt-store-address">
              {receipt.store.address}
            </Text>
          )}
          {receipt.store.phone && (
            <Text fontSize="sm" data-testid="receipt-store-phone">
              {receipt.store.phone}
            </Text>
          )}
        </Stack>

        <StatusMark receipt={receipt} />
        {pending && (
          <Text textAlign="center" fontWeight="semibold" data-testid="receipt-pending">
            {t('receipt.pendingMark')}
          </Text>
        )}

        <Stack gap="0.5">
          {/* The server numbers a sale when it arrives: a pending one has no ticket or invoice number yet. */}
          {!pending && (
            <Row
              testId="receipt-ticket"
              label={t('receipt.ticket')}
              value={`#${formatNumber(receipt.daily_ticket_no, language, { useGrouping: false })}`}
            />
          )}
          {!pending && (
            <Row testId="receipt-invoice" label={t('receipt.invoice')} value={receipt.invoice_no} />
          )}
          <Row
            testId="receipt-date"
            label={t('receipt.date')}
            value={formatDateTime(receipt.order_at, language, receipt.store.timezone)}
          />
          {receipt.customer_first_name && (
            <Row
              testId="receipt-customer"
              label={t('receipt.customer')}
              value={receipt.customer_first_name}
            />
          )}
        </Stack>

        <Separator variant="dashed" />

        <Stack gap="3">
          {receipt.employees.map((employee, i) => (
            <EmployeeSection key={i} employee={employee} money={money} />
          ))}
        </Stack>

        <Separator variant="dashed" />

        <Stack gap="0.5">
          <Row testId="receipt-subtotal" label={t('receipt.subtotal')} value={money(totals.sub_total)} />
          {receipt.order_discounts.map((discount) => (
            <Row
              key={discount.kind}
              testId={`receipt-discount-${discount.kind}`}
              label={t(`receipt.discounts.${discount.kind}`)}
              value={`−${money(discount.amount)}`}
            />
          ))}
          {receipt.taxes.map((tax) => (
            <Row
              key={tax.rate}
              testId="receipt-tax"
              label={t('receipt.tax', { rate: formatPercent(tax.rate, language) })}
              value={money(tax.amount)}
            />
          ))}
          {totals.tip_amount > 0 && (
            <Row testId="receipt-tips" label={t('receipt.tips')} value={money(totals.tip_amount)} />
          )}
          {totals.creditcard_fee > 0 && (
            <Row
              testId="receipt-card-fee"
              label={t('receipt.cardFee')}
              value={money(totals.creditcard_fee)}
            />
          )}
          <Row testId="receipt-total" emphasis label={t('receipt.total')} value={money(totals.total_price)} />
        </Stack>

        <Separator variant="dashed" />

        <Stack gap="0.5">
          {receipt.payments.map((payment, i) => (
            <Row
              key={i}
              testId="receipt-payment"
              label={[
                t(`receipt.paymentTypes.${printedPaymentType(payment.payment_type)}`),
                payment.card_brand,
                payment.last4 ? `•••• ${payment.last4}` : null,
              ]
                .filter(Boolean)
                .join(' ')}
              value={money(payment.amount)}
            />
          ))}
          <Row testId="receipt-change" label={t('receipt.change')} value={money(totals.change)} />
          {receipt.refunded_amount > 0 && (
            <Row
              testId="receipt-refunded"
              label={t('receipt.refundedAmount')}
              value={`−${money(receipt.refunded_amount)}`}
            />
          )}
        </Stack>

        <Stack gap="1" textAlign="center" align="center">
          {receipt.store.footer && <Text fontSize="sm">{receipt.store.footer}</Text>}
          <Text fontSize="sm" fontWeight="semibold">
            {t('receipt.thanks')}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
