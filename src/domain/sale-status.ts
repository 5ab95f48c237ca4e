/**
 * Sale status lifecycle rules (docs/sales.md#sale-status):
 *
 *   Draft(4) → Sale(1)                  on completion
 *   Sale → Refund(2)                    full refund; a partial refund keeps Sale and records the refunded lines
 *   Sale → Void(3)                      only on the sale's business day and before any refund
 *   Draft | Sale | Refund | Void → Trash(9)   the status before trash is remembered
 *   Trash → that remembered status      restore
 *   Trash → cleared                     deleted for good ('clear trashed')
 *
 * The sale-status machine (machines/sale-status) is the chart of these moves and calls the predicates below as its
 * guards; the server asks that machine whether a move is legal. What lives here is what a chart cannot say: the
 * time-zone arithmetic of "business day", who may approve with a PIN, which sale-management modes a sale's status
 * allows, and the reason a move is refused (code for i18n and API 409 bodies, English text as the default).
 */
import { ACTION_MODE, SALE_STATUS } from './constants';
import type { ActionMode, SaleStatus } from './constants';
import { dayInTimeZone } from './report-periods';

/** A sale status as a chart state name (the machine's states are named after the statuses). */
export type SaleStatusName = 'draft' | 'sale' | 'refund' | 'void' | 'trash';

export const SALE_STATUS_NAME: Readonly<Record<SaleStatus, SaleStatusName>> = {
  [SALE_STATUS.SALE]: 'sale',
  [SALE_STATUS.REFUND]: 'refund',
  [SALE_STATUS.VOID]: 'void',
  [SALE_STATUS.DRAFT]: 'draft',
  [SALE_STATUS.TRASH]: 'trash',
};

export const SALE_STATUS_BY_NAME: Readonly<Record<SaleStatusName, SaleStatus>> = {
  sale: SALE_STATUS.SALE,
  refund: SALE_STATUS.REFUND,
  void: SALE_STATUS.VOID,
  draft: SALE_STATUS.DRAFT,
  trash: SALE_STATUS.TRASH,
};

/** The statuses a sale can be trashed from, and so the ones a restore can return to. */
export const TRASHABLE_STATUSES: readonly SaleStatus[] = [
  SALE_STATUS.DRAFT,
  SALE_STATUS.SALE,
  SALE_STATUS.REFUND,
  SALE_STATUS.VOID,
];

export function isSaleStatus(value: unknown): value is SaleStatus {
  return typeof value === 'number' && value in SALE_STATUS_NAME;
}

/** A line given back in a refund (partial refunds keep the sale in status Sale and list them). */
export interface RefundedLine {
  /** The employee group's employee id (a line is an item of one employee's group). */
  employee_id: number;
  item_id: number;
  quantity: number;
}

/** What the status rules need to know about one sale. */
export interface SaleStatusFacts {
  status: SaleStatus;
  /** Set while the sale is in Trash: the status a restore returns to. */
  statusBeforeTrash: SaleStatus | null;
  /** UTC ISO time of the sale (docs/api.md#defaults-and-formats: dates are sent as UTC ISO); null for a draft never completed. */
  orderAt: string | null;
  /** True once any line was refunded (a partial refund included). */
  hasRefund: boolean;
}

export type SaleStatusMove = 'complete' | 'refund' | 'partialRefund' | 'void' | 'trash' | 'restore' | 'clear';

/**
 * True when `orderAt` falls on the calendar day of `now` in the store's time zone. The business day is the
 * calendar day where the store is (a sale rung at 23:30 in Los Angeles is voidable until midnight there, not until
 * midnight UTC); there is no configurable day cut-off because no rule asks for one.
 * An unreadable `orderAt` is never the same day: a void must not slip through on bad data.
 */
export function isSameBusinessDay(orderAt: string, now: Date, timeZone: string): boolean {
  const at = new Date(orderAt);
  if (Number.isNaN(at.getTime()) || Number.isNaN(now.getTime())) return false;
  return dayInTimeZone(at, timeZone) === dayInTimeZone(now, timeZone);
}

/** The sale has a time and it is today, where the store is. */
export function isBusinessDayOfSale(orderAt: string | null, now: Date, timeZone: string): boolean {
  return orderAt !== null && isSameBusinessDay(orderAt, now, timeZone);
}

export function canComplete(facts: SaleStatusFacts): boolean {
  return facts.status === SALE_STATUS.DRAFT;
}

/** Full or partial: both need a completed sale that is not refunded in full yet. */
export function canRefund(facts: SaleStatusFacts): boolean {
  return facts.status === SALE_STATUS.SALE;
}

/** A void cancels the whole sale as if it never happened, so only the same day and never after money went back. */
export function canVoid(facts: SaleStatusFacts, now: Date, timeZone: string): boolean {
  return (
    facts.status === SALE_STATUS.SALE && !facts.hasRefund && isBusinessDayOfSale(facts.orderAt, now, timeZone)
  );
}

export function canTrash(facts: SaleStatusFacts): boolean {
  return TRASHABLE_STATUSES.includes(facts.status);
}

/** The status a restore returns to, or null when there is none to return to. */
export function restoreTarget(
  facts: Pick<SaleStatusFacts, 'status' | 'statusBeforeTrash'>,
): SaleStatus | null {
  if (facts.status !== SALE_STATUS.TRASH || facts.statusBeforeTrash === null) return null;
  return TRASHABLE_STATUSES.includes(facts.statusBeforeTrash) ? facts.statusBeforeTrash : null;
}

export function canRestore(facts: SaleStatusFacts): boolean {
  return restoreTarget(facts) !== null;
}

/** Only a trashed sale is deleted for good: the trash is the one place a deletion can still be undone. */
export function canClear(facts: SaleStatusFacts): boolean {
  return facts.status === SALE_STATUS.TRASH;
}

/** Whether `move` is allowed; the sale-status machine is the authority, this mirrors it for callers without one. */
export function canMove(facts: SaleStatusFacts, move: SaleStatusMove, now: Date, timeZone: string): boolean {
  return saleStatusMoveError(facts, move, now, timeZone) === null;
}

/** A refused move: `code` is the i18n key suffix and the API 409 code, `message` the English text. */
export interface SaleStatusMoveError {
  code: SaleStatusErrorCode;
  message: string;
}

export const SALE_STATUS_ERROR = {
  ALREADY_COMPLETED: 'sale_status.already_completed',
  DRAFT_NOT_COMPLETED: 'sale_status.draft_not_completed',
  ALREADY_REFUNDED: 'sale_status.already_refunded',
  VOIDED: 'sale_status.voided',
  VOIDED_NOT_REFUNDABLE: 'sale_status.voided_not_refundable',
  VOIDED_NOT_COMPLETABLE: 'sale_status.voided_not_completable',
  TRASHED: 'sale_status.trashed',
  REFUNDED_NOT_VOIDABLE: 'sale_status.refunded_not_voidable',
  VOID_AFTER_REFUND: 'sale_status.void_after_refund',
  VOID_AFTER_BUSINESS_DAY: 'sale_status.void_after_business_day',
  ALREADY_TRASHED: 'sale_status.already_trashed',
  NOT_TRASHED: 'sale_status.not_trashed',
  NOTHING_TO_RESTORE: 'sale_status.nothing_to_restore',
  NO_SALE: 'sale_status.no_sale',
  NOT_EDITABLE: 'sale_status.not_editable',
  MOVE_REFUSED: 'sale_status.move_refused',
} as const;
export type SaleStatusErrorCode = (typeof SALE_STATUS_ERROR)[keyof typeof SALE_STATUS_ERROR];

const ERROR_TEXT: Readonly<Record<SaleStatusErrorCode, string>> = {
  [SALE_STATUS_ERROR.ALREADY_COMPLETED]: 'This sale is already completed.',
  [SALE_STATUS_ERROR.DRAFT_NOT_COMPLETED]: 'A draft has not been completed yet; complete it first.',
  [SALE_STATUS_ERROR.ALREADY_REFUNDED]: 'This sale is already fully refunded.',
  [SALE_STATUS_ERROR.VOIDED]: 'A voided sale cannot be changed.',
  [SALE_STATUS_ERROR.VOIDED_NOT_REFUNDABLE]: 'A voided sale cannot be refunded.',
  [SALE_STATUS_ERROR.VOIDED_NOT_COMPLETABLE]: 'A voided sale cannot be completed.',
  [SALE_STATUS_ERROR.TRASHED]: 'A trashed sale must be restored first.',
  [SALE_STATUS_ERROR.REFUNDED_NOT_VOIDABLE]: 'A refunded sale cannot be voided.',
  [SALE_STATUS_ERROR.VOID_AFTER_REFUND]:
    'A sale with a refund cannot be voided; refund the remaining lines instead.',
  [SALE_STATUS_ERROR.VOID_AFTER_BUSINESS_DAY]:
    'A sale can be voided only on the business day it was made; refund it instead.',
  [SALE_STATUS_ERROR.ALREADY_TRASHED]: 'This sale is already in the trash.',
  [SALE_STATUS_ERROR.NOT_TRASHED]: 'Only a trashed sale can be restored or cleared.',
  [SALE_STATUS_ERROR.NOTHING_TO_RESTORE]:
    'The status before trash is unknown, so this sale cannot be restored.',
  [SALE_STATUS_ERROR.NO_SALE]: 'Choose a sale first.',
  [SALE_STATUS_ERROR.NOT_EDITABLE]: 'Only a draft or a sale without refunds can be changed.',
  [SALE_STATUS_ERROR.MOVE_REFUSED]: 'This status change is not allowed.',
};

/** The moves users meet most from a voided sale have their own code (and so their own text in every language). */
const VOIDED_BY_MOVE: Partial<Record<SaleStatusMove, SaleStatusErrorCode>> = {
  refund: SALE_STATUS_ERROR.VOIDED_NOT_REFUNDABLE,
  partialRefund: SALE_STATUS_ERROR.VOIDED_NOT_REFUNDABLE,
  complete: SALE_STATUS_ERROR.VOIDED_NOT_COMPLETABLE,
};

export function saleStatusError(
  code: SaleStatusErrorCode,
  message: string = ERROR_TEXT[code],
): SaleStatusMoveError {
  return { code, message };
}

/** Why `move` is refused for this sale, or null when it is allowed. */
export function saleStatusMoveError(
  facts: SaleStatusFacts,
  move: SaleStatusMove,
  now: Date,
  timeZone: string,
): SaleStatusMoveError | null {
  const from = facts.status;
  const byStatus = (code: SaleStatusErrorCode): SaleStatusMoveError => saleStatusError(code);

  if (move === 'trash') return canTrash(facts) ? null : byStatus(SALE_STATUS_ERROR.ALREADY_TRASHED);
  if (move === 'restore' || move === 'clear') {
    if (from !== SALE_STATUS.TRASH) return byStatus(SALE_STATUS_ERROR.NOT_TRASHED);
    return move === 'restore' && !canRestore(facts) ? byStatus(SALE_STATUS_ERROR.NOTHING_TO_RESTORE) : null;
  }
  // complete, refund, partialRefund, void: the status decides first.
  if (from === SALE_STATUS.TRASH) return byStatus(SALE_STATUS_ERROR.TRASHED);
  if (from === SALE_STATUS.VOID) return byStatus(VOIDED_BY_MOVE[move] ?? SALE_STATUS_ERROR.VOIDED);
  if (move === 'complete')
    return from === SALE_STATUS.DRAFT ? null : byStatus(SALE_STATUS_ERROR.ALREADY_COMPLETED);
  if (from === SALE_STATUS.DRAFT) return byStatus(SALE_STATUS_ERROR.DRAFT_NOT_COMPLETED);
  if (move !== 'void')
    return from === SALE_STATUS.REFUND ? byStatus(SALE_STATUS_ERROR.ALREADY_REFUNDED) : null;
  if (from === SALE_STATUS.REFUND) return byStatus(SALE_STATUS_ERROR.REFUNDED_NOT_VOIDABLE);
  if (facts.hasRefund) return byStatus(SALE_STATUS_ERROR.VOID_AFTER_REFUND);
  if (!isBusinessDayOfSale(facts.orderAt, now, timeZone))
    return byStatus(SALE_STATUS_ERROR.VOID_AFTER_BUSINESS_DAY);
  return null;
}

/**
 * The refunded lines after one more refund: quantities of the same line (employee + item) add up, new lines are
 * appended. A new array; the inputs are not touched.
 */
export function addRefundedLines(
  refunded: readonly RefundedLine[],
  lines: readonly RefundedLine[],
): RefundedLine[] {
  const result = refunded.map((line) => ({ ...line }));
  for (const line of lines) {
    const same = result.find((r) => r.employee_id === line.employee_id && r.item_id === line.item_id);
    if (same) same.quantity += line.quantity;
    else result.push({ ...line });
  }
  return result;
}

/**
 * Sale-management modes that need a manager's PIN: the ones that give money back (refund, void) or destroy a
 * record (remove = move to trash, clear one or all trashed). Restore only undoes a trash and loses nothing; tip,
 * date, employee and payment edits are ordinary cashier corrections the server logs.
 */
export const MANAGER_PIN_MODES: readonly ActionMode[] = [
  ACTION_MODE.REFUND,
  ACTION_MODE.VOID,
  ACTION_MODE.REMOVE,
  ACTION_MODE.CLEAR_TRASH_ONE,
  ACTION_MODE.CLEAR_TRASH_ALL,
];

export function needsManagerPin(mode: ActionMode): boolean {
  return MANAGER_PIN_MODES.includes(mode);
}

/** Modes about the list or the store, not one sale: they open with no sale chosen. */
export const STORE_WIDE_MODES: readonly ActionMode[] = [
  ACTION_MODE.CLEAR_TRASH_ALL,
  ACTION_MODE.SAVE_ALL_CHANGES,
  ACTION_MODE.PRINT_REPORT,
  ACTION_MODE.PRINT_REPORT_DETAIL,
  ACTION_MODE.PAYROLL,
];

/**
 * Changing a sale's lines, tips, payments, date or employee: a draft, or a sale with no refund yet (after a refund
 * the refunded lines and amounts are history, and changing the rest would make them disagree).
 */
export function canEditSale(facts: SaleStatusFacts): boolean {
  return facts.status === SALE_STATUS.DRAFT || (facts.status === SALE_STATUS.SALE && !facts.hasRefund);
}

/** Why a sale-management mode cannot open for this sale (null: it can). Illegal moves are never offered. */
export function actionModeError(
  mode: ActionMode,
  sale: SaleStatusFacts | null,
  now: Date,
  timeZone: string,
): SaleStatusMoveError | null {
  if (mode === ACTION_MODE.NONE || STORE_WIDE_MODES.includes(mode)) return null;
  if (sale === null) return saleStatusError(SALE_STATUS_ERROR.NO_SALE);
  switch (mode) {
    case ACTION_MODE.REFUND:
      return saleStatusMoveError(sale, 'refund', now, timeZone);
    case ACTION_MODE.VOID:
      return saleStatusMoveError(sale, 'void', now, timeZone);
    case ACTION_MODE.REMOVE:
      return saleStatusMoveError(sale, 'trash', now, timeZone);
    case ACTION_MODE.RESTORE:
      return saleStatusMoveError(sale, 'restore', now, timeZone);
    case ACTION_MODE.CLEAR_TRASH_ONE:
      return saleStatusMoveError(sale, 'clear', now, timeZone);
    case ACTION_MODE.TIP:
    case ACTION_MODE.CHANGE_ORDER_DATE:
    case ACTION_MODE.CHANGE_EMPLOYEE:
    case ACTION_MODE.PAYMENT:
    case ACTION_MODE.EDIT:
    case ACTION_MODE.SAVE_CHANGE:
      return canEditSale(sale) ? null : saleStatusError(SALE_STATUS_ERROR.NOT_EDITABLE);
    case ACTION_MODE.INVOICE:
    case ACTION_MODE.REPRINT:
      // A receipt or invoice exists once a sale is completed, whatever happened to it since (it then prints so).
      if (sale.status === SALE_STATUS.DRAFT) return saleStatusError(SALE_STATUS_ERROR.DRAFT_NOT_COMPLETED);
      return sale.status === SALE_STATUS.TRASH ? saleStatusError(SALE_STATUS_ERROR.TRASHED) : null;
    case ACTION_MODE.SALE:
      // Opening the sale on the sale screen: anything but a trashed sale.
      return sale.status === SALE_STATUS.TRASH ? saleStatusError(SALE_STATUS_ERROR.TRASHED) : null;
    default:
      return null;
  }
}

export function isActionModeAllowed(
  mode: ActionMode,
  sale: SaleStatusFacts | null,
  now: Date,
  timeZone: string,
): boolean {
  return mode !== ACTION_MODE.NONE && actionModeError(mode, sale, now, timeZone) === null;
}
