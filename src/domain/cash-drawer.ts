/**
 * Cash drawer arithmetic (docs/cash-drawer.md): what a count by denomination adds up to, what the drawer should
 * hold, and whether a close is over or short by more than the store lets a cashier close alone.
 *
 * Amounts are integer minor units (docs/money.md). Only sums and differences happen here, so nothing rounds:
 * a denomination's value times a whole count is an exact integer, guarded by `assertMinor` like every sum of
 * money.
 */
import { assertMinor } from './money';
import type { Minor } from './order.types';

/** One denomination of the drawer: its id on the wire, its value in minor units, and whether it is a coin. */
export interface Denomination {
  id: string;
  value: Minor;
  kind: 'bill' | 'coin';
}

/**
 * US bills and coins, largest first (the order a cashier counts a till in). The $2 bill and the dollar coin
 * circulate rarely but do turn up in tills, so they have a row rather than being typed into another.
 */
export const US_DENOMINATIONS: readonly Denomination[] = [
  { id: 'bill_100', value: 10000, kind: 'bill' },
  { id: 'bill_50', value: 5000, kind: 'bill' },
  { id: 'bill_20', value: 2000, kind: 'bill' },
  { id: 'bill_10', value: 1000, kind: 'bill' },
  { id: 'bill_5', value: 500, kind: 'bill' },
  { id: 'bill_2', value: 200, kind: 'bill' },
  { id: 'bill_1', value: 100, kind: 'bill' },
  { id: 'coin_100', value: 100, kind: 'coin' },
  { id: 'coin_50', value: 50, kind: 'coin' },
  { id: 'coin_25', value: 25, kind: 'coin' },
  { id: 'coin_10', value: 10, kind: 'coin' },
  { id: 'coin_5', value: 5, kind: 'coin' },
  { id: 'coin_1', value: 1, kind: 'coin' },
];

export const DENOMINATION_IDS = US_DENOMINATIONS.map((d) => d.id);

/** How many of each denomination were counted, by denomination id. A missing id counts as none. */
export type DenominationCount = Readonly<Partial<Record<string, number>>>;

/** The largest count of one denomination a till can plausibly hold; it keeps every total a safe integer. */
export const MAX_PIECES = 100_000;

export type CountError = 'unknownDenomination' | 'countInvalid';

/** Why a count cannot be used, or null: every key a known denomination, every count a whole number 0…MAX_PIECES. */
export function validateCount(count: DenominationCount): CountError | null {
  for (const [id, pieces] of Object.entries(count)) {
    if (!DENOMINATION_IDS.includes(id)) return 'unknownDenomination';
    if (pieces === undefined || !Number.isInteger(pieces) || pieces < 0 || pieces > MAX_PIECES)
      return 'countInvalid';
  }
  return null;
}

/** The count with only the denominations that have pieces, as a plain record (what the wire shows). */
export function piecesOf(count: DenominationCount): Record<string, number> {
  const out: Record<string, number> = {};
  for (const d of US_DENOMINATIONS) {
    const pieces = count[d.id] ?? 0;
    if (pieces > 0) out[d.id] = pieces;
  }
  return out;
}

/** Σ pieces × value over the denominations; unknown ids are ignored (validateCount refuses them first). */
export function countTotal(count: DenominationCount): Minor {
  let total = 0;
  for (const d of US_DENOMINATIONS) {
    const pieces = count[d.id] ?? 0;
    if (pieces > 0) total += pieces * d.value;
  }
  return assertMinor(total, 'count total');
}

/** A count with one denomination set; a blank or negative entry is none (the grid's field was cleared). */
export function setPieces(count: DenominationCount, id: string, pieces: number): DenominationCount {
  const next: Record<string, number> = piecesOf(count);
  if (!Number.isInteger(pieces) || pieces <= 0) delete next[id];
  else next[id] = Math.min(pieces, MAX_PIECES);
  return next;
}

/**
 * What a cashier moves by hand, each with a reason (docs/cash-drawer.md#a-session). All but pay in take cash out:
 * a drop goes to the safe, a tip out to a technician, a pay out to a supplier or an errand.
 */
export const MOVEMENT_KINDS = ['pay_in', 'pay_out', 'drop', 'tip_out'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

export interface Movement {
  kind: MovementKind;
  /** Always positive; the kind says which way it goes. */
  amount: Minor;
}

/** +1 for money into the drawer, −1 for money out. */
export function movementSign(kind: MovementKind): 1 | -1 {
  return kind === 'pay_in' ? 1 : -1;
}

/** Cash that flowed in by itself from the sales and refunds rung at the workstation while the drawer was open. */
export interface CashFlow {
  /** Σ cash payments tendered (what the customer handed over). */
  cashTaken: Minor;
  /** Σ change handed back from those tenders. */
  changeGiven: Minor;
  /** Σ cash paid back on refunds. */
  cashRefunds: Minor;
}

export const NO_CASH_FLOW: CashFlow = { cashTaken: 0, changeGiven: 0, cashRefunds: 0 };

export interface ExpectedCash {
  openingFloat: Minor;
  /** Cash taken net of change. */
  netCashSales: Minor;
  payIns: Minor;
  payOuts: Minor;
  drops: Minor;
  tipOuts: Minor;
  cashRefunds: Minor;
  /** openingFloat + netCashSales + payIns − payOuts − drops − tipOuts − cashRefunds. */
  expected: Minor;
}

/**
 * What the drawer should hold: opening float + cash taken net of change + pay in − pay out − drops − tip outs −
 * cash refunds. Every part is listed so the Z report prints each line and the lines add up to the total.
 */
export function expectedCash(
  openingFloat: Minor,
  flow: CashFlow,
  movements: readonly Movement[],
): ExpectedCash {
  const byKind: Record<MovementKind, Minor> = { pay_in: 0, pay_out: 0, drop: 0, tip_out: 0 };
  for (const m of movements) if (m.amount > 0) byKind[m.kind] += m.amount;
  const netCashSales = flow.cashTaken - flow.changeGiven;
  const expected =
    openingFloat +
    netCashSales +
    byKind.pay_in -
    byKind.pay_out -
    byKind.drop -
    byKind.tip_out -
    flow.cashRefunds;
  return {
    openingFloat,
    netCashSales,
    payIns: byKind.pay_in,
    payOuts: byKind.pay_out,
    drops: byKind.drop,
    tipOuts: byKind.tip_out,
    cashRefunds: flow.cashRefunds,
    expected: assertMinor(expected, 'expected cash'),
  };
}

/** Counted − expected: positive is over, negative is short, zero balances. */
export function overShort(expected: Minor, counted: Minor): Minor {
  return counted - expected;
}

export type OverShortKind = 'over' | 'short' | 'balanced';

export function overShortKind(difference: Minor): OverShortKind {
  return difference > 0 ? 'over' : difference < 0 ? 'short' : 'balanced';
}

/**
 * True when the difference, either way, is beyond the store's tolerance: then a manager's PIN is needed to
 * close (docs/cash-drawer.md#tolerance-and-the-manager). A difference equal to the tolerance is still within it; a negative
 * tolerance is read as 0 (every difference needs a manager).
 */
export function needsManager(difference: Minor, tolerance: Minor): boolean {
  return Math.abs(difference) > Math.max(0, tolerance);
}

/**
 * A movement a cashier may record: a positive whole amount, a known kind and a reason that is not blank. Money
 * out is not checked against what the drawer holds: the count at close tells the truth, and refusing a pay out
 * the cashier has already handed over would only lose the record of it.
 */
export type MovementError = 'amountNotPositive' | 'reasonRequired' | 'unknownKind';

export function validateMovement(kind: string, amount: number, reason: string): MovementError | null {
  if (!(MOVEMENT_KINDS as readonly string[]).includes(kind)) return 'unknownKind';
  if (!Number.isSafeInteger(amount) || amount <= 0) return 'amountNotPositive';
  if (reason.trim() === '') return 'reasonRequired';
  return null;
}
