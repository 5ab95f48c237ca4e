import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULE, ROLE } from '../../domain/constants';
import { webManifest } from '../../sw/web-manifest';
import { DEFAULT_SHORTCUTS, DEFAULT_WIDGETS } from '../features/pwa/local-settings';
import { aliasTarget, ROUTE_ALIASES } from './route-aliases';
import { comingSoonRoutes, NOT_FOUND_PATH, resolveRoute, ROUTES, titleKey } from './routes';

/** Every path of docs/roles.md#screens-layouts-and-the-menu "Screens and routes", as the spec writes them. */
const SPEC_PATHS = [
  '/plan',
  '/login',
  '/logout',
  '/pos/receipts/:id',
  '/403',
  '/404',
  '/500',
  '/pos/walk-in/sign-in/:storeId/:isEmp/:isCat/:isService',
  '/pos/walk-in/sign-up/:storeId/:isEmp/:isCat/:isService',
  '/pos/walk-in/sign-in/:storeId/quick-employees/:isEmp/:isCat/:isService',
  '/pos/walk-in/sign-in/:storeId/quick-services/:isEmp/:isCat/:isService',
  '/pos/walk-in/review/:storeId',
  '/dashboard',
  '/pos/employee-check-in',
  '/pos/sales',
  '/pos/sales/:id',
  '/pos/walk-in',
  '/pos/turn-system',
  '/pos/turn-re-order',
  '/pos/cash-drawer',
  '/pos/booking-appt',
  '/pos/report/order',
  '/pos/report/daily',
  '/pos/report/summary',
  '/pos/report/store',
  '/pos/report/store/details',
  '/pos/report/customer',
  '/pos/report/customer/details',
  '/pos/report/giftcard',
  '/pos/report/giftcard/details',
  '/pos/report/check-in-out',
  '/pos/report/payroll',
  '/pos/report/services-products',
  '/pos/report/services-products/details',
  '/pos/report/analysis-customer',
  '/pos/report/analysis-payment',
  '/admin/members',
  '/admin/categories',
  '/admin/units',
  '/admin/suppliers',
  '/admin/customers',
  '/admin/customer-groups',
  '/admin/memberships',
  '/admin/giftcards',
  '/admin/coupons',
  '/admin/settings',
  '/admin/emarketing/campaigns',
  '/admin/emarketing/templates',
  '/admin/emarketing/report/summary',
  '/admin/emarketing/report/details',
  '/admin/sms/reminder',
  '/admin/sms/templates',
  '/admin/sms/report/summary',
  '/admin/sms/report/details',
  '/test',
];

/**
 * The screens that still render the coming-soon page. When a screen lands, its route gets the real screen
 * and its line goes from here: a planned screen can neither be forgotten nor silently stay a stub.
 */
const COMING_SOON = [
  '/plan',
  '/admin/emarketing/campaigns',
  '/admin/emarketing/templates',
  '/admin/emarketing/report/summary',
  '/admin/emarketing/report/details',
  '/admin/sms/reminder',
  '/admin/sms/templates',
  '/admin/sms/report/summary',
  '/admin/sms/report/details',
  '/test',
];

const byPath = (p: string) => ROUTES.find((r) => r.path === p);

describe('route table', () => {
  it('declares every route of the spec, each path and id once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(SPEC_PATHS.filter((p) => !paths.includes(p))).toEqual([]);
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
  });

  it('lists the screens still shown as coming soon', () => {
    expect(comingSoonRoutes().map((r) => r.path)).toEqual(COMING_SOON);
  });

  it('keeps public only the screens the spec makes public', () => {
    const publicPaths = ROUTES.filter((r) => !r.requireAuth).map((r) => r.path);
    expect(publicPaths.sort()).toEqual(
      [
        '/plan',
        '/login',
        '/logout',
        '/pos/receipts/:id',
        '/403',
        '/404',
        '/500',
        '/pos/walk-in/sign-in/:storeId/:isEmp/:isCat/:isService',
        '/pos/walk-in/sign-up/:storeId/:isEmp/:isCat/:isService',
        '/pos/walk-in/sign-in/:storeId/quick-employees/:isEmp/:isCat/:isService',
        '/pos/walk-in/sign-in/:storeId/quick-services/:isEmp/:isCat/:isService',
        '/pos/walk-in/review/:storeId',
      ].sort(),
    );
  });

  it('asks a PIN for every report except employee check-in/out and payroll', () => {
    const reports = ROUTES.filter((r) => r.path.startsWith('/pos/report/'));
    expect(reports.length).toBe(20);
    for (const r of reports) {
      const free = r.path === '/pos/report/check-in-out' || r.path === '/pos/report/payroll';
      expect(r.requirePinCode === true, r.path).toBe(!free);
      expect(r.layout, r.path).toBe('pos');
      expect(r.module, r.path).toBe(MODULE.REPORT);
    }
    expect(ROUTES.filter((r) => r.requirePinCode && !r.path.startsWith('/pos/report/'))).toEqual([]);
  });

  it('gives the admin screens to the admin and the owner, and settings to them too (a manager reads them)', () => {
    // `/admin` is the back office's home; the others are its screens.
    const isAdmin = (path: string) => path === '/admin' || path.startsWith('/admin/');
    for (const r of ROUTES.filter((x) => isAdmin(x.path))) {
      const expected =
        r.path === '/admin/settings' ? [ROLE.ADMIN, ROLE.OWNER, ROLE.MANAGER] : [ROLE.ADMIN, ROLE.OWNER];
      expect(r.roles, r.path).toEqual(expected);
      expect(r.layout, r.path).toBe('default');
      expect(r.requireAuth, r.path).toBe(true);
    }
    expect(ROUTES.filter((r) => r.roles && !isAdmin(r.path))).toEqual([]);
  });

  it('puts each screen in the layout the spec names', () => {
    expect(byPath('/dashboard')?.layout).toBe('default');
    expect(byPath('/pos/walk-in/tv/:storeId')?.layout).toBe('tv');
    for (const p of [
      '/pos/employee-check-in',
      '/pos/sales',
      '/pos/sales/:id',
      '/pos/walk-in',
      '/pos/turn-system',
      '/pos/turn-re-order',
      '/pos/cash-drawer',
      '/pos/booking-appt',
    ]) {
      expect(byPath(p)?.layout, p).toBe('pos');
      expect(byPath(p)?.requireAuth, p).toBe(true);
    }
    for (const r of ROUTES.filter((x) => !x.requireAuth)) expect(r.layout, r.path).toBe('none');
  });

  it('names every screen in the navigation translations', () => {
    const navigation = JSON.parse(readFileSync(path.resolve('locales/en/navigation.json'), 'utf8')) as {
      screens: Record<string, string>;
      menu: Record<string, string>;
    };
    for (const r of ROUTES) {
      const [, id] = titleKey(r).split('.');
      expect(navigation.screens[id as string], r.id).toBeTruthy();
      if (r.menu?.label) expect(navigation.menu[r.menu.label.replace(/^menu\./, '')], r.id).toBeTruthy();
    }
  });
});

/** docs/platform.md#the-installable-app "Home-screen widget and shortcut targets". */
const SPEC_HOME_SCREEN_TARGETS = [
  '/dashboard',
  '/sales',
  '/appointments',
  '/notifications',
  '/pos/new-sale',
  '/appointments/new',
  '/reports',
  '/customers/search',
];

/** Every address a home screen can open: the manifest's shortcuts and widgets, and the settings tab's defaults. */
function homeScreenUrls(): string[] {
  return [
    ...webManifest.shortcuts.map((s) => s.url),
    ...webManifest.widgets.map((w) => w.url),
    ...DEFAULT_SHORTCUTS.map((s) => s.url),
    ...DEFAULT_WIDGETS.map((w) => w.url),
  ];
}

describe('home-screen shortcut and widget addresses', () => {
  it('are exactly the targets 001 §2 lists', () => {
    expect([...new Set(homeScreenUrls())].sort()).toEqual([...SPEC_HOME_SCREEN_TARGETS].sort());
  });

  it('each opens a declared screen, never the 404 page', () => {
    for (const url of homeScreenUrls()) {
      const route = resolveRoute(new URL(url, 'https://till.example').pathname);
      expect(route, url).toBeDefined();
      expect(route?.path, url).not.toBe(NOT_FOUND_PATH);
    }
  });

  it('lead to the screens they mean', () => {
    const opened = Object.fromEntries(SPEC_HOME_SCREEN_TARGETS.map((url) => [url, resolveRoute(url)?.id]));
    expect(opened).toEqual({
      '/dashboard': 'dashboard',
      '/sales': 'reportOrder',
      '/appointments': 'bookingAppt',
      '/notifications': 'walkIn',
      '/pos/new-sale': 'sale',
      '/appointments/new': 'bookingAppt',
      '/reports': 'reportsIndex',
      '/customers/search': 'customerSearch',
    });
  });

  it("keep the target's access rules: login, roles and PIN are the target route's own", () => {
    for (const alias of ROUTE_ALIASES) {
      const target = ROUTES.find((r) => r.path === alias.to);
      expect(target, alias.path).toBeDefined();
      expect(resolveRoute(alias.path), alias.path).toBe(target);
      expect(target?.requireAuth, alias.path).toBe(true);
    }
    expect(resolveRoute('/sales')?.requirePinCode).toBe(true);
    // The index has no gate of its own; each report it links to has its own.
    expect(resolveRoute('/reports')?.requirePinCode).toBeUndefined();
    // The customer search is every role's with the Customer module (docs/roles.md#access-rules).
    expect(resolveRoute('/customers/search')).toMatchObject({ module: MODULE.CUSTOMER, requireAuth: true });
    expect(resolveRoute('/customers/search')?.roles).toBeUndefined();
    expect(resolveRoute('/customers/12')?.id).toBe('customerPage');
  });

  it('never shadow a route of the table, and never lead to another alias', () => {
    const aliasPaths = ROUTE_ALIASES.map((a) => a.path);
    expect(new Set(aliasPaths).size).toBe(aliasPaths.length);
    for (const alias of ROUTE_ALIASES) {
      // Without the alias the address would be the 404 page: the alias takes no screen's address.
      expect(resolveRoute(alias.path, ROUTES, []), alias.path).toBeUndefined();
      expect(aliasPaths, alias.path).not.toContain(alias.to);
    }
  });

  it('match as the router does: any case, a trailing slash', () => {
    expect(aliasTarget('/POS/New-Sale/')).toBe('/pos/sales');
    expect(aliasTarget('/pos/sales')).toBe('/pos/sales');
    expect(resolveRoute('/no/such/page')).toBeUndefined();
    expect(resolveRoute('/pos/sales/42')?.id).toBe('saleDetail');
  });
});
