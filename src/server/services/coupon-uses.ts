/**
 * A customer's uses of a coupon (docs/back-office.md "Coupons", per-customer limit): the 'use' rows of
 * coupon_histories minus the 'release' rows (a voided sale gives its use back), as the sale counts them
 * under the coupon's row lock and as the sale screen's lookup shows them.
 */
import { eq, sql } from 'drizzle-orm';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { couponHistories } from '../db/schema/ledger-histories';
import { tenantWhere } from '../db/scoped';

export async function customerCouponUses(
  db: Queryable,
  auth: AuthContext,
  couponId: number,
  customerId: number,
): Promise<number> {
  const [row] = await db
    .select({
      n: sql<number>`coalesce(sum(case when ${couponHistories.kind} = 'use' then 1 else -1 end), 0)::int`,
    })
    .from(couponHistories)
    .where(
      tenantWhere(
        couponHistories,
        auth,
        eq(couponHistories.couponId, couponId),
        eq(couponHistories.customerId, customerId),
      ),
    );
  return Math.max(0, Number(row?.n ?? 0));
}
