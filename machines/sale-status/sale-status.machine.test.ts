import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { SALE_STATUS } from '../../src/domain/constants';
import type { SaleStatus } from '../../src/domain/constants';
import { canMove, SALE_STATUS_ERROR } from '../../src/domain/sale-status';
import type { SaleStatusMove } from '../../src/domain/sale-status';
import { saleStatusMachine } from './sale-status.machine';
import { isStatusMoveAllowed, nextStatus } from './sale-status.rules';
import type { SaleStatusRequest, StoredSaleStatus } from './sale-status.rules';
import { selectCanVoid, selectRefundedLines, selectSaleStatus } from './sale-status.selectors';

const TZ = 'America/Los_Angeles';
// 23:30 on 9 January in Los Angeles.
const ORDER_AT = '2026-01-10T07:30:00.000Z';
const SAME_EVENING = new Date('2026-01-10T07:50:00.000Z');
const NEXT_DAY = new Date('2026-01-10T18:00:00.000Z');
const LINE = { employee_id: 3, item_id: 11, quantity: 1 };

function completedSale() {
  const actor = createActor(saleStatusMachine, { input: { timeZone: TZ } }).start();
  actor.send({ type: 'sale.complete', orderAt: ORDER_AT });
  return actor;
}

describe('sale status chart', () => {
  it('completing a draft makes it a sale at its order time', () => {
    const actor = completedSale();
    expect(selectSaleStatus(actor.getSnapshot())).toBe(SALE_STATUS.SALE);
    expect(actor.getSnapshot().context.orderAt).toBe(ORDER_AT);
  });

  it('voids a sale on its business day', () => {
    const actor = completedSale();
    actor.send({ type: 'sale.void', now: SAME_EVENING });
    expect(selectSaleStatus(actor.getSnapshot())).toBe(SALE_STATUS.VOID);
  });

  it('refuses a void the day after the sale', () => {
    const actor = completedSale();
    expect(selectCanVoid(actor.getSnapshot(), NEXT_DAY)).toBe(false);
    actor.send({ type: 'sale.void', now: NEXT_DAY });
    expect(selectSaleStatus(actor.getSnapshot())).toBe(SALE_STATUS.SALE);
  });

  it('keeps a partly refunded sale a sale, records the lines and refuses a void from then on', () => {
    const actor = completedSale();
    actor.send({ type: 'sale.refund', full: false, lines: [LINE] });
    actor.send({ type: 'sale.refund', full: false, lines: [LINE] });
    expect(selectSaleStatus(actor.getSnapshot())).toBe(SALE_STATUS.SALE);
    expect(selectRefundedLines(actor.getSnapshot())).toEqual([{ ...LINE, quantity: 2 }]);
    expect(selectCanVoid(actor.getSnapshot(), SAME_EVENING)).toBe(false);
    actor.send({ type: 'sale.void', now: SAME_EVENING });
    expect(selectSaleStatus(actor.getSnapshot())).toBe(SALE_STATUS.SALE);
  });

  it('moves a fully refunded sale to refund, where neither void nor another refund is possible', () => {
    const actor = completedSale();
    actor.send({ type: 'sale.refund', full: true, lines: [LINE] });
    expect(selectSaleStatus(actor.getSnapshot())).toBe(SALE_STATUS.REFUND);
    expect(actor.getSnapshot().can({ type: 'sale.refund', full: false, lines: [LINE] })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'sale.void', now: SAME_EVENING })).toBe(false);
  });

  it.each([
    ['draft', [] as const],
    ['sale', ['complete'] as const],
    ['refund', ['complete', 'refund'] as const],
    ['void', ['complete', 'void'] as const],
  ])('restore returns a trashed %s to that status', (expected, moves) => {
    const actor = createActor(saleStatusMachine, { input: { timeZone: TZ } }).start();
    for (const move of moves) {
      if (move === 'complete') actor.send({ type: 'sale.complete', orderAt: ORDER_AT });
      if (move === 'refund') actor.send({ type: 'sale.refund', full: true, lines: [LINE] });
      if (move === 'void') actor.send({ type: 'sale.void', now: SAME_EVENING });
    }
    actor.send({ type: 'sale.trash' });
    expect(actor.getSnapshot().value).toBe('trash');
    actor.send({ type: 'sale.restore' });
    expect(actor.getSnapshot().value).toBe(expected);
    expect(actor.getSnapshot().context.statusBeforeTrash).toBeNull();
  });

  it('clearing a trashed sale ends the chart: the sale is gone for good', () => {
    const actor = completedSale();
    actor.send({ type: 'sale.trash' });
    actor.send({ type: 'sale.clear' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(selectSaleStatus(actor.getSnapshot())).toBeNull();
  });

  it('never clears a sale that is not in the trash', () => {
    const actor = completedSale();
    actor.send({ type: 'sale.clear' });
    expect(selectSaleStatus(actor.getSnapshot())).toBe(SALE_STATUS.SALE);
  });
});

describe('sale status rules for the server', () => {
  const stored = (status: SaleStatus, extra: Partial<StoredSaleStatus> = {}): StoredSaleStatus => ({
    status,
    statusBeforeTrash: null,
    orderAt: ORDER_AT,
    hasRefund: false,
    ...extra,
  });

  it('refuses a void of a stored sale the day after with the domain text', () => {
    expect(isStatusMoveAllowed(stored(SALE_STATUS.SALE), { type: 'sale.void' }, NEXT_DAY, TZ)).toBe(false);
    expect(nextStatus(stored(SALE_STATUS.SALE), { type: 'sale.void' }, NEXT_DAY, TZ)).toEqual({
      allowed: false,
      error: {
        code: SALE_STATUS_ERROR.VOID_AFTER_BUSINESS_DAY,
        message: 'A sale can be voided only on the business day it was made; refund it instead.',
      },
    });
  });

  it('refuses to refund a voided sale', () => {
    const result = nextStatus(
      stored(SALE_STATUS.VOID),
      { type: 'sale.refund', full: true, lines: [] },
      NEXT_DAY,
      TZ,
    );
    expect(result).toEqual({
      allowed: false,
      error: { code: SALE_STATUS_ERROR.VOIDED_NOT_REFUNDABLE, message: 'A voided sale cannot be refunded.' },
    });
  });

  it('gives the next status columns of a legal move', () => {
    expect(nextStatus(stored(SALE_STATUS.REFUND), { type: 'sale.trash' }, NEXT_DAY, TZ)).toEqual({
      allowed: true,
      next: { ...stored(SALE_STATUS.TRASH, { statusBeforeTrash: SALE_STATUS.REFUND }), refundedLines: [] },
    });
    const partial = nextStatus(
      stored(SALE_STATUS.SALE, { refundedLines: [LINE] }),
      { type: 'sale.refund', full: false, lines: [LINE] },
      NEXT_DAY,
      TZ,
    );
    expect(partial).toEqual({
      allowed: true,
      next: { ...stored(SALE_STATUS.SALE, { hasRefund: true }), refundedLines: [{ ...LINE, quantity: 2 }] },
    });
  });

  it('restores a stored trashed sale to its status before trash', () => {
    const trashed = stored(SALE_STATUS.TRASH, { statusBeforeTrash: SALE_STATUS.VOID });
    const result = nextStatus(trashed, { type: 'sale.restore' }, NEXT_DAY, TZ);
    expect(result.allowed && 'next' in result && result.next.status).toBe(SALE_STATUS.VOID);
  });

  it('answers cleared for a clear', () => {
    expect(nextStatus(stored(SALE_STATUS.TRASH), { type: 'sale.clear' }, NEXT_DAY, TZ)).toEqual({
      allowed: true,
      cleared: true,
    });
  });

  it('agrees with the domain rules on every status, fact and move', () => {
    const requests: Array<[SaleStatusRequest, SaleStatusMove]> = [
      [{ type: 'sale.complete', orderAt: ORDER_AT }, 'complete'],
      [{ type: 'sale.refund', full: true, lines: [LINE] }, 'refund'],
      [{ type: 'sale.refund', full: false, lines: [LINE] }, 'partialRefund'],
      [{ type: 'sale.void' }, 'void'],
      [{ type: 'sale.trash' }, 'trash'],
      [{ type: 'sale.restore' }, 'restore'],
      [{ type: 'sale.clear' }, 'clear'],
    ];
    const statuses = Object.values(SALE_STATUS);
    let checked = 0;
    for (const status of statuses) {
      for (const statusBeforeTrash of [null, ...statuses]) {
        for (const hasRefund of [false, true]) {
          for (const orderAt of [ORDER_AT, null]) {
            for (const now of [SAME_EVENING, NEXT_DAY]) {
              for (const [request, move] of requests) {
                const facts = { status, statusBeforeTrash, hasRefund, orderAt };
                const chart = isStatusMoveAllowed(facts, request, now, TZ);
                expect({ facts, move, allowed: chart }).toEqual({
                  facts,
                  move,
                  allowed: canMove(facts, move, now, TZ),
                });
                checked += 1;
              }
            }
          }
        }
      }
    }
    expect(checked).toBe(5 * 6 * 2 * 2 * 2 * 7);
  });
});
