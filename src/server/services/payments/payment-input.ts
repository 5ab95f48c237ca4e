/**
 * What recording a sale's payments reads and shares (record.ts, tenders.ts): the payment input, the bounds, the
 * statuses whose money counts on a sale, and the 422 that points at `payments.<i>.<field>`.
 */
import { PAYMENT_TYPE } from '../../../domain/constants';
import { ERROR_CODE } from '../../../contracts/error-codes';
import type { ErrorCode } from '../../../contracts/error-codes';
import type { PaymentType } from '../../../domain/constants';
import { normaliseCode } from '../../../domain/normalise';
import type { CouponLine } from '../../../domain/coupons';
import type { Payment, PaymentInfo } from '../../../domain/order.types';
import { paymentInputSchema } from '../../../contracts/payments';
import type { PaymentInfoInput } from '../../../contracts/payments';
import type { FieldErrors } from '../../../contracts/envelope';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import type { PaymentProvider } from '../../db/schema/payment-requests';
import { SALE_PAYMENT_STATUS } from '../../db/schema/sales';
import type { SalePaymentStatus, salePayments } from '../../db/schema/sales';
import { HttpError, unprocessable } from '../../errors';
import type { PaymentStore } from '../../payments/payment-rows';

/** A domain Payment; payment_info may also say how many points a Point payment redeems. */
export type SalePaymentInput = Payment & { payment_info?: PaymentInfo & { points?: number } };

export interface RecordSalePaymentsInput {
  saleId: number;
  storeId: number;
  customerId: number | null;
  payments: readonly SalePaymentInput[];
  /** The sale's total_price (minor units): coupon minimum order and percent coupons are measured on it. */
  totalPrice: number;
  /** The sale's order_at: coupons and gift cards must be valid then. */
  orderAt: Date;
  /**
   * The ticket's lines with their computed net and tax (domain couponLinesOf): a coupon that names services
   * discounts those lines only (docs/back-office.md "Coupons").
   */
  lines: readonly CouponLine[];
  /**
   * What the caller already holds, so nothing is read again while the store's counter lock is held (create
   * sale): the sale's uuid (the caller inserted the sale in this transaction, so it exists) and the store.
   */
  known?: { saleUuid: string; store: PaymentStore };
}

/** A bound on one request's work; no salon splits a ticket 50 ways. */
export const MAX_PAYMENTS_PER_SALE = 50;

export const WALLET_PROVIDER: Partial<Record<PaymentType, PaymentProvider>> = {
  [PAYMENT_TYPE.MOMO]: 'momo',
  [PAYMENT_TYPE.VN_PAY]: 'vnpay',
  [PAYMENT_TYPE.VIET_QR]: 'vietqr',
};

/** Statuses whose money counts on the sale (a pending offline card payment is still owed by the card). */
export const LIVE_STATUSES: readonly SalePaymentStatus[] = [
  SALE_PAYMENT_STATUS.APPROVED,
  SALE_PAYMENT_STATUS.PENDING,
];

export type Insert = typeof salePayments.$inferInsert;

/** A payment refused on its own field (`payments.<index>.<field>`), with the code that says why. */
export class PaymentError extends HttpError {
  constructor(index: number, field: string, message: string, code: ErrorCode = ERROR_CODE.PAYMENT_REFUSED) {
    super(422, message, { [`payments.${index}.${field}`]: [message] }, code);
  }
}

export function parsePayments(payments: readonly SalePaymentInput[]) {
  if (payments.length > MAX_PAYMENTS_PER_SALE) {
    throw unprocessable(
      `At most ${MAX_PAYMENTS_PER_SALE} payments per sale.`,
      undefined,
      ERROR_CODE.TOO_MANY_PAYMENTS,
    );
  }
  const errors: FieldErrors = {};
  const parsed = payments.map((payment, i) => {
    const result = paymentInputSchema.safeParse(payment);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      const field = ['payments', i, ...issue.path].map(String).join('.');
      (errors[field] ??= []).push(issue.message);
    }
    return null;
  });
  if (Object.keys(errors).length > 0) {
    const first = Object.values(errors)[0]?.[0];
    throw unprocessable(first ?? 'The payments are invalid.', errors);
  }
  return parsed as { payment_type: PaymentType; payment_amount: number; payment_info?: PaymentInfoInput }[];
}

export function requireReference(info: PaymentInfoInput | undefined, index: number, what: string): string {
  const code = normaliseCode(info?.reference ?? '').toUpperCase();
  if (code === '' || code.length > 64) {
    throw new PaymentError(index, 'payment_info.reference', `Enter the ${what}.`);
  }
  return code;
}

export interface Context {
  tx: Queryable;
  auth: AuthContext;
  scope: { tenantId: number; storeId: number };
  store: PaymentStore;
  input: RecordSalePaymentsInput;
  saleUuid: string;
}
