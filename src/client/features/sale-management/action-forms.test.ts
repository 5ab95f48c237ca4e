import { describe, expect, it } from 'vitest';
import { SALE_STATUS } from '../../../domain/constants';
import {
  isoToStoreTime,
  readEmployeeForm,
  readOrderDateForm,
  readRefundForm,
  readStatusForm,
  readTipForm,
  statusTargets,
  storeTimeToIso,
} from './action-forms';

describe('action forms', () => {
  it('reads refund lines and refuses an empty or malformed choice', () => {
    expect(readRefundForm({ lines: [{ sale_line_id: 70, quantity: 1 }] })).toEqual({
      lines: [{ sale_line_id: 70, quantity: 1 }],
    });
    expect(readRefundForm({ lines: [] })).toBeNull();
    expect(readRefundForm({ lines: [{ sale_line_id: 70, quantity: 0 }] })).toBeNull();
    expect(readRefundForm(null)).toBeNull();
  });

  it('reads tips in whole minor units, a zero tip included', () => {
    expect(readTipForm({ tips: [{ user_id: 5, tip_amount: 0 }] })).toEqual({
      tips: [{ user_id: 5, tip_amount: 0 }],
    });
    expect(readTipForm({ tips: [{ user_id: 5, tip_amount: 1.5 }] })).toBeNull();
    expect(readTipForm({ tips: [{ user_id: 5, tip_amount: -1 }] })).toBeNull();
  });

  it('reads an order time, an employee move to someone else, and a status', () => {
    expect(readOrderDateForm({ order_at: '2026-01-10T15:00:00.000Z' })).toEqual({
      order_at: '2026-01-10T15:00:00.000Z',
    });
    expect(readOrderDateForm({ order_at: 'yesterday' })).toBeNull();
    expect(readEmployeeForm({ from_employee_id: 5, to_employee_id: 6 })).toEqual({
      from_employee_id: 5,
      to_employee_id: 6,
    });
    expect(readEmployeeForm({ from_employee_id: 5, to_employee_id: 5 })).toBeNull();
    expect(readStatusForm({ status: SALE_STATUS.SALE })).toEqual({ status: SALE_STATUS.SALE });
    expect(readStatusForm({ status: 7 })).toBeNull();
  });

  it('offers a status change only where no manager PIN is needed: completing a draft', () => {
    expect(statusTargets(SALE_STATUS.DRAFT)).toEqual([SALE_STATUS.SALE]);
    expect(statusTargets(SALE_STATUS.SALE)).toEqual([]);
    expect(statusTargets(SALE_STATUS.TRASH)).toEqual([]);
  });

  it('reads a wall time in the store time zone, daylight saving included, and back', () => {
    expect(storeTimeToIso('2026-01-10T09:30', 'America/New_York')).toBe('2026-01-10T14:30:00.000Z');
    expect(storeTimeToIso('2026-07-10T09:30', 'America/New_York')).toBe('2026-07-10T13:30:00.000Z');
    expect(storeTimeToIso('2026-01-10T09:30', 'Asia/Ho_Chi_Minh')).toBe('2026-01-10T02:30:00.000Z');
    expect(storeTimeToIso('not a time', 'UTC')).toBeNull();
    expect(isoToStoreTime('2026-07-10T13:30:00.000Z', 'America/New_York')).toBe('2026-07-10T09:30');
    expect(isoToStoreTime('2026-01-10T02:30:00.000Z', 'Asia/Ho_Chi_Minh')).toBe('2026-01-10T09:30');
  });
});
