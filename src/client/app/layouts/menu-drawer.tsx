/**
 * The navigation menu in a drawer: below the large breakpoint in the default layout (tablets, phones), and
 * always in the POS layout, whose screen width belongs to the ticket.
 *
 * A native modal <dialog> rather than Chakra's Drawer: showModal() already traps focus, makes the page
 * behind inert, closes on Escape and returns focus to the button, and the shell's JS carries no dialog
 * machinery (~10 KB gzipped saved in front of every screen). A tap on the backdrop closes it too.
 */
import { Box, chakra, CloseButton, HStack, IconButton, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../components/icons';
import { NavMenu } from './nav-menu';

const NativeDialog = chakra('dialog');

export function MenuDrawer({ size = 'md' }: { size?: 'sm' | 'md' }) {
  const { t } = useTranslation('common');
  const dialog = useRef<HTMLDialogElement>(null);
  const close = () => dialog.current?.close();
  return (
    <>
      <IconButton
        variant="ghost"
        size={size}
        minW="11"
        minH="11"
        aria-label={t('layout.openMenu')}
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
        data-testid="menu-button"
      >
        <MenuIcon boxSize="6" />
      </IconButton>
      <NativeDialog
        ref={dialog}
        aria-label={t('layout.mainMenu')}
        position="fixed"
        insetBlock="0"
        insetInlineStart="0"
        m="0"
        p="0"
        w="xs"
        maxW="85vw"
        h="100dvh"
        maxH="100dvh"
        bg="bg.panel"
        color="fg"
        shadow="lg"
        borderWidth="0"
        css={{ '&::backdrop': { bg: 'blackAlpha.500' } }}
        onClick={(event) => {
          // The dialog element itself is hit only outside its content box: a tap on the backdrop.
          if (event.target === event.currentTarget) close();
        }}
        data-testid="menu-drawer"
      >
        <Box h="full" overflowY="auto">
          <HStack justify="space-between" px="4" h="14" borderBottomWidth="1px">
            <Text fontWeight="bold" color="brand.fg">
              {t('app.name')}
            </Text>
            <CloseButton aria-label={t('layout.closeMenu')} onClick={close} />
          </HStack>
          <NavMenu onNavigate={close} />
        </Box>
      </NativeDialog>
    </>
  );
}
