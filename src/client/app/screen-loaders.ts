/**
 * The screens of the route table (routes.ts), one dynamic import per area so each loads on first use
 * (docs/architecture.md); the error pages ship in the shell.
 */
import type { AUTH_SCREENS } from './areas/auth-area';
import { ForbiddenScreen, NotFoundScreen, ServerErrorScreen } from '../features/errors/error-screens';
import type { ScreenLoader } from './routes';
import type { ReportScreenName } from './areas/reports-area';

/** The page for screens planned for a later issue: says so, translated (features/coming-soon). */
export const comingSoon: ScreenLoader = () =>
  import('../features/coming-soon/coming-soon-screen').then((m) => m.ComingSoonScreen);

/** The auth area (login, logout, profile, change password): one chunk for the four (areas/auth-area.ts). */
const authScreen =
  (name: keyof typeof AUTH_SCREENS): ScreenLoader =>
  () =>
    import('./areas/auth-area').then((m) => m.AUTH_SCREENS[name]);
export const login = authScreen('login');
export const logout = authScreen('logout');
export const profile = authScreen('profile');
export const changePassword = authScreen('changePassword');

// The dashboard (features/dashboard), the default home after login: its own chunk; its charts (recharts) are a
// further chunk it loads itself, so the till never downloads them (docs/dashboard.md).
export const dashboard: ScreenLoader = () =>
  import('../features/dashboard/dashboard-screen').then((m) => m.DashboardScreen);

export const saleArea: ScreenLoader = () => import('./areas/sale-area').then((m) => m.SaleArea);
// The clock-in screen (app/areas/employee-check-in-area.tsx): its own chunk, opened on the tablet at the door.
export const employeeCheckIn: ScreenLoader = () =>
  import('./areas/employee-check-in-area').then((m) => m.EmployeeCheckInArea);
export const cashDrawer: ScreenLoader = () =>
  import('./areas/cash-drawer-area').then((m) => m.CashDrawerArea);

// The turn screens (app/areas/turn-system-area.tsx): the board and the manager's order, one chunk.
export const turnSystem: ScreenLoader = () =>
  import('./areas/turn-system-area').then((m) => m.TurnSystemArea);
export const turnReorder: ScreenLoader = () =>
  import('./areas/turn-system-area').then((m) => m.TurnReorderArea);
// The public walk-in pages (app/areas/kiosk-area.tsx): the four kiosk addresses and the review page, one chunk
// for a tablet that shows nothing else.
export const kioskScreen =
  (name: 'signIn' | 'signUp' | 'quickEmployees' | 'quickServices' | 'review'): ScreenLoader =>
  () =>
    import('./areas/kiosk-area').then((m) => m.KIOSK_SCREENS[name]);
// The desk's walk-in queue (app/areas/walk-in-area.tsx).
export const walkInQueue: ScreenLoader = () => import('./areas/walk-in-area').then((m) => m.WalkInArea);
// The appointment book (app/areas/booking-area.tsx): its own chunk, with the calendar library.
export const bookingAppt: ScreenLoader = () => import('./areas/booking-area').then((m) => m.BookingArea);
// The walk-in TV (app/areas/walk-in-tv-area.tsx): its own chunk, on a wall screen.
export const walkInTv: ScreenLoader = () => import('./areas/walk-in-tv-area').then((m) => m.WalkInTvArea);

export const diagrams: ScreenLoader = () =>
  import('../features/diagrams/diagrams-screen').then((m) => m.DiagramsScreen);

// The back office (features/back-office): its home, and one chunk per resource config on the shared screen.
export const backOfficeHome: ScreenLoader = () =>
  import('./areas/back-office-area').then((m) => m.BackOfficeHomeArea);
export const units: ScreenLoader = () =>
  import('../features/back-office/resources/units').then((m) => m.UnitsScreen);
export const suppliers: ScreenLoader = () =>
  import('../features/back-office/resources/suppliers').then((m) => m.SuppliersScreen);
export const categories: ScreenLoader = () =>
  import('../features/back-office/resources/categories').then((m) => m.CategoriesScreen);
export const services: ScreenLoader = () =>
  import('../features/back-office/resources/services').then((m) => m.ServicesScreen);
export const products: ScreenLoader = () =>
  import('../features/back-office/resources/products').then((m) => m.ProductsScreen);
export const itemKits: ScreenLoader = () =>
  import('../features/back-office/resources/item-kits').then((m) => m.ItemKitsScreen);
export const expenses: ScreenLoader = () =>
  import('../features/back-office/resources/expenses').then((m) => m.ExpensesScreen);
export const members: ScreenLoader = () =>
  import('../features/back-office/resources/members').then((m) => m.MembersScreen);
export const customerGroups: ScreenLoader = () =>
  import('../features/back-office/resources/customer-groups').then((m) => m.CustomerGroupsScreen);
export const customersScreen: ScreenLoader = () =>
  import('../features/back-office/resources/customers').then((m) => m.CustomersScreen);
// The customer search and a customer's page (app/areas/customers-area.tsx): one chunk for the two.
export const customerScreen =
  (name: 'search' | 'page'): ScreenLoader =>
  () =>
    import('./areas/customers-area').then((m) => m.CUSTOMER_SCREENS[name]);
export const memberships: ScreenLoader = () =>
  import('../features/back-office/resources/memberships').then((m) => m.MembershipsScreen);
export const giftcards: ScreenLoader = () =>
  import('../features/back-office/resources/giftcards').then((m) => m.GiftcardsScreen);
export const coupons: ScreenLoader = () =>
  import('../features/back-office/resources/coupons').then((m) => m.CouponsScreen);
// The employee check-in/out report with its correction (app/areas/working-time-area.tsx): its own chunk.
// The payroll report (features/payroll): preview, calculate, runs and printable statements, its own chunk.
export const payrollReport: ScreenLoader = () =>
  import('../features/payroll/payroll-screen').then((m) => m.PayrollScreen);
export const workingTimeReport: ScreenLoader = () =>
  import('./areas/working-time-area').then((m) => m.WorkingTimeArea);
// The sales reports on the one report screen (app/areas/reports-area.tsx, docs/reports.md): one chunk.
export const reportScreen =
  (name: ReportScreenName): ScreenLoader =>
  () =>
    import('./areas/reports-area').then((m) => m.REPORT_SCREENS[name]);
// The reports' index (/reports): the report links this user may open, in a small chunk of its own.
export const reportsIndex: ScreenLoader = () =>
  import('./areas/reports-index-area').then((m) => m.ReportsIndexArea);
// The settings screen (features/settings) in its own chunk, with the session's part (areas/settings-area.tsx).
export const settings: ScreenLoader = () => import('./areas/settings-area').then((m) => m.SettingsArea);

// Error pages ship in the shell: they must show even when a chunk cannot be fetched.
export const forbidden: ScreenLoader = () => Promise.resolve(ForbiddenScreen);
export const notFound: ScreenLoader = () => Promise.resolve(NotFoundScreen);
export const serverError: ScreenLoader = () => Promise.resolve(ServerErrorScreen);
