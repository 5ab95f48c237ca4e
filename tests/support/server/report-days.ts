/** Day arithmetic for report tests (store days as `YYYY-MM-DD`, docs/reports.md#periods). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}
