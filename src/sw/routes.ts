/**
 * Which strategy answers a request (docs/platform.md#caches "Cache strategies: cache-first; network-first
 * (timeout, then cache, else a 503 response); stale-while-revalidate; network-only; cache-only (errors if
 * missing)"). Pure: sw.ts registers one Workbox route per kind with this as the matcher.
 *
 * Settled here:
 * - Only GETs of our own origin are answered by the worker. Writes are never cached or replayed here: the page's
 *   offline queue (src/client/lib/offline-queue) owns them, with their Idempotency-Key.
 * - 'network-only' (login, PIN checks, password, payments, push, health) is answered by NOT calling respondWith:
 *   the browser then goes to the network itself, which is network-only without a proxy hop. A Workbox
 *   NetworkOnly route would do the same fetch from the worker, where DevTools request blocking and Playwright's
 *   page.route no longer see it (Playwright: "route() will not intercept requests intercepted by Service
 *   Worker"), and card and QR payments are tested through page.route.
 * - API reads are network-first only where the sale screen needs them offline (catalog,
 *   employees, customers, plus the sale screen's start and the store list). Other reads (sale details, reports)
 *   stay live: an old copy of a report is wrong, not helpful, and the page's queue answers them offline.
 * - Paths are matched by segment after `/api`, as the server's routes are written (src/server/routes).
 */
export type RouteKind =
  'navigation' | 'static' | 'locales' | 'api' | 'user-data' | 'widget-data' | 'network-only' | 'none';

export interface RequestInfo {
  url: URL;
  method: string;
  /** Request.mode: 'navigate' for a page load. */
  mode?: string;
  /** Request.destination: 'image', 'font', 'script', 'style', 'document', '' for fetch(). */
  destination?: string;
  /** The worker's origin. */
  origin: string;
}

/** Segment prefixes after /api that must reach the network live, every time. */
const NETWORK_ONLY: readonly (readonly string[])[] = [
  ['login'],
  ['login-token'],
  ['logout'],
  ['role-by-code'],
  ['change-pass'],
  ['payments'],
  ['push'],
  ['health'],
  // The store's kiosk tokens (docs/settings.md#kiosk-tokens): a list of who may open the kiosk, changed by an
  // issue or a revoke on the very screen that reads it. Under /settings it would be user data
  // (stale-while-revalidate), and the first read after a revoke would show the token still active.
  ['settings', 'kiosk-tokens'],
];

/** docs/platform.md "user data": the signed-in person's profile and the store's settings. */
const USER_DATA: readonly (readonly string[])[] = [
  ['profile'],
  ['initial-settings'],
  ['store-settings'],
  ['settings'],
];

/** The sale screen's reads, network-first with the API cache. */
const SALE_SCREEN_READS: readonly (readonly string[])[] = [
  ['pos', 'sales', 'service-product-setting'],
  ['pos', 'sales', 'init'],
  ['pos', 'employees'],
  ['pos', 'customers'],
  ['pos', 'stores'],
];

function segmentsOf(pathname: string): string[] {
  return pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment).toLowerCase();
      } catch {
        return segment.toLowerCase();
      }
    });
}

function startsWith(segments: readonly string[], prefixes: readonly (readonly string[])[]): boolean {
  return prefixes.some((prefix) => prefix.every((part, i) => segments[i] === part));
}

/** The widgets' data files the worker writes (widgets.ts widgetDataPath). */
export const WIDGET_DATA_PATH = /^\/widgets\/[a-z0-9-]+-data\.json$/;
/** A path whose last segment has an extension: a file, never an app route (routes.ts has no dots). */
const FILE_PATH = /\/[^/]+\.[^/]+$/;

export function routeFor(request: RequestInfo): RouteKind {
  const { url } = request;
  if (url.origin !== request.origin) return 'none';
  const method = request.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return 'none';

  const segments = segmentsOf(url.pathname);
  if (segments[0] === 'api') {
    const rest = segments.slice(1);
    if (startsWith(rest, NETWORK_ONLY)) return 'network-only';
    if (method !== 'GET') return 'none';
    if (startsWith(rest, USER_DATA)) return 'user-data';
    if (startsWith(rest, SALE_SCREEN_READS)) return 'api';
    return 'none';
  }
  if (method !== 'GET') return 'none';
  if (request.mode === 'navigate') return FILE_PATH.test(url.pathname) ? 'none' : 'navigation';
  // The worker script and the manifest are revalidated by the browser and the server (spa.ts no-cache).
  if (url.pathname === '/sw.js' || url.pathname.endsWith('.webmanifest')) return 'none';
  if (segments[0] === 'locales' && url.pathname.endsWith('.json')) return 'locales';
  if (WIDGET_DATA_PATH.test(url.pathname)) return 'widget-data';
  if (
    segments[0] === 'assets' ||
    segments[0] === 'icons' ||
    segments[0] === 'widgets' ||
    url.pathname === '/favicon.svg' ||
    request.destination === 'image' ||
    request.destination === 'font' ||
    request.destination === 'style' ||
    request.destination === 'script'
  ) {
    return 'static';
  }
  return 'none';
}

/** Navigations the app shell must not answer: the API, and files (the manifest, an icon opened in a tab). */
export const NAVIGATION_DENYLIST: RegExp[] = [/^\/api(\/|$)/, FILE_PATH];

// ---- configurations saved in the settings dialog (custom-caches.ts) ------------------------------------------

/**
 * Whether a saved cache configuration (cache-config.ts SavedCacheConfig) may answer this request: only what the
 * worker's own rules leave to the browser ('none'): a GET of this origin that is no page load, not the
 * worker's script and not the manifest. So a pattern can never take the app shell, a login, a PIN check or a
 * payment (network-only), the sale screen's offline reads or the widgets' data away from their rules, and
 * writes stay the offline queue's.
 */
export function customRouteAllowed(request: RequestInfo): boolean {
  if (request.method.toUpperCase() !== 'GET' || request.mode === 'navigate') return false;
  if (request.url.pathname === '/sw.js' || request.url.pathname.endsWith('.webmanifest')) return false;
  return routeFor(request) === 'none' && request.url.origin === request.origin;
}

export type UrlMatcher = (url: URL) => boolean;

/**
 * A URL pattern of the add dialog ("URL patterns, one per line", docs/roles.md#screens-layouts-and-the-menu),
 * e.g. `/api/report/*`: `*` stands for any run of characters ('/' included), anything else is literal, and
 * the whole path must match, in any case (as routeFor reads paths). A pattern with `?` is matched against the
 * path and the query; one starting with the origin (`https://till.example/api/*`) like a path. Another
 * origin's URL matches nothing: the worker answers only its own origin. Blank: null.
 */
export function compilePattern(pattern: string, origin: string): UrlMatcher | null {
  let text = pattern.trim();
  if (!text) return null;
  if (/^https?:\/\//i.test(text)) {
    if (!text.toLowerCase().startsWith(origin.toLowerCase())) return null;
    text = text.slice(origin.length) || '/';
  }
  if (!text.startsWith('/') && !text.startsWith('*')) text = `/${text}`;
  const withQuery = text.includes('?');
  const source = text
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  const regex = new RegExp(`^${source}$`, 'i');
  return (url) =>
    url.origin === origin && regex.test(withQuery ? `${url.pathname}${url.search}` : url.pathname);
}
