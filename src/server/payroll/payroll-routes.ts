/**
 * Payroll routes (docs/payroll.md, "Preview on the server"). Access: the Report module readable and no PIN:
 * docs/roles.md#access-rules exempts the payroll report from the report PIN (REPORT_ACCESS_WITHOUT_PIN).
 */
import type { FastifyInstance } from 'fastify';
import { payrollPreviewQuery, payrollPreviewSchema } from '../../contracts/payroll';
import { REPORT_ACCESS_WITHOUT_PIN } from '../auth/access';
import { requireAuth } from '../auth-context';
import { route } from '../route';
import { payrollPreview } from './preview';

export function registerPayrollRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/report/payrolls/preview',
    summary:
      "Each technician's pay statement for a period (default the store's current pay period), computed, not stored",
    tags: ['report'],
    access: REPORT_ACCESS_WITHOUT_PIN,
    querystring: payrollPreviewQuery,
    data: payrollPreviewSchema,
    handler: ({ db, query, request }) => payrollPreview(db, requireAuth(request), query, new Date()),
  });
}
