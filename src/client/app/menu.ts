/**
 * The navigation menu (docs/roles.md#screens-layouts-and-the-menu "Navigation menu"), derived from the route
 * table so a screen and its menu entry can never disagree on a path.
 *
 * Visibility (docs/roles.md#screens-layouts-and-the-menu): an item shows when the user's permitted modules
 * include its module and its screen is not on the excluded-screens list; a group shows only with at least one
 * visible child. One addition of ours: an item whose route needs a role the user lacks is hidden too
 * (docs/roles.md#access-rules gives /admin screens to the admin role only), because a menu entry that always
 * answers 403 is a trap, not a permission.
 */
import type { ModuleId, Role } from '../../domain/constants';
import { comingSoon, ROUTES, titleKey } from './routes';
import type { AppRoute, MenuGroup } from './routes';

export interface MenuLink {
  kind: 'link';
  id: string;
  /** Key in the navigation namespace. */
  label: string;
  path: string;
  module: ModuleId | null;
  roles?: readonly Role[];
  /** The screen still renders the coming-soon page: the back office's home marks its link so. */
  comingSoon: boolean;
}

export interface MenuGroupNode {
  kind: 'group';
  id: MenuGroup;
  label: string;
  children: MenuLink[];
}

export type MenuNode = MenuLink | MenuGroupNode;

function linkOf(route: AppRoute): MenuLink {
  return {
    kind: 'link',
    id: route.id,
    label: route.menu?.label ?? titleKey(route),
    path: route.path,
    module: route.module,
    ...(route.roles ? { roles: route.roles } : {}),
    comingSoon: route.screen === comingSoon,
  };
}

/** Every menu entry of the table, in table order; a group sits where its first child is declared. */
export function buildMenu(routes: readonly AppRoute[] = ROUTES): MenuNode[] {
  const nodes: MenuNode[] = [];
  const groups = new Map<MenuGroup, MenuGroupNode>();
  for (const route of routes) {
    if (!route.menu) continue;
    const parent = route.menu.parent;
    if (!parent) {
      nodes.push(linkOf(route));
      continue;
    }
    let group = groups.get(parent);
    if (!group) {
      group = { kind: 'group', id: parent, label: `menu.${parent}`, children: [] };
      groups.set(parent, group);
      nodes.push(group);
    }
    group.children.push(linkOf(route));
  }
  return nodes;
}

export interface MenuAccess {
  /** Modules the user may open (readableModules of the session's permissions, src/domain/permissions.ts). */
  modules: readonly ModuleId[];
  role: Role | null;
  /** Route ids or paths hidden by configuration (docs/roles.md#screens-layouts-and-the-menu "an excluded-screens list can hide items"). */
  excluded?: readonly string[];
}

export function isLinkAllowed(link: MenuLink, access: MenuAccess): boolean {
  if (link.module === null || !access.modules.includes(link.module)) return false;
  if (access.excluded?.some((screen) => screen === link.id || screen === link.path)) return false;
  if (link.roles && (access.role === null || !link.roles.includes(access.role))) return false;
  return true;
}

/** The menu a user sees: allowed links, and groups with their allowed children (none empty). */
export function visibleMenu(menu: readonly MenuNode[], access: MenuAccess): MenuNode[] {
  const visible: MenuNode[] = [];
  for (const node of menu) {
    if (node.kind === 'link') {
      if (isLinkAllowed(node, access)) visible.push(node);
      continue;
    }
    const children = node.children.filter((child) => isLinkAllowed(child, access));
    if (children.length > 0) visible.push({ ...node, children });
  }
  return visible;
}

export const MENU: readonly MenuNode[] = buildMenu();
