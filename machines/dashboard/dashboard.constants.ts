/**
 * The dashboard reads again on its own this often while it is shown (ready or empty): walk-ins waiting and
 * appointments left change by the minute (docs/dashboard.md#the-screen).
 */
export const DASHBOARD_REFRESH_MS = 60_000;
