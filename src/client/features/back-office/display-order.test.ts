import { describe, expect, it } from 'vitest';
import { moveWrites } from './display-order';

const rows = (...orders: number[]) => orders.map((order, index) => ({ id: index + 1, display_order: order }));

describe('moveWrites', () => {
  it('swaps the orders of a row and its neighbour when they differ', () => {
    expect(moveWrites(rows(1, 3, 7), 2, 'up')).toEqual([
      { id: 2, display_order: 1 },
      { id: 1, display_order: 3 },
    ]);
    expect(moveWrites(rows(1, 3, 7), 2, 'down')).toEqual([
      { id: 2, display_order: 7 },
      { id: 3, display_order: 3 },
    ]);
  });

  it('numbers the page again from its lowest order when orders tie, writing only what changes', () => {
    expect(moveWrites(rows(0, 0, 0, 0), 3, 'up')).toEqual([
      { id: 3, display_order: 1 },
      { id: 2, display_order: 2 },
      { id: 4, display_order: 3 },
    ]);
    // A tie elsewhere with one of the two orders: a swap would leave the moved row among its twins.
    expect(moveWrites(rows(5, 5, 6), 3, 'up')).toEqual([{ id: 2, display_order: 7 }]);
  });

  it('writes nothing at either edge or for a row not listed', () => {
    expect(moveWrites(rows(0, 1), 1, 'up')).toEqual([]);
    expect(moveWrites(rows(0, 1), 2, 'down')).toEqual([]);
    expect(moveWrites(rows(0, 1), 9, 'up')).toEqual([]);
  });
});
