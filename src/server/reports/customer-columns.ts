/** SQL pieces the customer reports share (docs/reports.md "Customers"). */
import { sql } from 'drizzle-orm';
import { SALE_STATUS } from '../../domain/constants';

/** A visit is a completed sale: status Sale (1) or Refund (2); voids, drafts and trash are none. */
export const COUNTED = sql.raw(`${SALE_STATUS.SALE}, ${SALE_STATUS.REFUND}`);

/** A customer's name as the reports show it (customers aliased `c`): first and last. */
export const CUSTOMER_NAME = sql`trim(c.first_name || ' ' || c.last_name)`;
