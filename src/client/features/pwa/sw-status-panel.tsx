/**
 * The service-worker status panel (docs/platform.md#worker-tools): status, current version, update available;
 * the buttons Check for Updates, Apply Update, Clear Cache, Cache Info, Force Update, Clear Update State,
 * Test SW Response and Force Reload SW; in a native WebView or wrapper every action is disabled and a notice
 * says updates are handled by the native app. When a new version waits, the panel's own banner offers Update
 * Now and Check Again (docs/platform.md#worker-tools).
 *
 * The update buttons are the worker-update chart's events; the other buttons are operations of this panel's
 * worker-tools actor (machines/worker-tools), which asks before a force reload
 * (docs/platform.md#worker-tools). Force Reload SW is disabled while offline: it unregisters the worker and
 * empties every cache, and the reload would then find nothing to open. Check Again asks the server for a
 * newer worker while the waiting one stays offered.
 */
import { Alert, Button, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectLastStartupError,
  selectStartupStatus,
} from '../../../../machines/app-startup/app-startup.selectors';
import { selectIsOnline } from '../../../../machines/sync-scheduler/sync-scheduler.selectors';
import {
  selectIsConfirming,
  selectLastResult,
  selectRunningOperation,
  selectToolsError,
} from '../../../../machines/worker-tools/worker-tools.selectors';
import type { OperationOutput, WorkerOperation } from '../../../../machines/worker-tools/worker-tools.types';
import {
  selectCanApplyUpdate,
  selectCanCheckForUpdates,
  selectCanClearUpdateState,
  selectCurrentVersion,
  selectIsEmbedded,
  selectIsRechecking,
  selectIsUpdateAvailable,
  selectIsUpdateInProgress,
  selectUpdateError,
  selectUpdateStatus,
} from '../../../../machines/worker-update/worker-update.selectors';
import { errorText, localMessage } from './messages';
import type { PwaActors } from './pwa-context';
import { formatBytes } from './pwa-format';
import { ConfirmAlert, Fact, Facts, Section } from './settings-ui';

const TOOL_BUTTONS: ReadonlyArray<[WorkerOperation, string]> = [
  ['clearDataCache', 'pwa.panel.clearCache'],
  ['cacheInfo', 'pwa.panel.cacheInfo'],
  ['forceUpdate', 'pwa.panel.forceUpdate'],
  ['checkResponse', 'pwa.panel.testResponse'],
  ['forceReload', 'pwa.panel.forceReload'],
];

function ResultText({ result }: { result: OperationOutput }) {
  const { t, i18n } = useTranslation('common');
  switch (result.operation) {
    case 'checkResponse':
      return (
        <Text>
          {t('pwa.panel.results.checkResponse', {
            ms: result.elapsedMs ?? 0,
            version: result.version ?? t('pwa.panel.unknownVersion'),
          })}
        </Text>
      );
    case 'cacheInfo':
      return (
        <Stack gap="1">
          <Text>{t('pwa.panel.results.cacheInfo', { count: result.caches?.length ?? 0 })}</Text>
          <List.Root ps="4">
            {(result.caches ?? []).map((cache) => (
              <List.Item key={cache.name}>
                {t('pwa.caching.cacheLine', {
                  name: cache.name,
                  entries: cache.entries,
                  size: formatBytes(cache.size, i18n.language),
                })}
              </List.Item>
            ))}
          </List.Root>
        </Stack>
      );
    case 'clearDataCache':
      return <Text>{t('pwa.panel.results.clearDataCache')}</Text>;
    case 'forceUpdate':
      return <Text>{t('pwa.panel.results.forceUpdate')}</Text>;
    default:
      return null;
  }
}

export function SwStatusPanel({ actors }: { actors: PwaActors }) {
  const { t } = useTranslation('common');
  const update = actors.workerUpdate;
  const status = useSelector(update, selectUpdateStatus);
  const version = useSelector(update, selectCurrentVersion);
  const available = useSelector(update, selectIsUpdateAvailable);
  const inProgress = useSelector(update, selectIsUpdateInProgress);
  const embedded = useSelector(update, selectIsEmbedded);
  const canCheck = useSelector(update, selectCanCheckForUpdates);
  const canApply = useSelector(update, selectCanApplyUpdate);
  const canClearFlags = useSelector(update, selectCanClearUpdateState);
  const updateError = useSelector(update, selectUpdateError);
  const rechecking = useSelector(update, selectIsRechecking);
  const online = useSelector(actors.syncScheduler, selectIsOnline);
  const startup = useSelector(actors.appStartup, selectStartupStatus);
  const startupError = useSelector(actors.appStartup, selectLastStartupError);
  const tools = useActorRef(actors.workerTools, { input: {} });
  const running = useSelector(tools, selectRunningOperation);
  const confirming = useSelector(tools, selectIsConfirming);
  const toolsError = useSelector(tools, selectToolsError);
  const result = useSelector(tools, selectLastResult);
  const busy = running !== null || confirming;
  const disabled = embedded || !actors.capabilities.serviceWorker;

  return (
    <Section title={t('pwa.panel.title')} testId="sw-status-panel">
      {embedded && (
        <Alert.Root status="info" role="status" data-testid="sw-embedded-notice">
          <Alert.Indicator />
          <Alert.Title>{t('pwa.panel.embedded')}</Alert.Title>
        </Alert.Root>
      )}
      <Facts>
        <Fact label={t('pwa.panel.status')} value={t(`pwa.panel.states.${status}`)} testId="sw-status" />
        <Fact
          label={t('pwa.panel.version')}
          value={version ?? t('pwa.panel.unknownVersion')}
          testId="sw-version"
        />
        <Fact
          label={t('pwa.panel.updateAvailable')}
          value={available ? t('pwa.panel.waiting') : t('pwa.panel.noUpdate')}
          testId="sw-update-available"
        />
        <Fact
          label={t('pwa.panel.startup')}
          value={t(`pwa.panel.startupStates.${startup}`)}
          testId="sw-startup"
        />
        {inProgress && <Fact label={t('pwa.panel.inProgress')} value={t('pwa.panel.flagSet')} />}
      </Facts>
      {startup === 'failed' && startupError && (
        <Text color="fg.error" role="status">
          {localMessage(t, startupError)}
        </Text>
      )}
      {available && !disabled && (
        <Alert.Root status="info" role="status" data-testid="sw-update-banner">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('pwa.update.available.title')}</Alert.Title>
            <Alert.Description>{t('pwa.update.available.description')}</Alert.Description>
          </Alert.Content>
          <HStack gap="2">
            <Button
              size="sm"
              minH="11"
              colorPalette="brand"
              onClick={() => update.send({ type: 'update.now' })}
            >
              {t('pwa.update.buttons.updateNow')}
            </Button>
            <Button
              size="sm"
              minH="11"
              variant="outline"
              loading={rechecking}
              onClick={() => update.send({ type: 'update.check' })}
            >
              {t('pwa.update.buttons.checkAgain')}
            </Button>
          </HStack>
        </Alert.Root>
      )}
      <HStack gap="2" flexWrap="wrap">
        <Button
          variant="outline"
          minH="11"
          disabled={disabled || !canCheck}
          loading={status === 'checking' || status === 'initialising'}
          onClick={() => update.send({ type: 'update.check' })}
        >
          {t('pwa.panel.checkForUpdates')}
        </Button>
        <Button
          colorPalette="brand"
          minH="11"
          disabled={disabled || !canApply}
          loading={status === 'applying'}
          onClick={() => update.send({ type: 'update.apply' })}
        >
          {t('pwa.panel.applyUpdate')}
        </Button>
        <Button
          variant="outline"
          minH="11"
          disabled={disabled || !canClearFlags}
          onClick={() => update.send({ type: 'flags.clear' })}
        >
          {t('pwa.panel.clearUpdateState')}
        </Button>
        {TOOL_BUTTONS.map(([operation, label]) => (
          <Button
            key={operation}
            variant="outline"
            colorPalette={operation === 'forceReload' ? 'red' : undefined}
            minH="11"
            disabled={disabled || busy || (operation === 'forceReload' && !online)}
            loading={running === operation}
            onClick={() => tools.send({ type: 'tools.run', operation })}
          >
            {t(label)}
          </Button>
        ))}
      </HStack>
      {!online && !disabled && (
        <Text color="fg.muted" data-testid="sw-force-reload-offline">
          {t('pwa.panel.forceReloadOffline')}
        </Text>
      )}
      {confirming && (
        <ConfirmAlert
          label={t('pwa.panel.forceReload')}
          question={t('pwa.panel.forceReloadConfirm')}
          confirmLabel={t('pwa.panel.continue')}
          cancelLabel={t('pwa.settings.cancel')}
          onConfirm={() => tools.send({ type: 'tools.confirm' })}
          onCancel={() => tools.send({ type: 'tools.cancel' })}
          testId="sw-force-reload-confirm"
        />
      )}
      {updateError && status !== 'failed' && (
        <Text color="fg.error" role="status" data-testid="sw-update-error">
          {errorText(t, updateError)}
        </Text>
      )}
      {toolsError && (
        <Text color="fg.error" role="status" data-testid="sw-tools-error">
          {errorText(t, toolsError)}
        </Text>
      )}
      {result && !toolsError && (
        <Stack role="status" data-testid="sw-tools-result">
          <ResultText result={result} />
        </Stack>
      )}
    </Section>
  );
}
