/** Report pages, for the report chart's tests: `total` rows, `perPage` a page, page `page`. */
import type { ReportPage } from './report.types';

export function aReportPage(page: number, total: number, perPage = 2): ReportPage {
  const first = (page - 1) * perPage;
  const items = Array.from({ length: Math.max(0, Math.min(perPage, total - first)) }, (_, i) => ({
    date: `2026-01-${String(first + i + 1).padStart(2, '0')}`,
    net: (first + i + 1) * 1000,
  }));
  return {
    items,
    total,
    page,
    per_page: perPage,
    range: { time_type: 'this_month', start_date: '2026-01-01', end_date: '2026-01-31', timezone: 'UTC' },
    totals: { net: items.reduce((sum, row) => sum + row.net, 0) },
  };
}
