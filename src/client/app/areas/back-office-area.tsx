/**
 * The back office's home (/admin) in its own chunk: the menu this user sees (menu.ts visibleMenu, the same
 * filter as the navigation menu), as groups of links for the feature's home screen. Top-level links of the
 * menu are gathered under the back office's own heading.
 */
import { useMemo } from 'react';
import { LinkGroups } from '../../components/link-groups';
import type { HomeGroup } from '../../components/link-groups';
import { EXCLUDED_SCREENS } from '../layouts/nav-menu';
import { MENU, visibleMenu } from '../menu';
import type { MenuLink } from '../menu';
import { useSessionFacts } from '../session';

const HOME_ID = 'adminHome';

function toLink(link: MenuLink) {
  return { id: link.id, label: link.label, path: link.path, comingSoon: link.comingSoon };
}

export function BackOfficeHomeArea() {
  const session = useSessionFacts();
  const groups = useMemo((): HomeGroup[] => {
    const visible = visibleMenu(MENU, {
      modules: session.modules,
      role: session.role,
      excluded: EXCLUDED_SCREENS,
    });
    const loose = visible.filter((node): node is MenuLink => node.kind === 'link' && node.id !== HOME_ID);
    const grouped = visible.flatMap((node) =>
      node.kind === 'group'
        ? [{ id: node.id, label: `navigation:${node.label}`, links: node.children.map(toLink) }]
        : [],
    );
    return loose.length
      ? [{ id: 'main', label: 'admin:home.general', links: loose.map(toLink) }, ...grouped]
      : grouped;
  }, [session.modules, session.role]);
  return (
    <LinkGroups
      groups={groups}
      title="admin:home.title"
      intro="admin:home.intro"
      none="admin:home.none"
      testId="back-office-home"
    />
  );
}
