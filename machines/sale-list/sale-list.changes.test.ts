import { describe, expect, it } from 'vitest';
import {
  canSaveChanges,
  hasInvalidChange,
  pendingCount,
  pendingOf,
  setOrderAtChange,
  setTipChange,
  toSaleChanges,
} from './sale-list.changes';
import type { PendingChange } from './sale-list.types';

const AT = '2026-01-10T15:00:00.000Z';
const tip = (userId: number, amount: number | null, original = 0) => ({
  saleId: 7,
  ticketNo: 12,
  userId,
  amount,
  original,
});

describe('pending changes of the edit mode', () => {
  it('keeps a new order time per sale and drops it when typed back to the sale’s own time', () => {
    const one = setOrderAtChange([], {
      saleId: 7,
      ticketNo: 12,
      orderAt: '2026-01-10T14:00:00.000Z',
      original: AT,
    });
    expect(one).toEqual([{ id: 7, ticketNo: 12, orderAt: '2026-01-10T14:00:00.000Z' }]);
    // The same instant written another way is no change.
    const back = setOrderAtChange(one, {
      saleId: 7,
      ticketNo: 12,
      orderAt: '2026-01-10T15:00:00Z',
      original: AT,
    });
    expect(back).toEqual([]);
  });

  it('keeps tips per employee, replacing an employee’s earlier value, and drops a tip typed back', () => {
    let pending: PendingChange[] = setTipChange([], tip(5, 500));
    pending = setTipChange(pending, tip(6, 300, 100));
    pending = setTipChange(pending, tip(5, 700));
    expect(pending).toEqual([
      {
        id: 7,
        ticketNo: 12,
        tips: [
          { user_id: 6, tip_amount: 300 },
          { user_id: 5, tip_amount: 700 },
        ],
      },
    ]);
    expect(pendingCount(pending)).toBe(2);
    pending = setTipChange(pending, tip(6, 100, 100));
    pending = setTipChange(pending, tip(5, 0, 0));
    expect(pending).toEqual([]);
  });

  it('counts each order time and each tip, and keeps other sales in the order they were changed', () => {
    let pending = setTipChange([], { ...tip(5, 500), saleId: 9, ticketNo: 14 });
    pending = setOrderAtChange(pending, {
      saleId: 7,
      ticketNo: 12,
      orderAt: '2026-01-09T15:00:00.000Z',
      original: AT,
    });
    pending = setTipChange(pending, tip(5, 200));
    expect(pending.map((c) => c.id)).toEqual([9, 7]);
    expect(pendingCount(pending)).toBe(3);
    expect(pendingOf(pending, 7)?.tips).toEqual([{ user_id: 5, tip_amount: 200 }]);
    expect(pendingOf(pending, 8)).toBeUndefined();
  });

  it('holds a field that is not a value yet and refuses to save until it is fixed', () => {
    let pending = setOrderAtChange([], { saleId: 7, ticketNo: 12, orderAt: null, original: AT });
    pending = setTipChange(pending, tip(5, 500));
    expect(hasInvalidChange(pending)).toBe(true);
    expect(canSaveChanges(pending)).toBe(false);
    pending = setOrderAtChange(pending, {
      saleId: 7,
      ticketNo: 12,
      orderAt: '2026-01-10T16:00:00.000Z',
      original: AT,
    });
    expect(canSaveChanges(pending)).toBe(true);
    expect(canSaveChanges([])).toBe(false);
  });

  it('turns the pending changes into the body of save-all-changes, only the fields changed', () => {
    let pending = setOrderAtChange([], {
      saleId: 7,
      ticketNo: 12,
      orderAt: '2026-01-10T16:00:00.000Z',
      original: AT,
    });
    pending = setTipChange(pending, { ...tip(5, 450), saleId: 9, ticketNo: 14 });
    expect(toSaleChanges(pending)).toEqual([
      { id: 7, order_at: '2026-01-10T16:00:00.000Z' },
      { id: 9, tips: [{ user_id: 5, tip_amount: 450 }] },
    ]);
  });

  it('never changes the list it is given', () => {
    const pending: PendingChange[] = Object.freeze([
      Object.freeze({ id: 7, ticketNo: 12, orderAt: AT }),
    ]) as unknown as PendingChange[];
    expect(() => setTipChange(pending, tip(5, 500))).not.toThrow();
    expect(() =>
      setOrderAtChange(pending, { saleId: 7, ticketNo: 12, orderAt: null, original: AT }),
    ).not.toThrow();
    expect(pending).toEqual([{ id: 7, ticketNo: 12, orderAt: AT }]);
  });
});
