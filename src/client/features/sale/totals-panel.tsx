/**
 * The totals panel: every field
 * of computeOrderTotals (docs/sales.md#the-order Order total, the Discount record's amounts, the balance and
 * change), each shown when it says something (a discount of 0 is not a line), the grand total always, the
 * staff figures (commission, cost, deductible) folded away under their own disclosure. Taxes are shown per
 * rate.
 *
 * Speed: the panel reads which rows there are; each row reads its own figure, so a
 * tap on an item re-renders the rows whose figure changed and nothing around them.
 */
import { Box, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { memo, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaleSnapshot } from '../../../../machines/sale/sale.selectors';
import {
  selectCurrency,
  selectPayments,
  selectTaxBreakdown,
  selectTotals,
} from '../../../../machines/sale/sale.selectors';
import type { OrderTotals } from '../../../domain/order-total';
import { formatMoney, formatPercent } from '../../lib/format';
import { SaleActor } from './sale-actor';

type Figure = (snapshot: SaleSnapshot) => number;
type Tone = 'discount' | 'due' | 'warning';

/** Figures of the totals, one selector each (module constants: a row's selector never changes). */
const figureOf =
  (pick: (totals: OrderTotals) => number): Figure =>
  (snapshot) =>
    pick(selectTotals(snapshot));
const FIGURES = {
  sub_total: figureOf((x) => x.total.sub_total),
  discount_item: figureOf((x) => x.discount.discount_item),
  discount_employee: figureOf((x) => x.discount.discount_employee),
  discount_ticket: figureOf((x) => x.discount.discount_ticket),
  discount_membership: figureOf((x) => x.discount.discount_membership),
  discount_manager: figureOf((x) => x.discount.discount_manager),
  discount_other: figureOf((x) => x.discount.discount_other),
  discount_amount: figureOf((x) => x.total.discount_amount),
  taxes: figureOf((x) => x.total.taxes),
  tip_amount: figureOf((x) => x.total.tip_amount),
  creditcard_fee: figureOf((x) => x.total.creditcard_fee),
  total_price: figureOf((x) => x.total.total_price),
  paid_customer_total: figureOf((x) => x.total.paid_customer_total),
  balance_due: figureOf((x) => x.balance_due),
  change_due: figureOf((x) => x.change_due),
  overpaid_non_cash: figureOf((x) => x.overpaid_non_cash),
  total_commission: figureOf((x) => x.total.total_commission),
  total_cost: figureOf((x) => x.total.total_cost),
  total_deductible: figureOf((x) => x.total.total_deductible),
} satisfies Record<string, Figure>;

const DISCOUNT_ROWS = [
  ['discount_item', 'sale.totals.discountItem'],
  ['discount_employee', 'sale.totals.discountEmployee'],
  ['discount_ticket', 'sale.totals.discountTicket'],
  ['discount_membership', 'sale.totals.discountMembership'],
  ['discount_manager', 'sale.totals.discountManager'],
  ['discount_other', 'sale.totals.discountOther'],
] as const;

interface RowProps {
  label: string;
  /** The row's figure, in minor units. */
  figure: Figure;
  language: string;
  currency: string;
  testId: string;
  /** Shown as taken off ("−$5.00"). */
  minus?: boolean;
  strong?: boolean;
  tone?: Tone;
  /** Read out when it changes (the grand total). */
  live?: boolean;
}

/** The amount of a row: the one part that reads the figure, so only it re-renders when the figure changes. */
function FigureValue({
  figure,
  language,
  currency,
  minus,
  testId,
}: Pick<RowProps, 'figure' | 'language' | 'currency' | 'testId'> & { minus: boolean }) {
  const minor = SaleActor.useSelector(figure);
  return (
    <chakra.dd fontVariantNumeric="tabular-nums" data-testid={testId}>
      {`${minus ? '−' : ''}${formatMoney(minor, language, currency)}`}
    </chakra.dd>
  );
}

/** One term and its amount. */
const Row = memo(function Row({
  label,
  figure,
  language,
  currency,
  testId,
  minus = false,
  strong = false,
  tone,
  live = false,
}: RowProps) {
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
      <FigureValue
        figure={figure}
        language={language}
        currency={currency}
        minus={minus}
        testId={`${testId}-value`}
      />
    </HStack>
  );
});

/** The tax of one rate (several rates on the ticket). */
function TaxRateRow({ rate, ...props }: { rate: number } & Omit<RowProps, 'figure' | 'testId'>) {
  const figure = useCallback(
    (snapshot: SaleSnapshot) => selectTaxBreakdown(snapshot).find((tax) => tax.rate === rate)?.amount ?? 0,
    [rate],
  );
  return <Row {...props} figure={figure} testId={`total-tax-${rate}`} />;
}

/**
 * The staff figures, folded away. Rendered only while unfolded: they change with every tap on a service, and
 * nobody reads them while the disclosure is closed. Whether it is open is the screen's (client brief).
 */
function StaffFigures(at: { language: string; currency: string }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  return (
    <chakra.details
      mt="1"
      fontSize="sm"
      data-testid="total-staff"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <chakra.summary cursor="pointer" color="fg.muted" minH="8" display="flex" alignItems="center">
        {t('sale.totals.staffFigures')}
      </chakra.summary>
      {open && (
        <Stack as="dl" gap="1" pt="1">
          <Row
            {...at}
            label={t('sale.totals.commission')}
            figure={FIGURES.total_commission}
            testId="total-commission"
          />
          <Row {...at} label={t('sale.totals.cost')} figure={FIGURES.total_cost} testId="total-cost" />
          <Row
            {...at}
            label={t('sale.totals.deductible')}
            figure={FIGURES.total_deductible}
            testId="total-deductible"
          />
        </Stack>
      )}
    </chakra.details>
  );
}

// ---- which rows there are: facts that change far less often than the figures ----------------------------

const selectShownDiscounts = (snapshot: SaleSnapshot): string => {
  const { discount } = selectTotals(snapshot);
  return DISCOUNT_ROWS.filter(([field]) => discount[field] > 0)
    .map(([field]) => field)
    .join(',');
};
const selectTaxRates = (snapshot: SaleSnapshot): string =>
  selectTaxBreakdown(snapshot)
    .map((tax) => tax.rate)
    .join(',');
const has = (figure: Figure) => (snapshot: SaleSnapshot) => figure(snapshot) > 0;
const selectHasDiscountAmount = has(FIGURES.discount_amount);
const selectHasTips = has(FIGURES.tip_amount);
const selectHasCardFee = has(FIGURES.creditcard_fee);
const selectHasChange = has(FIGURES.change_due);
const selectHasOverpaid = has(FIGURES.overpaid_non_cash);
const selectShowsPaid = (snapshot: SaleSnapshot): boolean =>
  selectPayments(snapshot).length > 0 || FIGURES.paid_customer_total(snapshot) > 0;
const selectIsIndian = (snapshot: SaleSnapshot): boolean => selectTotals(snapshot).total.indian;

export const TotalsPanel = memo(function TotalsPanel() {
  const { t, i18n } = useTranslation('common');
  const language = i18n.language;
  const currency = SaleActor.useSelector(selectCurrency);
  const shownDiscounts = SaleActor.useSelector(selectShownDiscounts);
  const rates = SaleActor.useSelector(selectTaxRates);
  const hasDiscountAmount = SaleActor.useSelector(selectHasDiscountAmount);
  const hasTips = SaleActor.useSelector(selectHasTips);
  const hasCardFee = SaleActor.useSelector(selectHasCardFee);
  const showsPaid = SaleActor.useSelector(selectShowsPaid);
  const hasChange = SaleActor.useSelector(selectHasChange);
  const hasOverpaid = SaleActor.useSelector(selectHasOverpaid);
  const indian = SaleActor.useSelector(selectIsIndian);
  const taxRates = rates === '' ? [] : rates.split(',').map(Number);
  const discountFields = new Set(shownDiscounts.split(','));
  const at = { language, currency };
  const rateLabel = (rate: number) => t('sale.totals.taxRate', { rate: formatPercent(rate, language) });
  const [onlyRate] = taxRates;

  return (
    <Box as="section" aria-label={t('sale.totals.title')} data-testid="totals-panel">
      <Stack as="dl" gap="1">
        <Row {...at} label={t('sale.totals.subtotal')} figure={FIGURES.sub_total} testId="total-subtotal" />
        {DISCOUNT_ROWS.filter(([field]) => discountFields.has(field)).map(([field, key]) => (
          <Row
            {...at}
            key={field}
            label={t(key)}
            figure={FIGURES[field]}
            testId={`total-${field}`}
            tone="discount"
            minus
          />
        ))}
        {hasDiscountAmount && (
          <Row
            {...at}
            label={t('sale.totals.discountAmount')}
            figure={FIGURES.discount_amount}
            testId="total-discount_amount"
            tone="discount"
            minus
          />
        )}
        {taxRates.length > 1 &&
          taxRates.map((rate) => <TaxRateRow {...at} key={rate} rate={rate} label={rateLabel(rate)} />)}
        <Row
          {...at}
          label={
            taxRates.length === 1 && onlyRate !== undefined
              ? rateLabel(onlyRate)
              : t(taxRates.length > 1 ? 'sale.totals.taxesTotal' : 'sale.totals.taxes')
          }
          figure={FIGURES.taxes}
          testId="total-taxes"
        />
        {hasTips && (
          <Row {...at} label={t('sale.totals.tips')} figure={FIGURES.tip_amount} testId="total-tips" />
        )}
        {hasCardFee && (
          <Row
            {...at}
            label={t('sale.totals.cardFee')}
            figure={FIGURES.creditcard_fee}
            testId="total-creditcard_fee"
          />
        )}
        <Row
          {...at}
          label={t('sale.totals.total')}
          figure={FIGURES.total_price}
          testId="total-total"
          strong
          live
        />
        {showsPaid && (
          <>
            <Row
              {...at}
              label={t('sale.totals.paid')}
              figure={FIGURES.paid_customer_total}
              testId="total-paid"
            />
            <Row
              {...at}
              label={t('sale.totals.balanceDue')}
              figure={FIGURES.balance_due}
              testId="total-balance"
              tone="due"
            />
          </>
        )}
        {hasChange && (
          <Row
            {...at}
            label={t('sale.totals.changeDue')}
            figure={FIGURES.change_due}
            testId="total-change"
            strong
          />
        )}
        {hasOverpaid && (
          <Row
            {...at}
            label={t('sale.totals.overpaidNonCash')}
            figure={FIGURES.overpaid_non_cash}
            testId="total-overpaid"
            tone="warning"
          />
        )}
      </Stack>
      {indian && (
        <Text fontSize="xs" color="fg.muted" mt="1" data-testid="total-indian">
          {t('sale.totals.indianTax')}
        </Text>
      )}
      <StaffFigures {...at} />
    </Box>
  );
});
