/**
 * Pages without an app bar (layout 'none': login, receipt, walk-in kiosk, error pages, plan): the page alone,
 * with the language switch in a corner so a customer or a signed-out cashier can still pick their language.
 * The switch is not printed (the receipt has a print layout).
 */
import { Box } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { LanguageSwitch } from '../../components/language-switch';
import { PageLoading } from '../../components/page-loading';

export function BareLayout() {
  const { t } = useTranslation('common');
  return (
    <Box minH="100dvh" position="relative" data-layout="none">
      <Box
        as="header"
        position="absolute"
        top="3"
        insetEnd="3"
        zIndex="docked"
        css={{ '@media print': { display: 'none' } }}
      >
        <LanguageSwitch size="sm" />
      </Box>
      <Box as="main" id="main" minH="100dvh" tabIndex={-1}>
        <Suspense fallback={<PageLoading label={t('loading')} />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
