/**
 * Renders one route of the table: checks access (access.ts) BEFORE the screen's chunk is requested, so a
 * signed-out visitor of /pos/sales downloads nothing of the sale screen, then loads the screen lazily.
 *
 * - requireAuth and no session → /login, the wanted address kept in the navigation state (`from`) so the
 *   login route can come back to it;
 * - a missing role or module → /403;
 * - requirePinCode (or a screen in the tenant's enterPinCodeScreens) without a valid PIN check → the PIN gate.
 *
 * The login route itself is for guests: once the session exists (the login machine reached it), it leaves
 * for the remembered address, else the store's home.
 */
import { lazy, Suspense } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { selectStoreSettings } from '../../../machines/auth/auth.selectors';
import { PageLoading } from '../components/page-loading';
import { homePath, routeAccess, safeReturnPath } from './access';
import { useAuthSelector } from '../lib/actors/auth-actor';
import { PinGate } from './pin-gate';
import { FORBIDDEN_PATH, LOGIN_PATH, titleKey } from './routes';
import type { AppRoute } from './routes';
import { useSessionFacts } from './session';

const screens = new Map<string, LazyExoticComponent<ComponentType>>();

function screenOf(route: AppRoute): LazyExoticComponent<ComponentType> {
  let screen = screens.get(route.id);
  if (!screen) {
    screen = lazy(() => route.screen().then((component) => ({ default: component })));
    screens.set(route.id, screen);
  }
  return screen;
}

export interface LoginState {
  /** The address a guard sent to /login, to return to after signing in. */
  from?: string;
  /** The navigation state that address came with (a shortcut's request, such as a new booking), given back. */
  fromState?: unknown;
}

function useHomePath(): string {
  const session = useSessionFacts();
  const store = useAuthSelector(selectStoreSettings);
  return homePath(store?.default_home, session);
}

/** '/' (docs/roles.md#screens-layouts-and-the-menu): /login when signed out, else the home from the store's default_home. */
export function RootRedirect() {
  const { t } = useTranslation('common');
  const session = useSessionFacts();
  const home = useHomePath();
  if (session.resuming && !session.authenticated) return <PageLoading label={t('loading')} />;
  return <Navigate to={home} replace />;
}

function RouteTitle({ route }: { route: AppRoute }) {
  const { t } = useTranslation(['navigation', 'common']);
  return <title>{`${t(titleKey(route), { ns: 'navigation' })} · ${t('app.name', { ns: 'common' })}`}</title>;
}

function Screen({ route }: { route: AppRoute }) {
  const { t } = useTranslation('common');
  const Component = screenOf(route);
  return (
    <>
      <RouteTitle route={route} />
      <Suspense fallback={<PageLoading label={t('loading')} />}>
        <Component />
      </Suspense>
    </>
  );
}

export function RouteGate({ route }: { route: AppRoute }) {
  const { t } = useTranslation('common');
  const session = useSessionFacts();
  const location = useLocation();
  const home = useHomePath();
  if (route.path === LOGIN_PATH && session.authenticated) {
    const state = location.state as LoginState | null;
    const back = safeReturnPath(state?.from);
    return <Navigate to={back ?? home} state={back ? state?.fromState : undefined} replace />;
  }
  const access = routeAccess(route, session);
  if (access === 'wait') return <PageLoading label={t('loading')} />;
  if (access === 'login') {
    const state: LoginState = {
      from: `${location.pathname}${location.search}${location.hash}`,
      ...(location.state != null ? { fromState: location.state } : {}),
    };
    return <Navigate to={LOGIN_PATH} state={state} replace />;
  }
  if (access === 'forbidden') return <Navigate to={FORBIDDEN_PATH} replace />;
  if (access === 'pin') {
    return (
      <>
        <RouteTitle route={route} />
        <PinGate route={route} />
      </>
    );
  }
  return <Screen route={route} />;
}
