import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { saleMachine } from '../../../../machines/sale/sale.machine';
import { DISCOUNT_SOURCE, DISCOUNT_TYPE, ITEM_TYPE } from '../../../domain/constants';
import type { CatalogItem } from '../../../domain/order-editing';
import { catalogItemOfLine, moveLine } from './move-line';

const anna = { id: 5, name: 'Anna' };
const bella = { id: 6, name: 'Bella' };
const gel: CatalogItem = {
  item_id: 101,
  item_type: ITEM_TYPE.SERVICE,
  name: 'Gel',
  taxes: '8.875',
  unit_price: 3500,
  cost: 200,
};
const oil: CatalogItem = {
  item_id: 201,
  item_type: ITEM_TYPE.PRODUCT,
  name: 'Oil',
  taxes: '5,9.5',
  unit_price: 1200,
};

function started() {
  let n = 0;
  const actor = createActor(saleMachine, { input: { createId: () => `id-${++n}` } });
  actor.start();
  actor.send({ type: 'employee.add', employee: anna });
  actor.send({ type: 'line.add', item: gel });
  actor.send({ type: 'line.add', item: oil });
  return actor;
}

const order = (actor: ReturnType<typeof started>) => actor.getSnapshot().context.order;

describe('moveLine', () => {
  it('moves a line with its quantity, price override and discounts to a new employee', () => {
    const actor = started();
    actor.send({ type: 'line.quantity', employeeIndex: 0, itemIndex: 0, delta: 2 });
    actor.send({ type: 'line.price', employeeIndex: 0, itemIndex: 0, price: 3000 });
    const discount = { type: DISCOUNT_TYPE.PERCENT, value: 10 } as const;
    actor.send({
      type: 'line.discount',
      employeeIndex: 0,
      itemIndex: 0,
      source: DISCOUNT_SOURCE.ITEM,
      discount,
    });

    expect(moveLine(actor, { employeeIndex: 0, itemIndex: 0 }, bella)).toBe(true);

    const [first, second] = order(actor).orderEmployees;
    expect(first?.orderItems.map((l) => l.name)).toEqual(['Oil']);
    expect(second?.employee).toEqual(bella);
    expect(second?.orderItems).toEqual([
      expect.objectContaining({
        item_id: 101,
        quantity: 3,
        price: 3000,
        discounts: [{ type: DISCOUNT_SOURCE.ITEM, discount }],
      }),
    ]);
    expect(order(actor).activeEmployeeIndex).toBe(1);
    expect(order(actor).activeItemIndex).toBe(0);
  });

  it("joins the other employee's line of the same item, which keeps its own price", () => {
    const actor = started();
    actor.send({ type: 'line.add', item: gel, employee: bella });
    actor.send({ type: 'line.price', employeeIndex: 1, itemIndex: 0, price: 1 });
    moveLine(actor, { employeeIndex: 0, itemIndex: 0 }, bella);
    expect(order(actor).orderEmployees[1]?.orderItems).toEqual([
      expect.objectContaining({ item_id: 101, quantity: 2, price: 1 }),
    ]);
  });

  it('does nothing for the same employee, a missing line, or while tendering', () => {
    const actor = started();
    expect(moveLine(actor, { employeeIndex: 0, itemIndex: 0 }, anna)).toBe(false);
    expect(moveLine(actor, { employeeIndex: 0, itemIndex: 9 }, bella)).toBe(false);
    actor.send({ type: 'tender.start' });
    const before = order(actor);
    expect(moveLine(actor, { employeeIndex: 0, itemIndex: 0 }, bella)).toBe(false);
    expect(order(actor)).toBe(before);
  });

  it('rings a gift card line again with its number', () => {
    expect(
      catalogItemOfLine({
        item_id: 0,
        item_type: ITEM_TYPE.GIFTCARD,
        name: 'Gift card GC-9',
        taxes: '',
        unit_price: 5000,
        price: null,
        quantity: 1,
        giftcard_number: 'GC-9',
        tax_on: 0,
        indian_tax: '0',
      }),
    ).toEqual({
      item_id: 0,
      item_type: ITEM_TYPE.GIFTCARD,
      name: 'Gift card GC-9',
      taxes: '',
      unit_price: 5000,
      giftcard_number: 'GC-9',
      info: null,
    });
  });
});
