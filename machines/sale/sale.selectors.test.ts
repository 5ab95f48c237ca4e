import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { DISCOUNT_TYPE, ITEM_TYPE } from '../../src/domain/constants';
import type { CatalogItem } from '../../src/domain/order-editing';
import type { Employee } from '../../src/domain/order.types';
import { saleMachine } from './sale.machine';
import {
  selectEmployeeCount,
  selectEmployeesOnSeveralTickets,
  selectOrderDiscountTotal,
  selectTaxBreakdown,
  selectTipTotal,
  selectTotalPrice,
  selectTotals,
  selectWaitingCount,
} from './sale.selectors';
import type { SaleEvent } from './sale.types';

const ann: Employee = { id: 1, name: 'Ann' };
const bo: Employee = { id: 2, name: 'Bo' };
const manicure: CatalogItem = {
  item_id: 10,
  item_type: ITEM_TYPE.SERVICE,
  name: 'Manicure',
  taxes: '10',
  unit_price: 3000,
};
const pedicure: CatalogItem = {
  item_id: 11,
  item_type: ITEM_TYPE.SERVICE,
  name: 'Pedicure',
  taxes: '10',
  unit_price: 4500,
};

function start() {
  let n = 0;
  const actor = createActor(saleMachine, {
    input: { createId: () => `id-${++n}`, now: () => '2025-03-01T09:00:00.000Z' },
  });
  actor.start();
  const send = (...events: SaleEvent[]) => events.forEach((event) => actor.send(event));
  return { actor, send };
}

describe('sale selectors: the same answer keeps its reference (a tap re-renders only what changed)', () => {
  it('totals and the tax breakdown are computed once per order and kept while the order is the same', () => {
    const { actor, send } = start();
    send({ type: 'employee.add', employee: ann }, { type: 'line.add', item: manicure });
    const snapshot = actor.getSnapshot();
    expect(selectTotals(snapshot)).toBe(selectTotals(actor.getSnapshot()));
    expect(selectTaxBreakdown(snapshot)).toBe(selectTaxBreakdown(actor.getSnapshot()));
    expect(selectTaxBreakdown(snapshot)).toEqual([{ rate: 10, amount: 300 }]);
  });

  it('employees on several tickets: the same array while the same people are found, though every tap makes a new order', () => {
    const { actor, send } = start();
    send(
      { type: 'employee.add', employee: ann },
      { type: 'line.add', item: manicure },
      { type: 'ticket.park' },
      { type: 'employee.add', employee: ann },
      { type: 'line.add', item: manicure },
    );
    const before = selectEmployeesOnSeveralTickets(actor.getSnapshot());
    expect(before.map((e) => e.name)).toEqual(['Ann']);

    send({ type: 'line.add', item: pedicure });
    const after = selectEmployeesOnSeveralTickets(actor.getSnapshot());
    expect(after).toBe(before);

    send({ type: 'employee.add', employee: bo }, { type: 'line.add', item: pedicure });
    expect(selectEmployeesOnSeveralTickets(actor.getSnapshot())).toBe(before);

    send({ type: 'employee.remove', employeeIndex: 0 });
    expect(selectEmployeesOnSeveralTickets(actor.getSnapshot())).toEqual([]);
  });

  it('the buttons read numbers: total, tips, order discounts, employees and waiting tickets', () => {
    const { actor, send } = start();
    send(
      { type: 'employee.add', employee: ann },
      { type: 'line.add', item: manicure },
      { type: 'employee.add', employee: bo },
      { type: 'line.add', item: pedicure },
      { type: 'tip.set', userId: bo.id, amount: 500 },
      { type: 'discount.set', kind: 'ticket', discount: { type: DISCOUNT_TYPE.AMOUNT, value: 1000 } },
    );
    const snapshot = actor.getSnapshot();
    const totals = selectTotals(snapshot);
    expect(selectTotalPrice(snapshot)).toBe(totals.total.total_price);
    expect(selectTipTotal(snapshot)).toBe(500);
    expect(selectOrderDiscountTotal(snapshot)).toBe(1000);
    expect(selectEmployeeCount(snapshot)).toBe(2);
    expect(selectWaitingCount(snapshot)).toBe(0);

    send({ type: 'ticket.park' });
    expect(selectWaitingCount(actor.getSnapshot())).toBe(1);
  });
});
