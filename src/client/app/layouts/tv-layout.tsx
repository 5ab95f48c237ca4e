/** The TV layout (docs/roles.md#screens-layouts-and-the-menu "own TV layout": the walk-in queue on a wall screen): no chrome, the whole screen. */
import { Box } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { PageLoading } from '../../components/page-loading';

export function TvLayout() {
  const { t } = useTranslation('common');
  return (
    <Box as="main" id="main" h="100dvh" w="100vw" overflow="hidden" data-layout="tv">
      <Suspense fallback={<PageLoading label={t('loading')} />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
