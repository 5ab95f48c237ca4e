/**
 * The home-screen shortcut and widget addresses of the manifest (docs/platform.md#the-installable-app
 * "Home-screen widget and shortcut targets: /dashboard, /sales, /appointments, /notifications, /pos/new-sale,
 * /appointments/new, /reports, /customers/search"; src/sw/web-manifest.ts) that are not themselves routes of
 * docs/roles.md#screens-layouts-and-the-menu. Each is an alias that redirects to the route it means
 * (router.tsx), so the target's own gate applies: login, role, module and PIN are the target's, never the
 * alias's. The query and hash are kept.
 *
 * Targets the spec leaves open, chosen here:
 * - /notifications → walk-in check-in: the app's notifications are walk-ins checking in (the server's push
 *   service sends them with that url), so that is where someone acts on them;
 * - /appointments and /appointments/new → the schedule (booking) screen; /appointments/new also opens the
 *   editor on a new booking at the next quarter hour (navigation state `{ newBooking: true }`, which the
 *   book's area reads once and clears, so Back or a reload does not open it again).
 * /dashboard and /reports (the reports' index) are routes of their own and need no alias.
 */
export interface RouteAlias {
  path: string;
  /** The path of a declared route without parameters. */
  to: string;
  /** Navigation state the target reads: what the shortcut asks of the screen beyond opening it. */
  state?: Readonly<Record<string, unknown>>;
}

/** The navigation state of /appointments/new: the book opens a new booking's editor. */
export const NEW_BOOKING_STATE = { newBooking: true } as const;

export const ROUTE_ALIASES: readonly RouteAlias[] = [
  { path: '/pos/new-sale', to: '/pos/sales' },
  { path: '/sales', to: '/pos/report/order' },
  { path: '/appointments', to: '/pos/booking-appt' },
  { path: '/appointments/new', to: '/pos/booking-appt', state: NEW_BOOKING_STATE },
  { path: '/notifications', to: '/pos/walk-in' },
];

/** Where an address leads: an alias's target, or the address itself (trailing slash and case as the router). */
export function aliasTarget(pathname: string, aliases: readonly RouteAlias[] = ROUTE_ALIASES): string {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return aliases.find((a) => a.path.toLowerCase() === normalised.toLowerCase())?.to ?? pathname;
}
