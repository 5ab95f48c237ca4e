/**
 * One technician's pay statement (docs/payroll.md, "The statement"), printable: every component of the
 * statement the run froze, the total and its cash and check parts. Printing one statement (payroll-logic.ts
 * printStatement) marks the page with its technician; the print rules below then hide everything else.
 */
import { Box, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PayStatement } from '../../../domain/payroll';
import { PRINT_ATTRIBUTE } from './payroll-logic';
import { moneyText, NS, periodText } from './payroll-text';

/**
 * Print rules of one technician's statement: with the page marked for her (PRINT_ATTRIBUTE = her id), only her
 * statement prints, full width at the top of the page.
 */
export function printCss(userId: number): string {
  const marked = `html[${PRINT_ATTRIBUTE}="${userId}"]`;
  const own = `${marked} .pay-statement[data-user="${userId}"]`;
  return `@media print {
  ${marked} body * { visibility: hidden; }
  ${own}, ${own} * { visibility: visible; }
  ${own} { position: absolute; inset: 0 auto auto 0; width: 100%; border: none; }
}`;
}

interface Props {
  userId: number;
  name: string;
  statement: PayStatement;
}

export function PayStatementView({ userId, name, statement: s }: Props) {
  const { t, i18n } = useTranslation(NS);
  const money = (minor: number) => moneyText(minor, i18n.language, s.currency);
  const rows: [string, string][] = [
    [t('statement.serviceGross'), money(s.service.gross)],
    [t('statement.deductions'), money(s.service.deductions)],
    [t('statement.commissionable'), money(s.service.commissionable)],
    ...s.service.tiered.bands
      .filter((band) => band.base > 0)
      .map((band): [string, string] => [
        t('statement.band', { rate: band.rate, base: money(band.base) }),
        money(band.commission),
      ]),
    [t('statement.ownRate'), money(s.service.ownRateCommission)],
    [t('statement.serviceCommission'), money(s.service.commission)],
    [t('statement.productCommission', { sales: money(s.product.sales) }), money(s.product.commission)],
    [t('statement.hourly', { hours: (s.hourly.minutes / 60).toFixed(2) }), money(s.hourly.pay)],
    ...(s.plan.base > 0 ? [[t('statement.base'), money(s.plan.base)] as [string, string]] : []),
    [t('statement.earned'), money(s.earned)],
    ...(s.plan.kind === 'higher_of'
      ? [
          [t('statement.topUp', { guarantee: money(s.plan.guarantee) }), money(s.plan.topUp)] as [
            string,
            string,
          ],
        ]
      : []),
    [
      t(s.tips.feeDeducted ? 'statement.tipsFeeDeducted' : 'statement.tipsFeeKept', {
        total: money(s.tips.total),
        fee: money(s.tips.cardFee),
      }),
      money(s.tips.paid),
    ],
    ...s.adjustments.lines.map((a): [string, string] => [
      t('statement.adjustment', { reason: a.reason }),
      money(a.amount),
    ]),
  ];
  return (
    <Box
      className="pay-statement"
      data-user={userId}
      borderWidth="1px"
      borderRadius="md"
      p="4"
      bg="bg"
      data-testid={`pay-statement-${s.technicianId}`}
    >
      <style>{printCss(userId)}</style>
      <Stack gap="1" mb="3">
        <Heading as="h3" size="md">
          {t('statement.title', { name })}
        </Heading>
        {s.period && <Text color="fg.muted">{periodText(s.period, i18n.language)}</Text>}
      </Stack>
      <Table.Root size="sm">
        <Table.Body>
          {rows.map(([label, value], i) => (
            <Table.Row key={i}>
              <Table.Cell>{label}</Table.Cell>
              <Table.Cell textAlign="end">{value}</Table.Cell>
            </Table.Row>
          ))}
          <Table.Row fontWeight="bold">
            <Table.Cell>{t('statement.total')}</Table.Cell>
            <Table.Cell textAlign="end" data-testid="pay-statement-total">
              {money(s.total)}
            </Table.Cell>
          </Table.Row>
          <Table.Row>
            <Table.Cell>{t('statement.check')}</Table.Cell>
            <Table.Cell textAlign="end">{money(s.payout.check)}</Table.Cell>
          </Table.Row>
          <Table.Row>
            <Table.Cell>{t('statement.cash')}</Table.Cell>
            <Table.Cell textAlign="end">{money(s.payout.cash)}</Table.Cell>
          </Table.Row>
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
