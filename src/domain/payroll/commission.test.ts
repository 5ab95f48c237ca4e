import { describe, it, expect } from 'vitest';
import { ITEM_TYPE } from '../constants';
import { productCommission, serviceCommission } from './commission';
import { ANNA, BINH, productLine, serviceLine, SHARED_PEDICURE } from './statement.fixtures';
import { lineShareFor, percentsSumTo100, splitAmount, validateSplit } from './shares';
import { flatSchedule } from './tiers';

describe('service commission (docs/payroll.md, service commission)', () => {
  it("Anna at 40 %: tiered 54.70 → 21.88, the acrylic's own 50 % → 26.00, service 47.88", () => {
    const lines = [
      serviceLine(3150, 200),
      SHARED_PEDICURE,
      serviceLine(6000, 800, { ownRate: 50 }),
      serviceLine(150, 200),
    ];
    const result = serviceCommission(lines, ANNA, flatSchedule(40));
    expect(result.lines.map((l) => [l.net, l.deduction, l.commissionable, l.commission])).toEqual([
      [3150, 200, 2950, null],
      [2700, 180, 2520, null],
      [6000, 800, 5200, 2600],
      [150, 150, 0, null],
    ]);
    expect(result).toMatchObject({
      gross: 12_000,
      deductions: 1330,
      commissionable: 10_670,
      tieredBase: 5470,
      ownRateBase: 5200,
      ownRateCommission: 2600,
      commission: 4788,
    });
    expect(result.tiered.commission).toBe(2188);
  });

  it('leaves an own-rate line out of the tiers: 950.00 at 40 % + 200.00 at its own 30 % = 440.00', () => {
    const schedule = {
      mode: 'zero_based' as const,
      tiers: [
        { from: 0, rate: 40 },
        { from: 100_000, rate: 50 },
      ],
    };
    const result = serviceCommission(
      [serviceLine(95_000), serviceLine(20_000, 0, { ownRate: 30 })],
      ANNA,
      schedule,
    );
    expect(result.tiered.commission).toBe(38_000);
    expect(result.ownRateCommission).toBe(6000);
    expect(result.commission).toBe(44_000);
  });

  it('an own rate of 0 % pays nothing and counts toward nothing', () => {
    const result = serviceCommission([serviceLine(10_000, 0, { ownRate: 0 })], ANNA, flatSchedule(40));
    expect(result).toMatchObject({ tieredBase: 0, ownRateBase: 10_000, commission: 0 });
  });

  it('skips products, gift cards and lines shared without this technician', () => {
    const lines = [
      productLine(800),
      serviceLine(5000, 0, { itemType: ITEM_TYPE.GIFTCARD }),
      serviceLine(1000, 0, { split: [{ technicianId: BINH, percent: 100 }] }),
    ];
    expect(serviceCommission(lines, ANNA, flatSchedule(40)).lines).toEqual([]);
  });
});

describe('lines shared with an assistant (docs/payroll.md)', () => {
  it('pedicure 45.00, supplies 3.00, 60/40: Anna 27.00 / 1.80 / 25.20 → 10.08, Binh 18.00 / 1.20 / 16.80 → 5.88', () => {
    expect(lineShareFor(SHARED_PEDICURE, ANNA)).toEqual({
      percent: 60,
      net: 2700,
      deduction: 180,
      commissionable: 2520,
    });
    expect(lineShareFor(SHARED_PEDICURE, BINH)).toEqual({
      percent: 40,
      net: 1800,
      deduction: 120,
      commissionable: 1680,
    });
    expect(serviceCommission([SHARED_PEDICURE], ANNA, flatSchedule(40)).commission).toBe(1008);
    expect(serviceCommission([SHARED_PEDICURE], BINH, flatSchedule(35)).commission).toBe(588);
  });

  it('cuts by the remainder rule: 10.01 at 50/50 → 5.01 / 5.00; 1.00 at 33.3/33.3/33.4 → 0.33 / 0.34 / 0.33', () => {
    expect(splitAmount(1001, [50, 50])).toEqual([501, 500]);
    expect(splitAmount(100, [33.3, 33.3, 33.4])).toEqual([33, 34, 33]);
    expect(percentsSumTo100([33.3, 33.3, 33.4])).toBe(true);
    expect(percentsSumTo100([33.3, 33.3, 33.3])).toBe(false);
  });

  it('refuses a split that does not sum to 100, repeats a technician, or leaves out the technician', () => {
    expect(validateSplit([{ technicianId: ANNA, percent: 60 }], ANNA, 's')).toEqual([
      { code: 'split_invalid', path: 's' },
    ]);
    expect(
      validateSplit(
        [
          { technicianId: ANNA, percent: 50 },
          { technicianId: ANNA, percent: 50 },
        ],
        ANNA,
        's',
      ),
    ).toEqual([{ code: 'split_invalid', path: 's' }]);
    expect(validateSplit([{ technicianId: BINH, percent: 100 }], ANNA, 's')).toEqual([
      { code: 'split_missing_technician', path: 's' },
    ]);
    expect(validateSplit(SHARED_PEDICURE.split!, BINH, 's')).toEqual([]);
  });
});

describe('product commission (docs/payroll.md)', () => {
  it('product rate 10 %: oil 8.00 → 0.80 (cost not deducted), shampoo 24.99 at its own 15 % → 3.75', () => {
    const oil = productLine(800, { deductible: 400 });
    const shampoo = productLine(2499, { ownRate: 15 });
    const kit = productLine(0, { itemType: ITEM_TYPE.PRODUCT_KIT });
    const result = productCommission([oil, shampoo, kit, serviceLine(5000)], ANNA, 10);
    expect(result.lines.map((l) => [l.net, l.rate, l.commission])).toEqual([
      [800, 10, 80],
      [2499, 15, 375],
      [0, 10, 0],
    ]);
    expect(result).toMatchObject({ sales: 3299, commission: 455 });
  });
});
