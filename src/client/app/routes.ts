/**
 * The one route table (docs/roles.md#screens-layouts-and-the-menu "Screens and routes",
 * docs/roles.md#access-rules access rules, docs/roles.md#access-rules roles). Every route of the spec is
 * declared here, with its screen, layout, permission module, access rules and menu entry; the router
 * (router.tsx) and the navigation menu (menu.ts) are built from it, and nothing else declares a path.
 *
 * Screens load lazily, one dynamic import per area (auth, sale, receipt, sale management, diagrams,
 * coming-soon), so each area is one chunk and /pos/sales never downloads another area's code. An area with
 * several screens has an `areas/<area>-area.ts` module that gathers them (areas/auth-area.ts). Screens that come with
 * later issues render the coming-soon page (`comingSoon`), and routes.test.ts lists them so none is
 * forgotten: replacing one means changing its `screen` here and deleting it from that list.
 *
 * Module choices the spec leaves open (docs/roles.md#screens-layouts-and-the-menu gives menu items,
 * docs/roles.md#modules-and-flags the 14 modules, not the pairing):
 * - employee check-in and the cash drawer belong to Sale: the server lets the Sale module clock people in
 *   and out (src/server/routes/employees), and both are done at the till;
 * - every report, payroll and check-in/out included, belongs to Report;
 * - the back office (members, catalog, suppliers, units, expenses) to BackOffice; customers and customer groups
 *   to Customer; the diagram screen to BackOffice (a review tool for the people who run the back office).
 * Auth screens (login, logout, profile, change password), error pages and the public walk-in kiosk pages have
 * no module: anyone who reaches them may use them.
 */
import type { ComponentType } from 'react';
import { matchRoutes } from 'react-router-dom';
import { MODULE, ROLE } from '../../domain/constants';
import type { ModuleId, Role } from '../../domain/constants';
import {
  comingSoon,
  dashboard,
  login,
  logout,
  profile,
  changePassword,
  saleArea,
  employeeCheckIn,
  cashDrawer,
  turnSystem,
  turnReorder,
  kioskScreen,
  walkInQueue,
  bookingAppt,
  walkInTv,
  diagrams,
  backOfficeHome,
  units,
  suppliers,
  categories,
  services,
  products,
  itemKits,
  expenses,
  members,
  customerGroups,
  customersScreen,
  customerScreen,
  memberships,
  giftcards,
  coupons,
  payrollReport,
  workingTimeReport,
  reportScreen,
  reportsIndex,
  settings,
  forbidden,
  notFound,
  serverError,
} from './screen-loaders';
import { aliasTarget, ROUTE_ALIASES } from './route-aliases';
import type { RouteAlias } from './route-aliases';

export type Layout = 'default' | 'pos' | 'tv' | 'none';

/** Resolves the screen's component; called only when the route is first rendered (its chunk loads then). */
export type ScreenLoader = () => Promise<ComponentType>;

/** Top-level entries of the navigation menu that only group children (docs/roles.md#screens-layouts-and-the-menu "Navigation menu"). */
export const MENU_GROUPS = ['reports', 'emarketing', 'sms', 'cms', 'customers', 'vouchers'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

export interface MenuEntry {
  /** The group this item sits under; absent for a top-level item. */
  parent?: MenuGroup;
  /** Key in the navigation namespace when the menu says it differently from the screen's title. */
  label?: string;
}

export interface AppRoute {
  /** Stable id: the screen's title key is `screens.<id>` in the navigation namespace. */
  id: string;
  path: string;
  screen: ScreenLoader;
  layout: Layout;
  /** The permission module that shows it in the menu (docs/roles.md#screens-layouts-and-the-menu); null for screens outside the modules. */
  module: ModuleId | null;
  requireAuth: boolean;
  /** The user needs one of these roles (docs/roles.md#access-rules); absent = any logged-in user. */
  roles?: readonly Role[];
  /** A PIN check first (docs/roles.md#access-rules: report routes except employee check-in/out and payroll). */
  requirePinCode?: boolean;
  /** Where it sits in the navigation menu, in table order; absent = not in the menu. */
  menu?: MenuEntry;
}

export { comingSoon };

// ---- the table ---------------------------------------------------------------------------------------

/**
 * The admin screens: the admin role, and the owner too, who sets a salon up before its first sale (docs/roles.md,
 * ADR 014). The server's back-office resources let the same two roles in.
 */
const ADMIN: readonly Role[] = [ROLE.ADMIN, ROLE.OWNER];
/** Settings: owner and admin change them, a manager may open them read-only (docs/settings.md "Access"). */
const SETTINGS_READERS: readonly Role[] = [ROLE.ADMIN, ROLE.OWNER, ROLE.MANAGER];

type Shorthand = Omit<AppRoute, 'layout' | 'requireAuth' | 'screen'> & Partial<Pick<AppRoute, 'screen'>>;

const publicPage = (r: Shorthand): AppRoute => ({
  screen: comingSoon,
  ...r,
  layout: 'none',
  requireAuth: false,
});
const defaultPage = (r: Shorthand): AppRoute => ({
  screen: comingSoon,
  ...r,
  layout: 'default',
  requireAuth: true,
});
const posPage = (r: Shorthand): AppRoute => ({ screen: comingSoon, ...r, layout: 'pos', requireAuth: true });
const report = (r: Omit<Shorthand, 'module'>, pin = true): AppRoute =>
  posPage({ ...r, module: MODULE.REPORT, ...(pin ? { requirePinCode: true } : {}) });
const admin = (r: Shorthand): AppRoute => defaultPage({ roles: ADMIN, ...r });

const WALK_IN_FLAGS = ':isEmp/:isCat/:isService';

export const ROUTES: readonly AppRoute[] = [
  // Public (docs/roles.md#screens-layouts-and-the-menu).
  publicPage({ id: 'plan', path: '/plan', module: null }),
  publicPage({ id: 'login', path: '/login', module: null, screen: login }),
  publicPage({ id: 'logout', path: '/logout', module: null, screen: logout }),
  publicPage({
    id: 'receipt',
    path: '/pos/receipts/:id',
    module: MODULE.SALE,
    // The receipt area (app/areas/receipt-area.tsx): its own chunk, so a customer's link loads nothing else.
    screen: () => import('./areas/receipt-area').then((m) => m.RECEIPT_SCREENS.receipt),
  }),
  publicPage({ id: 'forbidden', path: '/403', module: null, screen: forbidden }),
  publicPage({ id: 'notFound', path: '/404', module: null, screen: notFound }),
  publicPage({ id: 'serverError', path: '/500', module: null, screen: serverError }),
  publicPage({
    id: 'walkInSignIn',
    path: `/pos/walk-in/sign-in/:storeId/${WALK_IN_FLAGS}`,
    module: MODULE.WALKIN,
    screen: kioskScreen('signIn'),
  }),
  publicPage({
    id: 'walkInSignUp',
    path: `/pos/walk-in/sign-up/:storeId/${WALK_IN_FLAGS}`,
    module: MODULE.WALKIN,
    screen: kioskScreen('signUp'),
  }),
  publicPage({
    id: 'walkInQuickEmployees',
    path: `/pos/walk-in/sign-in/:storeId/quick-employees/${WALK_IN_FLAGS}`,
    module: MODULE.WALKIN,
    screen: kioskScreen('quickEmployees'),
  }),
  publicPage({
    id: 'walkInQuickServices',
    path: `/pos/walk-in/sign-in/:storeId/quick-services/${WALK_IN_FLAGS}`,
    module: MODULE.WALKIN,
    screen: kioskScreen('quickServices'),
  }),
  publicPage({
    id: 'walkInReview',
    path: '/pos/walk-in/review/:storeId',
    module: MODULE.WALKIN,
    screen: kioskScreen('review'),
  }),

  // Login required, default layout. The menu follows docs/roles.md#screens-layouts-and-the-menu's order:
  // Dashboard, Employees, POS, Check-In,
  // Turn System, Schedules, Reports, eMarketing, SMS, CMS, Customers, Vouchers, Settings.
  defaultPage({ id: 'dashboard', path: '/dashboard', module: MODULE.DASHBOARD, menu: {}, screen: dashboard }),
  defaultPage({ id: 'profile', path: '/profile', module: null, screen: profile }),
  defaultPage({ id: 'changePassword', path: '/change-pass', module: null, screen: changePassword }),

  // Login required, POS layout.
  posPage({
    id: 'employeeCheckIn',
    path: '/pos/employee-check-in',
    module: MODULE.SALE,
    menu: { label: 'menu.employees' },
    screen: employeeCheckIn,
  }),
  // The sale area (app/areas/sale-area.tsx): both addresses load the one chunk.
  posPage({
    id: 'sale',
    path: '/pos/sales',
    module: MODULE.SALE,
    menu: { label: 'menu.pos' },
    screen: saleArea,
  }),
  posPage({ id: 'saleDetail', path: '/pos/sales/:id', module: MODULE.SALE, screen: saleArea }),
  posPage({
    id: 'walkIn',
    path: '/pos/walk-in',
    module: MODULE.WALKIN,
    menu: { label: 'menu.checkIn' },
    screen: walkInQueue,
  }),
  posPage({
    id: 'turnSystem',
    path: '/pos/turn-system',
    module: MODULE.TURN_SYSTEM,
    menu: {},
    screen: turnSystem,
  }),
  posPage({ id: 'turnReorder', path: '/pos/turn-re-order', module: MODULE.TURN_SYSTEM, screen: turnReorder }),
  posPage({ id: 'cashDrawer', path: '/pos/cash-drawer', module: MODULE.SALE, screen: cashDrawer }),
  posPage({
    id: 'bookingAppt',
    path: '/pos/booking-appt',
    module: MODULE.SCHEDULE,
    menu: { label: 'menu.schedules' },
    screen: bookingAppt,
  }),

  // Login required, own TV layout.
  {
    id: 'walkInTv',
    path: '/pos/walk-in/tv/:storeId',
    screen: walkInTv,
    layout: 'tv',
    module: MODULE.WALKIN,
    requireAuth: true,
  },

  // Reports (POS layout): a PIN first, except employee check-in/out and payroll (docs/roles.md#access-rules,
  // docs/roles.md#pin-approvals).
  // The reports' index, the home screen's "Quick Reports" target (docs/platform.md#the-installable-app): no PIN
  // of its own, each report it links to has its gate.
  report({ id: 'reportsIndex', path: '/reports', screen: reportsIndex }, false),
  report({
    id: 'reportOrder',
    path: '/pos/report/order',
    menu: { parent: 'reports' },
    // The sale management area (order report, sale detail, refund/void...): its own chunk.
    screen: () => import('./areas/sale-management-area').then((m) => m.SaleManagementArea),
  }),
  report({
    id: 'reportDaily',
    path: '/pos/report/daily',
    menu: { parent: 'reports' },
    screen: reportScreen('daily'),
  }),
  report({
    id: 'reportDailyDetails',
    path: '/pos/report/daily/details',
    screen: reportScreen('dailyDetails'),
  }),
  report({
    id: 'reportSummary',
    path: '/pos/report/summary',
    menu: { parent: 'reports' },
    screen: reportScreen('summary'),
  }),
  report({
    id: 'reportSummaryDetails',
    path: '/pos/report/summary/details',
    screen: reportScreen('summaryDetails'),
  }),
  report({
    id: 'reportStore',
    path: '/pos/report/store',
    menu: { parent: 'reports' },
    screen: reportScreen('store'),
  }),
  report({
    id: 'reportStoreDetails',
    path: '/pos/report/store/details',
    screen: reportScreen('store/details'),
  }),
  report({
    id: 'reportIncome',
    path: '/pos/report/income',
    menu: { parent: 'reports' },
    screen: reportScreen('income'),
  }),
  report({
    id: 'reportIncomeDetails',
    path: '/pos/report/income/details',
    screen: reportScreen('incomeDetails'),
  }),
  report({
    id: 'reportIncomeWkt',
    path: '/pos/report/income-wkt',
    menu: { parent: 'reports' },
    screen: reportScreen('incomeWkt'),
  }),
  report({
    id: 'reportCustomer',
    path: '/pos/report/customer',
    menu: { parent: 'reports' },
    screen: reportScreen('customer'),
  }),
  report({
    id: 'reportCustomerDetails',
    path: '/pos/report/customer/details',
    screen: reportScreen('customerDetails'),
  }),
  report({
    id: 'reportGiftcard',
    path: '/pos/report/giftcard',
    menu: { parent: 'reports' },
    screen: reportScreen('giftcard'),
  }),
  report({
    id: 'reportGiftcardDetails',
    path: '/pos/report/giftcard/details',
    screen: reportScreen('giftcard/details'),
  }),
  report(
    {
      id: 'reportCheckInOut',
      path: '/pos/report/check-in-out',
      menu: { parent: 'reports' },
      screen: workingTimeReport,
    },
    false,
  ),
  report(
    { id: 'reportPayroll', path: '/pos/report/payroll', menu: { parent: 'reports' }, screen: payrollReport },
    false,
  ),
  report({
    id: 'reportServicesProducts',
    path: '/pos/report/services-products',
    menu: { parent: 'reports' },
    screen: reportScreen('services-products'),
  }),
  report({
    id: 'reportServicesProductsDetails',
    path: '/pos/report/services-products/details',
    screen: reportScreen('services-products/details'),
  }),
  // "declared without a registered screen" in the spec: given one each (docs/reports.md "Customer analysis",
  // "Payment analysis"), still off the menu as the spec's menu lists neither.
  report({
    id: 'reportAnalysisCustomer',
    path: '/pos/report/analysis-customer',
    screen: reportScreen('analysisCustomer'),
  }),
  report({
    id: 'reportAnalysisPayment',
    path: '/pos/report/analysis-payment',
    screen: reportScreen('analysisPayment'),
  }),

  // Admin screens (default layout): the admin role (docs/roles.md#access-rules); settings admin or owner.
  admin({
    id: 'emarketingCampaigns',
    path: '/admin/emarketing/campaigns',
    module: MODULE.EMARKETING,
    menu: { parent: 'emarketing' },
  }),
  admin({
    id: 'emarketingTemplates',
    path: '/admin/emarketing/templates',
    module: MODULE.EMARKETING,
    menu: { parent: 'emarketing' },
  }),
  admin({
    id: 'emarketingReportSummary',
    path: '/admin/emarketing/report/summary',
    module: MODULE.EMARKETING,
    menu: { parent: 'emarketing' },
  }),
  admin({
    id: 'emarketingReportDetails',
    path: '/admin/emarketing/report/details',
    module: MODULE.EMARKETING,
  }),
  admin({ id: 'smsReminders', path: '/admin/sms/reminder', module: MODULE.SMS, menu: { parent: 'sms' } }),
  admin({ id: 'smsTemplates', path: '/admin/sms/templates', module: MODULE.SMS, menu: { parent: 'sms' } }),
  admin({
    id: 'smsReportSummary',
    path: '/admin/sms/report/summary',
    module: MODULE.SMS,
    menu: { parent: 'sms' },
  }),
  admin({ id: 'smsReportDetails', path: '/admin/sms/report/details', module: MODULE.SMS }),
  // The back office's home: every screen of the menu this user may open (features/back-office).
  admin({ id: 'adminHome', path: '/admin', module: null, screen: backOfficeHome }),
  admin({
    id: 'adminMembers',
    path: '/admin/members',
    module: MODULE.BACK_OFFICE,
    screen: members,
    menu: { parent: 'cms' },
  }),
  admin({
    id: 'adminCategories',
    path: '/admin/categories',
    module: MODULE.BACK_OFFICE,
    screen: categories,
    menu: { parent: 'cms' },
  }),
  admin({
    id: 'adminServices',
    path: '/admin/services',
    module: MODULE.BACK_OFFICE,
    screen: services,
    menu: { parent: 'cms' },
  }),
  admin({
    id: 'adminProducts',
    path: '/admin/product',
    module: MODULE.BACK_OFFICE,
    screen: products,
    menu: { parent: 'cms' },
  }),
  admin({
    id: 'adminItemKits',
    path: '/admin/item_kits',
    module: MODULE.BACK_OFFICE,
    screen: itemKits,
    menu: { parent: 'cms' },
  }),
  admin({
    id: 'adminSuppliers',
    path: '/admin/suppliers',
    module: MODULE.BACK_OFFICE,
    screen: suppliers,
    menu: { parent: 'cms' },
  }),
  admin({
    id: 'adminUnits',
    path: '/admin/units',
    module: MODULE.BACK_OFFICE,
    screen: units,
    menu: { parent: 'cms' },
  }),
  admin({
    id: 'adminExpenses',
    path: '/admin/expenses',
    module: MODULE.BACK_OFFICE,
    screen: expenses,
    menu: { parent: 'cms' },
  }),
  // Ours, not the spec's: the statecharts as diagrams (docs/architecture.md#statecharts), for whoever reviews
  // the flows.
  admin({
    id: 'adminDiagrams',
    path: '/admin/diagrams',
    module: MODULE.BACK_OFFICE,
    screen: diagrams,
    menu: { parent: 'cms' },
  }),
  // The floor's customer search and a customer's page: the Customer module, any role (docs/roles.md#access-rules:
  // looking a client up is the front desk's; editing stays on the admin's customers screen).
  posPage({
    id: 'customerSearch',
    path: '/customers/search',
    module: MODULE.CUSTOMER,
    screen: customerScreen('search'),
    menu: { parent: 'customers' },
  }),
  posPage({
    id: 'customerPage',
    path: '/customers/:id',
    module: MODULE.CUSTOMER,
    screen: customerScreen('page'),
  }),
  admin({
    id: 'adminCustomers',
    path: '/admin/customers',
    module: MODULE.CUSTOMER,
    screen: customersScreen,
    menu: { parent: 'customers' },
  }),
  admin({
    id: 'adminCustomerGroups',
    path: '/admin/customer-groups',
    module: MODULE.CUSTOMER,
    screen: customerGroups,
    menu: { parent: 'customers' },
  }),
  admin({
    id: 'adminMemberships',
    path: '/admin/memberships',
    module: MODULE.MEMBERSHIP,
    screen: memberships,
    menu: { parent: 'customers' },
  }),
  admin({
    id: 'adminGiftcards',
    path: '/admin/giftcards',
    module: MODULE.GIFTCARD,
    screen: giftcards,
    menu: { parent: 'vouchers' },
  }),
  admin({
    id: 'adminCoupons',
    path: '/admin/coupons',
    module: MODULE.COUPON,
    screen: coupons,
    menu: { parent: 'vouchers' },
  }),
  admin({
    id: 'adminSettings',
    path: '/admin/settings',
    module: MODULE.SETTING,
    roles: SETTINGS_READERS,
    screen: settings,
    menu: {},
  }),

  // "A /test route also exists" (docs/roles.md#screens-layouts-and-the-menu): a logged-in scratch page, kept
  // so the route is declared.
  defaultPage({ id: 'test', path: '/test', module: null }),
];

export const NOT_FOUND_PATH = '/404';
export const FORBIDDEN_PATH = '/403';
export const SERVER_ERROR_PATH = '/500';
export const LOGIN_PATH = '/login';

/** The declared route an address opens, following an alias first; undefined when it would be the 404 page. */
export function resolveRoute(
  pathname: string,
  routes: readonly AppRoute[] = ROUTES,
  aliases: readonly RouteAlias[] = ROUTE_ALIASES,
): AppRoute | undefined {
  // The router's own ranking (a static segment beats a parameter), not the table's order.
  const matches = matchRoutes(
    routes.map((route) => ({ path: route.path, route })),
    aliasTarget(pathname, aliases),
  );
  return matches?.at(-1)?.route.route;
}

/** The screens still rendering the coming-soon page. */
export function comingSoonRoutes(routes: readonly AppRoute[] = ROUTES): AppRoute[] {
  return routes.filter((r) => r.screen === comingSoon);
}

export function routeById(id: string, routes: readonly AppRoute[] = ROUTES): AppRoute | undefined {
  return routes.find((r) => r.id === id);
}

/** The navigation-namespace key of a route's title. */
export function titleKey(route: Pick<AppRoute, 'id'>): string {
  return `screens.${route.id}`;
}
