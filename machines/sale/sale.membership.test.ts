/**
 * The sale screen's membership discount follows the one rule the server applies (src/domain/membership.ts):
 * a customer whose membership has expired gets no membership discount on the order.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { DISCOUNT_TYPE } from '../../src/domain/constants';
import type { OrderCustomer } from '../../src/domain/order.types';
import { saleMachine } from './sale.machine';

const gold = { type: DISCOUNT_TYPE.PERCENT, value: 10 } as const;

function orderDiscountFor(customer: OrderCustomer) {
  let n = 0;
  const actor = createActor(saleMachine, {
    input: { createId: () => `id-${++n}`, now: () => '2026-03-01T15:00:00.000Z' },
  }).start();
  actor.send({ type: 'customer.set', customer });
  return actor.getSnapshot().context.order.discount.membership;
}

describe('sale machine: the membership discount of the customer set', () => {
  it('applies the membership while it holds (no end, or an end to come)', () => {
    const member = { id: 9, name: 'Cleo', membership: { id: 3, name: 'Gold', discount: gold } };
    expect(orderDiscountFor(member)).toMatchObject(gold);
    expect(
      orderDiscountFor({ ...member, membership: { ...member.membership, expires_on: '2099-12-31' } }),
    ).toMatchObject(gold);
  });

  it('takes nothing off for a membership that has expired', () => {
    const lapsed = {
      id: 9,
      name: 'Cleo',
      membership: { id: 3, name: 'Gold', discount: gold, expires_on: '2020-01-31' },
    };
    expect(orderDiscountFor(lapsed) ?? null).toBeNull();
  });
});
