/**
 * The payment types of the tendering panel (docs/sales.md#payments "Payment types: Cash=1 … VietQr=12") and
 * the pure rules of their forms: which fields each asks for, how a typed field is checked, and the Payment it
 * becomes. The amount rules themselves are the domain's (validatePayment, run by the sale machine); these only
 * check what the domain cannot see: a card's last 4, a reference that must be there, a card number that must
 * never be kept (docs/security.md#card-data).
 */
import { PAYMENT_TYPE } from '../../../../domain/constants';
import type { PaymentType } from '../../../../domain/constants';
import { normaliseCode } from '../../../../domain/normalise';
import type { Minor, Payment } from '../../../../domain/order.types';

export type TenderKind =
  | 'cash'
  | 'credit'
  | 'giftcard'
  | 'check'
  | 'point'
  | 'coupon'
  | 'voucher'
  | 'venmo'
  | 'momo'
  | 'vnpay'
  | 'vietqr'
  | 'others';

/** Every payment type of the spec, in the order the panel offers them (the common ones first). */
export const TENDER_KINDS: readonly { kind: TenderKind; type: PaymentType }[] = [
  { kind: 'cash', type: PAYMENT_TYPE.CASH },
  { kind: 'credit', type: PAYMENT_TYPE.CREDIT },
  { kind: 'giftcard', type: PAYMENT_TYPE.GIFTCARD },
  { kind: 'check', type: PAYMENT_TYPE.CHECK },
  { kind: 'point', type: PAYMENT_TYPE.POINT },
  { kind: 'coupon', type: PAYMENT_TYPE.COUPON },
  { kind: 'voucher', type: PAYMENT_TYPE.VOUCHER },
  { kind: 'venmo', type: PAYMENT_TYPE.VENMO },
  { kind: 'momo', type: PAYMENT_TYPE.MOMO },
  { kind: 'vnpay', type: PAYMENT_TYPE.VN_PAY },
  { kind: 'vietqr', type: PAYMENT_TYPE.VIET_QR },
  { kind: 'others', type: PAYMENT_TYPE.OTHERS },
];

const KIND_BY_TYPE = new Map(TENDER_KINDS.map((entry) => [entry.type, entry.kind]));

export function kindOf(type: PaymentType): TenderKind {
  return KIND_BY_TYPE.get(type) ?? 'others';
}

export function typeOf(kind: TenderKind): PaymentType {
  return TENDER_KINDS.find((entry) => entry.kind === kind)?.type ?? PAYMENT_TYPE.OTHERS;
}

/**
 * Brand names, the same in every language (not translated: a cashier looks for the logo's word). Every other
 * kind is named by `tendering.types.<kind>`.
 */
export const BRAND_NAMES: Readonly<Partial<Record<TenderKind, string>>> = {
  venmo: 'Venmo',
  momo: 'MoMo',
  vnpay: 'VNPAY',
  vietqr: 'VietQR',
};

/** The types paid through the server's payment requests (machines/payment-request). */
export const WALLET_KINDS = ['momo', 'vnpay', 'vietqr'] as const;
export type WalletKind = (typeof WALLET_KINDS)[number];
export function isWalletKind(kind: TenderKind): kind is WalletKind {
  return (WALLET_KINDS as readonly string[]).includes(kind);
}

/** Kinds whose form asks only for a reference (and the amount); `required` when the server needs one. */
export const REFERENCE_KINDS = {
  check: { required: true, code: true },
  coupon: { required: true, code: true },
  voucher: { required: true, code: true },
  venmo: { required: false, code: false },
  others: { required: false, code: false },
} as const;
export type ReferenceKind = keyof typeof REFERENCE_KINDS;
export function isReferenceKind(kind: TenderKind): kind is ReferenceKind {
  return kind in REFERENCE_KINDS;
}

/** Card brands offered; the brand is a name, not a secret. */
export const CARD_BRANDS = ['Visa', 'Mastercard', 'Amex', 'Discover', 'JCB', 'UnionPay', 'Other'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** Codes mapped to `tendering.errors.<code>`. */
export type FieldErrorCode =
  | 'amountInvalid'
  | 'last4Invalid'
  | 'approvalCodeInvalid'
  | 'referenceRequired'
  | 'referenceInvalid'
  | 'referenceLooksLikeCard'
  | 'pointsExceeded'
  | 'noCustomer';

/** docs/security.md#card-data: a card keeps its last 4 only. Exactly four digits. */
export function isLast4(text: string): boolean {
  return /^\d{4}$/.test(text);
}

/**
 * A processor's approval code: letters, digits and dashes, at most 12. WHY 12: a full card number has 13 to 19
 * digits, so nothing that fits here can be one (the server refuses card-like text too: contracts/payments.ts).
 */
export function isApprovalCode(text: string): boolean {
  return /^[A-Za-z0-9-]{1,12}$/.test(text);
}

/** 13 or more digits in a row (spaces or dashes between them allowed): could be a card number, never kept. */
export function looksLikeCardNumber(text: string): boolean {
  return /\d(?:[ -]?\d){12,}/.test(text);
}

/** A typed reference as it is sent: codes cleaned as docs/money.md says and upper-cased; free text trimmed. */
export function cleanReference(kind: ReferenceKind, text: string): string {
  return REFERENCE_KINDS[kind].code ? normaliseCode(text).toUpperCase() : text.trim().replace(/\s+/g, ' ');
}

export type Built = { payment: Payment } | { error: FieldErrorCode };

/**
 * Cash received adds to the cash already taken (the customer hands over another note); the sale keeps one cash
 * payment (docs/sales.md#editing-the-order: a payment of a type is replaced). An amount of 0 or less is sent
 * as it is, so the sale machine refuses it with the domain's code (amountNotPositive) instead of it vanishing
 * into the sum.
 */
export function cashPayment(amount: Minor | null, cashTaken: Minor): Built {
  if (amount === null) return { error: 'amountInvalid' };
  return {
    payment: { payment_type: PAYMENT_TYPE.CASH, payment_amount: amount > 0 ? cashTaken + amount : amount },
  };
}

export function cardPayment(
  amount: Minor | null,
  fields: { brand: string; last4: string; approvalCode: string },
): Built {
  if (amount === null) return { error: 'amountInvalid' };
  const last4 = fields.last4.trim();
  const approvalCode = fields.approvalCode.trim();
  if (!isLast4(last4)) return { error: 'last4Invalid' };
  if (approvalCode !== '' && !isApprovalCode(approvalCode)) return { error: 'approvalCodeInvalid' };
  return {
    payment: {
      payment_type: PAYMENT_TYPE.CREDIT,
      payment_amount: amount,
      // reference = last 4: two cards are two payments (order-editing keys a payment by type and reference).
      payment_info: {
        reference: last4,
        last4,
        card_brand: fields.brand,
        ...(approvalCode ? { approval_code: approvalCode.toUpperCase() } : {}),
      },
    },
  };
}

export function referencePayment(kind: ReferenceKind, amount: Minor | null, reference: string): Built {
  if (amount === null) return { error: 'amountInvalid' };
  const cleaned = cleanReference(kind, reference);
  if (looksLikeCardNumber(reference)) return { error: 'referenceLooksLikeCard' };
  if (cleaned === '' && REFERENCE_KINDS[kind].required) {
    return { error: reference.trim() === '' ? 'referenceRequired' : 'referenceInvalid' };
  }
  if (cleaned.length > 64) return { error: 'referenceInvalid' };
  return {
    payment: {
      payment_type: typeOf(kind),
      payment_amount: amount,
      ...(cleaned ? { payment_info: { reference: cleaned } } : {}),
    },
  };
}

export function giftCardPayment(amount: Minor | null, cardNumber: string): Built {
  if (amount === null) return { error: 'amountInvalid' };
  return {
    payment: {
      payment_type: PAYMENT_TYPE.GIFTCARD,
      payment_amount: amount,
      payment_info: { reference: cardNumber },
    },
  };
}

/**
 * What one loyalty point is worth when redeemed, in minor units: the server's default (src/domain/points.ts
 * pointValueMinor, 1 minor unit per point). The store setting is not sent to the client yet; the server
 * re-derives the points from the amount and refuses a sale the customer's points cannot pay.
 */
export const POINT_VALUE_MINOR = 1;

export function pointsWorth(points: number): Minor {
  return Math.max(0, Math.floor(points)) * POINT_VALUE_MINOR;
}

export function pointsPayment(amount: Minor | null, customerPoints: number | null): Built {
  if (customerPoints === null) return { error: 'noCustomer' };
  if (amount === null) return { error: 'amountInvalid' };
  if (amount > pointsWorth(customerPoints)) return { error: 'pointsExceeded' };
  return { payment: { payment_type: PAYMENT_TYPE.POINT, payment_amount: amount } };
}
