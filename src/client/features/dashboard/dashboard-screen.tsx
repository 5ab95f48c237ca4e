/**
 * The dashboard (/dashboard, the default home after login; docs/dashboard.md): the period picked (today by
 * default), the figure cards against the same days a week earlier, the queue now, and the charts. The charts
 * are their own module, loaded with React.lazy once the figures are there, so recharts is in the dashboard's
 * charts chunk only and the till (/pos/new-sale) never downloads it. Loading, empty, failed and offline are the
 * dashboard chart's states (machines/dashboard); the screen renders them and sends its events.
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
  Text,
} from '@chakra-ui/react';
import { Component, lazy, Suspense, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectFailure,
  selectIsLoading,
  selectPeriod,
  selectStatus,
  selectSummary,
} from '../../../../machines/dashboard/dashboard.selectors';
import type { NamedPeriod } from '../../../../machines/report/report.types';
import { REPORT_PERIODS } from '../../../domain/constants';
import { failureKeys } from '../../lib/api/error-messages';
import { useOnlineEvent } from '../../lib/online-events';
import { DashboardActor } from './dashboard-actor';
import { FigureCards, QueueCards } from './dashboard-cards';
import { NS, useDashboardFormat } from './dashboard-format';
import { dashboardLogic } from './dashboard-logic';
import type { DashboardLogicDeps } from './dashboard-logic';

const DashboardCharts = lazy(() => import('./dashboard-charts'));

/** The dashboard has no codes of its own: a failure reads with the app's words (docs/errors.md). */
const NO_OWN_CODES: ReadonlySet<string> = new Set();

const PERIODS = REPORT_PERIODS.filter((p): p is NamedPeriod => p !== 'other');

function PeriodControls() {
  const { t } = useTranslation([NS, 'reports']);
  const actor = DashboardActor.useActorRef();
  const period = DashboardActor.useSelector(selectPeriod);
  const loading = DashboardActor.useSelector(selectIsLoading);
  return (
    <HStack gap="3" align="flex-end" wrap="wrap" role="search" aria-label={t('period.label')}>
      <Field.Root maxW="xs">
        <Field.Label>{t('period.label')}</Field.Label>
        <NativeSelect.Root size="lg">
          <NativeSelect.Field
            value={period}
            onChange={(e) => actor.send({ type: 'period.set', period: e.currentTarget.value as NamedPeriod })}
            data-testid="dashboard-period"
          >
            {PERIODS.map((value) => (
              <option key={value} value={value}>
                {t(`reports:period.${value}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Button
        size="lg"
        variant="outline"
        loading={loading}
        onClick={() => actor.send({ type: 'refresh' })}
        data-testid="dashboard-refresh"
      >
        {t('actions.refresh')}
      </Button>
    </HStack>
  );
}

/** Which store days are shown and which they are compared with (the server's answer, docs/dashboard.md). */
function RangeLine() {
  const { t } = useTranslation(NS);
  const format = useDashboardFormat();
  const summary = DashboardActor.useSelector(selectSummary);
  if (!summary) return null;
  const days = (start: string, end: string) =>
    start === end ? format.day(start) : `${format.day(start)} – ${format.day(end)}`;
  return (
    <Text color="fg.muted" data-testid="dashboard-range">
      {t('range', {
        days: days(summary.range.start_date, summary.range.end_date),
        earlier: days(summary.comparison.start_date, summary.comparison.end_date),
      })}
    </Text>
  );
}

/** A chunk that cannot be fetched (offline on first open) leaves the figures readable. */
class ChartsBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function Charts() {
  const { t } = useTranslation(NS);
  const loadingCharts = (
    <HStack py="6" data-testid="dashboard-charts-loading">
      <Spinner size="sm" />
      <Text>{t('charts.loading')}</Text>
    </HStack>
  );
  return (
    <ChartsBoundary
      fallback={
        <Alert.Root status="warning" data-testid="dashboard-charts-failed">
          <Alert.Indicator />
          <Alert.Title>{t('charts.failed')}</Alert.Title>
        </Alert.Root>
      }
    >
      <Suspense fallback={loadingCharts}>
        <DashboardCharts />
      </Suspense>
    </ChartsBoundary>
  );
}

function DashboardBody() {
  const { t } = useTranslation([NS, 'common']);
  const actor = DashboardActor.useActorRef();
  const status = DashboardActor.useSelector(selectStatus);
  const failure = DashboardActor.useSelector(selectFailure);
  const loading = DashboardActor.useSelector(selectIsLoading);
  const shown = DashboardActor.useSelector((s) => s.context.data !== null);
  useOnlineEvent(actor);

  if (status === 'failed' || status === 'offline') {
    return (
      <Alert.Root status={status === 'offline' ? 'warning' : 'error'} data-testid={`dashboard-${status}`}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t(`states.${status}`)}</Alert.Title>
          {failure && <Alert.Description>{t(failureKeys(NS, NO_OWN_CODES, failure))}</Alert.Description>}
        </Alert.Content>
        <Button minH="11" onClick={() => actor.send({ type: 'retry' })} data-testid="dashboard-retry">
          {t('actions.retry')}
        </Button>
      </Alert.Root>
    );
  }
  if (!shown) {
    return (
      <HStack justify="center" py="12" data-testid="dashboard-loading">
        <Spinner color="brand.solid" size="lg" />
        <Text>{t('states.loading')}</Text>
      </HStack>
    );
  }
  return (
    <Stack gap="5" aria-busy={loading} data-testid="dashboard-body">
      <RangeLine />
      <FigureCards />
      <QueueCards />
      {status === 'empty' ? (
        <Box py="8" textAlign="center" data-testid="dashboard-empty">
          <Text>{t('states.empty')}</Text>
        </Box>
      ) : (
        <Charts />
      )}
    </Stack>
  );
}

export function DashboardScreen({ deps }: { deps?: DashboardLogicDeps }) {
  const { t } = useTranslation(NS);
  const logic = useMemo(() => dashboardLogic(deps), [deps]);
  // Today first, the server's default (docs/dashboard.md#routes-and-access).
  const options = useMemo(() => ({ input: {} }), []);
  return (
    <DashboardActor.Provider logic={logic} options={options}>
      <Stack gap="5" p={{ base: '3', md: '6' }} data-testid="dashboard">
        <Heading as="h1" size="2xl">
          {t('title')}
        </Heading>
        <PeriodControls />
        <DashboardBody />
      </Stack>
    </DashboardActor.Provider>
  );
}
