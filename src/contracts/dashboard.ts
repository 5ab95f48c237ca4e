/**
 * The dashboard (docs/dashboard.md): GET /api/report/dashboard/income-summary and /income-details, their query
 * (the spec's dashboard search condition) and their answers. Shared by client and server. Money is integer
 * minor units (docs/money.md).
 */
import { z } from 'zod';
import { reportFilterQuery, reportRangeSchema, tenderFigureSchema } from './reports';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const money = z.number().int();
const count = z.number().int().min(0);
const instant = z.iso.datetime({ offset: true });

// ---- requests ----------------------------------------------------------------------------------------

/**
 * The dashboard search condition: the report query (time_type default today, effective_start, effective_end,
 * user_id, cashier_id) and `timezone`, which the spec's clients send. The periods are always the store's days
 * (docs/reports.md#periods), so a zone given here is checked as an IANA name and not used: the answer's
 * `range.timezone` says which zone the days were read in.
 */
export const dashboardQuery = reportFilterQuery.extend({
  timezone: z
    .string()
    .max(64)
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'Give an IANA time zone name.')
    .optional(),
});
export type DashboardQuery = z.output<typeof dashboardQuery>;

export const DASHBOARD_SUMMARY_PATH = '/api/report/dashboard/income-summary';
export const DASHBOARD_DETAILS_PATH = '/api/report/dashboard/income-details';

// ---- responses ---------------------------------------------------------------------------------------

/** The figures of a period (docs/dashboard.md#the-figures): completed sales and the tenders that took them. */
export const dashboardFiguresSchema = z.object({
  sales_count: count,
  net: money,
  tips: money,
  total: money,
  /** net / sales_count, rounded half away from zero (src/domain/dashboard.ts averageTicket). */
  average_ticket: money,
  refunds: money,
  /** Every one of the twelve payment types, in type order (0 where nothing was taken). */
  payments: z.array(tenderFigureSchema),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

/**
 * What the period is compared with: the same store days one week earlier (the same weekdays), up to the same
 * wall time when the period runs on past now (docs/dashboard.md#the-comparison).
 */
export const comparisonRangeSchema = z.object({
  start_date: z.iso.date(),
  end_date: z.iso.date(),
  from: instant,
  to: instant,
});
export type ComparisonRange = z.infer<typeof comparisonRangeSchema>;

export const dashboardSummarySchema = z.object({
  /** When the figures were read; "now" of the walk-ins and the appointments. */
  as_of: instant,
  range: reportRangeSchema,
  comparison: comparisonRangeSchema,
  current: dashboardFiguresSchema,
  previous: dashboardFiguresSchema,
  /** Today's walk-ins still in the queue now: not yet started (waiting or assigned), and in service. */
  walk_ins: z.object({ waiting: count, in_service: count }),
  /** Today's appointments not yet arrived (booked or confirmed), and when the next one starts. */
  appointments: z.object({ left_today: count, next_starts_at: instant.nullable() }),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/** Completed sales rung in one hour of the store day (0-23), over every day of the period. */
export const hourFiguresSchema = z.object({
  hour: z.number().int().min(0).max(23),
  sales_count: count,
  net: money,
  total: money,
});
export type HourFigures = z.infer<typeof hourFiguresSchema>;

/** One technician's part of the period: the sales they worked on, their lines' net, their tips. */
export const technicianFiguresSchema = z.object({
  user_id: id,
  name: z.string(),
  sales_count: count,
  net: money,
  tips: money,
});
export type TechnicianFigures = z.infer<typeof technicianFiguresSchema>;

/** A service sold in the period: how many and their lines' net. */
export const serviceFiguresSchema = z.object({
  service_id: id,
  name: z.string(),
  quantity: count,
  net: money,
});
export type ServiceFigures = z.infer<typeof serviceFiguresSchema>;

/** At most this many services in `top_services`. */
export const TOP_SERVICES = 5;

export const dashboardDetailsSchema = z.object({
  range: reportRangeSchema,
  /** The 24 hours of the store day, 0 to 23, each present. */
  by_hour: z.array(hourFiguresSchema),
  /** Highest net first. */
  by_technician: z.array(technicianFiguresSchema),
  /** The TOP_SERVICES services with the highest net. */
  top_services: z.array(serviceFiguresSchema),
});
export type DashboardDetails = z.infer<typeof dashboardDetailsSchema>;
