/** What the payroll chart decides on (docs/payroll.md, "Calculate and lock"), pure. */
import type { PayrollPreview } from '../../src/contracts/payroll';
import type { PayPeriod } from '../../src/domain/payroll';

/**
 * A preview may be calculated when no run locks its period and every technician has a statement (a stored
 * setting that fails its schema is fixed first). Whether the period has ended is the server's to say
 * (payroll_period_open): the chart reads no clock.
 */
export function canCalculate(preview: PayrollPreview | null): boolean {
  return (
    preview !== null &&
    preview.locked_by === null &&
    preview.items.length > 0 &&
    preview.items.every((item) => item.statement !== null)
  );
}

/** The period a preview covers, as calculate takes it. */
export function previewPeriod(preview: PayrollPreview): PayPeriod {
  return { start: preview.range.start_date, end: preview.range.end_date };
}
