import { describe, expect, it } from 'vitest';
import { kitItemsTotal, kitSaving } from './kit-items';

describe('kitItemsTotal', () => {
  it('adds each price times its quantity, in minor units', () => {
    expect(
      kitItemsTotal([
        { price: 1200, quantity: 2 },
        { price: 450, quantity: 3 },
      ]),
    ).toEqual({ total: 3750, unknown: 0 });
  });

  it('is zero for a kit without products', () => {
    expect(kitItemsTotal([])).toEqual({ total: 0, unknown: 0 });
  });

  it('leaves out, and counts, a part without a price or with a quantity that is no whole number from 1', () => {
    expect(
      kitItemsTotal([
        { price: 1000, quantity: 1 },
        { price: null, quantity: 2 },
        { price: 500, quantity: 0 },
        { price: 500, quantity: 1.5 },
        { price: 500, quantity: Number.NaN },
      ]),
    ).toEqual({ total: 1000, unknown: 4 });
  });

  it('refuses a sum beyond what a number holds exactly', () => {
    expect(() =>
      kitItemsTotal([
        { price: Number.MAX_SAFE_INTEGER, quantity: 1 },
        { price: 1, quantity: 1 },
      ]),
    ).toThrow(RangeError);
  });
});

describe('kitSaving', () => {
  it('is what the products cost one by one minus the kit price', () => {
    expect(kitSaving(3000, 3750)).toBe(750);
    expect(kitSaving(4000, 3750)).toBe(-250);
  });
});
