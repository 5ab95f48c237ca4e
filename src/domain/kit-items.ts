/**
 * A product kit's arithmetic (docs/back-office-catalog.md "Product kits"): what its products would cost one
 * by one, shown beside the kit's own price. Amounts are integer minor units (docs/money.md); a price times a
 * whole quantity is an exact integer product (money.ts multiplyMinor).
 */
import { assertMinor, multiplyMinor } from './money';
import type { Minor } from './order.types';

/** One product of a kit: its unit price (null when not known) and how many of it the kit holds. */
export interface KitPart {
  price: Minor | null;
  quantity: number;
}

export interface KitItemsTotal {
  /** Sum of price × quantity over the parts whose price and quantity are known. */
  total: Minor;
  /** Parts left out of the total: no known price, or a quantity that is not a whole number from 1. */
  unknown: number;
}

function isCountable(part: KitPart): part is { price: Minor; quantity: number } {
  return part.price !== null && Number.isSafeInteger(part.quantity) && part.quantity >= 1;
}

/** The products' prices added up, each times its quantity; what cannot be counted is counted as unknown. */
export function kitItemsTotal(parts: readonly KitPart[]): KitItemsTotal {
  let total = 0;
  let unknown = 0;
  for (const part of parts) {
    if (!isCountable(part)) {
      unknown += 1;
      continue;
    }
    total = assertMinor(total + multiplyMinor(part.price, part.quantity), 'kit items total');
  }
  return { total, unknown };
}

/** What the kit saves against its products bought one by one (negative: the kit costs more). */
export function kitSaving(kitPrice: Minor, itemsTotal: Minor): Minor {
  return assertMinor(itemsTotal - assertMinor(kitPrice, 'kit price'), 'kit saving');
}
