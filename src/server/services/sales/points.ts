/**
 * Customer points of a sale (memberships): earned when it completes, taken back on a void or refund. The
 * arithmetic is src/domain/points.ts; here are the rows it reads and writes, in the sale's transaction.
 */
import { eq } from 'drizzle-orm';
import { SALE_STATUS } from '../../../domain/constants';
import { membershipHolds } from '../../../domain/membership';
import { pointsDueBack, pointsEarned, pointsSpend } from '../../../domain/points';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { customers, memberships } from '../../db/schema/customers';
import { customerPointHistory } from '../../db/schema/ledger-histories';
import { sales } from '../../db/schema/sales';
import { storeIdWhere, tenantIdWhere, tenantValues, tenantWhere } from '../../db/scoped';
import { countedSalePayments } from '../../payments/sale-totals';
import { storeToday } from '../membership-assignment';
import { LIVE_STATUSES } from '../payments/payment-input';
import type { SaleRow } from './detail';

const EARNED_TAKEN_BACK_NOTE = 'Points earned on this sale, taken back';

/** The customer row, locked for the balance change that follows. */
async function lockPoints(tx: Queryable, auth: AuthContext, customerId: number) {
  const [row] = await tx
    .select({
      id: customers.id,
      balance: customers.pointBalance,
      membershipId: customers.membershipId,
      membershipExpiresOn: customers.membershipExpiresOn,
    })
    .from(customers)
    .where(tenantIdWhere(customers, auth, customerId))
    .for('update')
    .limit(1);
  return row;
}

/** Adds `points` (negative: takes them) to the locked customer's balance, with the history row saying why. */
async function movePoints(
  tx: Queryable,
  auth: AuthContext,
  customer: { id: number; balance: number },
  move: { storeId: number; saleId: number; kind: 'earn' | 'void' | 'refund'; points: number; note?: string },
): Promise<void> {
  const balance = customer.balance + move.points;
  await tx
    .update(customers)
    .set({ pointBalance: balance })
    .where(tenantIdWhere(customers, auth, customer.id));
  await tx.insert(customerPointHistory).values(
    tenantValues(auth, {
      customerId: customer.id,
      ...move,
      balanceAfter: balance,
      userId: auth.userId,
    }),
  );
}

/**
 * When a sale completes (create, draft update, draft completion): its customer earns the points of their
 * active membership on what they spent (src/domain/points.ts pointsSpend, pointsEarned), with a
 * customer_point_history 'earn' row, in the sale's transaction. Returns the points earned.
 */
export async function awardSalePoints(
  tx: Queryable,
  auth: AuthContext,
  saleId: number,
  /** The sale row when the caller holds it as stored (create just inserted it); read otherwise. */
  current?: SaleRow,
): Promise<number> {
  const [sale] =
    current && current.id === saleId
      ? [current]
      : await tx
          .select()
          .from(sales)
          .where(storeIdWhere(sales, auth, saleId))
          .limit(1);
  if (!sale || sale.customerId === null || sale.status !== SALE_STATUS.SALE) return 0;
  const customer = await lockPoints(tx, auth, sale.customerId);
  if (!customer || customer.membershipId === null) return 0;
  const [membership] = await tx
    .select({
      pointsPerUnit: memberships.pointsPerUnit,
      pointsUnitAmount: memberships.pointsUnitAmount,
      isActive: memberships.isActive,
    })
    .from(memberships)
    .where(tenantIdWhere(memberships, auth, customer.membershipId))
    .limit(1);
  if (!membership?.isActive) return 0;
  // An expired membership earns nothing, as it takes nothing off (domain/membership.ts): held on the sale's day
  // in the store's time zone, so a sale queued offline on its last day still earns when it syncs later.
  if (!membershipHolds(customer.membershipExpiresOn, await storeToday(tx, auth, sale.orderAt))) return 0;
  const live = (await countedSalePayments(tx, auth, saleId)).filter((p) => LIVE_STATUSES.includes(p.status));
  const spent = pointsSpend(
    { totalPrice: sale.totalPrice, tipAmount: sale.tipAmount, change: sale.paidCustomerChangeAmountTotal },
    live,
  );
  const points = pointsEarned(spent, membership, customer.balance);
  if (points <= 0) return 0;
  await movePoints(tx, auth, customer, { storeId: sale.storeId, saleId, kind: 'earn', points });
  return points;
}

/**
 * After a void or a refund (by lines, in full, or through one payment): the points the sale earned are taken
 * back in proportion to what went back, floor(earned × refunded_amount / total_price) in all, and all of them
 * on a void or once the sale is fully refunded; a 'void' or 'refund' history row with the negative points.
 * A balance never goes below zero: points the customer already spent are not taken (the row's note says how
 * many), and a later refund of the same sale takes them if the balance allows by then. Returns the points
 * taken.
 */
export async function takeBackSalePoints(
  tx: Queryable,
  auth: AuthContext,
  saleId: number,
  kind: 'void' | 'refund',
): Promise<number> {
  const [sale] = await tx
    .select()
    .from(sales)
    .where(storeIdWhere(sales, auth, saleId))
    .limit(1);
  if (!sale || sale.customerId === null) return 0;
  const rows = await tx
    .select({ kind: customerPointHistory.kind, points: customerPointHistory.points })
    .from(customerPointHistory)
    .where(
      tenantWhere(
        customerPointHistory,
        auth,
        eq(customerPointHistory.saleId, saleId),
        eq(customerPointHistory.customerId, sale.customerId),
      ),
    );
  const earned = rows.filter((r) => r.kind === 'earn').reduce((sum, r) => sum + r.points, 0);
  // Negative void/refund rows are earned points taken back; positive ones gave back a points payment.
  const taken = -rows
    .filter((r) => (r.kind === 'void' || r.kind === 'refund') && r.points < 0)
    .reduce((sum, r) => sum + r.points, 0);
  const due = pointsDueBack({
    earned,
    taken,
    whole:
      kind === 'void' ||
      sale.status === SALE_STATUS.VOID ||
      sale.status === SALE_STATUS.REFUND ||
      sale.refundedAmount >= sale.totalPrice,
    refundedAmount: sale.refundedAmount,
    totalPrice: sale.totalPrice,
  });
  if (due <= 0) return 0;
  const customer = await lockPoints(tx, auth, sale.customerId);
  const points = Math.min(due, customer?.balance ?? 0);
  if (!customer || points <= 0) return 0;
  await movePoints(tx, auth, customer, {
    storeId: sale.storeId,
    saleId,
    kind,
    points: -points,
    note:
      points < due
        ? `${EARNED_TAKEN_BACK_NOTE}; ${due - points} of them were spent already.`
        : EARNED_TAKEN_BACK_NOTE,
  });
  return points;
}
