/**
 * The totals panel (issue 4 item 4 "the totals panel shows every field of the Order total live"): every field
 * of computeOrderTotals (000 §3 Order total, the Discount record's amounts, the balance and change), each
 * shown when it says something (a discount of 0 is not a line), the grand total always, the staff figures
 * (commission, cost, deductible) folded away under their own disclosure. Taxes are shown per rate.
 */
import { Box, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectCurrency,
  selectPayments,
  selectTaxBreakdown,
  selectTotals,
} from '../../../../machines/sale/sale.selectors';
import { formatMoney, formatPercent } from '../../lib/format';
import { SaleActor } from './sale-actor';

interface RowProps {
  label: string;
  value: string;
  testId: string;
  strong?: boolean;
  tone?: 'discount' | 'due' | 'warning';
  /** Read out when it changes (the grand total). */
  live?: boolean;
}

/** Memoised on its strings: a tap re-renders only the rows whose figure changed (issue 4 "Speed"). */
const Row = memo(function Row({ label, value, testId, strong = false, tone, live = false }: RowProps) {
  const color = tone === 'discount' ? 'fg.success' : tone === 'warning' ? 'fg.warning' : undefined;
  return (
    <HStack
      justify="space-between"
      gap="3"
      fontSize={strong ? 'xl' : 'sm'}
      fontWeight={strong ? 'bold' : 'normal'}
      color={color}
      data-testid={testId}
      {...(live ? { 'aria-live': 'polite' as const, 'aria-atomic': true } : {})}
    >
      <chakra.dt>{label}</chakra.dt>
      <chakra.dd fontVariantNumeric="tabular-nums" data-testid={`${testId}-value`}>
        {value}
      </chakra.dd>
    </HStack>
  );
});

const DISCOUNT_ROWS = [
  ['discount_item', 'sale.totals.discountItem'],
  ['discount_employee', 'sale.totals.discountEmployee'],
  ['discount_ticket', 'sale.totals.discountTicket'],
  ['discount_membership', 'sale.totals.discountMembership'],
  ['discount_manager', 'sale.totals.discountManager'],
  ['discount_other', 'sale.totals.discountOther'],
] as const;

export const TotalsPanel = memo(function TotalsPanel() {
  const { t, i18n } = useTranslation('common');
  const totals = SaleActor.useSelector(selectTotals);
  const taxes = SaleActor.useSelector(selectTaxBreakdown);
  const currency = SaleActor.useSelector(selectCurrency);
  const hasPayments = SaleActor.useSelector((s) => selectPayments(s).length > 0);
  const money = (minor: number) => formatMoney(minor, i18n.language, currency);
  const minus = (minor: number) => `−${money(minor)}`;
  const { total, discount } = totals;

  return (
    <Box as="section" aria-label={t('sale.totals.title')} data-testid="totals-panel">
      <Stack as="dl" gap="1">
        <Row label={t('sale.totals.subtotal')} value={money(total.sub_total)} testId="total-subtotal" />
        {DISCOUNT_ROWS.filter(([field]) => discount[field] > 0).map(([field, key]) => (
          <Row
            key={field}
            label={t(key)}
            value={minus(discount[field])}
            testId={`total-${field}`}
            tone="discount"
          />
        ))}
        {total.discount_amount > 0 && (
          <Row
            label={t('sale.totals.discountAmount')}
            value={minus(total.discount_amount)}
            testId="total-discount_amount"
            tone="discount"
          />
        )}
        {taxes.length > 1 &&
          taxes.map((tax) => (
            <Row
              key={tax.rate}
              label={t('sale.totals.taxRate', { rate: formatPercent(tax.rate, i18n.language) })}
              value={money(tax.amount)}
              testId={`total-tax-${tax.rate}`}
            />
          ))}
        <Row
          label={
            taxes.length === 1 && taxes[0]
              ? t('sale.totals.taxRate', { rate: formatPercent(taxes[0].rate, i18n.language) })
              : t(taxes.length > 1 ? 'sale.totals.taxesTotal' : 'sale.totals.taxes')
          }
          value={money(total.taxes)}
          testId="total-taxes"
        />
        {total.tip_amount > 0 && (
          <Row label={t('sale.totals.tips')} value={money(total.tip_amount)} testId="total-tips" />
        )}
        {total.creditcard_fee > 0 && (
          <Row
            label={t('sale.totals.cardFee')}
            value={money(total.creditcard_fee)}
            testId="total-creditcard_fee"
          />
        )}
        <Row
          label={t('sale.totals.total')}
          value={money(total.total_price)}
          testId="total-total"
          strong
          live
        />
        {(hasPayments || total.paid_customer_total > 0) && (
          <>
            <Row label={t('sale.totals.paid')} value={money(total.paid_customer_total)} testId="total-paid" />
            <Row
              label={t('sale.totals.balanceDue')}
              value={money(totals.balance_due)}
              testId="total-balance"
              tone="due"
            />
          </>
        )}
        {totals.change_due > 0 && (
          <Row
            label={t('sale.totals.changeDue')}
            value={money(totals.change_due)}
            testId="total-change"
            strong
          />
        )}
        {totals.overpaid_non_cash > 0 && (
          <Row
            label={t('sale.totals.overpaidNonCash')}
            value={money(totals.overpaid_non_cash)}
            testId="total-overpaid"
            tone="warning"
          />
        )}
      </Stack>
      {total.indian && (
        <Text fontSize="xs" color="fg.muted" mt="1" data-testid="total-indian">
          {t('sale.totals.indianTax')}
        </Text>
      )}
      <chakra.details mt="1" fontSize="sm" data-testid="total-staff">
        <chakra.summary cursor="pointer" color="fg.muted" minH="8" display="flex" alignItems="center">
          {t('sale.totals.staffFigures')}
        </chakra.summary>
        <Stack as="dl" gap="1" pt="1">
          <Row
            label={t('sale.totals.commission')}
            value={money(total.total_commission)}
            testId="total-commission"
          />
          <Row label={t('sale.totals.cost')} value={money(total.total_cost)} testId="total-cost" />
          <Row
            label={t('sale.totals.deductible')}
            value={money(total.total_deductible)}
            testId="total-deductible"
          />
        </Stack>
      </chakra.details>
    </Box>
  );
});
