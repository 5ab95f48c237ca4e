/**
 * Payments of a sale (docs/sales.md#payments payment entry, docs/sales.md#payments payment types;
 * docs/money.md step 9, docs/security.md).
 *
 * recordSalePayments and reverseSalePayments run INSIDE the caller's transaction (the sales service's
 * create, refund and void, or the payment routes below), so a sale and its payments and every balance they
 * touch commit together or not at all.
 *
 * Per payment type, what is checked and kept (sale_payments columns):
 * - Cash (1): the amount only. Change is the sale's paid_customer_change_amount_total (domain).
 * - Credit (2): card_brand, last4, approval_code, processor_reference, offline. NEVER a card number: the
 *   contract refuses card-like strings and unknown keys; a 4-digit `reference` without last4 is taken as
 *   last4. An offline card payment is 'pending' until /payments/status approves or declines it, and is
 *   limited by the store's offline_card_limit_per_ticket (docs/offline.md; 0 = none allowed offline).
 * - Gift card (3): reference = card number; active, not expired at the sale's order_at, balance debited
 *   atomically (`balance >= amount` in the UPDATE, the row lock serialises concurrent sales) + history 'sale'.
 * - Check (4): reference = check number.
 * - Point (5): a customer is required; points = amount / points_value_minor (store setting, default 1 minor
 *   unit per point: 100 points = 1.00), the amount must be a multiple; debited atomically + history 'redeem'.
 * - Coupon (6): reference = code; active, of this store or all stores, valid on the sale's day in the store's
 *   time zone (starts_at ≤ day ≤ ends_at), sale total ≥ min_order_amount, a service it names on the ticket,
 *   amount ≤ its worth on the ticket (src/domain/coupons.ts: a percent or an amount of the whole total, or of
 *   the named services' lines), a use taken atomically against max_uses, then the customer's uses counted
 *   against max_uses_per_customer under that row lock, + history 'use' (docs/back-office.md "Coupons").
 * - Voucher (7), Venmo (8), Others (11): reference (and processor_reference) as given.
 * - Momo (9), VnPay (10), VietQr (12): processor_reference = the id of a payment_requests row of this store
 *   for that provider, status 'paid', of exactly this amount, not used by another sale; it is linked to the
 *   sale (payment_requests.sale_id).
 * Every refusal is a 422 whose field errors point at `payments.<i>.<field>`.
 */
import { PAYMENT_TYPE } from '../../../domain/constants';
import { ERROR_CODE } from '../../../contracts/error-codes';
import type { PaymentType } from '../../../domain/constants';
import { normaliseCode } from '../../../domain/normalise';
import type { PaymentInfoInput, RecordedPayment } from '../../../contracts/payments';
import { requireStore } from '../../auth-context';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { SALE_PAYMENT_STATUS, salePayments, sales } from '../../db/schema/sales';
import type { SalePaymentStatus } from '../../db/schema/sales';
import { storeIdWhere, storeValues } from '../../db/scoped';
import { notFound, unprocessable } from '../../errors';
import { loadPaymentStore, toRecordedPayment } from '../../payments/payment-rows';
import type { PaymentStore } from '../../payments/payment-rows';
import { parsePayments } from './payment-input';
import type { Context, Insert, RecordSalePaymentsInput } from './payment-input';
import { claimWalletPayment, debitGiftcard, redeemPoints, useCoupon } from './tenders';

async function prepare(
  ctx: Context,
  index: number,
  payment: { payment_type: PaymentType; payment_amount: number; payment_info?: PaymentInfoInput },
): Promise<Insert> {
  const { payment_type: type, payment_amount: amount, payment_info: info } = payment;
  const base = {
    saleId: ctx.input.saleId,
    paymentType: type,
    amount,
    status: SALE_PAYMENT_STATUS.APPROVED as SalePaymentStatus,
    takenAt: info?.taken_at ? new Date(info.taken_at) : new Date(),
    offline: info?.offline ?? false,
    createdBy: ctx.auth.userId,
  };
  switch (type) {
    case PAYMENT_TYPE.CASH:
      return storeValues(ctx.scope, base);
    case PAYMENT_TYPE.CREDIT: {
      const ref = info?.reference;
      const last4 = info?.last4 ?? (ref && /^\d{4}$/.test(ref) ? ref : null);
      return storeValues(ctx.scope, {
        ...base,
        status: base.offline ? SALE_PAYMENT_STATUS.PENDING : base.status,
        cardBrand: info?.card_brand ?? null,
        last4,
        approvalCode: info?.approval_code ?? null,
        processorReference: info?.processor_reference ?? null,
      });
    }
    case PAYMENT_TYPE.GIFTCARD:
      return storeValues(ctx.scope, { ...base, ...(await debitGiftcard(ctx, index, amount, info)) });
    case PAYMENT_TYPE.POINT:
      return storeValues(ctx.scope, { ...base, ...(await redeemPoints(ctx, index, amount, info)) });
    case PAYMENT_TYPE.COUPON:
      return storeValues(ctx.scope, { ...base, ...(await useCoupon(ctx, index, amount, info)) });
    case PAYMENT_TYPE.MOMO:
    case PAYMENT_TYPE.VN_PAY:
    case PAYMENT_TYPE.VIET_QR:
      return storeValues(ctx.scope, {
        ...base,
        ...(await claimWalletPayment(ctx, index, type, amount, info)),
      });
    case PAYMENT_TYPE.CHECK:
    case PAYMENT_TYPE.VOUCHER:
      return storeValues(ctx.scope, { ...base, reference: info?.reference ?? null });
    default:
      // Venmo, Others: a reference and the processor's id as given.
      return storeValues(ctx.scope, {
        ...base,
        reference: info?.reference ?? null,
        processorReference: info?.processor_reference ?? null,
      });
  }
}

/** Deadlock avoidance: balance-changing payments are applied in one global order (type, then reference). */
function sideEffectOrder(
  parsed: readonly { payment_type: PaymentType; payment_info?: PaymentInfoInput }[],
): number[] {
  const key = (i: number) => {
    const p = parsed[i]!;
    return `${String(p.payment_type).padStart(2, '0')}:${normaliseCode(p.payment_info?.reference ?? '').toUpperCase()}:${p.payment_info?.processor_reference ?? ''}`;
  };
  return parsed.map((_, i) => i).sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a - b));
}

export async function recordSalePayments(
  tx: Queryable,
  auth: AuthContext,
  input: RecordSalePaymentsInput,
): Promise<RecordedPayment[]> {
  requireStore(auth, input.storeId);
  if (!Number.isSafeInteger(input.totalPrice) || input.totalPrice < 0) {
    throw new Error(`recordSalePayments: totalPrice ${input.totalPrice} is not minor units`);
  }
  const parsed = parsePayments(input.payments);
  if (parsed.length === 0) return [];
  const scope = { tenantId: auth.tenantId, storeId: input.storeId };
  let saleUuid: string;
  let store: PaymentStore;
  if (input.known) {
    if (input.known.store.id !== input.storeId) {
      throw new Error(`recordSalePayments: store ${input.known.store.id} is not store ${input.storeId}`);
    }
    ({ saleUuid, store } = input.known);
  } else {
    const [sale] = await tx
      .select({ uuid: sales.uuid })
      .from(sales)
      .where(storeIdWhere(sales, scope, input.saleId))
      .limit(1);
    if (!sale) throw notFound('Sale not found.');
    saleUuid = sale.uuid;
    store = await loadPaymentStore(tx, auth, input.storeId);
  }

  const offlineCard = parsed
    .filter((p) => p.payment_type === PAYMENT_TYPE.CREDIT && p.payment_info?.offline === true)
    .reduce((sum, p) => sum + p.payment_amount, 0);
  if (offlineCard > 0) {
    const limit = store.settings.offline_card_limit_per_ticket ?? 0;
    if (offlineCard > limit) {
      throw unprocessable(
        limit === 0
          ? 'This store takes no card payments offline.'
          : `Card payments taken offline are limited to ${limit} per ticket.`,
        undefined,
        ERROR_CODE.OFFLINE_CARD_LIMIT,
      );
    }
  }

  const ctx: Context = { tx, auth, scope, store, input, saleUuid };
  const values: Insert[] = new Array<Insert>(parsed.length);
  for (const i of sideEffectOrder(parsed)) values[i] = await prepare(ctx, i, parsed[i]!);
  const rows = await tx.insert(salePayments).values(values).returning();
  return rows.map(toRecordedPayment);
}
