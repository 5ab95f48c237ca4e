/**
 * The offline indicator of the POS bar ("An offline indicator with the count of pending writes is
 * always visible in the POS layout"): online or offline, how many queued WRITES have not reached the server
 * (waiting or failed, as the logout question counts them, lib/storage.ts countUnsyncedWrites), and beside it, in
 * red and marked "!", how many of those failed (docs/offline.md: they stay until someone retries, exports or
 * removes them). Queued reads are not counted: nothing is lost if they never go. It opens the settings dialog
 * on the "Sync timing" tab, where the queue can be synced, retried, exported and removed.
 */
import { Box, Button, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectIsOnline,
  selectIsSyncing,
} from '../../../../machines/sync-scheduler/sync-scheduler.selectors';
import { openPwaSettings, useOptionalPwaActors, useQueueStats } from './pwa-context';
import type { PwaActors } from './pwa-context';

/** A count in a round badge beside the state (the button's aria-label says it in words). */
function CountPill({ testId, bg, children }: { testId: string; bg: string; children: ReactNode }) {
  return (
    <Text
      as="span"
      data-testid={testId}
      minW="6"
      px="1.5"
      rounded="full"
      fontSize="xs"
      fontWeight="bold"
      textAlign="center"
      bg={bg}
      color="white"
    >
      {children}
    </Text>
  );
}

function Indicator({ actors }: { actors: PwaActors }) {
  const { t } = useTranslation('common');
  const online = useSelector(actors.syncScheduler, selectIsOnline);
  const syncing = useSelector(actors.syncScheduler, selectIsSyncing);
  const stats = useQueueStats(actors.queueStats);
  const failed = stats.failedWrites;
  const unsynced = stats.pendingWrites + failed;
  const state = online ? t('pwa.indicator.online') : t('pwa.indicator.offline');
  const label = [
    state,
    ...(unsynced > 0 ? [t('pwa.indicator.pending', { count: unsynced })] : []),
    ...(failed > 0 ? [t('pwa.indicator.failed', { count: failed })] : []),
  ].join(' · ');
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
      data-count={unsynced}
      data-failed={failed}
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
      {unsynced > 0 && (
        <CountPill testId="offline-indicator-count" bg={online ? 'brand.solid' : 'orange.solid'}>
          {unsynced}
        </CountPill>
      )}
      {failed > 0 && (
        <CountPill testId="offline-indicator-failed" bg="red.solid">
          {/* The colour is not the only signal: the button's label says "n failed". */}
          {`!${failed}`}
        </CountPill>
      )}
    </Button>
  );
}

export function OfflineIndicator() {
  const actors = useOptionalPwaActors();
  return actors ? <Indicator actors={actors} /> : null;
}
