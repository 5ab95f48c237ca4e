/**
 * Tab 4, "Advanced caching" (docs/platform.md#the-settings-dialog): counts of caches, total entries and total
 * size; clear all caches, add cache configuration and refresh stats; a clear button per cache; the add dialog
 * takes a name, a strategy (CacheFirst, NetworkFirst, StaleWhileRevalidate, NetworkOnly, CacheOnly) and URL
 * patterns, one per line ("requires name and strategy", docs/platform.md#caches), plus the optional limits of
 * docs/platform.md#caches (max entries, max age, network timeout; cache-config-form.ts). The cache operations
 * are this tab's worker-tools actor, which reads the stats when the tab opens; the configurations are this
 * device's setting (local-settings.ts), which the service worker applies: the tab hands it the list whenever
 * it changes (cache-config-sync.ts). The service-worker status panel sits below: its Clear Cache and Cache
 * Info belong with the caches. "Clear all caches" and the per-cache clears keep the app shell's precache and
 * sw-meta (worker-messages.ts PROTECTED_CACHES): without them the app would no longer open offline.
 */
import {
  Alert,
  Button,
  chakra,
  Dialog,
  Field,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectCaches,
  selectCacheTotals,
  selectRunningOperation,
  selectToolsError,
} from '../../../../machines/worker-tools/worker-tools.selectors';
import { DialogFrame } from '../../components/modal-dialog';
import { EMPTY_LIMITS, limitFields, limitsSummary, readCacheLimits, withLimits } from './cache-config-form';
import type { CacheLimitsDraft } from './cache-config-form';
import { applyCacheConfigsInWorker } from './cache-config-sync';
import { addCacheConfig, CACHE_STRATEGIES, cacheConfigsSetting, removeCacheConfig } from './local-settings';
import type { CacheConfig, CacheConfigDraft, DraftError } from './local-settings';
import { errorText } from './messages';
import type { PwaActors } from './pwa-context';
import { formatBytes } from './pwa-format';
import { isProtectedCache } from './worker-messages';
import { Fact, Facts, Section } from './settings-ui';
import { SwStatusPanel } from './sw-status-panel';

/** A native form without the browser's own validation bubbles: the spec's rules speak instead (docs/platform.md). */
const Form = chakra('form');

function draftError(errors: readonly DraftError[], field: string): DraftError | undefined {
  return errors.find((error) => error.field === field);
}

function AddCacheDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('common');
  const [draft, setDraft] = useState<CacheConfigDraft>({ name: '', strategy: '', patterns: '' });
  const [limits, setLimits] = useState<CacheLimitsDraft>(EMPTY_LIMITS);
  const [errors, setErrors] = useState<DraftError[]>([]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = addCacheConfig(cacheConfigsSetting.get(), draft);
    const typedLimits = readCacheLimits(draft.strategy, limits);
    if (!result.ok || !typedLimits.ok) {
      setErrors([...(result.ok ? [] : result.errors), ...(typedLimits.ok ? [] : typedLimits.errors)]);
      return;
    }
    cacheConfigsSetting.set(withLimits(result.list, draft.name.trim(), typedLimits.limits));
    onClose();
  };
  const nameError = draftError(errors, 'name');
  const strategyError = draftError(errors, 'strategy');
  const limitLabels: Record<keyof CacheLimitsDraft, string> = {
    maxEntries: t('pwa.caching.maxEntries'),
    maxAgeMinutes: t('pwa.caching.maxAge'),
    networkTimeoutSeconds: t('pwa.caching.networkTimeout'),
  };
  return (
    <DialogFrame
      onClose={onClose}
      size="md"
      testId="cache-config-dialog"
      closeButton={{ 'aria-label': t('pwa.update.buttons.close') }}
    >
      <Form noValidate display="contents" onSubmit={submit}>
        <Dialog.Header>
          <Dialog.Title>{t('pwa.caching.addTitle')}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <Field.Root required invalid={nameError !== undefined}>
              <Field.Label>{t('pwa.caching.name')}</Field.Label>
              <Input
                size="lg"
                value={draft.name}
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              />
              {nameError && <Field.ErrorText>{t(nameError.code)}</Field.ErrorText>}
            </Field.Root>
            <Field.Root required invalid={strategyError !== undefined}>
              <Field.Label>{t('pwa.caching.strategy')}</Field.Label>
              <NativeSelect.Root size="lg">
                <NativeSelect.Field
                  value={draft.strategy}
                  onChange={(e) => setDraft({ ...draft, strategy: e.target.value })}
                >
                  <option value="">{t('pwa.caching.chooseStrategy')}</option>
                  {CACHE_STRATEGIES.map((strategy) => (
                    <option key={strategy} value={strategy}>
                      {strategy}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {strategyError && <Field.ErrorText>{t(strategyError.code)}</Field.ErrorText>}
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('pwa.caching.patterns')}</Field.Label>
              <Textarea
                rows={4}
                value={draft.patterns}
                placeholder="/api/reports/*"
                onChange={(e) => setDraft({ ...draft, patterns: e.target.value })}
              />
              <Field.HelperText>{t('pwa.caching.patternsHint')}</Field.HelperText>
            </Field.Root>
            {limitFields(draft.strategy).map((field) => {
              const error = draftError(errors, field);
              return (
                <Field.Root key={field} invalid={error !== undefined}>
                  <Field.Label>{limitLabels[field]}</Field.Label>
                  <Input
                    size="lg"
                    inputMode="numeric"
                    value={limits[field]}
                    onChange={(e) => setLimits({ ...limits, [field]: e.target.value })}
                  />
                  {error ? (
                    <Field.ErrorText>{t(error.code, error.params)}</Field.ErrorText>
                  ) : (
                    <Field.HelperText>
                      {t(
                        field === 'networkTimeoutSeconds'
                          ? 'pwa.caching.timeoutHint'
                          : 'pwa.caching.limitsHint',
                      )}
                    </Field.HelperText>
                  )}
                </Field.Root>
              );
            })}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" minH="11" onClick={onClose}>
            {t('pwa.settings.cancel')}
          </Button>
          <Button type="submit" colorPalette="brand" minH="11">
            {t('pwa.caching.add')}
          </Button>
        </Dialog.Footer>
      </Form>
    </DialogFrame>
  );
}

function LimitsText({ config }: { config: CacheConfig }) {
  const { t, i18n } = useTranslation('common');
  const summary = limitsSummary(config, i18n.language);
  const parts = [
    summary.maxEntries === undefined ? null : t('pwa.caching.limitEntries', { count: summary.maxEntries }),
    summary.maxAge === undefined ? null : t('pwa.caching.limitAge', { age: summary.maxAge }),
    summary.networkTimeout === undefined
      ? null
      : t('pwa.caching.limitTimeout', { time: summary.networkTimeout }),
  ].filter((part): part is string => part !== null);
  return <>{parts.length ? parts.join(' · ') : t('pwa.caching.noLimits')}</>;
}

function CacheConfigs() {
  const { t } = useTranslation('common');
  const configs = useSyncExternalStore(cacheConfigsSetting.subscribe, cacheConfigsSetting.get);
  // Keeps the worker in step with the saved list (an external system, not a workflow: nothing here waits for
  // its answer; a worker that cannot take it keeps its last list and gets this one on the next change).
  useEffect(() => {
    applyCacheConfigsInWorker(configs).catch((error: unknown) =>
      console.warn('The service worker did not take the cache configurations', error),
    );
  }, [configs]);
  return (
    <Section title={t('pwa.caching.configs')} testId="cache-configs">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('pwa.caching.name')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('pwa.caching.strategy')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('pwa.caching.patterns')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('pwa.caching.limits')}</Table.ColumnHeader>
            <Table.ColumnHeader>
              <Text srOnly>{t('pwa.caching.actions')}</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {configs.map((config) => (
            <Table.Row key={config.name} data-testid="cache-config-row">
              <Table.Cell>{config.name}</Table.Cell>
              <Table.Cell>{config.strategy.name}</Table.Cell>
              <Table.Cell>{config.patterns.join(', ') || '—'}</Table.Cell>
              <Table.Cell data-testid="cache-config-limits">
                <LimitsText config={config} />
              </Table.Cell>
              <Table.Cell textAlign="end">
                {config.builtIn ? (
                  <Text color="fg.muted" fontSize="sm">
                    {t('pwa.caching.builtIn')}
                  </Text>
                ) : (
                  <Button
                    size="sm"
                    minH="11"
                    variant="ghost"
                    aria-label={t('pwa.caching.removeConfig', { name: config.name })}
                    onClick={() => cacheConfigsSetting.set(removeCacheConfig(configs, config.name))}
                  >
                    {t('pwa.common.remove')}
                  </Button>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Section>
  );
}

export function CachingTab({ actors }: { actors: PwaActors }) {
  const { t, i18n } = useTranslation('common');
  const tools = useActorRef(actors.workerTools, { input: { initial: { operation: 'cacheStats' } } });
  const totals = useSelector(tools, selectCacheTotals);
  const caches = useSelector(tools, selectCaches);
  const running = useSelector(tools, selectRunningOperation);
  const error = useSelector(tools, selectToolsError);
  const [adding, setAdding] = useState(false);
  const busy = running !== null;
  const size = (bytes: number) => formatBytes(bytes, i18n.language);
  return (
    <Stack gap="4">
      <Section title={t('pwa.caching.stats')} testId="cache-stats">
        <Facts>
          <Fact label={t('pwa.caching.caches')} value={totals?.caches ?? '—'} testId="cache-count" />
          <Fact label={t('pwa.caching.entries')} value={totals?.entries ?? '—'} testId="cache-entries" />
          <Fact label={t('pwa.caching.size')} value={totals ? size(totals.size) : '—'} testId="cache-size" />
        </Facts>
        <HStack gap="2" flexWrap="wrap">
          <Button
            variant="outline"
            colorPalette="red"
            minH="11"
            disabled={busy || !caches?.length}
            loading={running === 'clearAllCaches'}
            onClick={() => tools.send({ type: 'tools.run', operation: 'clearAllCaches' })}
          >
            {t('pwa.caching.clearAll')}
          </Button>
          <Button variant="outline" minH="11" onClick={() => setAdding(true)}>
            {t('pwa.caching.addConfig')}
          </Button>
          <Button
            variant="outline"
            minH="11"
            disabled={busy}
            loading={running === 'cacheStats'}
            onClick={() => tools.send({ type: 'tools.run', operation: 'cacheStats' })}
          >
            {t('pwa.caching.refresh')}
          </Button>
        </HStack>
        {error && (
          <Alert.Root status="error" role="status" data-testid="cache-error">
            <Alert.Indicator />
            <Alert.Title>{errorText(t, error)}</Alert.Title>
          </Alert.Root>
        )}
        {caches && caches.length === 0 && <Text color="fg.muted">{t('pwa.caching.none')}</Text>}
        {caches && caches.length > 0 && (
          <Table.Root size="sm" data-testid="cache-list">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('pwa.caching.name')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('pwa.caching.entries')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('pwa.caching.size')}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Text srOnly>{t('pwa.caching.actions')}</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {caches.map((cache) => (
                <Table.Row key={cache.name}>
                  <Table.Cell>{cache.name}</Table.Cell>
                  <Table.Cell textAlign="end">{cache.entries}</Table.Cell>
                  <Table.Cell textAlign="end">{size(cache.size)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    {isProtectedCache(cache.name) ? (
                      // The app shell and the worker's version: cleared, the app would not open offline.
                      <Text as="span" color="fg.muted" fontSize="sm" data-testid="cache-protected">
                        {t('pwa.caching.protected')}
                      </Text>
                    ) : (
                      <Button
                        size="sm"
                        minH="11"
                        variant="ghost"
                        disabled={busy}
                        aria-label={t('pwa.caching.clearOne', { name: cache.name })}
                        onClick={() =>
                          tools.send({ type: 'tools.run', operation: 'clearCache', cacheName: cache.name })
                        }
                      >
                        {t('pwa.caching.clear')}
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Section>
      <CacheConfigs />
      <SwStatusPanel actors={actors} />
      {adding && <AddCacheDialog onClose={() => setAdding(false)} />}
    </Stack>
  );
}
