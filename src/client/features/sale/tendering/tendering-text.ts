/**
 * How the tendering panel names things: a payment's type and detail, and an error code in the user's language
 * (conventions.md: "codes mapped to i18n keys", `tendering.errors.<code>`), falling back to the server's own
 * sentence, then to a generic one, so no error is ever shown as a bare code.
 */
import type { TFunction } from 'i18next';
import type { Payment } from '../../../../domain/order.types';
import { BRAND_NAMES, kindOf } from './tender-kinds';
import type { TenderKind } from './tender-kinds';

export interface CodedError {
  code: string;
  message?: string;
}

export function errorText(t: TFunction, error: CodedError | string | null | undefined): string | null {
  if (!error) return null;
  const coded = typeof error === 'string' ? { code: error } : error;
  return t(`tendering.errors.${coded.code}`, {
    defaultValue: coded.message ?? t('tendering.errors.invalidPayment'),
  });
}

/** The server's sentence under a translated error, when it adds something (which store, which field). */
export function serverDetail(error: CodedError | null | undefined): string | null {
  return error?.message ?? null;
}

/** A payment type's name: its brand, or its translation. */
export function tenderName(t: TFunction, kind: TenderKind): string {
  return BRAND_NAMES[kind] ?? t(`tendering.types.${kind}`);
}

export function paymentLabel(t: TFunction, payment: Payment): string {
  return tenderName(t, kindOf(payment.payment_type));
}

/** What tells the payment apart in the list: card brand and last 4, a card or check number, a request id. */
export function paymentDetail(payment: Payment): string | null {
  const info = payment.payment_info;
  if (!info) return null;
  if (info.last4) return `${info.card_brand ? `${info.card_brand} ` : ''}•••• ${info.last4}`;
  if (info.processor_reference && !info.reference) return `#${info.processor_reference}`;
  const kind = kindOf(payment.payment_type);
  if (kind === 'momo' || kind === 'vnpay' || kind === 'vietqr')
    return `#${info.processor_reference ?? info.reference}`;
  return info.reference ?? null;
}
