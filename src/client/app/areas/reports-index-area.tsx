/**
 * The reports' index (/reports, the home screen's "Quick Reports" shortcut, docs/platform.md#the-installable-app):
 * the reports of the menu this user may open (menu.ts visibleMenu, the same filter as the navigation menu), on
 * the page of link groups the back office's home uses. Opening one passes that report's own PIN gate.
 */
import { useMemo } from 'react';
import { LinkGroups } from '../../components/link-groups';
import type { HomeGroup } from '../../components/link-groups';
import { EXCLUDED_SCREENS } from '../layouts/nav-menu';
import { MENU, visibleMenu } from '../menu';
import { useSessionFacts } from '../session';

export function ReportsIndexArea() {
  const session = useSessionFacts();
  const groups = useMemo((): HomeGroup[] => {
    const visible = visibleMenu(MENU, {
      modules: session.modules,
      role: session.role,
      excluded: EXCLUDED_SCREENS,
    });
    return visible.flatMap((node) =>
      node.kind === 'group' && node.id === 'reports'
        ? [
            {
              id: node.id,
              label: `navigation:${node.label}`,
              links: node.children.map((link) => ({
                id: link.id,
                label: link.label,
                path: link.path,
                comingSoon: link.comingSoon,
              })),
            },
          ]
        : [],
    );
  }, [session.modules, session.role]);
  return (
    <LinkGroups
      groups={groups}
      title="reports:index.title"
      intro="reports:index.intro"
      none="reports:index.none"
      testId="reports-index"
    />
  );
}
