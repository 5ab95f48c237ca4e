/**
 * The payroll report (/pos/report/payroll; docs/payroll.md, "The screen"): choose one of the store's pay periods,
 * preview every technician's pay, calculate it (after a confirmation; the period is then locked), the list of
 * calculated runs, a run's statements, and one technician's statement printed. No PIN to open it:
 * docs/roles.md#access-rules leaves the payroll report out of the report PIN.
 *
 * The chart (machines/payroll) owns what happens; this renders its snapshot and sends its events.
 */
import {
  Alert,
  Box,
  Button,
  Field,
  Heading,
  HStack,
  NativeSelect,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { canCalculate } from '../../../../machines/payroll/payroll.rules';
import { selectStoreId, selectStoreSettings } from '../../../../machines/auth/auth.selectors';
import type { PayrollPreviewItem } from '../../../contracts/payroll';
import { dayInTimeZone } from '../../../domain/report-periods';
import { useAuthSelector } from '../../lib/actors/auth-actor';
import { formatDateTime } from '../../lib/format';
import { useOnlineEvent } from '../../lib/online-events';
import { PaySettingsPanel } from './pay-settings-panel';
import { PayStatementView } from './pay-statement';
import { hasEnded, payrollLogic, periodChoices } from './payroll-logic';
import { failureText, moneyText, NS, periodText } from './payroll-text';

type PayrollActor = ActorRefFrom<typeof payrollLogic>;

export function PayrollScreen() {
  const { t } = useTranslation(NS);
  const actor = useActorRef(payrollLogic, { input: {} });
  useOnlineEvent(actor);
  const storeId = useAuthSelector(selectStoreId);
  const currency = useAuthSelector(selectStoreSettings)?.currency ?? 'USD';
  return (
    <Stack gap="5" p={{ base: '3', md: '6' }} data-testid="payroll-report">
      <Heading as="h1" size="2xl">
        {t('title')}
      </Heading>
      <PreviewSection actor={actor} />
      <RunsSection actor={actor} />
      <RunSection actor={actor} />
      {storeId !== null && <PaySettingsPanel storeId={storeId} currency={currency} />}
    </Stack>
  );
}

// ---- the preview and calculate -----------------------------------------------------------------------

function PeriodChoice({ actor }: { actor: PayrollActor }) {
  const { t, i18n } = useTranslation(NS);
  const timeZone = useAuthSelector(selectStoreSettings)?.timezone ?? 'UTC';
  const [today] = useState(() => dayInTimeZone(new Date(), timeZone));
  const preview = useSelector(actor, (s) => s.context.preview);
  if (!preview) return null;
  const choices = periodChoices(preview.period_rule, today);
  const value = `${preview.range.start_date}..${preview.range.end_date}`;
  return (
    <Field.Root w="auto">
      <Field.Label>{t(`period.label.${preview.period_rule.kind}`)}</Field.Label>
      <NativeSelect.Root width="auto" minW="72">
        <NativeSelect.Field
          data-testid="payroll-period"
          value={value}
          onChange={(event) => {
            const [start = '', end = ''] = event.currentTarget.value.split('..');
            actor.send({ type: 'period.set', period: { start, end } });
          }}
        >
          {choices.every((p) => `${p.start}..${p.end}` !== value) && (
            <option value={value}>
              {periodText({ start: preview.range.start_date, end: preview.range.end_date }, i18n.language)}
            </option>
          )}
          {choices.map((p) => (
            <option key={p.start} value={`${p.start}..${p.end}`}>
              {periodText(p, i18n.language)}
              {hasEnded(p, today) ? '' : ` (${t('period.current')})`}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function PreviewSection({ actor }: { actor: PayrollActor }) {
  const { t } = useTranslation(NS);
  const state = useSelector(actor, (s) => s.value.preview);
  const failure = useSelector(actor, (s) => s.context.failure);
  const preview = useSelector(actor, (s) => s.context.preview);
  return (
    <Stack gap="3" as="section" aria-label={t('preview.title')}>
      <HStack gap="3" align="flex-end" wrap="wrap">
        <PeriodChoice actor={actor} />
        <CalculateButton actor={actor} />
      </HStack>
      {state === 'loading' && <Spinner aria-label={t('loading')} />}
      {(state === 'failed' || state === 'offline') && failure && (
        <Alert.Root status={state === 'offline' ? 'warning' : 'error'} data-testid="payroll-failed">
          <Alert.Description>{t(state === 'offline' ? 'offline' : 'failed')}</Alert.Description>
          <Text>{failureText(t, failure)}</Text>
          <Button size="sm" minH="11" onClick={() => actor.send({ type: 'retry' })}>
            {t('retry')}
          </Button>
        </Alert.Root>
      )}
      <CalculateFlow actor={actor} />
      {preview && state !== 'loading' && <PreviewTable actor={actor} items={preview.items} />}
    </Stack>
  );
}

function CalculateButton({ actor }: { actor: PayrollActor }) {
  const { t } = useTranslation(NS);
  const timeZone = useAuthSelector(selectStoreSettings)?.timezone ?? 'UTC';
  const [today] = useState(() => dayInTimeZone(new Date(), timeZone));
  const ready = useSelector(actor, (s) => s.matches({ preview: 'ready' }));
  const preview = useSelector(actor, (s) => s.context.preview);
  if (!preview) return null;
  if (preview.locked_by) {
    const id = preview.locked_by.payroll_id;
    return (
      <HStack gap="2">
        <Text data-testid="payroll-locked">{t('locked')}</Text>
        <Button minH="11" variant="outline" onClick={() => actor.send({ type: 'run.open', id })}>
          {t('runs.open')}
        </Button>
      </HStack>
    );
  }
  const ended = hasEnded({ start: preview.range.start_date, end: preview.range.end_date }, today);
  return (
    <Stack gap="1">
      <Button
        minH="11"
        colorPalette="brand"
        disabled={!ready || !ended || !canCalculate(preview)}
        onClick={() => actor.send({ type: 'calculate' })}
        data-testid="payroll-calculate"
      >
        {t('calculate.button')}
      </Button>
      {!ended && <Text color="fg.muted">{t('calculate.notEnded')}</Text>}
    </Stack>
  );
}

function CalculateFlow({ actor }: { actor: PayrollActor }) {
  const { t, i18n } = useTranslation(NS);
  const state = useSelector(actor, (s) => s.value.preview);
  const preview = useSelector(actor, (s) => s.context.preview);
  const failure = useSelector(actor, (s) => s.context.calculateFailure);
  const period = preview && { start: preview.range.start_date, end: preview.range.end_date };
  if (state === 'confirming' && period) {
    return (
      <Box
        role="alertdialog"
        aria-modal="false"
        borderWidth="1px"
        borderRadius="md"
        p="4"
        data-testid="payroll-confirm"
      >
        <Text mb="3">{t('calculate.confirm', { period: periodText(period, i18n.language) })}</Text>
        <HStack gap="3">
          <Button
            minH="11"
            colorPalette="brand"
            onClick={() => actor.send({ type: 'calculate.confirm' })}
            data-testid="payroll-confirm-yes"
          >
            {t('calculate.yes')}
          </Button>
          <Button minH="11" variant="outline" onClick={() => actor.send({ type: 'calculate.cancel' })}>
            {t('calculate.no')}
          </Button>
        </HStack>
      </Box>
    );
  }
  if (state === 'calculating') return <Spinner aria-label={t('calculate.running')} />;
  if (state === 'calculated') {
    return (
      <Alert.Root status="success" data-testid="payroll-calculated">
        <Alert.Description>{t('calculate.done')}</Alert.Description>
      </Alert.Root>
    );
  }
  if (state === 'calculateFailed' && failure) {
    return (
      <Alert.Root status="error" data-testid="payroll-calculate-failed">
        <Alert.Description>{failureText(t, failure)}</Alert.Description>
        <Button size="sm" minH="11" onClick={() => actor.send({ type: 'retry' })}>
          {t('retry')}
        </Button>
        <Button size="sm" minH="11" variant="ghost" onClick={() => actor.send({ type: 'calculate.dismiss' })}>
          {t('dismiss')}
        </Button>
      </Alert.Root>
    );
  }
  return null;
}

function PreviewTable({ actor, items }: { actor: PayrollActor; items: readonly PayrollPreviewItem[] }) {
  const { t, i18n } = useTranslation(NS);
  const currency = useSelector(
    actor,
    (s) => s.context.preview?.items.find((i) => i.statement)?.statement?.currency,
  );
  if (items.length === 0) return <Text data-testid="payroll-empty">{t('empty')}</Text>;
  const money = (minor: number) => moneyText(minor, i18n.language, currency ?? 'USD');
  const columns = [
    'name',
    'service',
    'product',
    'hourly',
    'tips',
    'plan',
    'adjustments',
    'total',
    'check',
    'cash',
  ];
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" data-testid="payroll-preview">
        <Table.Header>
          <Table.Row>
            {columns.map((c) => (
              <Table.ColumnHeader key={c} textAlign={c === 'name' ? 'start' : 'end'}>
                {t(`columns.${c}`)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map(({ user_id, name, statement: s, issues }) => (
            <Table.Row key={user_id} data-testid={`payroll-row-${user_id}`}>
              <Table.Cell>{name}</Table.Cell>
              {s ? (
                [
                  s.service.commission,
                  s.product.commission,
                  s.hourly.pay,
                  s.tips.paid,
                  s.plan.base + s.plan.topUp,
                  s.adjustments.total,
                  s.total,
                  s.payout.check,
                  s.payout.cash,
                ].map((value, i) => (
                  <Table.Cell key={i} textAlign="end" fontWeight={i === 6 ? 'bold' : undefined}>
                    {money(value)}
                  </Table.Cell>
                ))
              ) : (
                <Table.Cell colSpan={columns.length - 1} color="fg.error">
                  {t('issues', { codes: issues.map((i) => t(`issue.${i.code}`)).join(', ') })}
                </Table.Cell>
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

// ---- the runs and one run ----------------------------------------------------------------------------

function RunsSection({ actor }: { actor: PayrollActor }) {
  const { t, i18n } = useTranslation(NS);
  const state = useSelector(actor, (s) => s.value.runs);
  const runs = useSelector(actor, (s) => s.context.runs);
  const failure = useSelector(actor, (s) => s.context.runsFailure);
  return (
    <Stack gap="3" as="section" aria-label={t('runs.title')}>
      <Heading as="h2" size="lg">
        {t('runs.title')}
      </Heading>
      {state === 'loading' && <Spinner aria-label={t('loading')} />}
      {(state === 'failed' || state === 'offline') && failure && (
        <Alert.Root status="error">
          <Alert.Description>{failureText(t, failure)}</Alert.Description>
          <Button size="sm" minH="11" onClick={() => actor.send({ type: 'retry' })}>
            {t('retry')}
          </Button>
        </Alert.Root>
      )}
      {state === 'ready' && runs && runs.items.length === 0 && <Text>{t('runs.empty')}</Text>}
      {state === 'ready' && runs && runs.items.length > 0 && (
        <Box overflowX="auto">
          <Table.Root size="sm" data-testid="payroll-runs">
            <Table.Header>
              <Table.Row>
                {['period', 'technicians', 'total', 'check', 'cash', 'by', ''].map((c) => (
                  <Table.ColumnHeader key={c}>{c ? t(`runs.${c}`) : ''}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {runs.items.map((run) => {
                const money = (minor: number) => moneyText(minor, i18n.language, run.currency);
                return (
                  <Table.Row key={run.id} data-testid={`payroll-run-${run.id}`}>
                    <Table.Cell>
                      {periodText({ start: run.period_start, end: run.period_end }, i18n.language)}
                    </Table.Cell>
                    <Table.Cell>{run.technicians}</Table.Cell>
                    <Table.Cell>{money(run.total)}</Table.Cell>
                    <Table.Cell>{money(run.check)}</Table.Cell>
                    <Table.Cell>{money(run.cash)}</Table.Cell>
                    <Table.Cell>
                      {run.created_by_name ?? ''} · {formatDateTime(run.created_at, i18n.language)}
                    </Table.Cell>
                    <Table.Cell>
                      <Button
                        size="sm"
                        minH="11"
                        variant="outline"
                        onClick={() => actor.send({ type: 'run.open', id: run.id })}
                      >
                        {t('runs.open')}
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Stack>
  );
}

function RunSection({ actor }: { actor: PayrollActor }) {
  const { t, i18n } = useTranslation(NS);
  const state = useSelector(actor, (s) => s.value.run);
  const report = useSelector(actor, (s) => s.context.report);
  const failure = useSelector(actor, (s) => s.context.reportFailure);
  if (state === 'closed') return null;
  return (
    <Stack gap="3" as="section" aria-label={t('run.title')} data-testid="payroll-run">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="lg">
          {report
            ? t('run.heading', {
                period: periodText(
                  { start: report.payroll.period_start, end: report.payroll.period_end },
                  i18n.language,
                ),
              })
            : t('run.title')}
        </Heading>
        <Button minH="11" variant="ghost" onClick={() => actor.send({ type: 'run.close' })}>
          {t('run.close')}
        </Button>
      </HStack>
      {state === 'opening' && <Spinner aria-label={t('loading')} />}
      {state === 'failed' && failure && (
        <Alert.Root status="error">
          <Alert.Description>{failureText(t, failure)}</Alert.Description>
        </Alert.Root>
      )}
      {state === 'open' && report && (
        <Stack gap="4">
          {report.statements.length === 0 && <Text>{t('empty')}</Text>}
          {report.statements.map((row) => (
            <Stack key={row.id} gap="2">
              <PayStatementView userId={row.user_id} name={row.name} statement={row.statement} />
              <Button
                alignSelf="flex-start"
                minH="11"
                variant="outline"
                onClick={() => actor.send({ type: 'statement.print', userId: row.user_id })}
                data-testid={`payroll-print-${row.user_id}`}
              >
                {t('run.print', { name: row.name })}
              </Button>
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
