/**
 * The global loading indicator (000 §7 "Each call shows a loading indicator unless flagged to skip"): the API
 * client counts calls in flight (lib/api/loading.ts); this shows a small spinner while any is running.
 */
import { Spinner } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { apiLoading } from '../lib/api/loading';

export function BusyIndicator() {
  const { t } = useTranslation('common');
  const inFlight = useSyncExternalStore(apiLoading.subscribe, apiLoading.getSnapshot, () => 0);
  return (
    <Spinner
      size="sm"
      color="brand.solid"
      visibility={inFlight > 0 ? 'visible' : 'hidden'}
      aria-label={t('layout.busy')}
      aria-hidden={inFlight > 0 ? undefined : true}
      data-testid="busy-indicator"
    />
  );
}
