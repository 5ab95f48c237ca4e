/**
 * A row's history in a row action's panel (docs/back-office.md "Row actions"): a table of the row's history a
 * page at a time, newest first, with the filters its config names (a select of values, or a day). Generic: a
 * resource gives its API name, namespace, columns and filters (gift cards: panels/giftcard-panels.tsx; a
 * product's stock, a customer's points and reviews read elsewhere through `source`). The behaviour is the row
 * history chart (machines/row-history); this file draws it, and `RowHistoryPanel` is the row action's panel
 * around it (the history and its Close).
 */
import { Button, Field, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectFailure,
  selectFilter,
  selectIsBusy,
  selectIsFiltered,
  selectItems,
  selectPage,
  selectPageCount,
  selectStatus,
} from '../../../../../machines/row-history/row-history.selectors';
import type { RowHistoryStatus } from '../../../../../machines/row-history/row-history.selectors';
import { selectStoreSettings } from '../../../../../machines/auth/auth.selectors';
import { useAuthSelector } from '../../../lib/actors/auth-actor';
import { formatDateTime } from '../../../lib/format';
import { LoadState } from '../load-state';
import { PageSteps } from '../../../components/page-steps';
import type { RowActionPanelProps } from '../resource-config';
import { usePanelLoad } from './panel-states';
import type { PanelLoadState } from './panel-states';
import { rowHistoryLogic } from './row-history-logic';
import type { HistorySource } from './row-history-logic';

/**
 * A history row's time in the store's time zone and, under it, who did it when the row names someone: the "when"
 * cell every history panel shows.
 */
export function HistoryWhenCell({ at, by }: { at: string; by?: string | null | undefined }) {
  const { i18n } = useTranslation();
  const timeZone = useAuthSelector((s) => selectStoreSettings(s)?.timezone);
  return (
    <>
      {formatDateTime(at, i18n.language, timeZone)}
      {by !== undefined && (
        <Text color="fg.muted" fontSize="sm">
          {by ?? '—'}
        </Text>
      )}
    </>
  );
}

/**
 * One column of the history table: its label key (the config's namespace), or several keys shown as "Date · By"
 * where the cell stacks two facts (a stock movement's reason and its note), and how a row shows it.
 */
export interface HistoryColumn<Item> {
  key: string;
  label: string | readonly string[];
  cell: (item: Item) => ReactNode;
  align?: 'start' | 'end';
}

/** A `filter[field]` of the history: a select of values (label keys), or a day (YYYY-MM-DD). */
export type HistoryFilterConfig =
  | { field: string; label: string; kind: 'select'; options: ReadonlyArray<{ value: string; label: string }> }
  | { field: string; label: string; kind: 'date' };

export interface RowHistoryConfig<Item> {
  /** The resource's API name: its rows' histories are /api/<resource>/{id}/histories. */
  resource: string;
  /** Read elsewhere than /api/<resource>/{id}/histories (a customer's points and reviews). */
  source?: (rowId: number) => HistorySource;
  /** The namespace of the labels below, and of `history.loadError`, `history.offline`, `history.empty`. */
  namespace: string;
  /** Where those words are when not under `history` (one namespace, two histories: a customer's points, reviews). */
  words?: string;
  columns: ReadonlyArray<HistoryColumn<Item>>;
  filters?: readonly HistoryFilterConfig[];
  /** Prefix of the test ids (`giftcard-history` → giftcard-history-row, giftcard-history-empty...). */
  testId: string;
}

const LOAD_STATE: Partial<Record<RowHistoryStatus, PanelLoadState>> = {
  loading: 'loading',
  failed: 'error',
  offline: 'offline',
};

export function RowHistory<Item extends { id: number }>({
  rowId,
  config,
}: {
  rowId: number;
  config: RowHistoryConfig<Item>;
}) {
  const { t } = useTranslation(['admin', config.namespace]);
  const ns = config.namespace;
  const words = config.words ?? 'history';
  const [logic] = useState(() => rowHistoryLogic(config.resource, config.source));
  const actor = useActorRef(logic, {
    input: { rowId, filter: Object.fromEntries((config.filters ?? []).map((f) => [f.field, ''])) },
  });
  const { status, failure, load, retry } = usePanelLoad(
    actor,
    { status: selectStatus, failure: selectFailure },
    LOAD_STATE,
  );
  const filter = useSelector(actor, selectFilter);
  const filtered = useSelector(actor, selectIsFiltered);
  const items = useSelector(actor, selectItems) as unknown as Item[];
  const busy = useSelector(actor, selectIsBusy);
  const page = useSelector(actor, selectPage);
  const pages = useSelector(actor, selectPageCount);
  const change = (field: string, value: string) => actor.send({ type: 'filter.change', field, value });

  return (
    <Stack gap="4" data-testid={config.testId} data-status={status}>
      {(config.filters ?? []).length > 0 && (
        <HStack gap="3" wrap="wrap" align="flex-end">
          {(config.filters ?? []).map((f) => (
            <Field.Root key={f.field} width="auto" minW="40">
              <Field.Label>{t(f.label, { ns })}</Field.Label>
              {f.kind === 'select' ? (
                <NativeSelect.Root size="md">
                  <NativeSelect.Field
                    value={filter[f.field] ?? ''}
                    onChange={(event) => change(f.field, event.currentTarget.value)}
                    data-testid={`${config.testId}-filter-${f.field}`}
                  >
                    <option value="">{t('toolbar.all', { what: t(f.label, { ns }) })}</option>
                    {f.options.map((option) => (
                      <option key={option.value} value={option.value}>
                        {t(option.label, { ns })}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              ) : (
                <Input
                  type="date"
                  value={filter[f.field] ?? ''}
                  onChange={(event) => change(f.field, event.currentTarget.value)}
                  data-testid={`${config.testId}-filter-${f.field}`}
                />
              )}
            </Field.Root>
          ))}
        </HStack>
      )}
      <LoadState
        state={load}
        titles={{ error: t(`${words}.loadError`, { ns }), offline: t(`${words}.offline`, { ns }) }}
        failure={failure}
        onRetry={retry}
        testId={config.testId}
      />
      {status === 'empty' && (
        <Text color="fg.muted" py="4" data-testid={`${config.testId}-empty`}>
          {t(filtered ? `${words}.emptyFiltered` : `${words}.empty`, { ns })}
        </Text>
      )}
      {(status === 'ready' || status === 'paging') && (
        <Stack gap="3" aria-busy={busy}>
          <Table.ScrollArea>
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  {config.columns.map((column) => (
                    <Table.ColumnHeader key={column.key} textAlign={column.align ?? 'start'}>
                      {(typeof column.label === 'string' ? [column.label] : column.label)
                        .map((label) => t(label, { ns }))
                        .join(' · ')}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {items.map((item) => (
                  <Table.Row key={item.id} data-testid={`${config.testId}-row`}>
                    {config.columns.map((column) => (
                      <Table.Cell key={column.key} textAlign={column.align ?? 'start'} whiteSpace="normal">
                        {column.cell(item)}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          {pages > 1 && (
            <HStack as="nav" aria-label={t('pager.label')} justify="flex-end" gap="2" wrap="wrap">
              <PageSteps
                page={page}
                pages={pages}
                busy={busy}
                go={(to) => actor.send({ type: 'page.go', page: to })}
                testId={config.testId}
              />
            </HStack>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/** A row action's panel showing the row's history, with its Close (`<testId>-close`). */
export function RowHistoryPanel<Item extends { id: number }>({
  row,
  close,
  history,
}: Pick<RowActionPanelProps, 'row' | 'close'> & { history: RowHistoryConfig<Item> }) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="4" pb="4">
      <RowHistory rowId={row.id} config={history} />
      <HStack justify="flex-end">
        <Button variant="outline" minH="11" onClick={close} data-testid={`${history.testId}-close`}>
          {t('actions.close')}
        </Button>
      </HStack>
    </Stack>
  );
}
