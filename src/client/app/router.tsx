/**
 * The browser router (react-router-dom 7, createBrowserRouter) built from the route table: one layout route
 * per layout, each route of routes.ts under its layout with its gate, '/' redirecting by the session, and
 * anything unknown answered by the 404 page. The manifest's shortcut and widget addresses (routes.ts
 * ROUTE_ALIASES) redirect to their route, whose gate then applies.
 *
 * Errors, never a blank page (a till on the LAN without a service worker, offline):
 * - a screen's chunk that cannot be fetched: the screen's loader is wrapped (features/errors/retryable-screen)
 *   so the layout stays and the screen's place says "This screen could not be loaded. Check the connection and
 *   try again." with Retry, which fetches it again without a reload;
 * - any other chunk that fails inside a screen (a dialog's part opened before it was warmed) reaches the error
 *   element, which says the same; its Retry reloads the page, because React keeps a failed lazy part for good;
 * - a render error: the 500 page (the error element).
 */
import { Box } from '@chakra-ui/react';
import { createBrowserRouter, Navigate, useLocation, useRouteError } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { isChunkLoadError } from '../features/errors/chunk-error';
import { NotFoundScreen, ScreenLoadFailed, ServerErrorScreen } from '../features/errors/error-screens';
import { retryableScreen } from '../features/errors/retryable-screen';
import { BareLayout } from './layouts/bare-layout';
import { DefaultLayout } from './layouts/default-layout';
import { PosLayout } from './layouts/pos-layout';
import { TvLayout } from './layouts/tv-layout';
import { RootRedirect, RouteGate } from './route-gate';
import { ROUTE_ALIASES } from './route-aliases';
import type { RouteAlias } from './route-aliases';
import { ROUTES, titleKey } from './routes';
import type { AppRoute, Layout } from './routes';

function reload(): void {
  window.location.reload();
}

function ErrorElement() {
  const error = useRouteError();
  return (
    <Box as="main" id="main">
      {isChunkLoadError(error) ? <ScreenLoadFailed onRetry={reload} /> : <ServerErrorScreen />}
    </Box>
  );
}

const LAYOUTS: Record<Layout, () => React.JSX.Element> = {
  default: DefaultLayout,
  pos: PosLayout,
  tv: TvLayout,
  none: BareLayout,
};

function routeObject(route: AppRoute): RouteObject {
  // Made once per route (the router is built once): the gate keeps one lazy screen per route id.
  const retrying: AppRoute = { ...route, screen: retryableScreen(route.screen) };
  return {
    id: route.id,
    path: route.path,
    element: <RouteGate route={retrying} />,
    handle: { titleKey: titleKey(route) },
  };
}

/** Replaces the alias in history (Back does not bounce into it again), keeping the query and hash. */
function AliasRedirect({ alias }: { alias: RouteAlias }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: alias.to, search, hash }} state={alias.state} replace />;
}

function aliasObject(alias: RouteAlias): RouteObject {
  return { path: alias.path, element: <AliasRedirect alias={alias} />, errorElement: <ErrorElement /> };
}

export function buildRouteObjects(
  routes: readonly AppRoute[] = ROUTES,
  aliases: readonly RouteAlias[] = ROUTE_ALIASES,
): RouteObject[] {
  const layouts = Object.keys(LAYOUTS) as Layout[];
  return [
    { path: '/', element: <RootRedirect />, errorElement: <ErrorElement /> },
    ...aliases.map(aliasObject),
    ...layouts.map((layout): RouteObject => {
      const Layout = LAYOUTS[layout];
      return {
        id: `layout-${layout}`,
        element: <Layout />,
        errorElement: <ErrorElement />,
        children: routes.filter((r) => r.layout === layout).map(routeObject),
      };
    }),
    {
      id: 'layout-fallback',
      element: <BareLayout />,
      errorElement: <ErrorElement />,
      children: [{ path: '*', element: <NotFoundScreen />, handle: { titleKey: 'screens.notFound' } }],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRouteObjects());
}
