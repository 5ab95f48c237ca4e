/**
 * The machine-readable `code` of every error envelope (docs/errors.md). The server picks one for every
 * answer that is not a success; the client maps it to a text in the user's language
 * (src/client/lib/api/error-messages.ts) and never reads the English `message` to decide anything.
 *
 * Values are stable snake_case strings: a client in a till that has not been updated yet still has to
 * understand them, so a code is added, never renamed or reused for another meaning.
 *
 * No zod here: the client's shell imports isErrorCode, and a value import of zod would put it in front of every
 * screen's first paint. The envelope's zod schemas for code and details live in envelope.ts.
 */
import { SALE_STATUS_ERROR } from '../domain/sale-status';
import type { SaleStatusErrorCode } from '../domain/sale-status';
import { WALK_IN_MOVE_ERROR } from '../domain/walk-in-status';
import { BOOKING_STATUS_ERROR } from '../domain/bookings/status';
import type { BookingStatusErrorCode } from '../domain/bookings/status';
import type { WalkInMoveErrorCode } from '../domain/walk-in-status';

export const ERROR_CODE = {
  // ---- request and transport ------------------------------------------------------------------------
  /** 422: the body, query or path parameters do not match the schema; `errors` names the fields. */
  VALIDATION_FAILED: 'validation_failed',
  /** 400: the request cannot be read at all (malformed JSON, an empty JSON body, a bad header). */
  MALFORMED_REQUEST: 'malformed_request',
  /** 413: the body or an uploaded file is over the limit. */
  PAYLOAD_TOO_LARGE: 'payload_too_large',
  /** 414: the URL or one path parameter is over the limit. */
  URI_TOO_LONG: 'uri_too_long',
  /** 415: a content type the route does not read. */
  UNSUPPORTED_MEDIA_TYPE: 'unsupported_media_type',
  /** 404: no such record, or no such API route. */
  NOT_FOUND: 'not_found',
  /** 405: the route exists for another method. */
  METHOD_NOT_ALLOWED: 'method_not_allowed',
  /** 429: too many requests from this client; Retry-After says when to try again. */
  RATE_LIMITED: 'rate_limited',
  /** 500: a fault on the server; the message never carries internals. */
  INTERNAL_ERROR: 'internal_error',
  /** 503: a dependency of the server (database, session store) is not available right now. */
  SERVICE_UNAVAILABLE: 'service_unavailable',
  /** 502: a payment provider did not answer. */
  PROVIDER_UNAVAILABLE: 'provider_unavailable',

  // ---- idempotency (docs/api.md) ----------------------------------------------------------------------
  IDEMPOTENCY_KEY_REQUIRED: 'idempotency_key_required',
  IDEMPOTENCY_KEY_INVALID: 'idempotency_key_invalid',
  /** 409: the first request with this key is still running. */
  IDEMPOTENCY_KEY_IN_FLIGHT: 'idempotency_key_in_flight',
  /** 422: the key was used before with another request. */
  IDEMPOTENCY_KEY_REUSED: 'idempotency_key_reused',

  // ---- who may do what --------------------------------------------------------------------------------
  /** 401: no session, or the session ended. */
  UNAUTHENTICATED: 'unauthenticated',
  /** 401: the username or password is wrong. */
  BAD_CREDENTIALS: 'bad_credentials',
  /** 429: too many failed logins. */
  LOGIN_LOCKED: 'login_locked',
  /** 403: the role or the permissions do not allow this. */
  FORBIDDEN: 'forbidden',
  /** 403: the module is not enabled for the account. */
  MODULE_DISABLED: 'module_disabled',
  /** 403: the session is not bound to a store. */
  NO_STORE: 'no_store',
  /** 403: the session works in another store. */
  WRONG_STORE: 'wrong_store',
  /** 403: the action needs a manager's PIN approval and none came. */
  PIN_APPROVAL_REQUIRED: 'pin_approval_required',
  /** 403: the PIN given belongs to someone whose role cannot approve this. */
  PIN_APPROVER_NOT_ALLOWED: 'pin_approver_not_allowed',
  /** 422: the PIN is not correct. */
  WRONG_PIN: 'wrong_pin',
  /** 422: an employee's PIN is needed (clock in or out). */
  PIN_REQUIRED: 'pin_required',
  /** 429: too many wrong PINs. */
  PIN_LOCKED: 'pin_locked',
  /** 422: the current password given to change it is wrong. */
  WRONG_PASSWORD: 'wrong_password',
  /** 422: the username exists in several salons: the salon code is needed. */
  TENANT_REQUIRED: 'tenant_required',

  // ---- records ----------------------------------------------------------------------------------------
  /** 409: the request does not fit the record's current state. */
  CONFLICT: 'conflict',
  /** 409 (or 422 on a field): a record with this unique value (SKU, username, phone, code) exists. */
  DUPLICATE: 'duplicate',
  /** 409: a delete refused because other records use this one; `details.in_use` says what uses it. */
  IN_USE: 'in_use',
  /** 409: a client-made uuid was already used for another record. */
  UUID_REUSED: 'uuid_reused',
  /** 409: the employee is checked in at another store. */
  CHECKED_IN_ELSEWHERE: 'checked_in_elsewhere',
  /** 409: a check-in for someone already clocked in (src/domain/clock.ts). */
  ALREADY_CHECKED_IN: 'already_checked_in',
  /** 409: a check-out or a break for someone not clocked in. */
  NOT_CHECKED_IN: 'not_checked_in',
  /** 409: a break started while one is running. */
  ALREADY_ON_BREAK: 'already_on_break',
  /** 409: a break ended while none is running. */
  NOT_ON_BREAK: 'not_on_break',
  /**
   * 409: a turn-system command that does not apply to the day as it stands (docs/turns.md); `details.problem`
   * names why (TURN_PROBLEMS of src/contracts/turn-system.ts: busy, not_clocked_in, ...).
   */
  TURN_REFUSED: 'turn_refused',
  /** 409: one more active member would pass the salon's permissions' maximumEmployees. */
  MAXIMUM_EMPLOYEES_REACHED: 'maximum_employees_reached',
  /** 409: the salon's last active owner cannot be deleted, disabled or given another role. */
  LAST_OWNER: 'last_owner',
  /** 409: a member cannot delete or disable their own account, nor change their own role. */
  OWN_ACCOUNT: 'own_account',

  // ---- sales: refused status moves (docs/sales.md; the domain's SALE_STATUS_ERROR) ---------------------
  SALE_ALREADY_COMPLETED: 'sale_already_completed',
  SALE_DRAFT_NOT_COMPLETED: 'sale_draft_not_completed',
  SALE_ALREADY_REFUNDED: 'sale_already_refunded',
  SALE_VOIDED: 'sale_voided',
  SALE_VOIDED_NOT_REFUNDABLE: 'sale_voided_not_refundable',
  SALE_VOIDED_NOT_COMPLETABLE: 'sale_voided_not_completable',
  SALE_TRASHED: 'sale_trashed',
  SALE_REFUNDED_NOT_VOIDABLE: 'sale_refunded_not_voidable',
  SALE_VOID_AFTER_REFUND: 'sale_void_after_refund',
  SALE_VOID_AFTER_BUSINESS_DAY: 'sale_void_after_business_day',
  SALE_ALREADY_TRASHED: 'sale_already_trashed',
  SALE_NOT_TRASHED: 'sale_not_trashed',
  SALE_NOTHING_TO_RESTORE: 'sale_nothing_to_restore',
  SALE_NOT_EDITABLE: 'sale_not_editable',
  SALE_MOVE_REFUSED: 'sale_move_refused',

  // ---- sales: contents --------------------------------------------------------------------------------
  /** 409: only a draft can be changed this way. */
  SALE_NOT_DRAFT: 'sale_not_draft',
  /** 409: the action needs a completed sale. */
  SALE_NOT_COMPLETED: 'sale_not_completed',
  /** 422: the payments do not cover the total. */
  SALE_NOT_PAID: 'sale_not_paid',
  /** 422: only cash may exceed the balance due. */
  OVERPAID_NON_CASH: 'overpaid_non_cash',
  /** 422: the sale's amounts are beyond what money columns hold. */
  AMOUNT_TOO_LARGE: 'amount_too_large',
  /** 422: a sale's time later than now. */
  FUTURE_ORDER_AT: 'future_order_at',
  /** 422: nothing is left to refund. */
  NOTHING_TO_REFUND: 'nothing_to_refund',
  /** 422: the refund is more than what is left to give back. */
  REFUND_TOO_LARGE: 'refund_too_large',
  /** 422: nothing is due on the sale. */
  NOTHING_DUE: 'nothing_due',

  // ---- payments ---------------------------------------------------------------------------------------
  /** 422: more payments than one sale may carry. */
  TOO_MANY_PAYMENTS: 'too_many_payments',
  /** 422: card payments taken offline over the store's limit (docs/offline.md). */
  OFFLINE_CARD_LIMIT: 'offline_card_limit',
  /** 422: a payment refused for a reason its field error gives (a reference missing, a wrong amount). */
  PAYMENT_REFUSED: 'payment_refused',
  GIFTCARD_NOT_FOUND: 'giftcard_not_found',
  GIFTCARD_INACTIVE: 'giftcard_inactive',
  GIFTCARD_EXPIRED: 'giftcard_expired',
  GIFTCARD_INSUFFICIENT_BALANCE: 'giftcard_insufficient_balance',
  POINTS_NEED_CUSTOMER: 'points_need_customer',
  POINTS_INSUFFICIENT: 'points_insufficient',
  COUPON_NOT_FOUND: 'coupon_not_found',
  COUPON_INACTIVE: 'coupon_inactive',
  COUPON_NOT_YET_VALID: 'coupon_not_yet_valid',
  COUPON_EXPIRED: 'coupon_expired',
  COUPON_MIN_ORDER: 'coupon_min_order',
  COUPON_USED_UP: 'coupon_used_up',
  /** 422: the coupon names services and the ticket has none of them (docs/back-office.md "Coupons"). */
  COUPON_NOT_APPLICABLE: 'coupon_not_applicable',
  /** 422: the coupon limits uses per customer and the sale has no customer to count them on. */
  COUPON_NEEDS_CUSTOMER: 'coupon_needs_customer',
  /** 422: this customer has used the coupon as many times as it allows one customer. */
  COUPON_CUSTOMER_LIMIT: 'coupon_customer_limit',
  /** 422: a payment request (MoMo, VNPAY, VietQR) that cannot pay this sale (unknown, unpaid, used). */
  PAYMENT_REQUEST_UNUSABLE: 'payment_request_unusable',
  /** 409: the payment is not in a state that allows this (not live, not pending). */
  PAYMENT_STATE: 'payment_state',
  /** 409: a payment can only be voided on the business day it was taken, and not after a refund. */
  PAYMENT_NOT_VOIDABLE: 'payment_not_voidable',
  /** 422: a tip only on a card payment, for an employee on the sale, never below zero. */
  TIP_REFUSED: 'tip_refused',
  /** 422: the store has not set up this payment provider, or its currency does not fit it. */
  PROVIDER_NOT_CONFIGURED: 'provider_not_configured',
  /** 400/422: a provider's callback does not verify (signature, amount, order). */
  PROVIDER_RESULT_INVALID: 'provider_result_invalid',

  // ---- cash drawer (docs/cash-drawer.md) ----------------------------------------------------------------
  /** 409: the store takes cash only into an open drawer and this workstation's drawer is closed. */
  DRAWER_CLOSED: 'drawer_closed',
  /** 409: the workstation's drawer is already open (one open session per workstation). */
  DRAWER_ALREADY_OPEN: 'drawer_already_open',
  /** 403: the count is over or short by more than the store's tolerance; a manager's PIN approval is needed. */
  DRAWER_MANAGER_REQUIRED: 'drawer_manager_required',

  // ---- other modules ----------------------------------------------------------------------------------
  /** 422: the push service of a subscription is not one the server sends to (docs/decisions ADR 009). */
  PUSH_ENDPOINT_NOT_ALLOWED: 'push_endpoint_not_allowed',
  /** 404: the account has no push subscription. */
  PUSH_NOT_SUBSCRIBED: 'push_not_subscribed',

  // ---- walk-ins (docs/front-desk.md#walk-in-lifecycle; the domain's WALK_IN_MOVE_ERROR) ---------------
  /** 409: the walk-in is done, left or a no-show. */
  WALK_IN_CLOSED: 'walk_in_closed',
  /** 409: the move does not fit the walk-in's status (src/domain/walk-in-status.ts). */
  WALK_IN_MOVE_NOT_ALLOWED: 'walk_in_move_not_allowed',
  /** 422: starting a waiting walk-in needs a technician. */
  WALK_IN_TECHNICIAN_REQUIRED: 'walk_in_technician_required',
  /** 409: the walk-in changed since the screen showed it (`details.walk_in` is the current one). */
  WALK_IN_STALE: 'walk_in_stale',

  // ---- bookings (docs/appointments.md; the domain's BOOKING_STATUS_ERROR) ------------------------------
  /** 409: a line overlaps a technician's busy time; `details.conflicts` and `details.next_slots` say where. */
  BOOKING_CONFLICT: 'booking_conflict',
  /** 409: the booking changed since the screen showed it (`details.booking` is the current one). */
  BOOKING_STALE: 'booking_stale',
  /** 409: the status move is not allowed from the booking's status (src/domain/bookings/status.ts). */
  BOOKING_STATUS_REFUSED: 'booking_status_refused',
  /** 409: in service, completed, cancelled or no-show: the booking's time and lines are fixed. */
  BOOKING_NOT_EDITABLE: 'booking_not_editable',
  /** 422: a line falls outside its technician's working hours; resend with allow_outside_hours to book it. */
  BOOKING_OUTSIDE_HOURS: 'booking_outside_hours',
  /** 422: the technician does not take bookings (users.enable_booking is off). */
  BOOKING_TECHNICIAN_UNAVAILABLE: 'booking_technician_unavailable',

  // ---- payroll (docs/payroll.md, "Calculate and lock") --------------------------------------------------
  /** 409: the period overlaps a pay run already calculated (locked); `details`: payroll_id, period_start, period_end. */
  PAYROLL_PERIOD_LOCKED: 'payroll_period_locked',
  /** 422: the range is not one of the store's pay periods (stores.settings.payroll.period). */
  PAYROLL_PERIOD_INVALID: 'payroll_period_invalid',
  /** 422: the period has not ended yet in the store's time zone: it cannot be locked while sales still land in it. */
  PAYROLL_PERIOD_OPEN: 'payroll_period_open',
  /** 422: a technician's stored pay settings fail their schema; `details.user_ids` names them. */
  PAYROLL_SETTINGS_INVALID: 'payroll_settings_invalid',
  /** 409: only the store's latest pay run may be deleted (to calculate it again). */
  PAYROLL_NOT_LATEST: 'payroll_not_latest',

  // ---- the kiosk (src/contracts/kiosk.ts) -------------------------------------------------------------
  /** 401: no X-Kiosk-Token, or one the server never issued. */
  KIOSK_TOKEN_INVALID: 'kiosk_token_invalid',
  /** 401: the token was revoked in settings: the tablet must be paired again. */
  KIOSK_TOKEN_REVOKED: 'kiosk_token_revoked',
  /** 401: the customer handle is unknown or expired: sign in again. */
  KIOSK_HANDLE_EXPIRED: 'kiosk_handle_expired',

  // ---- the service worker's own 503 answers (docs/platform.md#caches) -------------------------------
  /** 503: offline, and the request's strategy has nothing to answer with. */
  NETWORK_UNREACHABLE: 'network_unreachable',
  /** 503: a cache-only request whose response was never cached. */
  NO_CACHED_RESPONSE: 'no_cached_response',
} as const;

export type ErrorCode = (typeof ERROR_CODE)[keyof typeof ERROR_CODE];

const CODES: ReadonlySet<string> = new Set(Object.values(ERROR_CODE));

/** A code this build knows (a client reading an answer of a newer server may meet others). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && CODES.has(value);
}

/** The code the server sends for each refused sale status move the domain names. */
export const SALE_STATUS_ERROR_CODE: Readonly<Record<SaleStatusErrorCode, ErrorCode>> = {
  [SALE_STATUS_ERROR.ALREADY_COMPLETED]: ERROR_CODE.SALE_ALREADY_COMPLETED,
  [SALE_STATUS_ERROR.DRAFT_NOT_COMPLETED]: ERROR_CODE.SALE_DRAFT_NOT_COMPLETED,
  [SALE_STATUS_ERROR.ALREADY_REFUNDED]: ERROR_CODE.SALE_ALREADY_REFUNDED,
  [SALE_STATUS_ERROR.VOIDED]: ERROR_CODE.SALE_VOIDED,
  [SALE_STATUS_ERROR.VOIDED_NOT_REFUNDABLE]: ERROR_CODE.SALE_VOIDED_NOT_REFUNDABLE,
  [SALE_STATUS_ERROR.VOIDED_NOT_COMPLETABLE]: ERROR_CODE.SALE_VOIDED_NOT_COMPLETABLE,
  [SALE_STATUS_ERROR.TRASHED]: ERROR_CODE.SALE_TRASHED,
  [SALE_STATUS_ERROR.REFUNDED_NOT_VOIDABLE]: ERROR_CODE.SALE_REFUNDED_NOT_VOIDABLE,
  [SALE_STATUS_ERROR.VOID_AFTER_REFUND]: ERROR_CODE.SALE_VOID_AFTER_REFUND,
  [SALE_STATUS_ERROR.VOID_AFTER_BUSINESS_DAY]: ERROR_CODE.SALE_VOID_AFTER_BUSINESS_DAY,
  [SALE_STATUS_ERROR.ALREADY_TRASHED]: ERROR_CODE.SALE_ALREADY_TRASHED,
  [SALE_STATUS_ERROR.NOT_TRASHED]: ERROR_CODE.SALE_NOT_TRASHED,
  [SALE_STATUS_ERROR.NOTHING_TO_RESTORE]: ERROR_CODE.SALE_NOTHING_TO_RESTORE,
  [SALE_STATUS_ERROR.NO_SALE]: ERROR_CODE.NOT_FOUND,
  [SALE_STATUS_ERROR.NOT_EDITABLE]: ERROR_CODE.SALE_NOT_EDITABLE,
  [SALE_STATUS_ERROR.MOVE_REFUSED]: ERROR_CODE.SALE_MOVE_REFUSED,
};

/** The code the server sends for each refused walk-in move the domain names. */
export const WALK_IN_MOVE_ERROR_CODE: Readonly<Record<WalkInMoveErrorCode, ErrorCode>> = {
  [WALK_IN_MOVE_ERROR.CLOSED]: ERROR_CODE.WALK_IN_CLOSED,
  [WALK_IN_MOVE_ERROR.NOT_ALLOWED]: ERROR_CODE.WALK_IN_MOVE_NOT_ALLOWED,
  [WALK_IN_MOVE_ERROR.TECHNICIAN_REQUIRED]: ERROR_CODE.WALK_IN_TECHNICIAN_REQUIRED,
};

/** `details` of an error envelope: free JSON whose shape the code defines (docs/errors.md). */
export type ErrorDetails = Record<string, unknown>;

/** The code the server sends for each refused booking move the domain names. */
export const BOOKING_STATUS_ERROR_CODE: Readonly<Record<BookingStatusErrorCode, ErrorCode>> = {
  [BOOKING_STATUS_ERROR.REFUSED]: ERROR_CODE.BOOKING_STATUS_REFUSED,
  [BOOKING_STATUS_ERROR.NOT_EDITABLE]: ERROR_CODE.BOOKING_NOT_EDITABLE,
};
