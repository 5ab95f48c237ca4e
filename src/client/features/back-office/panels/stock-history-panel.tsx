/**
 * The "Stock history" row action of products (docs/back-office-catalog.md "Stock"): the product's stock
 * movements, newest first, a page at a time: when, the signed change and the count it left, the reason, the
 * note and who. The behaviour is the row history chart (machines/row-history, stock-history-logic.ts); this
 * file draws it.
 */
import { Badge, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectStoreSettings } from '../../../../../machines/auth/auth.selectors';
import {
  selectFailure,
  selectIsBusy,
  selectItems,
  selectPage,
  selectPageCount,
  selectStatus,
} from '../../../../../machines/row-history/row-history.selectors';
import type { RowHistoryStatus } from '../../../../../machines/row-history/row-history.selectors';
import type { InventoryMovement } from '../../../../contracts/products';
import { useAuthSelector } from '../../../lib/actors/auth-actor';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { PageSteps } from '../page-steps';
import type { RowActionPanelProps } from '../resource-config';
import { LoadState } from '../load-state';
import { usePanelLoad } from './panel-states';
import type { PanelLoadState } from './panel-states';
import { stockHistoryInput, stockHistoryLogic } from './stock-history-logic';

const NS = 'admin-products';

/** The chart's states that have no page to show. */
const LOAD_STATE: Partial<Record<RowHistoryStatus, PanelLoadState>> = {
  loading: 'loading',
  failed: 'error',
  offline: 'offline',
};

type HistoryActor = ReturnType<typeof useStockHistory>;

function useStockHistory(productId: number) {
  return useActorRef(stockHistoryLogic, { input: stockHistoryInput(productId) });
}

export function StockHistoryPanel({ row, close }: RowActionPanelProps) {
  const { t } = useTranslation(['admin', NS]);
  const actor = useStockHistory(row.id);
  const { status, failure, load, retry } = usePanelLoad(
    actor,
    { status: selectStatus, failure: selectFailure },
    LOAD_STATE,
  );
  return (
    <Stack gap="4" data-testid="stock-history" data-status={status}>
      <LoadState
        state={load}
        titles={{ error: t('history.loadError', { ns: NS }), offline: t('history.offline', { ns: NS }) }}
        failure={failure}
        onRetry={retry}
        testId="stock-history"
      />
      {status === 'empty' && (
        <Text color="fg.muted" py="4" data-testid="stock-history-empty">
          {t('history.empty', { ns: NS })}
        </Text>
      )}
      {(status === 'ready' || status === 'paging') && <Movements actor={actor} />}
      <HStack justify="flex-end">
        <Button variant="outline" minH="11" onClick={close} data-testid="stock-history-close">
          {t('actions.close')}
        </Button>
      </HStack>
    </Stack>
  );
}

function Movements({ actor }: { actor: HistoryActor }) {
  const { t, i18n } = useTranslation(['admin', NS]);
  const timeZone = useAuthSelector((s) => selectStoreSettings(s)?.timezone);
  // The chart keeps the rows as the server sent them: the movements of GET /api/products/inventoriesDetail.
  const movements = useSelector(actor, selectItems) as unknown as InventoryMovement[];
  const busy = useSelector(actor, selectIsBusy);
  const page = useSelector(actor, selectPage);
  const pages = useSelector(actor, selectPageCount);
  return (
    <Stack gap="3" aria-busy={busy}>
      <Table.ScrollArea>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>
                {t('history.date', { ns: NS })} · {t('history.who', { ns: NS })}
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('history.change', { ns: NS })}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('history.after', { ns: NS })}</Table.ColumnHeader>
              <Table.ColumnHeader>
                {t('history.reason', { ns: NS })} · {t('history.note', { ns: NS })}
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {movements.map((movement) => (
              <Table.Row key={movement.id} data-testid="stock-movement">
                <Table.Cell>
                  {formatDateTime(movement.created_at, i18n.language, timeZone)}
                  <Text color="fg.muted" fontSize="sm">
                    {movement.user_name ?? '—'}
                  </Text>
                </Table.Cell>
                <Table.Cell textAlign="end">
                  <Badge
                    colorPalette={movement.change < 0 ? 'red' : 'green'}
                    data-testid="stock-movement-change"
                  >
                    {formatNumber(movement.change, i18n.language, { signDisplay: 'exceptZero' })}
                  </Badge>
                </Table.Cell>
                <Table.Cell textAlign="end">
                  {formatNumber(movement.quantity_after, i18n.language)}
                </Table.Cell>
                <Table.Cell whiteSpace="normal">
                  {t(`reasons.${movement.reason}`, { ns: NS, defaultValue: movement.reason })}
                  {movement.note && (
                    <Text color="fg.muted" fontSize="sm">
                      {movement.note}
                    </Text>
                  )}
                </Table.Cell>
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
            testId="stock-history"
          />
        </HStack>
      )}
    </Stack>
  );
}
