/**
 * The one back-office resource screen (docs/decisions/013-back-office-client-libraries.md): it renders a config (resource-config.ts) on the
 * resource machine. The root gives the machine its real calls (resource-actors.ts); the parts read one fact
 * each and send typed events. Loading, empty, error and offline are states of the machine, drawn here; the
 * rows already shown stay while a refresh loads.
 */
import { Box, Button, Heading, HStack, Input, NativeSelect, Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  selectEditor,
  selectEditorStatus,
  selectExport,
  selectExportStatus,
  selectFilter,
  selectIsLoading,
  selectIsNarrowed,
  selectItems,
  selectListError,
  selectListStatus,
  selectPage,
  selectPageCount,
  selectPerPage,
  selectSearchText,
  selectTotal,
} from '../../../../machines/resource/resource.selectors';
import { selectStoreSettings } from '../../../../machines/auth/auth.selectors';
import { MAX_PER_PAGE } from '../../../contracts/envelope';
import { DEFAULT_CURRENCY } from '../../../domain/constants';
import { useAuthSelector } from '../../lib/actors/auth-actor';
import type { ResourceConfig } from './resource-config';
import { ResourceActor } from './resource-actor';
import { resourceLogic } from './resource-actors';
import { BulkBar, BulkDialog, RemoveDialog } from './resource-bulk';
import { ResourceEditor } from './resource-editor';
import { ResourceNotice } from './resource-notice';
import { ImportDialog } from './resource-import';
import { LoadState } from './load-state';
import type { LoadStateKind } from './load-state';
import { MoveNotice, RowActionDialog } from './resource-row-actions';
import { PageSteps } from '../../components/page-steps';
import { ResourceTable } from './resource-table';
import { errorText } from './resource-text';

function SearchBox({ config }: { config: ResourceConfig }) {
  const { t } = useTranslation('admin');
  const actor = ResourceActor.useActorRef();
  const text = ResourceActor.useSelector(selectSearchText);
  return (
    <Input
      type="search"
      size="lg"
      maxW={{ base: 'full', md: 'sm' }}
      value={text}
      placeholder={t('toolbar.search')}
      aria-label={t('toolbar.searchIn', { what: t('title', { ns: config.namespace }) })}
      onChange={(event) => actor.send({ type: 'search.type', text: event.currentTarget.value })}
      onKeyDown={(event) => {
        if (event.key === 'Enter') actor.send({ type: 'search.apply' });
      }}
      data-testid="resource-search"
    />
  );
}

function Filters({ config }: { config: ResourceConfig }) {
  const { t } = useTranslation(['admin', config.namespace]);
  const actor = ResourceActor.useActorRef();
  const filter = ResourceActor.useSelector(selectFilter);
  return (
    <>
      {(config.filters ?? []).map((f) => (
        <NativeSelect.Root key={f.field} size="lg" maxW="56">
          <NativeSelect.Field
            aria-label={t(f.label, { ns: config.namespace })}
            value={filter[f.field] ?? ''}
            onChange={(event) =>
              actor.send({ type: 'filter.set', field: f.field, value: event.currentTarget.value || null })
            }
            data-testid={`filter-${f.field}`}
          >
            <option value="">{t('toolbar.all', { what: t(f.label, { ns: config.namespace }) })}</option>
            {f.options.map((option) => (
              <option key={option.value} value={option.value}>
                {t(option.label, { ns: config.namespace })}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ))}
    </>
  );
}

function ExportButton({ config }: { config: ResourceConfig }) {
  const { t } = useTranslation('admin');
  const actor = ResourceActor.useActorRef();
  const status = ResourceActor.useSelector(selectExportStatus);
  const progress = ResourceActor.useSelector((s) => selectExport(s).progress);
  if (!config.canExport) return null;
  return (
    <Button
      minH="11"
      variant="outline"
      loading={status === 'exporting'}
      loadingText={
        progress ? t('export.progress', { kb: Math.round(progress.loaded / 1024) }) : t('export.running')
      }
      onClick={() => actor.send({ type: 'export.start' })}
      data-testid="resource-export"
    >
      {t('toolbar.export')}
    </Button>
  );
}

function Toolbar({ config }: { config: ResourceConfig }) {
  const { t } = useTranslation(['admin', config.namespace]);
  const actor = ResourceActor.useActorRef();
  return (
    <Stack gap="3">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="2xl">
          {t('title', { ns: config.namespace })}
        </Heading>
        <HStack gap="2" wrap="wrap">
          {config.importColumns && (
            <Button
              minH="11"
              variant="outline"
              onClick={() => actor.send({ type: 'import.open' })}
              data-testid="resource-import"
            >
              {t('toolbar.import')}
            </Button>
          )}
          <ExportButton config={config} />
          <Button
            minH="11"
            colorPalette="brand"
            onClick={() => actor.send({ type: 'editor.create', values: { ...config.defaults } })}
            data-testid="resource-new"
          >
            {t('toolbar.new', { what: t('one', { ns: config.namespace }) })}
          </Button>
        </HStack>
      </HStack>
      <HStack gap="2" wrap="wrap">
        <SearchBox config={config} />
        <Filters config={config} />
      </HStack>
    </Stack>
  );
}

/** What just happened that is not a dialog: a save (or a save the offline queue will send), a failed export. */
function Notices({ config }: { config: ResourceConfig }) {
  const { t } = useTranslation(['admin', config.namespace]);
  const actor = ResourceActor.useActorRef();
  const editorStatus = ResourceActor.useSelector(selectEditorStatus);
  const queued = ResourceActor.useSelector((s) => selectEditor(s).queued);
  const exportStatus = ResourceActor.useSelector(selectExportStatus);
  const exportError = ResourceActor.useSelector((s) => selectExport(s).error);
  return (
    <Stack gap="2" aria-live="polite">
      {editorStatus === 'saved' && (
        <ResourceNotice
          status={queued ? 'info' : 'success'}
          title={t(queued ? 'notices.queued' : 'notices.saved', { what: t('one', { ns: config.namespace }) })}
          onClose={() => actor.send({ type: 'editor.close' })}
          testId="saved-notice"
        />
      )}
      {exportStatus === 'failed' && exportError && (
        <ResourceNotice
          status="error"
          title={errorText(t, exportError)}
          onClose={() => actor.send({ type: 'export.dismiss' })}
          testId="export-error"
        />
      )}
    </Stack>
  );
}

function ListBody({ config }: { config: ResourceConfig }) {
  const { t } = useTranslation(['admin', config.namespace]);
  const actor = ResourceActor.useActorRef();
  const status = ResourceActor.useSelector(selectListStatus);
  const error = ResourceActor.useSelector(selectListError);
  const narrowed = ResourceActor.useSelector(selectIsNarrowed);
  const hasRows = ResourceActor.useSelector((s) => selectItems(s).length > 0);
  const loading = ResourceActor.useSelector(selectIsLoading);
  // A failed load first, then an empty list, then the first load (the rows already shown stay while one loads).
  const load: LoadStateKind =
    status === 'error' || status === 'offline'
      ? status
      : status !== 'empty' && loading && !hasRows
        ? 'loading'
        : null;
  if (load) {
    return (
      <LoadState
        state={load}
        titles={{ error: t('states.error'), offline: t('states.offline') }}
        failure={error}
        onRetry={() => actor.send({ type: 'list.retry' })}
        testId="list"
        py="12"
      />
    );
  }
  if (status === 'empty') {
    return (
      <Stack align="center" textAlign="center" gap="3" py="12" data-testid="list-empty">
        <Text fontSize="lg">
          {narrowed ? t('states.noMatch') : t('states.empty', { what: t('title', { ns: config.namespace }) })}
        </Text>
        {!narrowed && (
          <Button
            minH="11"
            colorPalette="brand"
            onClick={() => actor.send({ type: 'editor.create', values: { ...config.defaults } })}
          >
            {t('toolbar.new', { what: t('one', { ns: config.namespace }) })}
          </Button>
        )}
      </Stack>
    );
  }
  return (
    <Box position="relative" data-testid="list-ready" aria-busy={loading}>
      {loading && (
        <Progress.Root value={null} size="xs" colorPalette="brand" position="absolute" top="0" insetX="0">
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      <ResourceTable config={config} />
      <Pager />
    </Box>
  );
}

/** Rows per page the pager offers; long pages render only the rows in view (resource-table.tsx). */
const PAGE_SIZES = [15, 50, 100, MAX_PER_PAGE];

function Pager() {
  const { t } = useTranslation('admin');
  const actor = ResourceActor.useActorRef();
  const page = ResourceActor.useSelector(selectPage);
  const pages = ResourceActor.useSelector(selectPageCount);
  const total = ResourceActor.useSelector(selectTotal);
  const perPage = ResourceActor.useSelector(selectPerPage);
  return (
    <HStack as="nav" aria-label={t('pager.label')} justify="space-between" wrap="wrap" gap="2" pt="3">
      <Text color="fg.muted" data-testid="pager-total">
        {t('pager.total', { count: total })}
      </Text>
      <HStack gap="2" wrap="wrap">
        <NativeSelect.Root size="md" width="auto">
          <NativeSelect.Field
            aria-label={t('pager.perPage')}
            value={String(perPage)}
            onChange={(event) =>
              actor.send({ type: 'perPage.set', perPage: Number(event.currentTarget.value) })
            }
            data-testid="pager-size"
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {t('pager.size', { count: size })}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <PageSteps
          page={page}
          pages={pages}
          go={(to) => actor.send({ type: 'page.go', page: to })}
          testId="pager"
        />
      </HStack>
    </HStack>
  );
}

/** Tells the machine when the browser is back online, so an offline list loads again by itself. */
function OnlineListener() {
  const actor = ResourceActor.useActorRef();
  useEffect(() => {
    const online = () => actor.send({ type: 'connection.online' });
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [actor]);
  return null;
}

/**
 * `?edit={id}` opens that row's editor once (a customer's page links its admin here): the parameter is then
 * dropped from the address, so closing the editor and reloading does not open it again.
 */
function useEditFromAddress() {
  const actor = ResourceActor.useActorRef();
  const [params, setParams] = useSearchParams();
  const edit = params.get('edit');
  useEffect(() => {
    if (edit === null) return;
    const id = Number(edit);
    if (Number.isSafeInteger(id) && id > 0) actor.send({ type: 'editor.edit', id });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('edit');
        return next;
      },
      { replace: true },
    );
  }, [actor, edit, setParams]);
}

function ResourceView({ config }: { config: ResourceConfig }) {
  const status = ResourceActor.useSelector(selectListStatus);
  useEditFromAddress();
  return (
    <Stack
      gap="4"
      p={{ base: '3', md: '6' }}
      data-testid="resource-screen"
      data-resource={config.name}
      data-list={status}
    >
      <Toolbar config={config} />
      <Notices config={config} />
      <MoveNotice config={config} />
      <BulkBar config={config} />
      <ListBody config={config} />
      <ResourceEditor config={config} />
      <BulkDialog config={config} />
      <RemoveDialog config={config} />
      <RowActionDialog config={config} />
      <ImportDialog config={config} />
      <OnlineListener />
    </Stack>
  );
}

export function ResourceScreen({ config }: { config: ResourceConfig }) {
  const currency = useAuthSelector((s) => selectStoreSettings(s)?.currency) ?? DEFAULT_CURRENCY;
  const logic = useMemo(() => resourceLogic(config, currency), [config, currency]);
  // The namespaces load before the screen shows (Suspense): no key flashes untranslated.
  useTranslation(['admin', config.namespace]);
  // `?search=` opens the list searched (the /customers/search shortcut, a duplicate's holder link); a new
  // search in the address is a new list (the key), as a page of its own would be.
  const [params] = useSearchParams();
  const search = params.get('search') ?? '';
  return (
    <ResourceActor.Provider
      key={search}
      logic={logic}
      options={{
        input: {
          resource: config.name,
          ...(config.defaultSort ? { sort: config.defaultSort } : {}),
          ...(search ? { search } : {}),
        },
      }}
    >
      <ResourceView config={config} />
    </ResourceActor.Provider>
  );
}
