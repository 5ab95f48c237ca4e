/** Rows a report page shows (the list dialect's default, docs/reports.md#the-query). */
export const REPORT_DEFAULT_PER_PAGE = 15;
