/**
 * The signed-in person's menu in the app bars: profile, change password, log out
 * (docs/roles.md#screens-layouts-and-the-menu auth screens).
 *
 * A native popover (the HTML `popover` attribute) rather than Chakra's Menu: the browser gives the light
 * dismiss, Escape and focus return, and the shell's JS stays free of a positioning engine (the Menu and its
 * floating-ui weigh ~15 KB gzipped, in front of every screen, /pos/sales included). It always opens under
 * the bar's end, where its button is, so it needs no anchoring.
 */
import { Box, Button, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { selectUser } from '../../../../machines/auth/auth.selectors';
import { UserIcon } from '../../components/icons';
import { openPwaSettings } from '../../features/pwa/pwa-context';
import { useAuthSelector } from '../../lib/actors/auth-actor';

const POPOVER_ID = 'user-menu-popover';

function hidePopover() {
  document.getElementById(POPOVER_ID)?.hidePopover();
}

function MenuLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      asChild
      display="flex"
      alignItems="center"
      minH="11"
      px="4"
      rounded="md"
      color="fg"
      textDecoration="none"
      _hover={{ bg: 'brand.subtle', textDecoration: 'none' }}
    >
      <RouterLink to={to} onClick={hidePopover}>
        {children}
      </RouterLink>
    </Link>
  );
}

export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('common');
  const user = useAuthSelector(selectUser);
  if (!user) return null;
  return (
    <>
      <Button
        variant="ghost"
        size={compact ? 'sm' : 'md'}
        minH="11"
        popoverTarget={POPOVER_ID}
        aria-haspopup="menu"
        data-testid="user-menu"
      >
        <UserIcon boxSize="5" />
        <Text as="span" hideBelow={compact ? 'md' : 'sm'} truncate maxW="40">
          {user.name}
        </Text>
      </Button>
      <Box
        id={POPOVER_ID}
        popover="auto"
        // The top layer ignores the page's layout: place it under the bar's end, where its button sits.
        position="fixed"
        inset="auto"
        top={compact ? '14' : '16'}
        insetEnd="2"
        m="0"
        minW="56"
        p="2"
        bg="bg.panel"
        borderWidth="1px"
        rounded="lg"
        shadow="lg"
      >
        <Stack as="nav" gap="0.5" aria-label={user.name}>
          <MenuLink to="/profile">{t('userMenu.profile')}</MenuLink>
          <MenuLink to="/change-pass">{t('userMenu.changePassword')}</MenuLink>
          <Button
            variant="ghost"
            justifyContent="flex-start"
            minH="11"
            px="4"
            fontWeight="normal"
            onClick={() => {
              hidePopover();
              openPwaSettings();
            }}
            data-testid="open-pwa-settings"
          >
            {t('pwa.settings.open')}
          </Button>
          <Box as="hr" my="1" borderColor="border" />
          <MenuLink to="/logout">{t('userMenu.logout')}</MenuLink>
        </Stack>
      </Box>
    </>
  );
}
