import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { ITEM_TYPE } from '../constants';
import { addDays, formatDay, parseDay } from '../report-periods';
import { serviceCommission } from './commission';
import { nextPayPeriod, payPeriodContaining, payPeriodDays } from './periods';
import { lineShareFor, splitAmount } from './shares';
import { ANNA, BINH } from './statement.fixtures';
import { buildStatement, type PayStatement } from './statement';
import { flatSchedule, tieredCommission } from './tiers';
import type {
  CommissionSchedule,
  LineShare,
  PayoutRule,
  PayPeriodRule,
  PayPlan,
  PayrollLine,
  PayrollTip,
  StatementInput,
} from './types';

/** Percents as an owner types them: up to three decimals. */
const percentArb = fc.integer({ min: 0, max: 100_000 }).map((n) => n / 1000);
const amountArb = fc.integer({ min: 0, max: 500_000 });

const scheduleArb = (ascendingRates: boolean): fc.Arbitrary<CommissionSchedule> =>
  fc
    .record({
      mode: fc.constantFrom<CommissionSchedule['mode']>('zero_based', 'progressive'),
      steps: fc.array(fc.integer({ min: 1, max: 200_000 }), { maxLength: 4 }),
      rates: fc.array(percentArb, { minLength: 5, maxLength: 5 }),
    })
    .map(({ mode, steps, rates }) => {
      const used = rates.slice(0, steps.length + 1);
      if (ascendingRates) used.sort((a, b) => a - b);
      let from = 0;
      const tiers = used.map((rate, i) => {
        if (i > 0) from += steps[i - 1] as number;
        return { from, rate };
      });
      return { mode, tiers };
    });

/** A split of a line among ANNA, BINH and a third technician, ANNA always in; percents sum to 100. */
const splitArb: fc.Arbitrary<LineShare[]> = fc
  .array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 3 })
  .map((weights) => {
    const total = weights.reduce((a, b) => a + b, 0);
    const percents = weights.map((w) => Math.floor((w * 10_000) / total) / 100);
    const rest = Math.round((100 - percents.slice(1).reduce((a, b) => a + b, 0)) * 100) / 100;
    percents[0] = rest;
    return percents.map((percent, i) => ({ technicianId: [ANNA, BINH, 3][i] as number, percent }));
  })
  .filter((split) => split.every((s) => s.percent > 0));

let lineId = 0;
const lineArb: fc.Arbitrary<PayrollLine> = fc
  .record({
    itemType: fc.constantFrom(ITEM_TYPE.SERVICE, ITEM_TYPE.SERVICE, ITEM_TYPE.PRODUCT, ITEM_TYPE.GIFTCARD),
    net: fc.integer({ min: 0, max: 100_000 }),
    deductible: fc.integer({ min: 0, max: 20_000 }),
    ownRate: fc.option(percentArb),
    split: fc.option(splitArb, { nil: undefined }),
  })
  .map((fields) => ({ saleId: 1, lineId: ++lineId, ...fields }));

const tipArb: fc.Arbitrary<PayrollTip> = fc.record({
  saleId: fc.constant(1),
  amount: fc.integer({ min: 0, max: 20_000 }),
  tender: fc.constantFrom<PayrollTip['tender']>('cash', 'card', 'other'),
  cardFeePercent: fc.integer({ min: 0, max: 500 }).map((n) => n / 100),
});

const planArb: fc.Arbitrary<PayPlan> = fc.oneof(
  fc.constant<PayPlan>({ kind: 'commission' }),
  amountArb.map((guarantee): PayPlan => ({ kind: 'higher_of', guarantee })),
  amountArb.map((base): PayPlan => ({ kind: 'base_plus_commission', base })),
);

const payoutArb: fc.Arbitrary<PayoutRule> = fc.oneof(
  fc.constant<PayoutRule>({ kind: 'all_check' }),
  fc.constant<PayoutRule>({ kind: 'all_cash' }),
  percentArb.map((percent): PayoutRule => ({ kind: 'check_percent', percent })),
  amountArb.map((amount): PayoutRule => ({ kind: 'cash_fixed', amount })),
  amountArb.map((amount): PayoutRule => ({ kind: 'check_fixed', amount })),
);

const inputArb: fc.Arbitrary<StatementInput> = fc.record({
  technicianId: fc.constant(ANNA),
  currency: fc.constantFrom('USD', 'JPY', 'KWD'),
  lines: fc.array(lineArb, { maxLength: 12 }),
  tips: fc.array(tipArb, { maxLength: 5 }),
  workedMinutes: fc.array(fc.integer({ min: 0, max: 720 }), { maxLength: 16 }),
  adjustments: fc.array(
    fc.record({
      amount: fc.integer({ min: -50_000, max: 50_000 }),
      reason: fc.constant('correction'),
      sourceSaleId: fc.constant(1),
    }),
    { maxLength: 3 },
  ),
  settings: fc.record({
    service: scheduleArb(false),
    productRate: percentArb,
    hourlyRate: fc.integer({ min: 0, max: 5000 }),
    plan: planArb,
    payout: payoutArb,
    deductCardFeeFromTips: fc.boolean(),
  }),
});

function statementOf(input: StatementInput): PayStatement {
  const result = buildStatement(input);
  expect(result.ok).toBe(true);
  return (result as { ok: true; statement: PayStatement }).statement;
}

describe('payroll statement properties', () => {
  it('total = the sum of its components, and every part adds up', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const s = statementOf(input);
        const { service, product, hourly, plan, tips, adjustments } = s;
        expect(s.earned).toBe(service.commission + product.commission + hourly.pay + plan.base);
        expect(s.total).toBe(s.earned + plan.topUp + tips.paid + adjustments.total);
        expect(service.commission).toBe(service.tiered.commission + service.ownRateCommission);
        expect(service.tiered.bands.reduce((sum, b) => sum + b.commission, 0)).toBe(
          service.tiered.commission,
        );
        expect(service.gross - service.deductions).toBe(service.commissionable);
        expect(service.commissionable).toBe(service.tieredBase + service.ownRateBase);
        expect(product.commission).toBe(product.lines.reduce((sum, l) => sum + l.commission, 0));
        expect(tips.paid).toBe(tips.total - tips.deduction);
      }),
    );
  });

  it('cash + check = total exactly, each within 0..total when the total is not negative', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { total, payout } = statementOf(input);
        expect(payout.cash + payout.check).toBe(total);
        if (total >= 0) {
          expect(payout.cash).toBeGreaterThanOrEqual(0);
          expect(payout.check).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('never pays a negative commission, and every amount is a whole number of minor units', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const s = statementOf(input);
        const commissions = [
          s.service.commission,
          s.product.commission,
          ...s.service.tiered.bands.map((b) => b.commission),
          ...s.service.lines.map((l) => l.commission ?? 0),
          ...s.service.lines.flatMap((l) => [l.net, l.deduction, l.commissionable]),
          ...s.product.lines.map((l) => l.commission),
          s.hourly.pay,
          s.plan.topUp,
          s.tips.paid,
        ];
        for (const amount of [...commissions, s.total, s.payout.cash, s.payout.check]) {
          expect(Number.isSafeInteger(amount)).toBe(true);
        }
        for (const amount of commissions) expect(amount).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('higher_of pays at least the guarantee besides tips and adjustments', () => {
    fc.assert(
      fc.property(inputArb, amountArb, (input, guarantee) => {
        const s = statementOf({
          ...input,
          settings: { ...input.settings, plan: { kind: 'higher_of', guarantee } },
        });
        expect(s.total - s.tips.paid - s.adjustments.total).toBe(Math.max(guarantee, s.earned));
      }),
    );
  });

  it('never throws on malformed numbers: it returns issues or a whole statement', () => {
    const anyNumber = fc.oneof(fc.double(), fc.integer(), fc.constant(Number.NaN));
    fc.assert(
      fc.property(inputArb, anyNumber, anyNumber, anyNumber, (input, a, b, c) => {
        const [first, ...rest] = input.lines;
        const lines = first ? [{ ...first, net: a, ownRate: b }, ...rest] : [];
        const result = buildStatement({
          ...input,
          lines,
          workedMinutes: [c],
          settings: { ...input.settings, productRate: b, hourlyRate: c },
        });
        if (result.ok) expect(Number.isSafeInteger(result.statement.total)).toBe(true);
        else expect(result.issues.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('tier properties', () => {
  it('progressive ≤ zero-based for the same tiers when rates ascend; bands add up', () => {
    fc.assert(
      fc.property(scheduleArb(true), fc.integer({ min: 0, max: 2_000_000 }), (schedule, base) => {
        const progressive = tieredCommission(base, { ...schedule, mode: 'progressive' });
        const zeroBased = tieredCommission(base, { ...schedule, mode: 'zero_based' });
        expect(progressive.commission).toBeLessThanOrEqual(zeroBased.commission);
        expect(progressive.commission).toBeGreaterThanOrEqual(0);
        expect(progressive.bands.reduce((sum, b) => sum + b.base, 0)).toBe(base);
        for (const band of progressive.bands) expect(band.commission).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('shared line properties', () => {
  it('a 60/40 split cuts the base exactly, and its commissions sum to the unsplit one within one unit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        percentArb,
        fc.option(percentArb),
        (net, deductible, rate, ownRate) => {
          const whole: PayrollLine = {
            saleId: 1,
            lineId: 1,
            itemType: ITEM_TYPE.SERVICE,
            net,
            deductible,
            ownRate,
          };
          const split = {
            ...whole,
            split: [
              { technicianId: ANNA, percent: 60 },
              { technicianId: BINH, percent: 40 },
            ],
          };
          const a = lineShareFor(split, ANNA)!;
          const b = lineShareFor(split, BINH)!;
          const unsplit = lineShareFor(whole, ANNA)!;
          expect(a.net + b.net).toBe(unsplit.net);
          expect(a.deduction + b.deduction).toBe(unsplit.deduction);
          expect(a.commissionable + b.commissionable).toBe(Math.max(0, net - deductible));
          const paid = (line: PayrollLine, who: number) =>
            serviceCommission([line], who, flatSchedule(rate)).commission;
          expect(Math.abs(paid(split, ANNA) + paid(split, BINH) - paid(whole, ANNA))).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('any split cuts an amount into shares that sum to it exactly, none negative', () => {
    fc.assert(
      fc.property(splitArb, fc.integer({ min: 0, max: 10_000_000 }), (split, amount) => {
        const shares = splitAmount(
          amount,
          split.map((s) => s.percent),
        );
        expect(shares.reduce((x, y) => x + y, 0)).toBe(amount);
        for (const share of shares) expect(share).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('pay period properties', () => {
  const LENGTHS: Record<PayPeriodRule['kind'], readonly [number, number]> = {
    weekly: [7, 7],
    biweekly: [14, 14],
    semi_monthly: [13, 16],
    monthly: [28, 31],
  };
  const FIRST = '2023-01-01';
  const LAST = '2029-12-31';
  const anchorArb = fc
    .integer({ min: 0, max: 4000 })
    .map((n) => formatDay(addDays(parseDay('2020-01-01')!, n)));
  const ruleArb: fc.Arbitrary<PayPeriodRule> = fc.oneof(
    fc.record({ kind: fc.constantFrom<'weekly' | 'biweekly'>('weekly', 'biweekly'), anchor: anchorArb }),
    fc.constantFrom<PayPeriodRule>({ kind: 'semi_monthly' }, { kind: 'monthly' }),
  );

  it('tile 2023–2029 (leap day 2024-02-29 and 2028-02-29 included) with no gap or overlap', () => {
    fc.assert(
      fc.property(ruleArb, (rule) => {
        // Plain comparisons per day, one expect at the end: 2,557 days × expect() took seconds.
        const wrong: string[] = [];
        let period = payPeriodContaining(rule, FIRST)!;
        for (let day = parseDay(FIRST)!; formatDay(day) <= LAST; day = addDays(day, 1)) {
          const text = formatDay(day);
          if (text > period.end) {
            const next = nextPayPeriod(rule, period)!;
            if (next.start !== text) wrong.push(`gap or overlap before ${text}`);
            period = next;
          }
          const found = payPeriodContaining(rule, text);
          if (found?.start !== period.start || found.end !== period.end)
            wrong.push(`${text} not in its period`);
          const length = payPeriodDays(period);
          const [min, max] = LENGTHS[rule.kind];
          if (length < min || length > max) wrong.push(`${period.start}..${period.end}: ${length} days`);
        }
        expect(wrong).toEqual([]);
      }),
      { numRuns: 20 },
    );
  });
});
