/**
 * Who may open a route, and where '/' leads (docs/roles.md#screens-layouts-and-the-menu,
 * docs/roles.md#access-rules), as pure functions of the session's facts so the rules are tested without a
 * browser. The route gate (route-gate.tsx) and the root redirect render their answers.
 *
 * Order of the checks (docs/roles.md#access-rules "Access rules"): requireAuth (→ /login, remembering the
 * target), then roles (→ /403), then the module (→ /403: docs/roles.md "The server checks role and module
 * permission on every route, not only the menu", and a screen whose every call would answer 403 is no use),
 * then the PIN check (→ the PIN gate). While a stored session is being resumed, a protected route waits.
 */
import { DEFAULT_HOME, HOME_CHOICES } from '../../domain/constants';
import type { HomeChoice, ModuleId, Role } from '../../domain/constants';
import { HOME_PATHS } from '../../../machines/auth/auth.selectors';
import { isLinkAllowed, MENU } from './menu';
import type { MenuNode } from './menu';
import { ROUTES } from './routes';
import type { AppRoute } from './routes';

export interface SessionFacts {
  authenticated: boolean;
  /** A stored session is being checked with the server (start-up): wait rather than send anyone to /login. */
  resuming?: boolean;
  role: Role | null;
  /** Readable modules (src/domain/permissions.ts readableModules). */
  modules: readonly ModuleId[];
  /** A PIN check passed and is still valid for this session. */
  pinApproved: boolean;
  /** Extra screens (route ids or paths) that ask for a PIN: general settings' enterPinCodeScreens. */
  pinScreens?: readonly string[];
}

export type Access = 'allow' | 'wait' | 'login' | 'forbidden' | 'pin';

export function needsPin(route: AppRoute, pinScreens: readonly string[] = []): boolean {
  return route.requirePinCode === true || pinScreens.includes(route.id) || pinScreens.includes(route.path);
}

export function routeAccess(route: AppRoute, session: SessionFacts): Access {
  if (!route.requireAuth) return 'allow';
  if (!session.authenticated) return session.resuming ? 'wait' : 'login';
  if (route.roles && (session.role === null || !route.roles.includes(session.role))) return 'forbidden';
  if (route.module !== null && !session.modules.includes(route.module)) return 'forbidden';
  if (needsPin(route, session.pinScreens) && !session.pinApproved) return 'pin';
  return 'allow';
}

function isHomeChoice(value: unknown): value is HomeChoice {
  return typeof value === 'string' && (HOME_CHOICES as readonly string[]).includes(value);
}

function firstAllowedLink(menu: readonly MenuNode[], session: SessionFacts): string | null {
  const access = { modules: session.modules, role: session.role };
  for (const node of menu) {
    const links = node.kind === 'link' ? [node] : node.children;
    const allowed = links.find((link) => isLinkAllowed(link, access));
    if (allowed) return allowed.path;
  }
  return null;
}

/**
 * Where '/' leads (docs/roles.md#screens-layouts-and-the-menu "The root path '/' redirects to a target chosen
 * from the user's state. After login the home screen comes from the store setting default_home, defaulting to
 * dashboard"): not logged in → /login; else the store's home. When this user may not open that home (a
 * technician without the Dashboard module), the first menu item they may open, so nobody lands on a 403; with
 * none, their profile. The landing choices map to routes in HOME_PATHS (machines/auth/auth.selectors.ts):
 * employee_checkin_dashboard → /pos/employee-check-in, schedule_dashboard → /pos/booking-appt,
 * take_turn_dashboard → /pos/turn-system, walkin_dashboard → /pos/walk-in, dashboard → /dashboard.
 */
export function homePath(defaultHome: string | null | undefined, session: SessionFacts): string {
  if (!session.authenticated) return '/login';
  const choice: HomeChoice = isHomeChoice(defaultHome) ? defaultHome : DEFAULT_HOME;
  const path = HOME_PATHS[choice];
  const route = ROUTES.find((r) => r.path === path);
  if (route && routeAccess(route, session) !== 'forbidden') return route.path;
  return firstAllowedLink(MENU, session) ?? '/profile';
}

/**
 * The address to return to after login (the `from` a guard put in the navigation state): only a path of
 * this app, never /login itself, never something a browser would read as another host ('//x', '/\\x').
 */
export function safeReturnPath(from: unknown): string | null {
  if (typeof from !== 'string' || !from.startsWith('/')) return null;
  if (from.startsWith('//') || from.startsWith('/\\')) return null;
  const path = from.split(/[?#]/)[0];
  return path === '/login' || path === '/logout' ? null : from;
}
