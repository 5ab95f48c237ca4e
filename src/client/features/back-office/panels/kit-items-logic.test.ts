import { describe, expect, it } from 'vitest';
import type { KitLine } from '../../../../../machines/kit-items/kit-items.types';
import { checkLines } from './kit-items-logic';

const line = (product_id: number, quantity: string): KitLine => ({
  product_id,
  name: `Product ${product_id}`,
  sku: null,
  quantity,
  price: 100,
});

function issuesOf(lines: KitLine[]): unknown {
  try {
    checkLines(lines);
  } catch (error) {
    return (error as { fieldErrors: unknown }).fieldErrors;
  }
  throw new Error('the lines passed');
}

describe('checkLines', () => {
  it('turns the typed lines into the body the server takes', () => {
    expect(checkLines([line(1, '2'), line(2, ' 1 ')])).toEqual([
      { product_id: 1, quantity: 2 },
      { product_id: 2, quantity: 1 },
    ]);
    expect(checkLines([])).toEqual([]);
  });

  it("names the line whose quantity is refused, with the schema's bound", () => {
    expect(issuesOf([line(1, '2'), line(2, '0')])).toEqual({
      'items.1.quantity': [expect.objectContaining({ code: 'too_small', params: { minimum: 1 } })],
    });
    expect(issuesOf([line(1, '20000')])).toEqual({
      'items.0.quantity': [expect.objectContaining({ code: 'too_big', params: { maximum: 10_000 } })],
    });
    expect(Object.keys(issuesOf([line(1, 'two')]) as object)).toEqual(['items.0.quantity']);
  });
});
