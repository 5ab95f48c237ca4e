/**
 * The tender-specific checks and balance changes of recordSalePayments (record.ts, whose comment lists the rules
 * per payment type): a gift card debited, points redeemed, a coupon use taken, a wallet payment request claimed.
 * Each runs in the caller's transaction.
 */
import { eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { ERROR_CODE } from '../../../contracts/error-codes';
import type { PaymentType } from '../../../domain/constants';
import { COUPON_REFUSAL, couponOnTicket } from '../../../domain/coupons';
import type { CouponRefusal, CouponRules } from '../../../domain/coupons';
import { dayInTimeZone } from '../../../domain/report-periods';
import { pointsForAmount, pointValueMinor } from '../../../domain/points';
import type { PaymentInfoInput } from '../../../contracts/payments';
import { coupons } from '../../db/schema/coupons';
import { customers } from '../../db/schema/customers';
import { giftcards } from '../../db/schema/giftcards';
import { couponHistories } from '../../db/schema/ledger-histories';
import { paymentRequests } from '../../db/schema/payment-requests';
import type { PaymentProvider } from '../../db/schema/payment-requests';
import { salePayments } from '../../db/schema/sales';
import { storeIdWhere, storeWhere, tenantIdWhere, tenantValues, tenantWhere } from '../../db/scoped';
import { customerCouponUses } from '../coupon-uses';
import { moveCustomerPoints, moveGiftcardBalance } from '../balance-moves';
import { LIVE_STATUSES, PaymentError, WALLET_PROVIDER, requireReference } from './payment-input';
import type { Context } from './payment-input';

export async function debitGiftcard(
  ctx: Context,
  index: number,
  amount: number,
  info: PaymentInfoInput | undefined,
) {
  const { tx, auth, input } = ctx;
  const number = requireReference(info, index, 'gift card number');
  const field = 'payment_info.reference';
  const [card] = await tx
    .select()
    .from(giftcards)
    .where(tenantWhere(giftcards, auth, eq(giftcards.number, number)))
    .limit(1);
  if (!card)
    throw new PaymentError(index, field, `Gift card ${number} was not found.`, ERROR_CODE.GIFTCARD_NOT_FOUND);
  if (!card.isActive)
    throw new PaymentError(index, field, `Gift card ${number} is not active.`, ERROR_CODE.GIFTCARD_INACTIVE);
  if (card.expiresAt && card.expiresAt.getTime() < input.orderAt.getTime()) {
    throw new PaymentError(index, field, `Gift card ${number} expired.`, ERROR_CODE.GIFTCARD_EXPIRED);
  }
  // The atomic debit (balance-moves.ts): refused when a concurrent debit left too little.
  const debited = await moveGiftcardBalance(tx, auth, card.id, {
    storeId: ctx.scope.storeId,
    saleId: input.saleId,
    kind: 'sale',
    amount: -amount,
    onlyActive: true,
  });
  if (debited === null) {
    const [now] = await tx
      .select({ balance: giftcards.balance })
      .from(giftcards)
      .where(tenantIdWhere(giftcards, auth, card.id));
    throw new PaymentError(
      index,
      'payment_amount',
      `Gift card ${number} has not enough balance (${now?.balance ?? 0} left, ${amount} asked).`,
      ERROR_CODE.GIFTCARD_INSUFFICIENT_BALANCE,
    );
  }
  return { reference: number, giftcardId: card.id };
}

export async function redeemPoints(
  ctx: Context,
  index: number,
  amount: number,
  info: PaymentInfoInput | undefined,
) {
  const { tx, auth, input } = ctx;
  if (input.customerId === null) {
    throw new PaymentError(
      index,
      'payment_type',
      'Points can only be redeemed on a sale with a customer.',
      ERROR_CODE.POINTS_NEED_CUSTOMER,
    );
  }
  const value = pointValueMinor(ctx.store.settings.points_value_minor);
  const points = pointsForAmount(amount, value);
  if (points === null) {
    throw new PaymentError(
      index,
      'payment_amount',
      `A points payment must be a multiple of ${value} (one point's value).`,
    );
  }
  if (info?.points !== undefined && info.points !== points) {
    throw new PaymentError(
      index,
      'payment_info.points',
      `${amount} is worth ${points} points, not ${info.points}.`,
    );
  }
  const [customer] = await tx
    .select({ id: customers.id, pointBalance: customers.pointBalance })
    .from(customers)
    .where(tenantIdWhere(customers, auth, input.customerId))
    .limit(1);
  if (!customer) throw new PaymentError(index, 'payment_type', 'The sale customer was not found.');
  const debited = await moveCustomerPoints(tx, auth, customer.id, {
    storeId: ctx.scope.storeId,
    saleId: input.saleId,
    kind: 'redeem',
    points: -points,
  });
  if (debited === null) {
    throw new PaymentError(
      index,
      'payment_amount',
      `The customer has not enough points (${customer.pointBalance} held, ${points} asked).`,
      ERROR_CODE.POINTS_INSUFFICIENT,
    );
  }
  return { points };
}

/**
 * A coupon taken as a tender (docs/back-office.md "Coupons"): the rules of src/domain/coupons.ts on the sale's
 * day in the store's time zone, its total and its lines; then the use, taken atomically:
 *   update coupons set used_count = used_count + 1 where ... and (max_uses is null or used_count < max_uses)
 * which also locks the coupon's row until the sale commits, so two tills redeeming the same coupon are
 * serialised: the second waits, then sees the first's use (used up, or the customer's count one higher).
 * The customer's uses (uses − releases in coupon_histories) are counted after that lock, for the same reason.
 */
export async function useCoupon(
  ctx: Context,
  index: number,
  amount: number,
  info: PaymentInfoInput | undefined,
) {
  const { tx, auth, input, scope } = ctx;
  const code = requireReference(info, index, 'coupon code');
  const field = 'payment_info.reference';
  const [coupon] = await tx
    .select()
    .from(coupons)
    .where(tenantWhere(coupons, auth, eq(coupons.code, code)))
    .limit(1);
  if (!coupon || (coupon.storeId !== null && coupon.storeId !== scope.storeId)) {
    throw new PaymentError(index, field, `Coupon ${code} was not found.`, ERROR_CODE.COUPON_NOT_FOUND);
  }
  const rules = couponRulesOf(coupon);
  const ticket = {
    lines: input.lines,
    totalPrice: input.totalPrice,
    day: dayInTimeZone(input.orderAt, ctx.store.timezone),
    hasCustomer: input.customerId !== null,
    customerUses: null,
    currency: ctx.store.currency,
  };
  // The same offer the sale screen showed (couponOnTicket); the customer's uses are counted below, locked.
  const offer = couponOnTicket(rules, ticket);
  if (offer.refusal) {
    throw new PaymentError(index, field, refusalMessage(code, offer.refusal, coupon), offer.refusal);
  }
  if (amount > offer.worth) {
    throw new PaymentError(
      index,
      'payment_amount',
      `Coupon ${code} is worth ${offer.worth} on this sale, not ${amount}.`,
    );
  }
  const [used] = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      tenantIdWhere(
        coupons,
        auth,
        coupon.id,
        eq(coupons.isActive, true),
        or(isNull(coupons.maxUses), lt(coupons.usedCount, coupons.maxUses)),
      ),
    )
    .returning({ usedCount: coupons.usedCount });
  if (!used) {
    throw new PaymentError(
      index,
      field,
      refusalMessage(code, COUPON_REFUSAL.USED_UP, coupon),
      ERROR_CODE.COUPON_USED_UP,
    );
  }
  if (rules.max_uses_per_customer !== null && input.customerId !== null) {
    const customerUses = await customerCouponUses(tx, auth, coupon.id, input.customerId);
    const limited = couponOnTicket(rules, { ...ticket, customerUses }).refusal;
    if (limited) throw new PaymentError(index, field, refusalMessage(code, limited, coupon), limited);
  }
  await tx.insert(couponHistories).values(
    tenantValues(auth, {
      couponId: coupon.id,
      storeId: scope.storeId,
      saleId: input.saleId,
      customerId: input.customerId,
      kind: 'use' as const,
      discountAmount: amount,
      userId: auth.userId,
    }),
  );
  return { reference: code, couponId: coupon.id };
}

/** The coupon row as the domain's rules read it (validity days are the stored days' UTC dates). */
function couponRulesOf(coupon: typeof coupons.$inferSelect): CouponRules {
  return {
    discount_type: coupon.discountType,
    discount_value: coupon.discountValue,
    min_order_amount: coupon.minOrderAmount,
    service_ids: coupon.serviceIds,
    starts_at: coupon.startsAt ? coupon.startsAt.toISOString().slice(0, 10) : null,
    ends_at: coupon.endsAt ? coupon.endsAt.toISOString().slice(0, 10) : null,
    is_active: coupon.isActive,
    max_uses: coupon.maxUses,
    used_count: coupon.usedCount,
    max_uses_per_customer: coupon.maxUsesPerCustomer,
  };
}

/** The log's English for a refusal; the till words it by its code (docs/errors.md). */
function refusalMessage(code: string, refusal: CouponRefusal, coupon: typeof coupons.$inferSelect): string {
  switch (refusal) {
    case COUPON_REFUSAL.INACTIVE:
      return `Coupon ${code} is not active.`;
    case COUPON_REFUSAL.NOT_YET_VALID:
      return `Coupon ${code} is not valid yet.`;
    case COUPON_REFUSAL.EXPIRED:
      return `Coupon ${code} expired.`;
    case COUPON_REFUSAL.NOT_APPLICABLE:
      return `Coupon ${code} applies to services that are not on this ticket.`;
    case COUPON_REFUSAL.MIN_ORDER:
      return `Coupon ${code} needs an order of at least ${coupon.minOrderAmount}.`;
    case COUPON_REFUSAL.USED_UP:
      return `Coupon ${code} has reached its maximum number of uses.`;
    case COUPON_REFUSAL.NEEDS_CUSTOMER:
      return `Coupon ${code} is limited per customer: the sale needs a customer.`;
    case COUPON_REFUSAL.CUSTOMER_LIMIT:
      return `This customer has used coupon ${code} ${coupon.maxUsesPerCustomer} times, as many as it allows.`;
  }
}

export async function claimWalletPayment(
  ctx: Context,
  index: number,
  type: PaymentType,
  amount: number,
  info: PaymentInfoInput | undefined,
) {
  const { tx, scope, input } = ctx;
  const provider = WALLET_PROVIDER[type] as PaymentProvider;
  const field = 'payment_info.processor_reference';
  const ref = info?.processor_reference ?? '';
  if (!/^\d{1,15}$/.test(ref)) {
    throw new PaymentError(index, field, 'Give the id of the paid payment request (processor_reference).');
  }
  const [request] = await tx
    .select()
    .from(paymentRequests)
    .where(storeIdWhere(paymentRequests, scope, Number(ref)))
    .for('update')
    .limit(1);
  if (!request || request.provider !== provider) {
    throw new PaymentError(
      index,
      field,
      `Payment request ${ref} of ${provider} was not found.`,
      ERROR_CODE.PAYMENT_REQUEST_UNUSABLE,
    );
  }
  if (request.status !== 'paid') {
    throw new PaymentError(
      index,
      field,
      `Payment request ${ref} is ${request.status}, not paid.`,
      ERROR_CODE.PAYMENT_REQUEST_UNUSABLE,
    );
  }
  if (request.amount !== amount) {
    throw new PaymentError(
      index,
      'payment_amount',
      `Payment request ${ref} was paid ${request.amount}, not ${amount}.`,
    );
  }
  if (
    (request.saleId !== null && request.saleId !== input.saleId) ||
    (request.saleUuid !== null && request.saleUuid !== ctx.saleUuid)
  ) {
    throw new PaymentError(
      index,
      field,
      `Payment request ${ref} belongs to another sale.`,
      ERROR_CODE.PAYMENT_REQUEST_UNUSABLE,
    );
  }
  const [taken] = await tx
    .select({ id: salePayments.id })
    .from(salePayments)
    .where(
      storeWhere(
        salePayments,
        scope,
        eq(salePayments.paymentType, type),
        eq(salePayments.processorReference, ref),
        inArray(salePayments.status, [...LIVE_STATUSES]),
      ),
    )
    .limit(1);
  if (taken) {
    throw new PaymentError(
      index,
      field,
      `Payment request ${ref} is already recorded on a sale.`,
      ERROR_CODE.PAYMENT_REQUEST_UNUSABLE,
    );
  }
  await tx
    .update(paymentRequests)
    .set({ saleId: input.saleId })
    .where(storeIdWhere(paymentRequests, scope, request.id));
  return { processorReference: ref };
}
