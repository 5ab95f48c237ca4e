/**
 * The default layout (docs/roles.md#screens-layouts-and-the-menu "Login required, default layout": dashboard,
 * admin screens): a top bar and a side menu; below the large breakpoint (tablets) the side menu collapses
 * into a drawer opened from the bar.
 */
import { Box, Flex, HStack, Link, Spacer } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { BusyIndicator } from '../../components/busy-indicator';
import { LanguageSwitch } from '../../components/language-switch';
import { PageLoading } from '../../components/page-loading';
import { MenuDrawer } from './menu-drawer';
import { NavMenu } from './nav-menu';
import { SkipLink } from './skip-link';
import { UserMenu } from './user-menu';

export function DefaultLayout() {
  const { t } = useTranslation('common');
  return (
    <Flex direction="column" minH="100dvh" data-layout="default">
      <SkipLink />
      <HStack
        as="header"
        gap="3"
        px={{ base: '2', md: '4' }}
        h="16"
        borderBottomWidth="1px"
        bg="bg.panel"
        position="sticky"
        top="0"
        zIndex="sticky"
      >
        <Box hideFrom="lg">
          <MenuDrawer />
        </Box>
        <Link
          asChild
          fontWeight="bold"
          fontSize="lg"
          color="brand.fg"
          textDecoration="none"
          minH="11"
          alignItems="center"
        >
          <RouterLink to="/">{t('app.name')}</RouterLink>
        </Link>
        <Spacer />
        <BusyIndicator />
        <LanguageSwitch size="sm" />
        <UserMenu />
      </HStack>
      <Flex flex="1" minH="0">
        <Box
          as="aside"
          hideBelow="lg"
          w="64"
          flexShrink="0"
          borderEndWidth="1px"
          bg="bg.subtle"
          overflowY="auto"
          position="sticky"
          top="16"
          h="calc(100dvh - var(--chakra-sizes-16))"
        >
          <NavMenu />
        </Box>
        <Box as="main" id="main" flex="1" minW="0" tabIndex={-1}>
          <Suspense fallback={<PageLoading label={t('loading')} />}>
            <Outlet />
          </Suspense>
        </Box>
      </Flex>
    </Flex>
  );
}
