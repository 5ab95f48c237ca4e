import { describe, expect, it } from 'vitest';
import { NAVIGATION_DENYLIST, routeFor } from './routes';
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
