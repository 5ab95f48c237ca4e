/**
 * The browser router (react-router-dom 7, createBrowserRouter) built from the route table: one layout route
 * per layout, each route of routes.ts under its layout with its gate, '/' redirecting by the session, and
 * anything unknown answered by the 404 page. A render error or a chunk that cannot be fetched shows the 500
 * page (the error element). The manifest's shortcut and widget addresses (routes.ts ROUTE_ALIASES) redirect
 * to their route, whose gate then applies.
 */
import { Box } from '@chakra-ui/react';
import { createBrowserRouter, Navigate, useLocation } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { NotFoundScreen, ServerErrorScreen } from '../features/errors/error-screens';
import { BareLayout } from './layouts/bare-layout';
import { DefaultLayout } from './layouts/default-layout';
import { PosLayout } from './layouts/pos-layout';
import { TvLayout } from './layouts/tv-layout';
import { RootRedirect, RouteGate } from './route-gate';
import { ROUTE_ALIASES, ROUTES, titleKey } from './routes';
import type { AppRoute, Layout, RouteAlias } from './routes';

function ErrorElement() {
  return (
    <Box as="main" id="main">
      <ServerErrorScreen />
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
  return {
    id: route.id,
    path: route.path,
    element: <RouteGate route={route} />,
    handle: { titleKey: titleKey(route) },
  };
}

/** Replaces the alias in history (Back does not bounce into it again), keeping the query and hash. */
function AliasRedirect({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}

function aliasObject(alias: RouteAlias): RouteObject {
  return { path: alias.path, element: <AliasRedirect to={alias.to} />, errorElement: <ErrorElement /> };
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
