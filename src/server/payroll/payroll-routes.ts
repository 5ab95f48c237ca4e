/**
 * Payroll routes (docs/payroll.md, "Endpoints"). Reads: the Report module readable and no PIN (docs/roles.md#access-rules
 * exempts the payroll report from the report PIN, REPORT_ACCESS_WITHOUT_PIN). Calculate and delete: the Report
 * module writable, by an owner, admin or manager (PAYROLL_WRITE), in one transaction each (idempotent writes).
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { payrollPreviewQuery, payrollPreviewSchema } from '../../contracts/payroll';
import {
  commissionDetailsQuery,
  commissionDetailsSchema,
  commissionReportQuery,
  commissionReportSchema,
  commissionSummarySchema,
  paySettingsViewSchema,
  payrollBulkBody,
  payrollBulkResultSchema,
  payrollCalculateBody,
  payrollIdParams,
  payrollListQuery,
  payrollListSchema,
  payrollReportQuery,
  payrollRunReportQuery,
  payrollRunReportSchema,
  payrollRunSchema,
  storePayrollSettingsBody,
  technicianPaySettingsBody,
  workHoursDetailsSchema,
  workHoursSummarySchema,
} from '../../contracts/payroll-runs';
import { MODULE } from '../../domain/constants';
import { PIN_APPROVER_ROLES, REPORT_ACCESS_WITHOUT_PIN, SETTINGS_ROLES } from '../auth/access';
import type { SessionAccess } from '../auth/access';
import { requireAuth } from '../auth-context';
import { route } from '../route';
import {
  commissionDetails,
  commissionReport,
  commissionSummary,
  workHoursDetails,
  workHoursSummary,
} from './payroll-reports';
import { readPaySettings, writeStorePayrollSettings, writeTechnicianPaySettings } from './pay-settings';
import { payrollPreview } from './preview';
import { calculateRun, deleteRuns, findRun, listRuns, runReport } from './runs';

const BASE = '/api/report/payrolls';
const TAGS = ['report'];
const READ = REPORT_ACCESS_WITHOUT_PIN;
/** Locking a period or reopening it changes what people are paid: the Report module writable, a manager or above. */
export const PAYROLL_WRITE: SessionAccess = { module: MODULE.REPORT, write: true, roles: PIN_APPROVER_ROLES };

/** Pay settings decide what everyone is paid: the Report module, by an owner or admin (docs/payroll.md, "Pay settings"). */
export const PAY_SETTINGS_READ: SessionAccess = { module: MODULE.REPORT, roles: SETTINGS_ROLES };
export const PAY_SETTINGS_WRITE: SessionAccess = {
  module: MODULE.REPORT,
  write: true,
  roles: SETTINGS_ROLES,
};

export function registerPayrollRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: `${BASE}/settings`,
    summary: "The store's payroll settings and each technician's own pay settings",
    tags: TAGS,
    access: PAY_SETTINGS_READ,
    data: paySettingsViewSchema,
    handler: ({ db, request }) => readPaySettings(db, requireAuth(request)),
  });

  route(app, {
    method: 'PUT',
    url: `${BASE}/settings/store`,
    summary: "Set the store's pay period rule and whether the card fee is taken from tips (audited)",
    tags: TAGS,
    access: PAY_SETTINGS_WRITE,
    body: storePayrollSettingsBody,
    data: storePayrollSettingsBody,
    idempotency: { required: true },
    handler: ({ db, body, request }) => writeStorePayrollSettings(db, requireAuth(request), body),
  });

  route(app, {
    method: 'PUT',
    url: `${BASE}/settings/users/:id`,
    summary: "Set a technician's pay settings, or null for the defaults (audited)",
    tags: TAGS,
    access: PAY_SETTINGS_WRITE,
    params: payrollIdParams,
    body: technicianPaySettingsBody,
    data: paySettingsViewSchema.shape.technicians.element,
    idempotency: { required: true },
    handler: ({ db, body, params, request }) =>
      writeTechnicianPaySettings(db, requireAuth(request), params.id, body.pay_settings),
  });

  route(app, {
    method: 'GET',
    url: `${BASE}/preview`,
    summary:
      "Each technician's pay statement for a period (default the store's current pay period), computed, not stored",
    tags: TAGS,
    access: READ,
    querystring: payrollPreviewQuery,
    data: payrollPreviewSchema,
    handler: ({ db, query, request }) => payrollPreview(db, requireAuth(request), query, new Date()),
  });

  route(app, {
    method: 'GET',
    url: BASE,
    summary: "The store's calculated pay runs (page, per_page, sort, filter[kind], filter[from], filter[to])",
    tags: TAGS,
    access: READ,
    querystring: payrollListQuery,
    data: payrollListSchema,
    handler: ({ db, query, request }) => listRuns(db, requireAuth(request), query),
  });

  route(app, {
    method: 'POST',
    url: `${BASE}/calculate`,
    summary: "Calculate one of the store's ended pay periods: store every technician's statement and lock it",
    tags: TAGS,
    access: PAYROLL_WRITE,
    body: payrollCalculateBody,
    data: payrollRunSchema,
    status: 201,
    message: 'Pay period calculated.',
    idempotency: { required: true },
    handler: ({ db, body, request }) => calculateRun(db, requireAuth(request), body, new Date()),
  });

  route(app, {
    method: 'POST',
    url: `${BASE}/bulk`,
    summary: 'Delete several pay runs: they must be the latest ones; all or none',
    tags: TAGS,
    access: PAYROLL_WRITE,
    body: payrollBulkBody,
    data: payrollBulkResultSchema,
    idempotency: { required: true },
    handler: async ({ db, body, request }) => ({
      deleted: await deleteRuns(db, requireAuth(request), body.ids),
    }),
  });

  const periodReports = [
    [
      'wk-summary',
      'Working hours and hourly pay per person over a pay period',
      workHoursSummarySchema,
      workHoursSummary,
    ],
    [
      'wk-details',
      'Working hours per person and store day over a pay period',
      workHoursDetailsSchema,
      workHoursDetails,
    ],
    ['commission-summary', "The period's commission totals", commissionSummarySchema, commissionSummary],
  ] as const;
  for (const [name, summary, data, handler] of periodReports) {
    route(app, {
      method: 'GET',
      url: `${BASE}/${name}`,
      summary: `${summary} (the preview's period, or payroll_id: a calculated run's)`,
      tags: TAGS,
      access: READ,
      querystring: payrollReportQuery,
      data: data as z.ZodType,
      handler: ({ db, query, request }) => handler(db, requireAuth(request), query, new Date()),
    });
  }

  route(app, {
    method: 'GET',
    url: `${BASE}/commission-report`,
    summary: 'Commission figures per technician over a pay period (payroll_id, page, per_page, sort)',
    tags: TAGS,
    access: READ,
    querystring: commissionReportQuery,
    data: commissionReportSchema,
    handler: ({ db, query, request }) => commissionReport(db, requireAuth(request), query, new Date()),
  });

  route(app, {
    method: 'GET',
    url: `${BASE}/commission-details`,
    summary: "Every commissioned line of a pay period's statements (user_id, payroll_id, page, per_page)",
    tags: TAGS,
    access: READ,
    querystring: commissionDetailsQuery,
    data: commissionDetailsSchema,
    handler: ({ db, query, request }) => commissionDetails(db, requireAuth(request), query, new Date()),
  });

  route(app, {
    method: 'GET',
    url: `${BASE}/:id`,
    summary: 'One calculated pay run',
    tags: TAGS,
    access: READ,
    params: payrollIdParams,
    data: payrollRunSchema,
    handler: ({ db, params, request }) => findRun(db, requireAuth(request), params.id),
  });

  route(app, {
    method: 'GET',
    url: `${BASE}/:id/report`,
    summary: "A calculated run's statements (user_id: one technician's), as frozen when it was calculated",
    tags: TAGS,
    access: READ,
    params: payrollIdParams,
    querystring: payrollRunReportQuery,
    data: payrollRunReportSchema,
    handler: ({ db, params, query, request }) =>
      runReport(db, requireAuth(request), params.id, query.user_id),
  });

  route(app, {
    method: 'DELETE',
    url: `${BASE}/:id`,
    summary: "Delete the store's latest pay run (to calculate it again); its period is open again; audited",
    tags: TAGS,
    access: PAYROLL_WRITE,
    params: payrollIdParams,
    data: payrollBulkResultSchema,
    message: 'Pay run deleted.',
    idempotency: { required: true },
    handler: async ({ db, params, request }) => ({
      deleted: await deleteRuns(db, requireAuth(request), [params.id]),
    }),
  });

  // The working-time report's payroll views (spec: /report/working-times/payroll and /payroll-preview): the
  // hourly part of the pay, for a calculated run or for a period computed now.
  route(app, {
    method: 'GET',
    url: '/api/report/working-times/payroll-preview',
    summary: "Working hours and hourly pay per person over a period (default the store's current pay period)",
    tags: TAGS,
    access: READ,
    querystring: payrollPreviewQuery,
    data: workHoursSummarySchema,
    handler: ({ db, query, request }) => workHoursSummary(db, requireAuth(request), query, new Date()),
  });

  route(app, {
    method: 'GET',
    url: '/api/report/working-times/payroll',
    summary: 'Working hours and the hourly pay a calculated run paid, per person (payroll_id)',
    tags: TAGS,
    access: READ,
    querystring: payrollReportQuery.extend({ payroll_id: payrollReportQuery.shape.payroll_id.unwrap() }),
    data: workHoursSummarySchema,
    handler: ({ db, query, request }) => workHoursSummary(db, requireAuth(request), query, new Date()),
  });
}
