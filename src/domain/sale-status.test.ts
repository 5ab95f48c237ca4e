import { canApproveWithPin } from './permissions';
import { describe, expect, it } from 'vitest';
import { ACTION_MODE, ROLE, SALE_STATUS } from './constants';
import type { SaleStatus } from './constants';
import {
  actionModeError,
  addRefundedLines,
  canMove,
  canVoid,
  isActionModeAllowed,
  isSameBusinessDay,
  needsManagerPin,
  restoreTarget,
  SALE_STATUS_BY_NAME,
  SALE_STATUS_ERROR,
  SALE_STATUS_NAME,
  saleStatusMoveError,
} from './sale-status';
import type { SaleStatusFacts, SaleStatusMove } from './sale-status';

const LA = 'America/Los_Angeles';
// 23:30 on 9 January in Los Angeles (PST, UTC-8): already 10 January in UTC.
const LATE_EVENING = '2026-01-10T07:30:00.000Z';

function facts(status: SaleStatus, overrides: Partial<SaleStatusFacts> = {}): SaleStatusFacts {
  return { status, statusBeforeTrash: null, orderAt: LATE_EVENING, hasRefund: false, ...overrides };
}

describe('business day', () => {
  it('is the calendar day where the store is, not the UTC day', () => {
    expect(isSameBusinessDay(LATE_EVENING, new Date('2026-01-10T07:59:00Z'), LA)).toBe(true);
    // 00:10 on 10 January in Los Angeles: the next business day there, though the same UTC day.
    expect(isSameBusinessDay(LATE_EVENING, new Date('2026-01-10T08:10:00Z'), LA)).toBe(false);
    expect(isSameBusinessDay(LATE_EVENING, new Date('2026-01-10T08:10:00Z'), 'UTC')).toBe(true);
  });

  it('never matches an unreadable sale time', () => {
    expect(isSameBusinessDay('not a date', new Date('2026-01-10T07:59:00Z'), LA)).toBe(false);
  });
});

describe('void', () => {
  const sameEvening = new Date('2026-01-10T07:45:00Z');
  const nextMorning = new Date('2026-01-10T17:00:00Z');

  it('is allowed on the business day of the sale before any refund', () => {
    expect(canVoid(facts(SALE_STATUS.SALE), sameEvening, LA)).toBe(true);
  });

  it('is refused the day after, with a text that says to refund instead', () => {
    expect(canVoid(facts(SALE_STATUS.SALE), nextMorning, LA)).toBe(false);
    expect(saleStatusMoveError(facts(SALE_STATUS.SALE), 'void', nextMorning, LA)).toEqual({
      code: SALE_STATUS_ERROR.VOID_AFTER_BUSINESS_DAY,
      message: 'A sale can be voided only on the business day it was made; refund it instead.',
    });
  });

  it('is refused after a partial refund, even the same day', () => {
    expect(canVoid(facts(SALE_STATUS.SALE, { hasRefund: true }), sameEvening, LA)).toBe(false);
    expect(
      saleStatusMoveError(facts(SALE_STATUS.SALE, { hasRefund: true }), 'void', sameEvening, LA)?.code,
    ).toBe(SALE_STATUS_ERROR.VOID_AFTER_REFUND);
  });

  it('is refused for a sale with no time', () => {
    expect(canVoid(facts(SALE_STATUS.SALE, { orderAt: null }), sameEvening, LA)).toBe(false);
  });
});

describe('status moves', () => {
  const now = new Date('2026-01-10T07:45:00Z');
  const allowed = (status: SaleStatus, move: SaleStatusMove, extra: Partial<SaleStatusFacts> = {}) =>
    canMove(facts(status, extra), move, now, LA);

  it('completes only a draft', () => {
    expect(allowed(SALE_STATUS.DRAFT, 'complete')).toBe(true);
    for (const status of [SALE_STATUS.SALE, SALE_STATUS.REFUND, SALE_STATUS.VOID, SALE_STATUS.TRASH]) {
      expect(allowed(status, 'complete')).toBe(false);
    }
  });

  it('refunds, fully or partly, only a sale', () => {
    for (const move of ['refund', 'partialRefund'] as const) {
      expect(allowed(SALE_STATUS.SALE, move)).toBe(true);
      expect(allowed(SALE_STATUS.SALE, move, { hasRefund: true })).toBe(true);
      expect(allowed(SALE_STATUS.REFUND, move)).toBe(false);
      expect(allowed(SALE_STATUS.DRAFT, move)).toBe(false);
    }
  });

  it('says a voided sale cannot be refunded or completed, each with its own code', () => {
    for (const move of ['refund', 'partialRefund'] as const) {
      expect(saleStatusMoveError(facts(SALE_STATUS.VOID), move, now, LA)).toEqual({
        code: SALE_STATUS_ERROR.VOIDED_NOT_REFUNDABLE,
        message: 'A voided sale cannot be refunded.',
      });
    }
    expect(saleStatusMoveError(facts(SALE_STATUS.VOID), 'complete', now, LA)).toEqual({
      code: SALE_STATUS_ERROR.VOIDED_NOT_COMPLETABLE,
      message: 'A voided sale cannot be completed.',
    });
    expect(saleStatusMoveError(facts(SALE_STATUS.VOID), 'void', now, LA)?.code).toBe(
      SALE_STATUS_ERROR.VOIDED,
    );
  });

  it('trashes every status but trash, and restores and clears only trash', () => {
    for (const status of [SALE_STATUS.DRAFT, SALE_STATUS.SALE, SALE_STATUS.REFUND, SALE_STATUS.VOID]) {
      expect(allowed(status, 'trash')).toBe(true);
      expect(allowed(status, 'restore')).toBe(false);
      expect(allowed(status, 'clear')).toBe(false);
    }
    expect(allowed(SALE_STATUS.TRASH, 'trash')).toBe(false);
    expect(allowed(SALE_STATUS.TRASH, 'clear')).toBe(true);
    expect(allowed(SALE_STATUS.TRASH, 'restore', { statusBeforeTrash: SALE_STATUS.VOID })).toBe(true);
  });

  it('restores to the status before trash, and refuses when it is unknown', () => {
    expect(restoreTarget({ status: SALE_STATUS.TRASH, statusBeforeTrash: SALE_STATUS.REFUND })).toBe(
      SALE_STATUS.REFUND,
    );
    expect(restoreTarget({ status: SALE_STATUS.TRASH, statusBeforeTrash: null })).toBeNull();
    expect(saleStatusMoveError(facts(SALE_STATUS.TRASH), 'restore', now, LA)?.code).toBe(
      SALE_STATUS_ERROR.NOTHING_TO_RESTORE,
    );
  });

  it('names every status both ways', () => {
    for (const status of Object.values(SALE_STATUS)) {
      expect(SALE_STATUS_BY_NAME[SALE_STATUS_NAME[status]]).toBe(status);
    }
  });
});

describe('refunded lines', () => {
  it('adds quantities of the same line and appends new lines without touching the inputs', () => {
    const before = [{ employee_id: 1, item_id: 7, quantity: 1 }];
    const after = addRefundedLines(before, [
      { employee_id: 1, item_id: 7, quantity: 2 },
      { employee_id: 2, item_id: 7, quantity: 1 },
    ]);
    expect(after).toEqual([
      { employee_id: 1, item_id: 7, quantity: 3 },
      { employee_id: 2, item_id: 7, quantity: 1 },
    ]);
    expect(before).toEqual([{ employee_id: 1, item_id: 7, quantity: 1 }]);
  });
});

describe('sale-management modes', () => {
  const now = new Date('2026-01-10T07:45:00Z');

  it('offers refund and void only where the status rules allow them', () => {
    expect(isActionModeAllowed(ACTION_MODE.REFUND, facts(SALE_STATUS.SALE), now, LA)).toBe(true);
    expect(isActionModeAllowed(ACTION_MODE.REFUND, facts(SALE_STATUS.VOID), now, LA)).toBe(false);
    expect(isActionModeAllowed(ACTION_MODE.VOID, facts(SALE_STATUS.SALE, { hasRefund: true }), now, LA)).toBe(
      false,
    );
    expect(isActionModeAllowed(ACTION_MODE.RESTORE, facts(SALE_STATUS.SALE), now, LA)).toBe(false);
  });

  it('needs a chosen sale except for store-wide modes', () => {
    expect(actionModeError(ACTION_MODE.TIP, null, now, LA)?.code).toBe(SALE_STATUS_ERROR.NO_SALE);
    expect(isActionModeAllowed(ACTION_MODE.CLEAR_TRASH_ALL, null, now, LA)).toBe(true);
    expect(isActionModeAllowed(ACTION_MODE.NONE, null, now, LA)).toBe(false);
  });

  it('edits a draft or an unrefunded sale only', () => {
    expect(isActionModeAllowed(ACTION_MODE.TIP, facts(SALE_STATUS.DRAFT), now, LA)).toBe(true);
    expect(isActionModeAllowed(ACTION_MODE.TIP, facts(SALE_STATUS.SALE, { hasRefund: true }), now, LA)).toBe(
      false,
    );
    expect(actionModeError(ACTION_MODE.PAYMENT, facts(SALE_STATUS.VOID), now, LA)?.code).toBe(
      SALE_STATUS_ERROR.NOT_EDITABLE,
    );
  });

  it('prints receipts and invoices of completed sales only', () => {
    expect(isActionModeAllowed(ACTION_MODE.REPRINT, facts(SALE_STATUS.VOID), now, LA)).toBe(true);
    expect(isActionModeAllowed(ACTION_MODE.INVOICE, facts(SALE_STATUS.DRAFT), now, LA)).toBe(false);
    expect(isActionModeAllowed(ACTION_MODE.INVOICE, facts(SALE_STATUS.TRASH), now, LA)).toBe(false);
  });

  it('asks a manager PIN for money going back and records destroyed, approved by owner, admin or manager', () => {
    expect([ACTION_MODE.REFUND, ACTION_MODE.VOID, ACTION_MODE.REMOVE].every(needsManagerPin)).toBe(true);
    expect(needsManagerPin(ACTION_MODE.RESTORE)).toBe(false);
    expect([ROLE.OWNER, ROLE.ADMIN, ROLE.MANAGER].every(canApproveWithPin)).toBe(true);
    expect(canApproveWithPin(ROLE.STAFF)).toBe(false);
  });
});
