/**
 * The customer reports and the payment analysis (docs/reports.md "Customers", "Customer analysis", "Payment
 * analysis"): their sort fields, their own query fields and the shapes of their answers. The common query
 * (period, people filters, paging, sort) and the envelope are src/contracts/reports.ts's. Money is integer
 * minor units (docs/money.md); a day is a store day, `YYYY-MM-DD`.
 */
import { z } from 'zod';
import { PAYMENT_TYPES } from '../domain/constants';
import { pageSchema } from './envelope';
import { reportRangeSchema } from './reports';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const queryId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const money = z.number().int();
const count = z.number().int().min(0);
const isoDay = z.iso.date();

// ---- customers: one row per customer of the period -------------------------------------------------

export const CUSTOMER_REPORT_SORTS = [
  'name',
  'visits',
  'first_visit',
  'last_visit',
  'gross',
  'net',
  'tips',
  'refunds',
] as const;

/** The customer report's filter in the list dialect: `filter[search]`, a name or a phone (as the customer list). */
export const customerReportParams = {
  filter: z.strictObject({ search: z.string().trim().max(100).optional() }).optional(),
};

/** A customer's figures in the period: their completed sales (visits) and the refunds made on their sales. */
export const customerFiguresSchema = z.object({
  visits: count,
  gross: money,
  net: money,
  tips: money,
  refunds: money,
  /** net ÷ visits, half away from zero (src/domain/report-ratios.ts); 0 without a visit. */
  average_ticket: money,
});

export const customerReportRowSchema = customerFiguresSchema.extend({
  customer_id: id,
  name: z.string(),
  phone: z.string().nullable(),
  /** Store days of the first and last visit in the period; null when only a refund brought them in. */
  first_visit: isoDay.nullable(),
  last_visit: isoDay.nullable(),
});
export type CustomerReportRow = z.infer<typeof customerReportRowSchema>;

export const customerReportTotalsSchema = customerFiguresSchema.extend({
  /** Customers with at least one visit in the period; of them, new and returning (as customers/total counts). */
  customers: count,
  new_customers: count,
  returning_customers: count,
  /** Completed sales without a customer. */
  walk_ins: count,
});

export const customerReportSchema = pageSchema(customerReportRowSchema).extend({
  range: reportRangeSchema,
  totals: customerReportTotalsSchema,
});
export type CustomerReport = z.infer<typeof customerReportSchema>;

// ---- customers/details: one customer's sales -------------------------------------------------------

export const CUSTOMER_DETAILS_SORTS = [
  'order_at',
  'invoice_no',
  'gross',
  'net',
  'tips',
  'total',
  'refunds',
] as const;

/** The details report's own field: whose sales (a customer of the tenant, else 404). */
export const customerDetailsParams = { customer_id: queryId };

export const customerSaleRowSchema = z.object({
  sale_id: id,
  invoice_no: z.string(),
  /** The sale's order time (UTC ISO) and its store day. */
  order_at: z.iso.datetime({ offset: true }),
  date: isoDay,
  status: z.number().int(),
  gross: money,
  discounts: money,
  net: money,
  tax: money,
  tips: money,
  total: money,
  /** Refunds of this sale made in the period. */
  refunds: money,
});
export type CustomerSaleRow = z.infer<typeof customerSaleRowSchema>;

export const customerDetailsTotalsSchema = customerFiguresSchema.extend({
  customer: z.object({ id, name: z.string(), phone: z.string().nullable() }),
});

export const customerDetailsSchema = pageSchema(customerSaleRowSchema).extend({
  range: reportRangeSchema,
  totals: customerDetailsTotalsSchema,
});
export type CustomerDetails = z.infer<typeof customerDetailsSchema>;

// ---- customers/birthay-in-month --------------------------------------------------------------------

export const BIRTHDAY_SORTS = ['birth_day', 'name', 'last_visit'] as const;

/** The month whose birthdays are listed, 1-12; none = the store's current month. */
export const birthdayParams = { month: z.coerce.number().int().min(1).max(12).optional() };

export const birthdayRowSchema = z.object({
  customer_id: id,
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  birthday: isoDay,
  /** Day of the month of the birthday (1-31). */
  birth_day: z.number().int().min(1).max(31),
  /** Store day of their last completed sale at this store, ever; null = never. */
  last_visit: isoDay.nullable(),
});
export type BirthdayRow = z.infer<typeof birthdayRowSchema>;

export const birthdayTotalsSchema = z.object({ month: z.number().int().min(1).max(12), customers: count });

export const birthdayReportSchema = pageSchema(birthdayRowSchema).extend({
  range: reportRangeSchema,
  totals: birthdayTotalsSchema,
});
export type BirthdayReport = z.infer<typeof birthdayReportSchema>;

// ---- customers/total and analysis-customer: visits per store day ------------------------------------

export const CUSTOMER_VISIT_SORTS = [
  'date',
  'visits',
  'customers',
  'new_customers',
  'returning_customers',
  'walk_ins',
] as const;

/**
 * Who came: `visits` completed sales, `customer_visits` of them with a customer, `walk_ins` without one;
 * `customers` distinct customers, `new_customers` those whose first completed sale at this store falls in the
 * day (or period), `returning_customers` those who had one before it.
 */
export const customerVisitFiguresSchema = z.object({
  visits: count,
  customer_visits: count,
  walk_ins: count,
  customers: count,
  new_customers: count,
  returning_customers: count,
});

export const customerVisitRowSchema = customerVisitFiguresSchema.extend({ date: isoDay });
export type CustomerVisitRow = z.infer<typeof customerVisitRowSchema>;

export const customerTotalReportSchema = pageSchema(customerVisitRowSchema).extend({
  range: reportRangeSchema,
  totals: customerVisitFiguresSchema,
});
export type CustomerTotalReport = z.infer<typeof customerTotalReportSchema>;

/** Rebooking window of the customer analysis: a visit followed within this many days counts. */
export const DEFAULT_REBOOK_DAYS = 30;
export const analysisCustomerParams = { within_days: z.coerce.number().int().min(1).max(365).optional() };

/**
 * `rebooked` customer visits followed, within `within_days`, by another completed sale of the customer at this
 * store or a booking of theirs starting then (not cancelled, not a no-show); `rebooking_bp` its share of
 * `customer_visits` in basis points (10,000 = all).
 */
export const rebookingSchema = z.object({ rebooked: count, rebooking_bp: count });

export const analysisCustomerRowSchema = customerVisitRowSchema.extend(rebookingSchema.shape);
export type AnalysisCustomerRow = z.infer<typeof analysisCustomerRowSchema>;

export const analysisCustomerTotalsSchema = customerVisitFiguresSchema
  .extend(rebookingSchema.shape)
  .extend({ within_days: z.number().int().min(1) });

export const analysisCustomerReportSchema = pageSchema(analysisCustomerRowSchema).extend({
  range: reportRangeSchema,
  totals: analysisCustomerTotalsSchema,
});
export type AnalysisCustomerReport = z.infer<typeof analysisCustomerReportSchema>;

// ---- payment-analysis/summary: one row per tender --------------------------------------------------

export const PAYMENT_ANALYSIS_SORTS = ['payment_type', 'count', 'amount', 'tips', 'refunds'] as const;

/**
 * One tender over the period: `count` payments still taken and their `amount` (amount + card tip, the daily
 * report's tenders), `tips` the card tips inside it, the refunds paid back through it, the processor's
 * `card_fees` (credit only) and `net` = amount − refunds − card_fees.
 */
export const tenderAnalysisSchema = z.object({
  count,
  amount: money,
  tips: money,
  refunds_count: count,
  refunds: money,
  card_fees: money,
  net: money,
});

export const paymentAnalysisRowSchema = tenderAnalysisSchema.extend({
  payment_type: z.union(PAYMENT_TYPES.map((t) => z.literal(t))),
});
export type PaymentAnalysisRow = z.infer<typeof paymentAnalysisRowSchema>;

export const paymentAnalysisTotalsSchema = tenderAnalysisSchema.extend({
  /** The store's card fee percent now (settings creditcard_fee_percent); a sale uses the one it was rung with. */
  card_fee_percent: z.number().min(0).max(100),
});

export const paymentAnalysisSchema = pageSchema(paymentAnalysisRowSchema).extend({
  range: reportRangeSchema,
  totals: paymentAnalysisTotalsSchema,
});
export type PaymentAnalysis = z.infer<typeof paymentAnalysisSchema>;
