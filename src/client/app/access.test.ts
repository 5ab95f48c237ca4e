import { describe, expect, it } from 'vitest';
import { MODULE, MODULE_IDS, ROLE } from '../../domain/constants';
import { homePath, routeAccess, safeReturnPath } from './access';
import type { SessionFacts } from './access';
import { ROUTES } from './routes';
import type { AppRoute } from './routes';

const route = (path: string): AppRoute => {
  const found = ROUTES.find((r) => r.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
};

const signedOut: SessionFacts = { authenticated: false, role: null, modules: [], pinApproved: false };
const admin: SessionFacts = {
  authenticated: true,
  role: ROLE.ADMIN,
  modules: MODULE_IDS,
  pinApproved: false,
};
const owner: SessionFacts = { ...admin, role: ROLE.OWNER };
const manager: SessionFacts = { ...admin, role: ROLE.MANAGER };
const cashier: SessionFacts = {
  authenticated: true,
  role: ROLE.STAFF,
  modules: [
    MODULE.SALE,
    MODULE.WALKIN,
    MODULE.TURN_SYSTEM,
    MODULE.SCHEDULE,
    MODULE.CUSTOMER,
    MODULE.DASHBOARD,
  ],
  pinApproved: false,
};

describe('route access', () => {
  it('lets anyone open a public route', () => {
    expect(routeAccess(route('/plan'), signedOut)).toBe('allow');
    expect(routeAccess(route('/pos/receipts/:id'), signedOut)).toBe('allow');
  });

  it('sends a signed-out visitor of a protected route to log in, or waits while a stored session is resumed', () => {
    expect(routeAccess(route('/pos/sales'), signedOut)).toBe('login');
    expect(routeAccess(route('/pos/sales'), { ...signedOut, resuming: true })).toBe('wait');
  });

  it('refuses a route whose roles the user lacks: the admin screens are the admin and the owner only', () => {
    expect(routeAccess(route('/admin/members'), owner)).toBe('allow');
    expect(routeAccess(route('/admin/members'), manager)).toBe('forbidden');
    expect(routeAccess(route('/admin/settings'), owner)).toBe('allow');
    expect(routeAccess(route('/admin/members'), admin)).toBe('allow');
  });

  it('refuses a route whose module is not permitted', () => {
    expect(routeAccess(route('/pos/report/payroll'), cashier)).toBe('forbidden');
    expect(routeAccess(route('/pos/sales'), cashier)).toBe('allow');
  });

  it('asks for a PIN on a PIN report until a PIN check passed; payroll and check-in/out ask none', () => {
    expect(routeAccess(route('/pos/report/daily'), admin)).toBe('pin');
    expect(routeAccess(route('/pos/report/daily'), { ...admin, pinApproved: true })).toBe('allow');
    expect(routeAccess(route('/pos/report/payroll'), admin)).toBe('allow');
    expect(routeAccess(route('/pos/report/check-in-out'), admin)).toBe('allow');
  });

  it("asks for a PIN on the tenant's extra PIN screens, named by route id or path", () => {
    expect(routeAccess(route('/pos/cash-drawer'), { ...admin, pinScreens: ['cashDrawer'] })).toBe('pin');
    expect(routeAccess(route('/pos/cash-drawer'), { ...admin, pinScreens: ['/pos/cash-drawer'] })).toBe(
      'pin',
    );
    expect(routeAccess(route('/pos/cash-drawer'), admin)).toBe('allow');
  });
});

describe('home path', () => {
  it('is /login when signed out', () => {
    expect(homePath('dashboard', signedOut)).toBe('/login');
  });

  it("maps each of the store's landing choices to its screen", () => {
    expect(homePath('employee_checkin_dashboard', admin)).toBe('/pos/employee-check-in');
    expect(homePath('schedule_dashboard', admin)).toBe('/pos/booking-appt');
    expect(homePath('take_turn_dashboard', admin)).toBe('/pos/turn-system');
    expect(homePath('walkin_dashboard', admin)).toBe('/pos/walk-in');
    expect(homePath('dashboard', admin)).toBe('/dashboard');
  });

  it('defaults to the dashboard when the setting is missing or unknown', () => {
    expect(homePath(undefined, admin)).toBe('/dashboard');
    expect(homePath('nonsense', admin)).toBe('/dashboard');
  });

  it("falls back to the first menu item the user may open when the store's home is not theirs", () => {
    const technician: SessionFacts = { ...cashier, modules: [MODULE.SALE, MODULE.WALKIN] };
    expect(homePath('dashboard', technician)).toBe('/pos/employee-check-in');
    expect(homePath('schedule_dashboard', technician)).toBe('/pos/employee-check-in');
    expect(homePath('dashboard', { ...technician, modules: [] })).toBe('/profile');
  });

  it('lands every choice on a route the user may open: its own when its module is theirs, else the first menu item', () => {
    const choices = [
      ['employee_checkin_dashboard', MODULE.SALE, '/pos/employee-check-in'],
      ['schedule_dashboard', MODULE.SCHEDULE, '/pos/booking-appt'],
      ['take_turn_dashboard', MODULE.TURN_SYSTEM, '/pos/turn-system'],
      ['walkin_dashboard', MODULE.WALKIN, '/pos/walk-in'],
      ['dashboard', MODULE.DASHBOARD, '/dashboard'],
    ] as const;
    for (const [choice, module, path] of choices) {
      // Only the choice's module: its own route.
      expect(homePath(choice, { ...cashier, modules: [module] }), choice).toBe(path);
      // Every module but the choice's: somewhere else, and somewhere this person may go.
      const without: SessionFacts = { ...cashier, modules: cashier.modules.filter((m) => m !== module) };
      const landed = homePath(choice, without);
      expect(landed, choice).not.toBe(path);
      const target = ROUTES.find((r) => r.path === landed);
      expect(target && routeAccess(target, without), `${choice} → ${landed}`).not.toBe('forbidden');
    }
  });
});

describe('return after login', () => {
  it('follows a path of this app back, with its query', () => {
    expect(safeReturnPath('/pos/report/daily?period=today')).toBe('/pos/report/daily?period=today');
  });

  it('refuses anything that is not a path of this app, and the login and logout pages', () => {
    for (const from of [
      'https://evil.test/',
      '//evil.test',
      '/\\evil.test',
      '/login',
      '/logout?x=1',
      42,
      null,
    ]) {
      expect(safeReturnPath(from), String(from)).toBeNull();
    }
  });
});
