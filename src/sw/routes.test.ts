import { describe, expect, it } from 'vitest';
import { compilePattern, customRouteAllowed, NAVIGATION_DENYLIST, routeFor } from './routes';
import type { RequestInfo } from './routes';

const ORIGIN = 'https://till.example';

function route(path: string, init: Partial<Omit<RequestInfo, 'url' | 'origin'>> = {}) {
  return routeFor({ url: new URL(path, ORIGIN), method: 'GET', origin: ORIGIN, ...init });
}

describe('routeFor', () => {
  it('answers page loads of app routes with the app shell, but not files or the API', () => {
    expect(route('/pos/sales', { mode: 'navigate' })).toBe('navigation');
    expect(route('/login?next=%2Fpos%2Fsales', { mode: 'navigate' })).toBe('navigation');
    expect(route('/', { mode: 'navigate' })).toBe('navigation');
    expect(route('/icons/icon-192.png', { mode: 'navigate' })).toBe('none');
    expect(route('/manifest.webmanifest', { mode: 'navigate' })).toBe('none');
    expect(route('/api/pos/sales', { mode: 'navigate' })).toBe('none');
  });

  it('sends the sale screen reads network-first through the API cache', () => {
    expect(route('/api/pos/sales/service-product-setting?store_id=1')).toBe('api');
    expect(route('/api/pos/sales/init')).toBe('api');
    expect(route('/api/pos/employees?page=1&per_page=100')).toBe('api');
    expect(route('/api/pos/employees/checked-in')).toBe('api');
    expect(route('/api/pos/customers?search=ann')).toBe('api');
    expect(route('/api/pos/customers/12')).toBe('api');
    expect(route('/api/pos/stores')).toBe('api');
  });

  it('leaves other API reads live: a sale, a list of sales, a report, a receipt', () => {
    expect(route('/api/pos/sales')).toBe('none');
    expect(route('/api/pos/sales/17')).toBe('none');
    expect(route('/api/report/daily')).toBe('none');
    expect(route('/api/pos/receipts/3f1c')).toBe('none');
  });

  it('never caches login, PIN checks, passwords, payments, push or health', () => {
    for (const path of [
      '/api/login',
      '/api/login-token',
      '/api/logout',
      '/api/role-by-code',
      '/api/change-pass',
      '/api/payments/momo/5/status',
      '/api/payments/vnpay/return',
      '/api/push/vapid-public-key',
      '/api/health',
    ]) {
      expect(route(path), path).toBe('network-only');
    }
  });

  it('keeps the profile and the store settings stale-while-revalidate', () => {
    expect(route('/api/profile')).toBe('user-data');
    expect(route('/api/initial-settings')).toBe('user-data');
    expect(route('/api/initial-settings/store/4')).toBe('user-data');
    expect(route('/api/store-settings/initial-profile')).toBe('user-data');
    expect(route('/api/settings')).toBe('user-data');
  });

  it('reads the kiosk tokens live: an issue or a revoke on the settings screen shows at the next read', () => {
    expect(route('/api/settings/kiosk-tokens')).toBe('network-only');
    expect(route('/api/settings/Kiosk-Tokens')).toBe('network-only');
    expect(route('/api/settings/initial')).toBe('user-data');
    expect(
      customRouteAllowed({
        url: new URL('/api/settings/kiosk-tokens', ORIGIN),
        method: 'GET',
        origin: ORIGIN,
      }),
    ).toBe(false);
  });

  it('matches API paths by segment and case-insensitively, not by substring', () => {
    expect(route('/api/pos/EMPLOYEES')).toBe('api');
    expect(route('/api/pos/employees-archive')).toBe('none');
    expect(route('/api/paymentsx')).toBe('none');
  });

  it('never answers writes or other origins', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(route('/api/pos/sales', { method })).toBe('none');
      expect(route('/api/pos/customers', { method })).toBe('none');
      expect(route('/icons/icon-72.png', { method })).toBe('none');
    }
    expect(
      routeFor({
        url: new URL('https://cdn.example/a.js'),
        method: 'GET',
        origin: ORIGIN,
        destination: 'script',
      }),
    ).toBe('none');
  });

  it('caches translations, static files and widget data each their own way', () => {
    expect(route('/locales/vi/common.json?v=abc')).toBe('locales');
    expect(route('/assets/index-abc.js', { destination: 'script' })).toBe('static');
    expect(route('/icons/icon-192.png', { destination: 'image' })).toBe('static');
    expect(route('/favicon.svg')).toBe('static');
    expect(route('/widgets/dashboard-template.json')).toBe('static');
    expect(route('/widgets/dashboard-data.json')).toBe('widget-data');
  });

  it('leaves the worker script and the manifest to the browser and the server', () => {
    expect(route('/sw.js', { destination: 'serviceworker' })).toBe('none');
    expect(route('/manifest.webmanifest', { destination: 'manifest' })).toBe('none');
  });
});

describe('NAVIGATION_DENYLIST', () => {
  it('holds the API and file paths, and no app route', () => {
    const denied = (path: string) => NAVIGATION_DENYLIST.some((pattern) => pattern.test(path));
    expect(denied('/api')).toBe(true);
    expect(denied('/api/pos/sales')).toBe(true);
    expect(denied('/icons/icon-72.png')).toBe(true);
    expect(denied('/pos/sales')).toBe(false);
    expect(denied('/pos/receipts/0b7e2f7c-8b1d-4c1e-9a55-1f2e3d4c5b6a')).toBe(false);
    expect(denied('/apiary')).toBe(false);
  });
});

describe('customRouteAllowed', () => {
  const allowed = (path: string, init: Partial<Omit<RequestInfo, 'url' | 'origin'>> = {}) =>
    customRouteAllowed({ url: new URL(path, ORIGIN), method: 'GET', origin: ORIGIN, ...init });

  it('lets a saved configuration take the reads the worker leaves to the browser', () => {
    expect(allowed('/api/report/daily?date=2025-01-02')).toBe(true);
    expect(allowed('/api/pos/sales/17')).toBe(true);
    expect(allowed('/e2e/hello.txt')).toBe(true);
  });

  it('never the app shell, the network-only paths, the built-in caches, writes or the worker itself', () => {
    expect(allowed('/pos/sales', { mode: 'navigate' })).toBe(false);
    expect(allowed('/icons/icon-72.png', { mode: 'navigate' })).toBe(false);
    expect(allowed('/api/login')).toBe(false);
    expect(allowed('/api/payments/momo/5/status')).toBe(false);
    expect(allowed('/api/pos/employees')).toBe(false);
    expect(allowed('/api/profile')).toBe(false);
    expect(allowed('/assets/index-abc.js', { destination: 'script' })).toBe(false);
    expect(allowed('/locales/en/common.json')).toBe(false);
    expect(allowed('/widgets/sales-data.json')).toBe(false);
    expect(allowed('/sw.js')).toBe(false);
    expect(allowed('/manifest.webmanifest')).toBe(false);
    expect(allowed('/api/report/daily', { method: 'POST' })).toBe(false);
    expect(allowed('/api/report/daily', { method: 'HEAD' })).toBe(false);
    expect(
      customRouteAllowed({ url: new URL('https://cdn.example/x.json'), method: 'GET', origin: ORIGIN }),
    ).toBe(false);
  });
});

describe('compilePattern', () => {
  const matches = (pattern: string, path: string) =>
    compilePattern(pattern, ORIGIN)?.(new URL(path, ORIGIN)) ?? 'no matcher';

  it('reads * as any run of characters, slashes included, and the rest literally', () => {
    expect(matches('/api/report/*', '/api/report/daily')).toBe(true);
    expect(matches('/api/report/*', '/api/report/daily/details')).toBe(true);
    expect(matches('/api/report/*', '/api/report')).toBe(false);
    expect(matches('/api/report/*', '/api/reports/daily')).toBe(false);
    expect(matches('/api/*/details', '/api/report/daily/details')).toBe(true);
    expect(matches('/e2e/a.txt', '/e2e/a.txt')).toBe(true);
    expect(matches('/e2e/a.txt', '/e2e/aXtxt')).toBe(false);
    expect(matches('/e2e/(a)+[b]', '/e2e/(a)+[b]')).toBe(true);
  });

  it('matches the whole path in any case, the query only when the pattern has one', () => {
    expect(matches('/api/report/daily', '/API/Report/Daily?date=2025-01-02')).toBe(true);
    expect(matches('/api/report/daily', '/api/report/daily/x')).toBe(false);
    expect(matches('/api/report/daily?date=*', '/api/report/daily?date=2025-01-02')).toBe(true);
    expect(matches('/api/report/daily?date=*', '/api/report/daily')).toBe(false);
  });

  it('takes a pattern with this origin or without a leading slash, and nothing of another origin', () => {
    expect(matches(`${ORIGIN}/api/report/*`, '/api/report/daily')).toBe(true);
    expect(matches('api/report/*', '/api/report/daily')).toBe(true);
    expect(matches('*', '/anything/at/all')).toBe(true);
    expect(compilePattern('https://cdn.example/*', ORIGIN)).toBeNull();
    expect(compilePattern('   ', ORIGIN)).toBeNull();
    const matcher = compilePattern('/x/*', ORIGIN);
    expect(matcher?.(new URL('https://cdn.example/x/1'))).toBe(false);
  });
});
