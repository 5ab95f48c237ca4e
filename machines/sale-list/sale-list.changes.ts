/**
 * The pending changes of the order report's edit mode (docs/sales.md#sale-management action mode "save all
 * changes"; docs/sales.md#sale-management "POST save all changes"): order times typed in the list and tips
 * typed in the open sale, kept per sale until they are sent in one POST /api/pos/sales/save-all-changes.
 * Pure: each function returns a new list.
 *
 * A value typed back to what the sale already holds is no change and is dropped, so the counter only counts real
 * changes. A field whose text is not a value (an empty time, "5,,0" as a tip) is kept as `null`: it blocks the
 * save until fixed, rather than being dropped silently while the field still shows it.
 */
import type { Minor } from '../../src/domain/order.types';
import type { PendingChange, PendingTip } from './sale-list.types';

/** One change as the server's saleChangeSchema takes it (src/contracts/sales.ts). */
export interface SaleChangeBody {
  id: number;
  order_at?: string;
  tips?: Array<{ user_id: number; tip_amount: Minor }>;
}

function sameInstant(a: string, b: string): boolean {
  const x = Date.parse(a);
  return !Number.isNaN(x) && x === Date.parse(b);
}

function isEmpty(change: PendingChange): boolean {
  return change.orderAt === undefined && (change.tips === undefined || change.tips.length === 0);
}

/** The list with `sale`'s change replaced by `next` (removed when it holds nothing any more), order kept. */
function replace(
  pending: readonly PendingChange[],
  saleId: number,
  next: (current: PendingChange | undefined) => PendingChange,
): PendingChange[] {
  const current = pending.find((c) => c.id === saleId);
  const changed = next(current);
  const rest = pending.filter((c) => c.id !== saleId);
  if (isEmpty(changed)) return rest;
  if (!current) return [...pending, changed];
  return pending.map((c) => (c.id === saleId ? changed : c));
}

function without<T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> {
  const copy = { ...value };
  delete copy[key];
  return copy;
}

export interface OrderAtInput {
  saleId: number;
  ticketNo: number;
  /** UTC ISO, or null when the field holds no valid time. */
  orderAt: string | null;
  /** The sale's order time now (UTC ISO). */
  original: string;
}

export function setOrderAtChange(pending: readonly PendingChange[], input: OrderAtInput): PendingChange[] {
  return replace(pending, input.saleId, (current) => {
    const base = current ?? { id: input.saleId, ticketNo: input.ticketNo };
    return input.orderAt !== null && sameInstant(input.orderAt, input.original)
      ? (without(base, 'orderAt') as PendingChange)
      : { ...base, orderAt: input.orderAt };
  });
}

export interface TipInput {
  saleId: number;
  ticketNo: number;
  userId: number;
  /** Minor units, or null when the text is not an amount. */
  amount: Minor | null;
  /** The employee's tip on the sale now. */
  original: Minor;
}

export function setTipChange(pending: readonly PendingChange[], input: TipInput): PendingChange[] {
  return replace(pending, input.saleId, (current) => {
    const base = current ?? { id: input.saleId, ticketNo: input.ticketNo };
    const others = (base.tips ?? []).filter((tip) => tip.user_id !== input.userId);
    const tips: PendingTip[] =
      input.amount === input.original
        ? others
        : [...others, { user_id: input.userId, tip_amount: input.amount }];
    return tips.length > 0 ? { ...base, tips } : (without(base, 'tips') as PendingChange);
  });
}

/** How many fields are changed: each order time and each employee's tip counts once. */
export function pendingCount(pending: readonly PendingChange[]): number {
  return pending.reduce((n, c) => n + (c.orderAt !== undefined ? 1 : 0) + (c.tips?.length ?? 0), 0);
}

export function hasInvalidChange(pending: readonly PendingChange[]): boolean {
  return pending.some((c) => c.orderAt === null || (c.tips ?? []).some((tip) => tip.tip_amount === null));
}

/** Something to save and nothing half-typed. */
export function canSaveChanges(pending: readonly PendingChange[]): boolean {
  return pending.length > 0 && !hasInvalidChange(pending);
}

/** The body's `changes` (call only when canSaveChanges: invalid fields are left out). */
export function toSaleChanges(pending: readonly PendingChange[]): SaleChangeBody[] {
  return pending.map((c) => {
    const tips = (c.tips ?? []).flatMap((tip) =>
      tip.tip_amount === null ? [] : [{ user_id: tip.user_id, tip_amount: tip.tip_amount }],
    );
    return {
      id: c.id,
      ...(typeof c.orderAt === 'string' ? { order_at: c.orderAt } : {}),
      ...(tips.length > 0 ? { tips } : {}),
    };
  });
}

/** The change pending for one sale, if any. */
export function pendingOf(pending: readonly PendingChange[], saleId: number): PendingChange | undefined {
  return pending.find((c) => c.id === saleId);
}
