/**
 * The reports built on the report factory (docs/reports.md). A new report is a config beside these and one
 * line here.
 */
import type { FastifyInstance } from 'fastify';
import { DAILY_REPORT } from './daily-report';
import { registerDashboardRoutes } from './dashboard-report';
import { registerReport } from './report-factory';
import { SUMMARY_REPORT } from './summary-report';

export function registerReportRoutes(app: FastifyInstance): void {
  registerReport(app, DAILY_REPORT);
  registerReport(app, SUMMARY_REPORT);
  registerDashboardRoutes(app);
}
