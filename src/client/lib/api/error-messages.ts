/**
 * The one map from the server's error codes (src/contracts/error-codes.ts, docs/errors.md) to the i18n keys
 * (common namespace) that say them in the user's language. The client decides and translates by code, never
 * by the server's English `message`, which stays the fallback text for a key without a translation. A record
 * over every code: a new code does not build until it has its text.
 *
 * Not part of any screen's first load: the API client's notices fetch it at the first coded notice
 * (notices.ts keyedNotice), and the screens that read it load lazily
 * (docs/architecture.md#first-load-of-the-sale-screen).
 */
import { ERROR_CODE } from '../../../contracts/error-codes';
import type { ErrorCode } from '../../../contracts/error-codes';

export const ERROR_MESSAGE_KEY: Readonly<Record<ErrorCode, string>> = {
  [ERROR_CODE.VALIDATION_FAILED]: 'apiError.validation_failed',
  [ERROR_CODE.MALFORMED_REQUEST]: 'apiError.malformed_request',
  [ERROR_CODE.PAYLOAD_TOO_LARGE]: 'apiError.payload_too_large',
  [ERROR_CODE.URI_TOO_LONG]: 'apiError.uri_too_long',
  [ERROR_CODE.UNSUPPORTED_MEDIA_TYPE]: 'apiError.unsupported_media_type',
  [ERROR_CODE.NOT_FOUND]: 'apiError.not_found',
  [ERROR_CODE.METHOD_NOT_ALLOWED]: 'apiError.method_not_allowed',
  [ERROR_CODE.RATE_LIMITED]: 'apiError.rate_limited',
  [ERROR_CODE.INTERNAL_ERROR]: 'apiError.internal_error',
  [ERROR_CODE.SERVICE_UNAVAILABLE]: 'apiError.service_unavailable',
  [ERROR_CODE.PROVIDER_UNAVAILABLE]: 'apiError.provider_unavailable',
  [ERROR_CODE.IDEMPOTENCY_KEY_REQUIRED]: 'apiError.idempotency_key_required',
  [ERROR_CODE.IDEMPOTENCY_KEY_INVALID]: 'apiError.idempotency_key_invalid',
  [ERROR_CODE.IDEMPOTENCY_KEY_IN_FLIGHT]: 'apiError.idempotency_key_in_flight',
  [ERROR_CODE.IDEMPOTENCY_KEY_REUSED]: 'apiError.idempotency_key_reused',
  [ERROR_CODE.UNAUTHENTICATED]: 'apiError.unauthenticated',
  [ERROR_CODE.BAD_CREDENTIALS]: 'apiError.bad_credentials',
  [ERROR_CODE.LOGIN_LOCKED]: 'apiError.login_locked',
  [ERROR_CODE.FORBIDDEN]: 'apiError.forbidden',
  [ERROR_CODE.MODULE_DISABLED]: 'apiError.module_disabled',
  [ERROR_CODE.NO_STORE]: 'apiError.no_store',
  [ERROR_CODE.WRONG_STORE]: 'apiError.wrong_store',
  [ERROR_CODE.PIN_APPROVAL_REQUIRED]: 'apiError.pin_approval_required',
  [ERROR_CODE.PIN_APPROVER_NOT_ALLOWED]: 'apiError.pin_approver_not_allowed',
  [ERROR_CODE.WRONG_PIN]: 'apiError.wrong_pin',
  [ERROR_CODE.PIN_REQUIRED]: 'apiError.pin_required',
  [ERROR_CODE.PIN_LOCKED]: 'apiError.pin_locked',
  [ERROR_CODE.WRONG_PASSWORD]: 'apiError.wrong_password',
  [ERROR_CODE.TENANT_REQUIRED]: 'apiError.tenant_required',
  [ERROR_CODE.CONFLICT]: 'apiError.conflict',
  [ERROR_CODE.DUPLICATE]: 'apiError.duplicate',
  [ERROR_CODE.IN_USE]: 'apiError.in_use',
  [ERROR_CODE.UUID_REUSED]: 'apiError.uuid_reused',
  [ERROR_CODE.CHECKED_IN_ELSEWHERE]: 'apiError.checked_in_elsewhere',
  [ERROR_CODE.ALREADY_CHECKED_IN]: 'apiError.already_checked_in',
  [ERROR_CODE.NOT_CHECKED_IN]: 'apiError.not_checked_in',
  [ERROR_CODE.ALREADY_ON_BREAK]: 'apiError.already_on_break',
  [ERROR_CODE.NOT_ON_BREAK]: 'apiError.not_on_break',
  [ERROR_CODE.TURN_REFUSED]: 'apiError.turn_refused',
  [ERROR_CODE.MAXIMUM_EMPLOYEES_REACHED]: 'apiError.maximum_employees_reached',
  [ERROR_CODE.LAST_OWNER]: 'apiError.last_owner',
  [ERROR_CODE.OWN_ACCOUNT]: 'apiError.own_account',
  [ERROR_CODE.SALE_ALREADY_COMPLETED]: 'sale_status.already_completed',
  [ERROR_CODE.SALE_DRAFT_NOT_COMPLETED]: 'sale_status.draft_not_completed',
  [ERROR_CODE.SALE_ALREADY_REFUNDED]: 'sale_status.already_refunded',
  [ERROR_CODE.SALE_VOIDED]: 'sale_status.voided',
  [ERROR_CODE.SALE_VOIDED_NOT_REFUNDABLE]: 'sale_status.voided_not_refundable',
  [ERROR_CODE.SALE_VOIDED_NOT_COMPLETABLE]: 'sale_status.voided_not_completable',
  [ERROR_CODE.SALE_TRASHED]: 'sale_status.trashed',
  [ERROR_CODE.SALE_REFUNDED_NOT_VOIDABLE]: 'sale_status.refunded_not_voidable',
  [ERROR_CODE.SALE_VOID_AFTER_REFUND]: 'sale_status.void_after_refund',
  [ERROR_CODE.SALE_VOID_AFTER_BUSINESS_DAY]: 'sale_status.void_after_business_day',
  [ERROR_CODE.SALE_ALREADY_TRASHED]: 'sale_status.already_trashed',
  [ERROR_CODE.SALE_NOT_TRASHED]: 'sale_status.not_trashed',
  [ERROR_CODE.SALE_NOTHING_TO_RESTORE]: 'sale_status.nothing_to_restore',
  [ERROR_CODE.SALE_NOT_EDITABLE]: 'sale_status.not_editable',
  [ERROR_CODE.SALE_MOVE_REFUSED]: 'sale_status.move_refused',
  [ERROR_CODE.SALE_NOT_DRAFT]: 'apiError.sale_not_draft',
  [ERROR_CODE.SALE_NOT_COMPLETED]: 'apiError.sale_not_completed',
  [ERROR_CODE.SALE_NOT_PAID]: 'apiError.sale_not_paid',
  [ERROR_CODE.OVERPAID_NON_CASH]: 'apiError.overpaid_non_cash',
  [ERROR_CODE.AMOUNT_TOO_LARGE]: 'apiError.amount_too_large',
  [ERROR_CODE.FUTURE_ORDER_AT]: 'apiError.future_order_at',
  [ERROR_CODE.NOTHING_TO_REFUND]: 'apiError.nothing_to_refund',
  [ERROR_CODE.REFUND_TOO_LARGE]: 'apiError.refund_too_large',
  [ERROR_CODE.NOTHING_DUE]: 'apiError.nothing_due',
  [ERROR_CODE.TOO_MANY_PAYMENTS]: 'apiError.too_many_payments',
  [ERROR_CODE.OFFLINE_CARD_LIMIT]: 'apiError.offline_card_limit',
  [ERROR_CODE.DRAWER_CLOSED]: 'apiError.drawer_closed',
  [ERROR_CODE.DRAWER_ALREADY_OPEN]: 'apiError.drawer_already_open',
  [ERROR_CODE.DRAWER_MANAGER_REQUIRED]: 'apiError.drawer_manager_required',
  [ERROR_CODE.PAYMENT_REFUSED]: 'apiError.payment_refused',
  [ERROR_CODE.GIFTCARD_NOT_FOUND]: 'apiError.giftcard_not_found',
  [ERROR_CODE.GIFTCARD_INACTIVE]: 'apiError.giftcard_inactive',
  [ERROR_CODE.GIFTCARD_EXPIRED]: 'apiError.giftcard_expired',
  [ERROR_CODE.GIFTCARD_INSUFFICIENT_BALANCE]: 'apiError.giftcard_insufficient_balance',
  [ERROR_CODE.POINTS_NEED_CUSTOMER]: 'apiError.points_need_customer',
  [ERROR_CODE.POINTS_INSUFFICIENT]: 'apiError.points_insufficient',
  [ERROR_CODE.COUPON_NOT_FOUND]: 'apiError.coupon_not_found',
  [ERROR_CODE.COUPON_INACTIVE]: 'apiError.coupon_inactive',
  [ERROR_CODE.COUPON_NOT_YET_VALID]: 'apiError.coupon_not_yet_valid',
  [ERROR_CODE.COUPON_EXPIRED]: 'apiError.coupon_expired',
  [ERROR_CODE.COUPON_MIN_ORDER]: 'apiError.coupon_min_order',
  [ERROR_CODE.COUPON_USED_UP]: 'apiError.coupon_used_up',
  [ERROR_CODE.COUPON_NOT_APPLICABLE]: 'apiError.coupon_not_applicable',
  [ERROR_CODE.COUPON_NEEDS_CUSTOMER]: 'apiError.coupon_needs_customer',
  [ERROR_CODE.COUPON_CUSTOMER_LIMIT]: 'apiError.coupon_customer_limit',
  [ERROR_CODE.PAYMENT_REQUEST_UNUSABLE]: 'apiError.payment_request_unusable',
  [ERROR_CODE.PAYMENT_STATE]: 'apiError.payment_state',
  [ERROR_CODE.PAYMENT_NOT_VOIDABLE]: 'apiError.payment_not_voidable',
  [ERROR_CODE.TIP_REFUSED]: 'apiError.tip_refused',
  [ERROR_CODE.PROVIDER_NOT_CONFIGURED]: 'apiError.provider_not_configured',
  [ERROR_CODE.PROVIDER_RESULT_INVALID]: 'apiError.provider_result_invalid',
  [ERROR_CODE.PUSH_ENDPOINT_NOT_ALLOWED]: 'apiError.push_endpoint_not_allowed',
  [ERROR_CODE.PUSH_NOT_SUBSCRIBED]: 'apiError.push_not_subscribed',
  [ERROR_CODE.WALK_IN_CLOSED]: 'apiError.walk_in_closed',
  [ERROR_CODE.WALK_IN_MOVE_NOT_ALLOWED]: 'apiError.walk_in_move_not_allowed',
  [ERROR_CODE.WALK_IN_TECHNICIAN_REQUIRED]: 'apiError.walk_in_technician_required',
  [ERROR_CODE.WALK_IN_STALE]: 'apiError.walk_in_stale',
  [ERROR_CODE.BOOKING_CONFLICT]: 'apiError.booking_conflict',
  [ERROR_CODE.BOOKING_STALE]: 'apiError.booking_stale',
  [ERROR_CODE.BOOKING_STATUS_REFUSED]: 'apiError.booking_status_refused',
  [ERROR_CODE.BOOKING_NOT_EDITABLE]: 'apiError.booking_not_editable',
  [ERROR_CODE.BOOKING_OUTSIDE_HOURS]: 'apiError.booking_outside_hours',
  [ERROR_CODE.BOOKING_TECHNICIAN_UNAVAILABLE]: 'apiError.booking_technician_unavailable',
  [ERROR_CODE.PAYROLL_PERIOD_LOCKED]: 'apiError.payroll_period_locked',
  [ERROR_CODE.PAYROLL_PERIOD_INVALID]: 'apiError.payroll_period_invalid',
  [ERROR_CODE.PAYROLL_PERIOD_OPEN]: 'apiError.payroll_period_open',
  [ERROR_CODE.PAYROLL_SETTINGS_INVALID]: 'apiError.payroll_settings_invalid',
  [ERROR_CODE.PAYROLL_NOT_LATEST]: 'apiError.payroll_not_latest',
  [ERROR_CODE.KIOSK_TOKEN_INVALID]: 'apiError.kiosk_token_invalid',
  [ERROR_CODE.KIOSK_TOKEN_REVOKED]: 'apiError.kiosk_token_revoked',
  [ERROR_CODE.KIOSK_HANDLE_EXPIRED]: 'apiError.kiosk_handle_expired',
  // The worker answered for a server it could not reach: said as any unreached server is.
  [ERROR_CODE.NETWORK_UNREACHABLE]: 'api.errors.network',
  [ERROR_CODE.NO_CACHED_RESPONSE]: 'apiError.no_cached_response',
};

/** Keys of failures that never reached the server (they carry no code). */
export const UNREACHED_MESSAGE_KEY = {
  network: 'api.errors.network',
  timeout: 'api.errors.timeout',
  unexpected: 'api.errors.unexpected',
} as const;

/** The key of a server's code; null for a code this build does not know (a newer server's). */
export function codeMessageKey(code: string): string | null {
  return Object.hasOwn(ERROR_MESSAGE_KEY, code) ? ERROR_MESSAGE_KEY[code as ErrorCode] : null;
}

interface ErrorLike {
  code?: unknown;
  kind?: unknown;
}

/**
 * The i18n key of any rejection (an ApiError, its plain copy, or anything else): its code's key, else the
 * key of a network failure or timeout, else the generic one.
 */
export function errorMessageKey(error: unknown): string {
  const { code, kind } = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  const key = typeof code === 'string' ? codeMessageKey(code) : null;
  if (key) return key;
  if (kind === 'network') return UNREACHED_MESSAGE_KEY.network;
  if (kind === 'timeout') return UNREACHED_MESSAGE_KEY.timeout;
  return UNREACHED_MESSAGE_KEY.unexpected;
}

/**
 * The i18n keys to try for a failure, best first (docs/errors.md): the screen namespace's own key for its own
 * codes, else the app's code→key map above (common namespace), else by kind, else the namespace's "try again".
 */
export function failureKeys(
  ns: string,
  ownCodes: ReadonlySet<string>,
  error: { code?: string | null; kind?: string },
  /** The namespace's last resort (default `errors.generic`). */
  genericKey = 'errors.generic',
): string[] {
  const own = error.code && ownCodes.has(error.code) ? [`${ns}:errors.${error.code}`] : [];
  const common =
    error.code && Object.hasOwn(ERROR_MESSAGE_KEY, error.code)
      ? [`common:${ERROR_MESSAGE_KEY[error.code as ErrorCode]}`]
      : [];
  const byKind =
    error.kind === 'offline'
      ? ['common:api.errors.network']
      : error.kind === 'timeout'
        ? ['common:api.errors.timeout']
        : [];
  return [...own, ...common, ...byKind, `${ns}:${genericKey}`];
}
