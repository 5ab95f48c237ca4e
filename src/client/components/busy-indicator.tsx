/**
 * The global loading indicator (docs/api.md#the-client "Each call shows a loading indicator unless flagged to
 * skip"): the API client counts calls in flight (lib/api/loading.ts); this shows a small spinner while any is
 * running.
 *
 * The spinner is mounted only while a call is in flight: a hidden one (visibility: hidden) still runs its CSS
 * animation, which keeps the compositor producing frames under every tap of the sale screen. The box around it
 * keeps its size, so the header does not shift when it appears, and is a polite status region that stays
 * mounted: a screen reader hears "Loading" when a call starts, nothing when the bar is idle.
 */
import { Box, Spinner, VisuallyHidden } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { apiLoading } from '../lib/api/loading';

export function BusyIndicator() {
  const { t } = useTranslation('common');
  const inFlight = useSyncExternalStore(apiLoading.subscribe, apiLoading.getSnapshot, () => 0);
  const busy = inFlight > 0;
  return (
    <Box
      role="status"
      aria-live="polite"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      boxSize="4"
      flexShrink="0"
      data-testid="busy-indicator-region"
    >
      {busy && (
        <>
          <Spinner size="sm" color="brand.solid" aria-hidden data-testid="busy-indicator" />
          <VisuallyHidden>{t('layout.busy')}</VisuallyHidden>
        </>
      )}
    </Box>
  );
}
