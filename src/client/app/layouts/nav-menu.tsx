/**
 * The navigation menu (docs/roles.md#screens-layouts-and-the-menu), the items this user may open (menu.ts
 * visibleMenu). Groups are native disclosure widgets (<details>): keyboard and screen-reader behaviour for
 * free, open when they hold the current page. Every row is at least 44 px high for fingers.
 */
import { Box, chakra, Link, Stack } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import { ChevronDownIcon } from '../../components/icons';
import { MENU, visibleMenu } from '../menu';
import type { MenuLink } from '../menu';
import { useSessionFacts } from '../session';

/** Screens hidden by configuration (docs/roles.md#screens-layouts-and-the-menu "an excluded-screens list can hide items"); none yet. */
export const EXCLUDED_SCREENS: readonly string[] = [];

const Summary = chakra('summary');
const Details = chakra('details');

interface NavMenuProps {
  /** Called after a link is followed (the drawer closes). */
  onNavigate?: () => void;
}

function MenuLinkRow({
  link,
  onNavigate,
  inset,
}: {
  link: MenuLink;
  onNavigate?: () => void;
  inset?: boolean;
}) {
  const { t } = useTranslation('navigation');
  return (
    <Link
      asChild
      display="flex"
      alignItems="center"
      minH="11"
      px="3"
      ps={inset ? '6' : '3'}
      rounded="md"
      color="fg"
      textDecoration="none"
      _hover={{ bg: 'brand.subtle', textDecoration: 'none' }}
      _currentPage={{ bg: 'brand.subtle', color: 'brand.fg', fontWeight: 'semibold' }}
      focusRingColor="brand.focusRing"
    >
      <NavLink to={link.path} onClick={onNavigate} data-menu-id={link.id}>
        {t(link.label)}
      </NavLink>
    </Link>
  );
}

export function NavMenu({ onNavigate }: NavMenuProps) {
  const { t } = useTranslation(['common', 'navigation']);
  const session = useSessionFacts();
  const { pathname } = useLocation();
  const items = useMemo(
    () => visibleMenu(MENU, { modules: session.modules, role: session.role, excluded: EXCLUDED_SCREENS }),
    [session.modules, session.role],
  );
  return (
    <Box as="nav" aria-label={t('layout.mainMenu')} data-testid="nav-menu">
      <Stack as="ul" gap="0.5" listStyleType="none" p="2">
        {items.map((node) =>
          node.kind === 'link' ? (
            <li key={node.id}>
              <MenuLinkRow link={node} onNavigate={onNavigate} />
            </li>
          ) : (
            <li key={node.id}>
              <Details
                open={node.children.some((c) => pathname === c.path) || undefined}
                css={{ '&[open] > summary svg': { transform: 'rotate(180deg)' } }}
                data-menu-group={node.id}
              >
                <Summary
                  display="flex"
                  alignItems="center"
                  justifyContent="space-between"
                  minH="11"
                  px="3"
                  rounded="md"
                  cursor="pointer"
                  fontWeight="medium"
                  listStyleType="none"
                  _hover={{ bg: 'bg.muted' }}
                  focusVisibleRing="outside"
                  css={{ '&::-webkit-details-marker': { display: 'none' } }}
                >
                  {t(node.label, { ns: 'navigation' })}
                  <ChevronDownIcon boxSize="5" transition="transform" />
                </Summary>
                <Stack as="ul" gap="0.5" listStyleType="none">
                  {node.children.map((child) => (
                    <li key={child.id}>
                      <MenuLinkRow link={child} onNavigate={onNavigate} inset />
                    </li>
                  ))}
                </Stack>
              </Details>
            </li>
          ),
        )}
      </Stack>
    </Box>
  );
}
