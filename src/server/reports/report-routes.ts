/**
 * The reports built on the report factory (docs/reports.md). A new report is a config beside these and one
 * line here.
 */
import type { FastifyInstance } from 'fastify';
import { BIRTHDAY_REPORT, BIRTHDAY_REPORT_ALIAS } from './customer-birthdays';
import { CUSTOMER_DETAILS_REPORT, CUSTOMER_REPORT } from './customer-report';
import { ANALYSIS_CUSTOMER_REPORT, CUSTOMER_TOTAL_REPORT } from './customer-visits';
import { DAILY_REPORT } from './daily-report';
import { DAILY_DETAILS_REPORT, SUMMARY_DETAILS_REPORT } from './details-reports';
import {
  INCOME_DETAILS_REPORT,
  INCOME_FULL_LINES_REPORT,
  INCOME_LINES_REPORT,
  INCOME_REPORT,
  INCOME_SUMMARY_REPORT,
} from './income-report';
import {
  INCOME_WKT_DETAILS_REPORT,
  INCOME_WKT_FULL_SHIFTS_REPORT,
  INCOME_WKT_REPORT,
  INCOME_WKT_SHIFTS_REPORT,
  INCOME_WKT_SUMMARY_REPORT,
} from './income-wkt-report';
import { PAYMENT_ANALYSIS_REPORT } from './payment-analysis';
import { GIFTCARD_DETAILS_REPORT, GIFTCARD_REPORT } from './giftcard-report';
import { ITEM_DETAILS_REPORT, ITEMS_REPORT } from './items-report';
import { registerDashboardRoutes } from './dashboard-report';
import { registerReport } from './report-factory';
import { STORE_DAYS_REPORT, STORE_DETAILS_REPORT, STORE_REPORT } from './store-report';
import { SUMMARY_REPORT } from './summary-report';

export function registerReportRoutes(app: FastifyInstance): void {
  registerReport(app, DAILY_REPORT);
  registerReport(app, SUMMARY_REPORT);
  registerReport(app, DAILY_DETAILS_REPORT);
  registerReport(app, SUMMARY_DETAILS_REPORT);
  registerReport(app, INCOME_REPORT);
  registerReport(app, INCOME_DETAILS_REPORT);
  registerReport(app, INCOME_SUMMARY_REPORT);
  registerReport(app, INCOME_LINES_REPORT);
  registerReport(app, INCOME_FULL_LINES_REPORT);
  registerReport(app, INCOME_WKT_REPORT);
  registerReport(app, INCOME_WKT_DETAILS_REPORT);
  registerReport(app, INCOME_WKT_SUMMARY_REPORT);
  registerReport(app, INCOME_WKT_SHIFTS_REPORT);
  registerReport(app, INCOME_WKT_FULL_SHIFTS_REPORT);
  registerReport(app, CUSTOMER_REPORT);
  registerReport(app, CUSTOMER_DETAILS_REPORT);
  registerReport(app, BIRTHDAY_REPORT);
  registerReport(app, BIRTHDAY_REPORT_ALIAS);
  registerReport(app, CUSTOMER_TOTAL_REPORT);
  registerReport(app, ANALYSIS_CUSTOMER_REPORT);
  registerReport(app, PAYMENT_ANALYSIS_REPORT);
  registerReport(app, STORE_REPORT);
  registerReport(app, STORE_DETAILS_REPORT);
  registerReport(app, STORE_DAYS_REPORT);
  registerReport(app, GIFTCARD_REPORT);
  registerReport(app, GIFTCARD_DETAILS_REPORT);
  registerReport(app, ITEMS_REPORT);
  registerReport(app, ITEM_DETAILS_REPORT);
  registerDashboardRoutes(app);
}
