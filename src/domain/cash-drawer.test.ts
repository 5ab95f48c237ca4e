import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MAX_PIECES,
  US_DENOMINATIONS,
  countTotal,
  expectedCash,
  needsManager,
  overShort,
  overShortKind,
  setPieces,
  validateCount,
  validateMovement,
  type Movement,
} from './cash-drawer';

describe('cash drawer counts', () => {
  it('a float of two twenties, a ten, four ones and three quarters is 54.75', () => {
    expect(countTotal({ bill_20: 2, bill_10: 1, bill_1: 4, coin_25: 3 })).toBe(5475);
  });

  it('an empty count is 0 and unknown ids do not add', () => {
    expect(countTotal({})).toBe(0);
    expect(countTotal({ euro_5: 3 })).toBe(0);
  });

  it('refuses unknown denominations, fractions, negatives and absurd counts', () => {
    expect(validateCount({ bill_20: 2 })).toBeNull();
    expect(validateCount({ euro_5: 1 })).toBe('unknownDenomination');
    expect(validateCount({ bill_20: 1.5 })).toBe('countInvalid');
    expect(validateCount({ bill_20: -1 })).toBe('countInvalid');
    expect(validateCount({ bill_20: MAX_PIECES + 1 })).toBe('countInvalid');
  });

  it('setting a field to blank or 0 removes the denomination; a huge count is capped', () => {
    expect(setPieces({ bill_20: 2 }, 'bill_20', 0)).toEqual({});
    expect(setPieces({}, 'coin_10', Number.NaN)).toEqual({});
    expect(setPieces({}, 'coin_10', 7)).toEqual({ coin_10: 7 });
    expect(setPieces({}, 'coin_10', 10 * MAX_PIECES)).toEqual({ coin_10: MAX_PIECES });
  });

  it('the total is additive over denominations (property)', () => {
    const countArb = fc.dictionary(
      fc.constantFrom(...US_DENOMINATIONS.map((d) => d.id)),
      fc.integer({ min: 0, max: MAX_PIECES }),
    );
    fc.assert(
      fc.property(countArb, (count) => {
        const byHand = US_DENOMINATIONS.reduce((s, d) => s + (count[d.id] ?? 0) * d.value, 0);
        expect(countTotal(count)).toBe(byHand);
        expect(Number.isSafeInteger(countTotal(count))).toBe(true);
      }),
    );
  });
});

describe('expected cash', () => {
  it('float 100 + cash 80 with 5 change + pay in 20 − pay out 15 − drop 50 − tip out 10 − refund 12 is 108', () => {
    const movements: Movement[] = [
      { kind: 'pay_in', amount: 2000 },
      { kind: 'pay_out', amount: 1500 },
      { kind: 'drop', amount: 5000 },
      { kind: 'tip_out', amount: 1000 },
    ];
    const result = expectedCash(10000, { cashTaken: 8000, changeGiven: 500, cashRefunds: 1200 }, movements);
    expect(result).toEqual({
      openingFloat: 10000,
      netCashSales: 7500,
      payIns: 2000,
      payOuts: 1500,
      drops: 5000,
      tipOuts: 1000,
      cashRefunds: 1200,
      expected: 10800,
    });
  });

  it('the listed parts always add up to the expected total (property)', () => {
    const amount = fc.integer({ min: 0, max: 10_000_000 });
    const movementArb = fc.record({
      kind: fc.constantFrom('pay_in' as const, 'pay_out' as const, 'drop' as const, 'tip_out' as const),
      amount: fc.integer({ min: 1, max: 1_000_000 }),
    });
    fc.assert(
      fc.property(
        amount,
        amount,
        amount,
        amount,
        fc.array(movementArb, { maxLength: 20 }),
        (f, t, c, r, ms) => {
          const e = expectedCash(f, { cashTaken: t, changeGiven: c, cashRefunds: r }, ms);
          expect(e.expected).toBe(
            e.openingFloat + e.netCashSales + e.payIns - e.payOuts - e.drops - e.tipOuts - e.cashRefunds,
          );
          // The order movements were recorded in does not change what the drawer should hold.
          expect(
            expectedCash(f, { cashTaken: t, changeGiven: c, cashRefunds: r }, [...ms].reverse()).expected,
          ).toBe(e.expected);
        },
      ),
    );
  });
});

describe('over/short and tolerance', () => {
  it('counted above expected is over, below is short', () => {
    expect(overShort(10800, 10900)).toBe(100);
    expect(overShortKind(100)).toBe('over');
    expect(overShort(10800, 10700)).toBe(-100);
    expect(overShortKind(-100)).toBe('short');
    expect(overShortKind(0)).toBe('balanced');
  });

  it('a difference equal to the tolerance closes alone; one cent past it needs a manager, either way', () => {
    expect(needsManager(500, 500)).toBe(false);
    expect(needsManager(-500, 500)).toBe(false);
    expect(needsManager(501, 500)).toBe(true);
    expect(needsManager(-501, 500)).toBe(true);
    expect(needsManager(1, 0)).toBe(true);
    expect(needsManager(0, -10)).toBe(false);
  });

  it('needsManager is symmetric in the sign of the difference (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 1e6 }), (d, tol) => {
        expect(needsManager(d, tol)).toBe(needsManager(-d, tol));
        expect(needsManager(d, tol)).toBe(Math.abs(d) > tol);
      }),
    );
  });
});

describe('movements', () => {
  it('needs a known kind, a positive whole amount and a reason', () => {
    expect(validateMovement('pay_out', 1500, 'Supplies')).toBeNull();
    expect(validateMovement('steal', 1500, 'x')).toBe('unknownKind');
    expect(validateMovement('pay_out', 0, 'x')).toBe('amountNotPositive');
    expect(validateMovement('pay_out', 1.5, 'x')).toBe('amountNotPositive');
    expect(validateMovement('drop', 100, '   ')).toBe('reasonRequired');
  });
});
