/**
 * The reports' index (/reports, the home screen's "Quick Reports" shortcut, docs/platform.md#the-installable-app):
 * the reports of the menu this user may open (menu.ts visibleMenu, the same filter as the navigation menu), on
 * the page of link groups the back office's home uses, and after them the report screens the spec's menu does
 * not list (the customer and payment analyses, docs/reports.md#customer-analysis): a second group, so every
 * report screen can be found without typing its address. Opening one passes that report's own PIN gate.
 */
import { useMemo } from 'react';
import { LinkGroups } from '../../components/link-groups';
import type { HomeGroup } from '../../components/link-groups';
import { EXCLUDED_SCREENS } from '../layouts/nav-menu';
import { isLinkAllowed, MENU, visibleMenu } from '../menu';
import type { MenuLink } from '../menu';
import { comingSoon, ROUTES, titleKey } from '../routes';
import { useSessionFacts } from '../session';

/** Report screens with no menu entry of their own: built, not a details screen, not this index. */
const OFF_MENU_REPORTS: readonly MenuLink[] = ROUTES.filter(
  (route) =>
    route.path.startsWith('/pos/report/') &&
    !route.menu &&
    route.screen !== comingSoon &&
    !route.path.endsWith('/details'),
).map((route) => ({
  kind: 'link',
  id: route.id,
  label: titleKey(route),
  path: route.path,
  module: route.module,
  comingSoon: false,
}));

export function ReportsIndexArea() {
  const session = useSessionFacts();
  const groups = useMemo((): HomeGroup[] => {
    const access = { modules: session.modules, role: session.role, excluded: EXCLUDED_SCREENS };
    const visible = visibleMenu(MENU, access);
    const more = OFF_MENU_REPORTS.filter((link) => isLinkAllowed(link, access));
    const menuGroups = visible.flatMap((node) =>
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
    const analyses =
      more.length > 0
        ? [
            {
              id: 'analyses',
              label: 'reports:index.analyses',
              links: more.map(({ id, label, path }) => ({ id, label, path, comingSoon: false })),
            },
          ]
        : [];
    return [...menuGroups, ...analyses];
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
