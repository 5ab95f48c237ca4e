/**
 * Tab 1, "Sync timing" (docs/offline.md#sync-settings): the status card (online/offline, active timers,
 * pending retries, next sync estimate shown as Now when zero or less, last sync time), the queue line (total,
 * pending, failed; Force sync now, disabled while offline), the settings (immediate sync, batch size, max age
 * in hours, three sync intervals and three retry intervals in seconds; docs/offline.md#sync-settings ranges,
 * checked by the sync scheduler on Save) and the explanatory cards. Failed requests are listed (method, path,
 * tags, attempts, last error, age) and can be retried, exported, or removed after a confirmation here
 * (docs/offline.md). Requests answered 401 while the session was gone wait for a sign-in: the status card
 * says so ("sign in to sync"), with the queue's health.
 */
import {
  Alert,
  Button,
  Checkbox,
  Field,
  HStack,
  Input,
  List,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectCanForceSync,
  selectHealth,
  selectIsPaused,
  selectIsSyncing,
  selectSyncError,
  selectSyncStatus,
} from '../../../../machines/sync-scheduler/sync-scheduler.selectors';
import {
  selectConfirmingOperation,
  selectFailedRequests,
  selectLastResult,
  selectRunningOperation,
  selectToolsError,
} from '../../../../machines/worker-tools/worker-tools.selectors';
import type { FailedRequestSummary } from '../../../../machines/worker-tools/worker-tools.types';
import { SYNC_CONFIG_LIMITS, SYNC_INTERVAL_COUNT } from '../../../domain/constants';
import type { SyncConfigError } from '../../../domain/sync-config';
import { formatTime } from '../../lib/format';
import { errorText } from './messages';
import type { PwaActors } from './pwa-context';
import { useQueueStats } from './pwa-context';
import { formatAgo, formatSeconds } from './pwa-format';
import { ConfirmAlert, Fact, Facts, Section } from './settings-ui';
import { fieldError } from './sync-form';
import type { SyncFormText } from './sync-form';

/** A clock for "next sync in …": ticks every second while the tab is on screen. */
function subscribeClock(onTick: () => void): () => void {
  const timer = setInterval(onTick, 1_000);
  return () => clearInterval(timer);
}
const SECOND = 1_000;
function useNow(): number {
  return useSyncExternalStore(
    subscribeClock,
    () => Math.floor(Date.now() / SECOND) * SECOND,
    () => 0,
  );
}

function StatusCard({ actors }: { actors: PwaActors }) {
  const { t, i18n } = useTranslation('common');
  const now = useNow();
  const status = useSelector(actors.syncScheduler, (s) => selectSyncStatus(s, now));
  const stats = useQueueStats(actors.queueStats);
  const syncing = useSelector(actors.syncScheduler, selectIsSyncing);
  const health = useSelector(actors.syncScheduler, selectHealth);
  const next = status.nextSyncEstimate;
  return (
    <Section title={t('pwa.sync.status.title')} testId="sync-status">
      <Facts>
        <Fact
          label={t('pwa.sync.status.connection')}
          value={status.isOnline ? t('pwa.indicator.online') : t('pwa.indicator.offline')}
          testId="sync-connection"
        />
        <Fact label={t('pwa.sync.status.activeTimers')} value={status.activeIntervals} testId="sync-timers" />
        <Fact
          label={t('pwa.sync.status.pendingRetries')}
          value={stats.pendingRetries}
          testId="sync-retries"
        />
        <Fact
          label={t('pwa.sync.status.nextSync')}
          value={
            next === null
              ? t('pwa.sync.status.notScheduled')
              : next <= 0
                ? t('pwa.sync.status.now')
                : t('pwa.sync.status.inTime', { time: formatSeconds(next, i18n.language) })
          }
          testId="sync-next"
        />
        <Fact
          label={t('pwa.sync.status.lastSync')}
          value={
            status.lastSyncTime === null
              ? t('pwa.sync.status.never')
              : formatTime(status.lastSyncTime, i18n.language)
          }
          testId="sync-last"
        />
        <Fact
          label={t('pwa.sync.status.health')}
          value={t(`pwa.sync.health.${health}`)}
          testId="sync-health"
        />
        {syncing && <Fact label={t('pwa.sync.status.activity')} value={t('pwa.indicator.syncing')} />}
      </Facts>
      {stats.heldRequests > 0 && (
        <Alert.Root status="warning" role="status" data-testid="sync-sign-in">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('pwa.sync.signIn.title')}</Alert.Title>
            <Alert.Description>{t('pwa.sync.signIn.text', { count: stats.heldRequests })}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </Section>
  );
}

function FailedList({ failed }: { failed: readonly FailedRequestSummary[] }) {
  const { t, i18n } = useTranslation('common');
  const now = useNow();
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" data-testid="failed-list">
        <Table.Caption captionSide="top" textAlign="start" fontWeight="semibold">
          {t('pwa.sync.failed.title')}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('pwa.sync.failed.method')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('pwa.sync.failed.path')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('pwa.sync.failed.tags')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('pwa.sync.failed.attempts')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('pwa.sync.failed.lastError')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('pwa.sync.failed.age')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {failed.map((request) => (
            <Table.Row key={request.id} data-testid="failed-row">
              <Table.Cell>{request.method}</Table.Cell>
              <Table.Cell wordBreak="break-all">{request.path}</Table.Cell>
              <Table.Cell>{request.tags.join(', ') || '—'}</Table.Cell>
              <Table.Cell textAlign="end">{request.attempts}</Table.Cell>
              <Table.Cell>{request.lastError ?? '—'}</Table.Cell>
              <Table.Cell>{formatAgo(Math.max(0, now - request.queuedAt), i18n.language)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

const QUEUE_RESULTS = new Set(['retryFailed', 'exportFailed', 'removeFailed']);

function QueueLine({ actors }: { actors: PwaActors }) {
  const { t } = useTranslation('common');
  const scheduler = actors.syncScheduler;
  const stats = useQueueStats(actors.queueStats);
  const canForce = useSelector(scheduler, selectCanForceSync);
  const paused = useSelector(scheduler, selectIsPaused);
  const syncing = useSelector(scheduler, selectIsSyncing);
  const syncError = useSelector(scheduler, selectSyncError);
  // The failed requests' list, retry, export and removal: operations of this tab's own worker-tools actor,
  // which lists them when the tab opens.
  const tools = useActorRef(actors.workerTools, { input: { initial: { operation: 'listFailed' } } });
  const running = useSelector(tools, selectRunningOperation);
  const confirming = useSelector(tools, selectConfirmingOperation);
  const toolsError = useSelector(tools, selectToolsError);
  const last = useSelector(tools, selectLastResult);
  const failed = useSelector(tools, selectFailedRequests);
  const failedCount = stats.failedRequests;
  // The live count changed (a request failed, or another tab retried): read the list again. A click while an
  // operation runs is dropped by the chart; that operation reads the list itself.
  useEffect(() => {
    tools.send({ type: 'tools.run', operation: 'listFailed' });
  }, [tools, failedCount]);
  const idle = running === null && confirming === null;
  const run = (operation: 'retryFailed' | 'exportFailed' | 'removeFailed') =>
    tools.send({ type: 'tools.run', operation });
  return (
    <Section title={t('pwa.sync.queue.title')} testId="sync-queue">
      <Facts>
        <Fact label={t('pwa.sync.queue.total')} value={stats.totalRequests} testId="queue-total" />
        <Fact label={t('pwa.sync.queue.pending')} value={stats.pendingRequests} testId="queue-pending" />
        <Fact label={t('pwa.sync.queue.failed')} value={stats.failedRequests} testId="queue-failed" />
      </Facts>
      <HStack gap="2" flexWrap="wrap">
        <Button
          colorPalette="brand"
          minH="11"
          disabled={!canForce}
          loading={syncing}
          onClick={() => scheduler.send({ type: 'sync.force' })}
        >
          {t('pwa.sync.queue.forceSync')}
        </Button>
        <Button
          variant="outline"
          minH="11"
          onClick={() => scheduler.send({ type: paused ? 'sync.resume' : 'sync.pause' })}
        >
          {paused ? t('pwa.sync.queue.resume') : t('pwa.sync.queue.pause')}
        </Button>
        <Button
          variant="outline"
          minH="11"
          disabled={failedCount === 0 || !idle}
          loading={running === 'retryFailed'}
          onClick={() => run('retryFailed')}
        >
          {t('pwa.sync.queue.retryFailed')}
        </Button>
        <Button
          variant="outline"
          minH="11"
          disabled={failedCount === 0 || !idle}
          loading={running === 'exportFailed'}
          onClick={() => run('exportFailed')}
        >
          {t('pwa.sync.queue.exportFailed')}
        </Button>
        <Button
          variant="outline"
          colorPalette="red"
          minH="11"
          disabled={failedCount === 0 || !idle}
          loading={running === 'removeFailed'}
          onClick={() => run('removeFailed')}
        >
          {t('pwa.sync.queue.removeFailed')}
        </Button>
      </HStack>
      {confirming === 'removeFailed' && (
        <ConfirmAlert
          label={t('pwa.sync.queue.removeFailed')}
          question={t('pwa.sync.queue.removeFailedConfirm', { count: failedCount })}
          confirmLabel={t('pwa.sync.queue.remove')}
          cancelLabel={t('pwa.settings.cancel')}
          onConfirm={() => tools.send({ type: 'tools.confirm' })}
          onCancel={() => tools.send({ type: 'tools.cancel' })}
          testId="remove-failed-confirm"
        />
      )}
      {!canForce && <Text color="fg.muted">{t('pwa.sync.queue.offlineHint')}</Text>}
      {syncError && (
        <Alert.Root status="error" role="status" data-testid="sync-error">
          <Alert.Indicator />
          <Alert.Title>{errorText(t, syncError)}</Alert.Title>
        </Alert.Root>
      )}
      {toolsError && (
        <Alert.Root status="error" role="status">
          <Alert.Indicator />
          <Alert.Title>{errorText(t, toolsError)}</Alert.Title>
        </Alert.Root>
      )}
      {last && !toolsError && QUEUE_RESULTS.has(last.operation) && (
        <Text color="fg.muted" role="status" data-testid="queue-result">
          {t(`pwa.sync.queue.${last.operation}Done`, { count: last.count ?? 0 })}
        </Text>
      )}
      {failed && failed.length > 0 && <FailedList failed={failed} />}
    </Section>
  );
}

interface NumberFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: SyncConfigError | undefined;
  min: number;
  max: number;
  hint?: string;
}

function NumberField({ id, label, value, onChange, error, min, max, hint }: NumberFieldProps) {
  const { t } = useTranslation('common');
  return (
    <Field.Root invalid={error !== undefined} data-testid={`field-${id}`}>
      <Field.Label>{label}</Field.Label>
      <Input
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        size="lg"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <Field.ErrorText>{errorText(t, error)}</Field.ErrorText>
      ) : (
        hint && <Field.HelperText>{hint}</Field.HelperText>
      )}
    </Field.Root>
  );
}

export interface SyncSettingsProps {
  form: SyncFormText;
  onChange: (form: SyncFormText) => void;
  /** The scheduler's errors of the last Save of this dialog (none before one). */
  errors: readonly SyncConfigError[];
}

function SyncSettings({ form, onChange, errors }: SyncSettingsProps) {
  const { t } = useTranslation('common');
  const { batchSize, maxAgeHours, syncIntervalSeconds, retryIntervalSeconds } = SYNC_CONFIG_LIMITS;
  const range = (limits: { min: number; max: number }) => t('pwa.sync.settings.range', limits);
  const setList = (field: 'intervalsSeconds' | 'retryIntervalsSeconds', index: number, value: string) =>
    onChange({ ...form, [field]: form[field].map((old, i) => (i === index ? value : old)) });
  const slots = Array.from({ length: SYNC_INTERVAL_COUNT }, (_, i) => i);
  return (
    <Section title={t('pwa.sync.settings.title')} testId="sync-settings">
      <Checkbox.Root
        checked={form.immediate}
        onCheckedChange={(details) => onChange({ ...form, immediate: details.checked === true })}
        size="lg"
        minH="11"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('pwa.sync.settings.immediate')}</Checkbox.Label>
      </Checkbox.Root>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <NumberField
          id="batch-size"
          label={t('pwa.sync.settings.batchSize')}
          value={form.batchSize}
          onChange={(value) => onChange({ ...form, batchSize: value })}
          error={fieldError(errors, 'batchSize')}
          hint={range(batchSize)}
          {...batchSize}
        />
        <NumberField
          id="max-age"
          label={t('pwa.sync.settings.maxAge')}
          value={form.maxAgeHours}
          onChange={(value) => onChange({ ...form, maxAgeHours: value })}
          error={fieldError(errors, 'maxAge')}
          hint={range(maxAgeHours)}
          {...maxAgeHours}
        />
      </SimpleGrid>
      <Stack gap="2">
        <Text fontWeight="semibold">{t('pwa.sync.settings.intervals')}</Text>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          {slots.map((i) => (
            <NumberField
              key={i}
              id={`interval-${i + 1}`}
              label={t('pwa.sync.settings.interval', { n: i + 1 })}
              value={form.intervalsSeconds[i] ?? ''}
              onChange={(value) => setList('intervalsSeconds', i, value)}
              error={fieldError(errors, 'intervals', i)}
              hint={range(syncIntervalSeconds)}
              {...syncIntervalSeconds}
            />
          ))}
        </SimpleGrid>
      </Stack>
      <Stack gap="2">
        <Text fontWeight="semibold">{t('pwa.sync.settings.retryIntervals')}</Text>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          {slots.map((i) => (
            <NumberField
              key={i}
              id={`retry-${i + 1}`}
              label={t('pwa.sync.settings.retryInterval', { n: i + 1 })}
              value={form.retryIntervalsSeconds[i] ?? ''}
              onChange={(value) => setList('retryIntervalsSeconds', i, value)}
              error={fieldError(errors, 'retryIntervals', i)}
              hint={range(retryIntervalSeconds)}
              {...retryIntervalSeconds}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Section>
  );
}

const STRATEGIES = ['immediate', 'intervals', 'visibility', 'retry', 'batch', 'cleanup'] as const;
const PRACTICES = ['short', 'battery', 'batch', 'watch'] as const;

function Explanations() {
  const { t } = useTranslation('common');
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <Section title={t('pwa.sync.strategies.title')}>
        <List.Root gap="2" ps="4">
          {STRATEGIES.map((key) => (
            <List.Item key={key}>
              <Text as="span" fontWeight="semibold">
                {t(`pwa.sync.strategies.${key}.name`)}
              </Text>
              {' — '}
              {t(`pwa.sync.strategies.${key}.text`)}
            </List.Item>
          ))}
        </List.Root>
      </Section>
      <Section title={t('pwa.sync.practices.title')}>
        <List.Root gap="2" ps="4">
          {PRACTICES.map((key) => (
            <List.Item key={key}>{t(`pwa.sync.practices.${key}`)}</List.Item>
          ))}
        </List.Root>
      </Section>
    </SimpleGrid>
  );
}

export function SyncTab({ actors, ...settings }: { actors: PwaActors } & SyncSettingsProps) {
  return (
    <Stack gap="4">
      <StatusCard actors={actors} />
      <QueueLine actors={actors} />
      <SyncSettings {...settings} />
      <Explanations />
    </Stack>
  );
}
