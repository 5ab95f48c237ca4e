/**
 * The report's controls: the period (the fourteen choices of docs/api.md#defaults-and-formats, the custom one
 * with its two days applied together), the pager, and Export CSV and Print. Each sends the chart an event;
 * the chart decides what loads.
 */
import { Alert, Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidRange } from '../../../../machines/report/report.rules';
import {
  selectCanExport,
  selectCustom,
  selectDataStatus,
  selectExportFailure,
  selectExportStatus,
  selectFilters,
  selectIsLoading,
  selectPage,
  selectPageCount,
  selectPeople,
  selectPeriod,
  selectRange,
  selectTotal,
} from '../../../../machines/report/report.selectors';
import type { NamedPeriod } from '../../../../machines/report/report.types';
import { REPORT_PERIODS } from '../../../domain/constants';
import type { ReportPeriod } from '../../../domain/constants';
import { PageSteps } from '../../components/page-steps';
import { ReportActor } from './report-actor';
import { NS } from './report-config';
import type { PersonFilter } from './report-config';
import { failureText } from './report-text';
import { ReportValue } from './report-values';

export function PeriodPicker() {
  const { t } = useTranslation(NS);
  const actor = ReportActor.useActorRef();
  const period = ReportActor.useSelector(selectPeriod);
  const custom = ReportActor.useSelector(selectCustom);
  // What is picked and typed before it is applied (a custom range waits for its two days).
  const [choice, setChoice] = useState<ReportPeriod>(period);
  const [start, setStart] = useState(custom?.start ?? '');
  const [end, setEnd] = useState(custom?.end ?? '');
  const pick = (value: ReportPeriod) => {
    setChoice(value);
    if (value !== 'other') actor.send({ type: 'period.set', period: value as NamedPeriod });
  };
  const valid = isValidRange(start, end);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (valid) actor.send({ type: 'period.custom', start, end });
  };
  return (
    <Stack as="form" onSubmit={apply} gap="3" aria-label={t('period.label')} role="search">
      <HStack gap="3" align="flex-end" wrap="wrap">
        <Field.Root maxW="xs">
          <Field.Label>{t('period.label')}</Field.Label>
          <NativeSelect.Root size="lg">
            <NativeSelect.Field
              value={choice}
              onChange={(e) => pick(e.currentTarget.value as ReportPeriod)}
              data-testid="report-period"
            >
              {REPORT_PERIODS.map((value) => (
                <option key={value} value={value}>
                  {t(`period.${value}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {choice === 'other' && (
          <>
            <Field.Root maxW="xs">
              <Field.Label>{t('period.start')}</Field.Label>
              <Input
                type="date"
                size="lg"
                value={start}
                onChange={(e) => setStart(e.currentTarget.value)}
                data-testid="report-start"
              />
            </Field.Root>
            <Field.Root maxW="xs" invalid={start !== '' && end !== '' && !valid}>
              <Field.Label>{t('period.end')}</Field.Label>
              <Input
                type="date"
                size="lg"
                value={end}
                onChange={(e) => setEnd(e.currentTarget.value)}
                data-testid="report-end"
              />
              <Field.ErrorText>{t('period.invalid')}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" size="lg" colorPalette="brand" disabled={!valid} data-testid="report-apply">
              {t('period.apply')}
            </Button>
          </>
        )}
      </HStack>
      <RangeLine />
    </Stack>
  );
}

/**
 * The people filters (docs/reports.md#the-query): "who worked on it" (`user_id`) and "who rang it up"
 * (`cashier_id`), each a select of the store's people with "everyone" first. Hidden until the people are
 * loaded (the report does not wait for them); a person the address named shows as chosen.
 */
export function PeopleFilters({ filters }: { filters: readonly PersonFilter[] }) {
  const { t } = useTranslation(NS);
  const actor = ReportActor.useActorRef();
  const people = ReportActor.useSelector(selectPeople);
  const chosen = ReportActor.useSelector(selectFilters);
  if (people.length === 0) return null;
  return (
    <HStack gap="3" align="flex-end" wrap="wrap" className="no-print">
      {filters.map((name) => (
        <Field.Root key={name} maxW="xs">
          <Field.Label>{t(`people.${name}`)}</Field.Label>
          <NativeSelect.Root size="lg">
            <NativeSelect.Field
              value={chosen[name] ?? ''}
              onChange={(e) => {
                const value = e.currentTarget.value;
                actor.send({ type: 'filter.set', name, value: value === '' ? null : value });
              }}
              data-testid={`report-people-${name}`}
            >
              <option value="">{t('people.everyone')}</option>
              {people.map((person) => (
                <option key={person.id} value={String(person.id)}>
                  {person.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      ))}
    </HStack>
  );
}

/** Which store days the server read (its answer's range): the days a period means are the store's. */
function RangeLine() {
  const { t } = useTranslation(NS);
  const range = ReportActor.useSelector(selectRange);
  if (!range) return null;
  return (
    <Text color="fg.muted" data-testid="report-range">
      {t('period.range')} <ReportValue kind="day" value={range.start_date} /> –{' '}
      <ReportValue kind="day" value={range.end_date} />
    </Text>
  );
}

export function ReportPaging() {
  const { t } = useTranslation(NS);
  const actor = ReportActor.useActorRef();
  const page = ReportActor.useSelector(selectPage);
  const pages = ReportActor.useSelector(selectPageCount);
  const total = ReportActor.useSelector(selectTotal);
  const busy = ReportActor.useSelector(selectIsLoading);
  return (
    <HStack as="nav" aria-label={t('pager.label')} justify="space-between" wrap="wrap" gap="3">
      <Text color="fg.muted" data-testid="report-count">
        {t('pager.total', { count: total })}
      </Text>
      <HStack gap="2">
        <PageSteps
          page={page}
          pages={pages}
          busy={busy}
          go={(to) => actor.send({ type: 'page.go', page: to })}
          testId="report-pager"
          ns={NS}
        />
      </HStack>
    </HStack>
  );
}

export function ReportActions() {
  const { t } = useTranslation(NS);
  const actor = ReportActor.useActorRef();
  const canExport = ReportActor.useSelector(selectCanExport);
  const exporting = ReportActor.useSelector(selectExportStatus) === 'exporting';
  const status = ReportActor.useSelector(selectDataStatus);
  return (
    <HStack gap="3" wrap="wrap" className="no-print">
      <Button
        size="lg"
        variant="outline"
        disabled={!canExport}
        loading={exporting}
        onClick={() => actor.send({ type: 'export' })}
        data-testid="report-export"
      >
        {t('actions.export')}
      </Button>
      <Button
        size="lg"
        variant="outline"
        disabled={status !== 'ready' && status !== 'empty'}
        onClick={() => actor.send({ type: 'print' })}
        data-testid="report-print"
      >
        {t('actions.print')}
      </Button>
    </HStack>
  );
}

export function ExportFailure() {
  const { t } = useTranslation(NS);
  const actor = ReportActor.useActorRef();
  const failure = ReportActor.useSelector(selectExportFailure);
  if (!failure) return null;
  return (
    <Alert.Root status="error" data-testid="report-export-error">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('states.exportFailed')}</Alert.Title>
        <Alert.Description>{failureText(t, failure)}</Alert.Description>
      </Alert.Content>
      <HStack gap="2">
        <Button minH="11" onClick={() => actor.send({ type: 'export' })}>
          {t('actions.retry')}
        </Button>
        <Button minH="11" variant="ghost" onClick={() => actor.send({ type: 'export.dismiss' })}>
          {t('actions.dismiss')}
        </Button>
      </HStack>
    </Alert.Root>
  );
}
