/**
 * Actions the offline request queue took instead of the server (machines/sale-list `queuedActions`;
 * docs/offline.md). Such an action has NOT happened yet: the sale is shown as the server last sent it (a
 * queued refund is not shown as refunded), with a mark that a change waits, and the screen says so in words:
 *
 * - QueuedBadge: on a row of the table, "Waiting to sync" (or "Not sent" once the queue gave up);
 * - QueuedActionsNotice: in the open sale, which actions wait and what happens next; a failed one is retried
 *   from the offline queue (the offline indicator's panel), the way every queued write is;
 * - QueuedActionsBanner: above the table, how many wait in all (a store-wide one, "empty the trash", has no row).
 *
 * When the queue has sent one, the list chart reloads and the mark goes: the server's data then tells.
 */
import { Alert, Badge, List } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  selectQueuedActions,
  selectQueuedActionsOf,
} from '../../../../machines/sale-list/sale-list.selectors';
import type { QueuedSaleAction } from '../../../../machines/sale-list/sale-list.types';
import { SaleListActor } from './sale-list-actor';

const sameActions = (a: readonly QueuedSaleAction[], b: readonly QueuedSaleAction[]) =>
  a.length === b.length && a.every((action, i) => action === b[i]);

export function QueuedBadge({ saleId }: { saleId: number }) {
  const { t } = useTranslation('common');
  const queued = SaleListActor.useSelector((s) => selectQueuedActionsOf(s, saleId), sameActions);
  if (queued.length === 0) return null;
  const failed = queued.some((action) => action.failed);
  return (
    <Badge
      colorPalette={failed ? 'red' : 'orange'}
      variant="outline"
      ms="1"
      data-testid="sale-row-queued"
      data-failed={failed ? 'true' : undefined}
    >
      {t(failed ? 'offlineWrites.sale.badgeFailed' : 'offlineWrites.sale.badge')}
    </Badge>
  );
}

export function QueuedActionsNotice({ saleId }: { saleId: number }) {
  const { t } = useTranslation('common');
  const queued = SaleListActor.useSelector((s) => selectQueuedActionsOf(s, saleId), sameActions);
  if (queued.length === 0) return null;
  const failed = queued.some((action) => action.failed);
  return (
    <Alert.Root status={failed ? 'error' : 'warning'} role="status" data-testid="sale-queued">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('offlineWrites.sale.title')}</Alert.Title>
        <List.Root ps="5" gap="1">
          {queued.map((action) => (
            <List.Item key={action.requestId} data-testid="sale-queued-action" data-mode={action.mode}>
              {t(action.failed ? 'offlineWrites.sale.failed' : 'offlineWrites.sale.waiting', {
                action: t(`sale_management.modes.${action.mode}`),
                id: action.requestId,
              })}
            </List.Item>
          ))}
        </List.Root>
        <Alert.Description>{t('offlineWrites.sale.asBefore')}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

export function QueuedActionsBanner() {
  const { t } = useTranslation('common');
  const queued = SaleListActor.useSelector(selectQueuedActions);
  if (queued.length === 0) return null;
  return (
    <Alert.Root status="info" role="status" data-testid="sale-queued-banner">
      <Alert.Indicator />
      <Alert.Title>{t('offlineWrites.sale.banner', { count: queued.length })}</Alert.Title>
    </Alert.Root>
  );
}
