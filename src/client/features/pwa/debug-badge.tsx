/**
 * The debug badge (docs/platform.md#the-settings-dialog "A debug badge shows when the query parameter
 * debug=true"): what the PWA platform is doing, in a corner, for whoever supports a till. It never takes a
 * tap (pointer events pass through), so it cannot hide a button.
 */
import { Box } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectStartupStatus } from '../../../../machines/app-startup/app-startup.selectors';
import { selectIsLeader, selectIsOnline } from '../../../../machines/sync-scheduler/sync-scheduler.selectors';
import {
  selectCurrentVersion,
  selectUpdateStatus,
} from '../../../../machines/worker-update/worker-update.selectors';
import { useOptionalPwaActors, useQueueStats } from './pwa-context';
import type { PwaActors } from './pwa-context';

function Badge({ actors }: { actors: PwaActors }) {
  const { t } = useTranslation('common');
  const startup = useSelector(actors.appStartup, selectStartupStatus);
  const update = useSelector(actors.workerUpdate, selectUpdateStatus);
  const version = useSelector(actors.workerUpdate, selectCurrentVersion);
  const online = useSelector(actors.syncScheduler, selectIsOnline);
  const leader = useSelector(actors.syncScheduler, selectIsLeader);
  const stats = useQueueStats(actors.queueStats);
  return (
    <Box
      role="note"
      aria-label={t('pwa.debug.label')}
      data-testid="debug-badge"
      position="fixed"
      insetBlockEnd="2"
      insetInlineStart="2"
      zIndex="toast"
      pointerEvents="none"
      px="2"
      py="1"
      rounded="md"
      bg="gray.900"
      color="white"
      fontFamily="mono"
      fontSize="xs"
      opacity="0.85"
    >
      {[
        t('pwa.debug.title'),
        `sw ${startup}/${update}`,
        `v ${version ?? '?'}`,
        online ? t('pwa.indicator.online') : t('pwa.indicator.offline'),
        leader ? t('pwa.debug.leader') : t('pwa.debug.follower'),
        `queue ${stats.pendingRequests}/${stats.failedRequests}`,
      ].join(' · ')}
    </Box>
  );
}

export function DebugBadge() {
  const actors = useOptionalPwaActors();
  return actors?.capabilities.debug ? <Badge actors={actors} /> : null;
}
