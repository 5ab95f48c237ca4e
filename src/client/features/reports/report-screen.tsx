/**
 * The one report screen (docs/reports.md: one base, configured per report): heading, period, the totals as
 * figure cards, the config's tables drawn from the totals, the rows in a sortable, paged table, Export CSV
 * and Print, and the loading, empty, failed and offline states of the report chart (machines/report). The
 * route's PIN gate has passed before it mounts (docs/roles.md#access-rules); the chart sends the approval.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  Heading,
  HStack,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  selectDataStatus,
  selectFailure,
  selectIsLoading,
  selectTotals,
} from '../../../../machines/report/report.selectors';
import { useOnlineEvent } from '../../lib/online-events';
import { ReportActor } from './report-actor';
import { NS, wordsOf } from './report-config';
import type { AnyReportConfig, ReportColumn, ReportConfig } from './report-config';
import { ExportFailure, PeopleFilters, PeriodPicker, ReportActions, ReportPaging } from './report-controls';
import { reportLogic } from './report-logic';
import type { ReportLogicDeps } from './report-logic';
import { ReportTable, ValueTable } from './report-table';
import { failureText } from './report-text';
import { readReportUrl } from './report-url';
import { ReportValue } from './report-values';

type Row = Record<string, unknown>;

function FigureCards({ config }: { config: AnyReportConfig }) {
  const { t } = useTranslation(NS);
  const totals = ReportActor.useSelector(selectTotals) as never;
  if (!totals) return null;
  return (
    <SimpleGrid columns={{ base: 2, md: 3, lg: 5 }} gap="3" data-testid="report-figures">
      {config.figures.map((figure) => (
        <Card.Root key={figure.id} size="sm" data-testid={`report-figure-${figure.id}`}>
          <Card.Body gap="1">
            <Text color="fg.muted" fontSize="sm">
              {t(figure.label)}
            </Text>
            <Text fontSize="xl" fontWeight="semibold">
              <ReportValue kind={figure.kind} value={figure.value(totals)} />
            </Text>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

function TotalsTables({ config }: { config: AnyReportConfig }) {
  const { t } = useTranslation(NS);
  const totals = ReportActor.useSelector(selectTotals) as never;
  if (!totals || !config.totalsTables) return null;
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
      {config.totalsTables.map((table) => (
        <Stack key={table.id} gap="2">
          <Heading as="h2" size="md">
            {t(table.title)}
          </Heading>
          <ValueTable
            columns={table.columns as ReadonlyArray<ReportColumn<Row>>}
            rows={table.lines(totals) as readonly Row[]}
            rowKey={(_, index) => String(index)}
            label={t(table.title)}
            testId={`report-${table.id}`}
          />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

function ReportBody({ config }: { config: AnyReportConfig }) {
  const { t } = useTranslation(NS);
  const actor = ReportActor.useActorRef();
  const status = ReportActor.useSelector(selectDataStatus);
  const failure = ReportActor.useSelector(selectFailure);
  const loading = ReportActor.useSelector(selectIsLoading);
  const hasShown = ReportActor.useSelector((s) => s.context.totals !== null);
  useOnlineEvent(actor);

  if (status === 'failed' || status === 'offline') {
    return (
      <Alert.Root status={status === 'offline' ? 'warning' : 'error'} data-testid={`report-${status}`}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t(status === 'offline' ? 'states.offline' : 'states.failed')}</Alert.Title>
          {failure && <Alert.Description>{failureText(t, failure)}</Alert.Description>}
        </Alert.Content>
        <Button minH="11" onClick={() => actor.send({ type: 'retry' })} data-testid="report-retry">
          {t('actions.retry')}
        </Button>
      </Alert.Root>
    );
  }
  if (loading && !hasShown) {
    return (
      <HStack justify="center" py="12" data-testid="report-loading">
        <Spinner color="brand.solid" size="lg" />
        <Text>{t('states.loading')}</Text>
      </HStack>
    );
  }
  return (
    <Stack gap="5" aria-busy={loading} opacity={loading ? 0.6 : 1}>
      <FigureCards config={config} />
      <TotalsTables config={config} />
      <Heading as="h2" size="md">
        {t(`${wordsOf(config)}.rowsTitle`)}
      </Heading>
      {status === 'empty' ? (
        <Box py="8" textAlign="center" data-testid="report-empty">
          <Text>{t('states.empty')}</Text>
        </Box>
      ) : (
        <>
          <ReportTable
            columns={config.columns as ReadonlyArray<ReportColumn<Row>>}
            rowKey={config.rowKey as (row: Row) => string}
            label={t(`${wordsOf(config)}.title`)}
            details={config.details as ReportConfig<Row>['details']}
          />
          <ReportPaging />
        </>
      )}
    </Stack>
  );
}

export interface ReportScreenProps<Row, Totals> {
  config: ReportConfig<Row, Totals>;
  /** Test seams: the API client, the approvals, the download and the print (report-logic.ts). */
  deps?: ReportLogicDeps;
}

export function ReportScreen<Row, Totals>({ config, deps }: ReportScreenProps<Row, Totals>) {
  const { t } = useTranslation(NS);
  const [search] = useSearchParams();
  const logic = useMemo(() => reportLogic(config.name, deps), [config.name, deps]);
  const generic = config as unknown as AnyReportConfig;
  const words = wordsOf(config);
  // The period and fields of the address (a details link's, docs/reports.md#details-screens), else today, the
  // server's default period (docs/reports.md#the-query); the report's own default order, so a header shows
  // the order the rows are in from the start. The chart owns the query from then on; a new address (a link
  // to the same screen with other fields) is a new query.
  const options = useMemo(
    () => ({
      input: {
        sort: config.defaultSort,
        people: (config.people?.length ?? 0) > 0,
        ...readReportUrl(search, [...(config.params ?? []), ...(config.people ?? [])]),
      },
    }),
    [config, search],
  );
  return (
    <ReportActor.Provider key={search.toString()} logic={logic} options={options}>
      <Stack gap="5" p={{ base: '3', md: '6' }} data-testid={`report-${words.replaceAll('/', '-')}`}>
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading as="h1" size="2xl">
            {t(`${words}.title`)}
          </Heading>
          <ReportActions />
        </HStack>
        <PeriodPicker />
        {config.people && config.people.length > 0 && <PeopleFilters filters={config.people} />}
        <ExportFailure />
        <ReportBody config={generic} />
      </Stack>
    </ReportActor.Provider>
  );
}
