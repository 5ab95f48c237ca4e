/**
 * The employee check-in/out report (/pos/report/check-in-out; docs/front-desk.md "Working-time reports"): for a
 * range of business days, each technician's days, worked hours and breaks with the store's totals, the shifts
 * themselves, a person's day with its check-ins, check-outs and breaks, a manager's correction or removal of
 * that day (correction-dialog.tsx), and the CSV. No PIN to open it: docs/roles.md#access-rules leaves this
 * report out of the report PIN; a change asks for a manager's.
 *
 * The report and the day are record charts (machines/record) made for their range and day (working-time-logic.ts);
 * a new range is a new chart, keyed by the range. The export is a form sent once (machines/form-submit).
 */
import {
  Alert,
  Box,
  Button,
  Field,
  Heading,
  HStack,
  Input,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { selectStoreId, selectStoreSettings } from '../../../../machines/auth/auth.selectors';
import { formSubmitMachine } from '../../../../machines/form-submit/form-submit.machine';
import {
  selectRecord,
  selectRecordFailure,
  selectRecordStatus,
} from '../../../../machines/record/record.selectors';
import type { WorkingTimeRow, WorkingTimeSummary } from '../../../contracts/working-times';
import { dayInTimeZone } from '../../../domain/report-periods';
import { useAuthSelector } from '../../lib/actors/auth-actor';
import { useOnlineEvent } from '../../lib/online-events';
import { newIdempotencyKey } from '../../lib/api/idempotency-key';
import { formatDate, formatTime } from '../../lib/format';
import type { CorrectionLogic } from './correction-dialog';
import { DayPanel } from './day-panel';
import { exportReport, reportLogic } from './working-time-logic';
import type { DateRange, WorkingTimeReport } from './working-time-logic';
import { failureText, hoursText, NS } from './working-time-text';

type Person = WorkingTimeSummary['employees'][number];

const features = tableFeatures({});
type Features = typeof features;

export interface WorkingTimeReportProps {
  /** The correction chart with its real PIN check and write (app/areas/working-time-area.tsx). */
  correctionLogic: CorrectionLogic;
}

function useTimeZone(): string {
  return useAuthSelector(selectStoreSettings)?.timezone ?? 'UTC';
}

export function WorkingTimeReportScreen({ correctionLogic }: WorkingTimeReportProps) {
  const { t } = useTranslation(NS);
  const timeZone = useTimeZone();
  const [today] = useState(() => dayInTimeZone(new Date(), timeZone));
  const [typed, setTyped] = useState<DateRange>({ from: today, to: today });
  const [range, setRange] = useState<DateRange>(typed);
  const valid = typed.from !== '' && typed.to !== '' && typed.from <= typed.to;
  const show = (event: FormEvent) => {
    event.preventDefault();
    if (valid) setRange(typed);
  };
  const key = `${range.from}..${range.to}`;
  return (
    <Stack gap="5" p={{ base: '3', md: '6' }} data-testid="working-time-report">
      <Heading as="h1" size="2xl">
        {t('title')}
      </Heading>
      <HStack as="form" onSubmit={show} gap="3" align="flex-end" wrap="wrap" aria-label={t('range.label')}>
        <Field.Root w="auto" invalid={!valid}>
          <Field.Label>{t('range.from')}</Field.Label>
          <Input
            type="date"
            minH="11"
            value={typed.from}
            max={today}
            onChange={(e) => setTyped({ ...typed, from: e.currentTarget.value })}
            data-testid="working-time-from"
          />
        </Field.Root>
        <Field.Root w="auto" invalid={!valid}>
          <Field.Label>{t('range.to')}</Field.Label>
          <Input
            type="date"
            minH="11"
            value={typed.to}
            onChange={(e) => setTyped({ ...typed, to: e.currentTarget.value })}
            data-testid="working-time-to"
          />
        </Field.Root>
        <Button
          type="submit"
          minH="11"
          colorPalette="brand"
          disabled={!valid}
          data-testid="working-time-show"
        >
          {t('range.show')}
        </Button>
        <ExportButton key={key} range={range} />
      </HStack>
      {!valid && <Text color="fg.error">{t('range.invalid')}</Text>}
      <ReportView key={key} range={range} correctionLogic={correctionLogic} />
    </Stack>
  );
}

// ---- export ------------------------------------------------------------------------------------------

const exportLogic = formSubmitMachine.provide({
  actors: {
    validate: fromPromise(() => Promise.resolve()),
    submit: fromPromise(({ input, signal }) =>
      exportReport({ from: input.values.from ?? '', to: input.values.to ?? '' }, signal),
    ),
  },
  actions: { announceDone: () => undefined },
});

/** One export of the range shown; once saved, another press makes a new one. */
function ExportButton({ range }: { range: DateRange }) {
  const [round, setRound] = useState(0);
  return <ExportOnce key={round} range={range} again={() => setRound((n) => n + 1)} />;
}

function ExportOnce({ range, again }: { range: DateRange; again: () => void }) {
  const { t } = useTranslation(NS);
  const actor = useActorRef(exportLogic, { input: { values: { from: range.from, to: range.to } } });
  const state = useSelector(actor, (s) => s.value);
  const failure = useSelector(actor, (s) => s.context.failure);
  const busy = state === 'validating' || state === 'submitting';
  return (
    <HStack gap="2">
      <Button
        minH="11"
        variant="outline"
        loading={busy}
        onClick={() =>
          state === 'done' ? again() : actor.send({ type: 'submit', idempotencyKey: newIdempotencyKey() })
        }
        data-testid="working-time-export"
        data-state={String(state)}
      >
        {t('export.button')}
      </Button>
      {state === 'failed' && failure && (
        <Text color="fg.error" role="alert">
          {t('export.failed')} {failureText(t, failure)}
        </Text>
      )}
    </HStack>
  );
}

// ---- the report --------------------------------------------------------------------------------------

interface OpenDay {
  userId: number;
  dateWork: string;
}

function ReportView({ range, correctionLogic }: { range: DateRange; correctionLogic: CorrectionLogic }) {
  const { t } = useTranslation(NS);
  const storeId = useAuthSelector(selectStoreId) ?? 0;
  const logic = useMemo(() => reportLogic(range), [range]);
  const actor = useActorRef(logic, { input: { id: storeId } });
  useOnlineEvent(actor);
  const status = useSelector(actor, selectRecordStatus);
  const report = useSelector(actor, selectRecord);
  const failure = useSelector(actor, selectRecordFailure);
  const [open, setOpen] = useState<OpenDay | null>(null);
  if (!report) {
    if (status === 'loading') {
      return (
        <HStack justify="center" py="12" data-testid="working-time-loading">
          <Spinner color="brand.solid" size="lg" />
          <Text>{t('states.loading')}</Text>
        </HStack>
      );
    }
    return (
      <Alert.Root status={status === 'offline' ? 'warning' : 'error'} data-testid={`working-time-${status}`}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t(status === 'offline' ? 'states.offline' : 'states.failed')}</Alert.Title>
          {failure && status !== 'offline' && (
            <Alert.Description>{failureText(t, failure)}</Alert.Description>
          )}
        </Alert.Content>
        {status !== 'notFound' && (
          <Button minH="11" onClick={() => actor.send({ type: 'retry' })}>
            {t('states.retry')}
          </Button>
        )}
      </Alert.Root>
    );
  }
  return (
    <Stack gap="6">
      {status === 'reloading' && <Text color="fg.muted">{t('states.reloading')}</Text>}
      {status === 'shown' && failure && (
        <Text color="fg.error" role="alert">
          {t('states.reloadFailed')} {failureText(t, failure)}
        </Text>
      )}
      <SummaryTable summary={report.summary} />
      <ShiftsTable
        report={report}
        onOpen={(row) => setOpen({ userId: row.user_id, dateWork: row.date_work })}
      />
      {open && (
        <DayPanel
          key={`${open.userId}:${open.dateWork}`}
          userId={open.userId}
          dateWork={open.dateWork}
          correctionLogic={correctionLogic}
          onClose={() => setOpen(null)}
          onChanged={() => actor.send({ type: 'reload' })}
        />
      )}
    </Stack>
  );
}

function SummaryTable({ summary }: { summary: WorkingTimeSummary }) {
  const { t } = useTranslation(NS);
  const columns = useMemo(() => {
    const helper = createColumnHelper<Features, Person>();
    return helper.columns([
      helper.accessor('name', { header: () => t('summary.name') }),
      helper.accessor('days_worked', { header: () => t('summary.days') }),
      helper.accessor('shifts', { header: () => t('summary.shifts') }),
      helper.accessor('worked_minutes', {
        header: () => t('summary.worked'),
        cell: ({ row }) => hoursText(row.original.worked_minutes),
      }),
      helper.accessor('break_minutes', {
        header: () => t('summary.breaks'),
        cell: ({ row }) => hoursText(row.original.break_minutes),
      }),
    ]);
  }, [t]);
  const table = useTable({
    features,
    columns,
    data: summary.employees,
    getRowId: (row) => String(row.user_id),
  });
  return (
    <Stack as="section" gap="3" aria-label={t('summary.title')} data-testid="working-time-summary">
      <Heading as="h2" size="lg">
        {t('summary.title')}
      </Heading>
      {summary.employees.length === 0 ? (
        <Text color="fg.muted" data-testid="working-time-empty">
          {t('summary.empty')}
        </Text>
      ) : (
        <Box overflowX="auto">
          <Table.Root size="sm" variant="outline">
            <Table.Header>
              {table.getHeaderGroups().map((group) => (
                <Table.Row key={group.id}>
                  {group.headers.map((header) => (
                    <Table.ColumnHeader key={header.id}>
                      {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              ))}
            </Table.Header>
            <Table.Body>
              {table.getRowModel().rows.map((row) => (
                <Table.Row key={row.id} data-testid="working-time-person" data-name={row.original.name}>
                  {row.getAllCells().map((cell) => (
                    <Table.Cell key={cell.id} data-column={cell.column.id}>
                      <table.FlexRender cell={cell} />
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
            <Table.Footer>
              <Table.Row fontWeight="semibold" data-testid="working-time-totals">
                <Table.Cell>{t('summary.total')}</Table.Cell>
                <Table.Cell>{summary.totals.days_worked}</Table.Cell>
                <Table.Cell>{summary.totals.shifts}</Table.Cell>
                <Table.Cell data-column="worked_minutes">
                  {hoursText(summary.totals.worked_minutes)}
                </Table.Cell>
                <Table.Cell>{hoursText(summary.totals.break_minutes)}</Table.Cell>
              </Table.Row>
            </Table.Footer>
          </Table.Root>
        </Box>
      )}
    </Stack>
  );
}

function ShiftsTable({
  report,
  onOpen,
}: {
  report: WorkingTimeReport;
  onOpen: (row: WorkingTimeRow) => void;
}) {
  const { t, i18n } = useTranslation(NS);
  const timeZone = useTimeZone();
  const columns = useMemo(() => {
    const helper = createColumnHelper<Features, WorkingTimeRow>();
    const time = (iso: string) => formatTime(iso, i18n.language, timeZone);
    return helper.columns([
      helper.accessor('date_work', {
        header: () => t('shifts.date'),
        cell: ({ row }) => formatDate(row.original.date_work, i18n.language, { timeZone: 'UTC' }),
      }),
      helper.accessor('name', { header: () => t('shifts.name') }),
      helper.accessor('check_in_at', {
        header: () => t('shifts.in'),
        cell: ({ row }) => time(row.original.check_in_at),
      }),
      helper.accessor('check_out_at', {
        header: () => t('shifts.out'),
        cell: ({ row }) => (row.original.check_out_at ? time(row.original.check_out_at) : t('shifts.open')),
      }),
      helper.accessor('break_minutes', {
        header: () => t('shifts.breaks'),
        cell: ({ row }) => hoursText(row.original.break_minutes),
      }),
      helper.accessor('worked_minutes', {
        header: () => t('shifts.worked'),
        cell: ({ row }) => hoursText(row.original.worked_minutes),
      }),
      helper.display({
        id: '_open',
        header: () => null,
        cell: ({ row }) => (
          <Button
            size="sm"
            minH="11"
            variant="outline"
            onClick={() => onOpen(row.original)}
            data-testid="working-time-open-day"
          >
            {t('shifts.openDay')}
          </Button>
        ),
      }),
    ]);
  }, [t, i18n.language, timeZone, onOpen]);
  const { items, total } = report.shifts;
  const table = useTable({ features, columns, data: items, getRowId: (row) => String(row.id) });
  if (items.length === 0) return null;
  return (
    <Stack as="section" gap="3" aria-label={t('shifts.title')} data-testid="working-time-shifts">
      <Heading as="h2" size="lg">
        {t('shifts.title')}
      </Heading>
      <Box overflowX="auto">
        <Table.Root size="sm" variant="outline" interactive>
          <Table.Header>
            {table.getHeaderGroups().map((group) => (
              <Table.Row key={group.id}>
                {group.headers.map((header) => (
                  <Table.ColumnHeader key={header.id}>
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            ))}
          </Table.Header>
          <Table.Body>
            {table.getRowModel().rows.map((row) => (
              <Table.Row
                key={row.id}
                data-testid="working-time-shift"
                data-name={row.original.name}
                data-date={row.original.date_work}
              >
                {row.getAllCells().map((cell) => (
                  <Table.Cell key={cell.id} data-column={cell.column.id}>
                    <table.FlexRender cell={cell} />
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      {total > items.length && (
        <Text color="fg.muted">{t('shifts.more', { shown: items.length, total })}</Text>
      )}
    </Stack>
  );
}
