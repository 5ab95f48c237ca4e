/**
 * The offline indicator of the POS bar (issue 5 item 3: "An offline indicator with the count of pending writes is
 * always visible in the POS layout"): online or offline, and how many queued requests have not reached the server
 * yet (failed ones included: design.md §6, they stay visible until someone retries or exports them). It opens the
 * settings dialog on the "Sync timing" tab, where the queue can be synced, retried and exported.
 */
import { Box, Button, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectIsOnline,
  selectIsSyncing,
} from '../../../../machines/sync-scheduler/sync-scheduler.selectors';
import { openPwaSettings, useOptionalPwaActors, useQueueStats } from './pwa-context';
import type { PwaActors } from './pwa-context';

function Indicator({ actors }: { actors: PwaActors }) {
  const { t } = useTranslation('common');
  const online = useSelector(actors.syncScheduler, selectIsOnline);
  const syncing = useSelector(actors.syncScheduler, selectIsSyncing);
  const stats = useQueueStats(actors.queueStats);
  const count = stats.pendingRequests + stats.failedRequests;
  const state = online ? t('pwa.indicator.online') : t('pwa.indicator.offline');
  const label = count > 0 ? `${state} · ${t('pwa.indicator.pending', { count })}` : state;
  return (
    <Button
      variant="ghost"
      size="sm"
      minH="11"
      px="2"
      gap="2"
      aria-label={`${label}. ${t('pwa.indicator.open')}`}
      title={syncing ? t('pwa.indicator.syncing') : undefined}
      onClick={() => openPwaSettings('sync')}
      data-testid="offline-indicator"
      data-online={online}
      data-count={count}
    >
      <Box
        as="span"
        aria-hidden="true"
        boxSize="2.5"
        rounded="full"
        bg={online ? 'green.solid' : 'orange.solid'}
        animation={syncing ? 'pulse 1s ease-in-out infinite' : undefined}
      />
      <Text as="span" hideBelow="md" fontSize="sm">
        {state}
      </Text>
      {count > 0 && (
        <Text
          as="span"
          data-testid="offline-indicator-count"
          minW="6"
          px="1.5"
          rounded="full"
          fontSize="xs"
          fontWeight="bold"
          textAlign="center"
          bg={online ? 'brand.solid' : 'orange.solid'}
          color="white"
        >
          {count}
        </Text>
      )}
    </Button>
  );
}

export function OfflineIndicator() {
  const actors = useOptionalPwaActors();
  return actors ? <Indicator actors={actors} /> : null;
}
