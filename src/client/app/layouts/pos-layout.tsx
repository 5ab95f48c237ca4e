/**
 * The POS layout (docs/roles.md#screens-layouts-and-the-menu "Login required, POS layout": sale, check-in,
 * turns, schedule, reports): one compact bar (menu, store and workstation, who is signed in, language, the
 * offline indicator's place) and the rest of the screen's height for the work, which scrolls inside its own
 * area so the bar never moves.
 */
import { Box, Flex, HStack, Link, Spacer, Text } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { selectStoreSettings, selectWorkstationId } from '../../../../machines/auth/auth.selectors';
import { BusyIndicator } from '../../components/busy-indicator';
import { LanguageSwitch } from '../../components/language-switch';
import { PageLoading } from '../../components/page-loading';
import { useAuthSelector } from '../../lib/actors/auth-actor';
import { MenuDrawer } from './menu-drawer';
import { SkipLink } from './skip-link';
import { UserMenu } from './user-menu';
import { OfflineIndicator } from '../../features/pwa/offline-indicator';

/** The offline indicator: online or offline and the count of unsynced writes; opens the settings. */
function OfflineIndicatorSlot() {
  return <OfflineIndicator />;
}

export function PosLayout() {
  const { t } = useTranslation('common');
  const store = useAuthSelector(selectStoreSettings);
  const workstationId = useAuthSelector(selectWorkstationId);
  return (
    <Flex direction="column" h="100dvh" overflow="hidden" data-layout="pos">
      <SkipLink />
      <HStack as="header" gap="2" px="2" h="14" flexShrink="0" borderBottomWidth="1px" bg="bg.panel">
        <MenuDrawer size="sm" />
        <Link asChild fontWeight="bold" color="brand.fg" textDecoration="none" minH="11" alignItems="center">
          <RouterLink to="/">{t('app.name')}</RouterLink>
        </Link>
        <Text fontSize="sm" color="fg.muted" truncate hideBelow="sm" data-testid="pos-store">
          {store?.store_name}
          {workstationId != null && ` · ${t('layout.workstation', { id: workstationId })}`}
        </Text>
        <Spacer />
        <OfflineIndicatorSlot />
        <BusyIndicator />
        <LanguageSwitch size="sm" />
        <UserMenu compact />
      </HStack>
      <Box as="main" id="main" flex="1" minH="0" overflow="auto" tabIndex={-1}>
        <Suspense fallback={<PageLoading label={t('loading')} />}>
          <Outlet />
        </Suspense>
      </Box>
    </Flex>
  );
}
