/**
 * Which calculated run locks a period (docs/payroll.md, "Calculate and lock"): a run of the store whose period
 * shares a day with it. The exclusion constraint payrolls_no_overlap (migration 0023) makes two such runs
 * impossible; this finds the one a new calculation would collide with, to say so with its id.
 */
import { sql } from 'drizzle-orm';
import type { PayrollLock } from '../../contracts/payroll';
import type { PayPeriod } from '../../domain/payroll';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { scopeStoreId } from '../db/scoped';

export async function overlappingRun(
  db: Queryable,
  auth: AuthContext,
  period: PayPeriod,
): Promise<PayrollLock | null> {
  const result = await db.execute<{ id: number; period_start: string; period_end: string }>(
    sql`select id, period_start::text, period_end::text from payrolls
      where tenant_id = ${auth.tenantId} and store_id = ${scopeStoreId(auth)}
        and period_start <= ${period.end}::date and period_end >= ${period.start}::date
      order by period_start limit 1`,
  );
  const row = result.rows[0];
  return row
    ? { payroll_id: Number(row.id), period_start: row.period_start, period_end: row.period_end }
    : null;
}
